import type { FastifyInstance } from "fastify";
import { notificationListSchema, okResponseSchema, pageQuerySchema, uuidParamSchema } from "@hearth/shared";
import type { AppContext } from "../../app-context.js";
import { defineRoute } from "../../lib/route.js";
import { NotificationHub } from "./notifications.live.js";
import { countNotifications, listNotifications } from "./notifications.repo.js";
import { markAllRead, markRead, openLiveFeed, toNotification } from "./notifications.service.js";
import { SseStreams } from "./notifications.sse.js";
import { hiddenNotificationKinds, resolveProfilePrompt } from "./profile-prompt.js";

const PAGE_SIZE = 25;

export async function registerNotificationRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx.database;
  // One listener per process for live updates; open streams end before the server closes, the listener after.
  const hub = new NotificationHub(ctx.database, app.log);
  await hub.start();
  const streams = new SseStreams();
  app.addHook("preClose", async () => streams.endAll());
  app.addHook("onClose", async () => hub.stop());

  defineRoute(app, ctx, {
    method: "GET",
    url: "/api/notifications",
    summary: "The user's notifications, newest first, with the unread count for the bell",
    tags: ["notifications"],
    access: "signed-in",
    query: pageQuerySchema,
    response: notificationListSchema,
    handler: async ({ actor, query }) => {
      // A profile prompt outlived by a complete profile is resolved before anything is listed or counted.
      await resolveProfilePrompt(db, actor.tenantId);
      const hidden = hiddenNotificationKinds(actor);
      const [rows, counts] = await Promise.all([
        listNotifications(db, actor.tenantId, actor.userId, PAGE_SIZE, (query.page - 1) * PAGE_SIZE, hidden),
        countNotifications(db, actor.tenantId, actor.userId, hidden),
      ]);
      return {
        items: rows.map(toNotification),
        unreadCount: counts.unread,
        total: counts.total,
        page: query.page,
        pageSize: PAGE_SIZE,
      };
    },
  });

  defineRoute(app, ctx, {
    method: "POST",
    url: "/api/notifications/:id/read",
    summary: "Mark one notification as read",
    tags: ["notifications"],
    access: "signed-in",
    params: uuidParamSchema,
    response: okResponseSchema,
    handler: async ({ actor, params }) => {
      await markRead(db, actor, params.id);
      return { ok: true as const };
    },
  });

  defineRoute(app, ctx, {
    method: "POST",
    url: "/api/notifications/read-all",
    summary: "Mark every notification as read",
    tags: ["notifications"],
    access: "signed-in",
    response: okResponseSchema,
    handler: async ({ actor }) => {
      await markAllRead(db, actor);
      return { ok: true as const };
    },
  });

  defineRoute(app, ctx, {
    method: "GET",
    url: "/api/notifications/stream",
    summary:
      "Server-sent events for the signed-in user: an event `notifications` with the unread count and the newest notification, at once and whenever they change; a comment line every 25 seconds keeps the connection open. At most 5 streams per user (429 beyond).",
    tags: ["notifications"],
    access: "signed-in",
    produces: ["text/event-stream"],
    handler: async ({ actor, reply }) => streams.serve(reply, "notifications", (send) => openLiveFeed(hub, actor, send)),
  });
}
