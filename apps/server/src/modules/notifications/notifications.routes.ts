import type { FastifyInstance } from "fastify";
import { notificationListSchema, okResponseSchema, pageQuerySchema, uuidParamSchema } from "@hearth/shared";
import type { AppContext } from "../../app-context.js";
import { notFound } from "../../lib/errors.js";
import { defineRoute } from "../../lib/route.js";
import { countNotifications, listNotifications, markAllNotificationsRead, markNotificationRead } from "./notifications.repo.js";
import { hiddenNotificationKinds, resolveProfilePrompt } from "./profile-prompt.js";

const PAGE_SIZE = 25;

export async function registerNotificationRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx.database;
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
        items: rows.map((row) => ({
          id: row.id,
          title: row.title,
          body: row.body,
          link: row.link,
          createdAt: row.createdAt.toISOString(),
          readAt: row.readAt?.toISOString() ?? null,
        })),
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
      if (!(await markNotificationRead(db, actor.tenantId, actor.userId, params.id))) throw notFound("Notification not found");
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
      await markAllNotificationsRead(db, actor.tenantId, actor.userId);
      return { ok: true as const };
    },
  });
}
