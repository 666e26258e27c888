import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { AppContext } from "../../app-context.js";
import { defineRoute } from "../../lib/route.js";
import { listUpgradeRequests, requestPlanUpgrade } from "./plans.service.js";

const upgradeRequestSchema = z.object({ planRequested: z.string(), dateRequested: z.string(), hasBeenAddressed: z.boolean() });

export async function registerPlanRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  defineRoute(app, ctx, {
    method: "POST",
    url: "/api/plan_update_request",
    summary: "Ask for a higher plan; the sales team is emailed (company-profile permission: it is filed in the company's name)",
    tags: ["plans"],
    access: "company-profile",
    body: z.object({ requestedPlan: z.string().trim().min(1).max(40) }),
    response: z.object({ success: z.literal(true), message: z.string(), planRequested: z.string(), dateRequested: z.string() }),
    handler: async ({ actor, body }) => {
      await ctx.rateLimiter.enforce([{ key: `plan-request:user:${actor.userId}`, limit: 10, windowSeconds: 3600 }]);
      return requestPlanUpgrade(ctx, actor, body.requestedPlan);
    },
  });

  defineRoute(app, ctx, {
    method: "GET",
    url: "/api/plan_update_request",
    summary: "The signed-in user's upgrade requests (upgradeRequests)",
    tags: ["plans"],
    access: "signed-in",
    response: z.array(upgradeRequestSchema),
    handler: ({ actor }) => listUpgradeRequests(ctx, actor),
  });
}
