import type { FastifyInstance } from "fastify";
import { dealInputSchema, dealSchema } from "@hearth/shared";
import { z } from "zod";
import type { AppContext } from "../../app-context.js";
import { defineRoute } from "../../lib/route.js";
import { recordDeal } from "./billing.service.js";

export async function registerBillingRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  defineRoute(app, ctx, {
    method: "POST",
    url: "/api/internal/tenants/:tenantId/deals",
    summary: "Record a deal for a company (internal accounts only); the company's effective plan follows from its deals",
    tags: ["billing"],
    access: "internal",
    params: z.object({ tenantId: z.uuid() }),
    body: dealInputSchema,
    response: dealSchema,
    status: 201,
    handler: ({ params, body }) => recordDeal(ctx.database.db, params.tenantId, body),
  });
}
