import type { FastifyInstance } from "fastify";
import { billingOverviewSchema, dealInputSchema, dealSchema } from "@hearth/shared";
import { z } from "zod";
import type { AppContext } from "../../app-context.js";
import { defineRoute } from "../../lib/route.js";
import { recordDeal } from "./billing.service.js";
import { readBillingOverview } from "./licences.service.js";

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

  defineRoute(app, ctx, {
    method: "GET",
    url: "/api/billing/overview",
    summary:
      "The caller's company: stored and effective plan, the deal giving it, company size, and licence usage of the effective plan (company-profile permission)",
    tags: ["billing"],
    access: "company-profile",
    response: billingOverviewSchema,
    handler: ({ actor }) => readBillingOverview(ctx.database.db, actor.tenantId),
  });
}
