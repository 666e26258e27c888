import type { FastifyInstance } from "fastify";
import { notificationListSchema, okResponseSchema, pageQuerySchema, uuidParamSchema } from "@hearth/shared";
import type { AppContext } from "../../app-context.js";
import { defineRoute } from "../../lib/route.js";
import { NotificationHub } from "./notifications.live.js";
import { listNotificationPage, markAllRead, markRead, openLiveFeed } from "./notifications.service.js";
import { SseStreams } from "./notifications.sse.js";

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
    handler: ({ actor, query }) => listNotificationPage(db, actor, query.page),
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
