import type { FastifyInstance } from "fastify";
import { supportRequestInputSchema, supportRequestSchema } from "@hearth/shared";
import type { AppContext } from "../../app-context.js";
import { defineRoute } from "../../lib/route.js";
import { createSupportRequest } from "./support.service.js";

export async function registerSupportRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  defineRoute(app, ctx, {
    method: "POST",
    url: "/api/support-requests",
    summary: "Ask for help or open a support ticket; the support address is emailed",
    tags: ["support"],
    access: "support",
    status: 201,
    body: supportRequestInputSchema,
    response: supportRequestSchema,
    handler: async ({ actor, body, request }) => {
      await ctx.rateLimiter.enforce([{ key: `support:user:${actor.userId}`, limit: 20, windowSeconds: 3600 }]);
      const referer = typeof request.headers.referer === "string" ? request.headers.referer.slice(0, 500) : null;
      return createSupportRequest(ctx, actor, body, referer);
    },
  });
}
