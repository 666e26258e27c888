import type { FastifyInstance } from "fastify";
import {
  dataRequestInputSchema,
  dataRequestListSchema,
  dataRequestSchema,
  dataRequestStatusInputSchema,
  operatorDataRequestSchema,
  operatorDataRequestsQuerySchema,
} from "@hearth/shared";
import { z } from "zod";
import type { AppContext } from "../../app-context.js";
import { defineRoute } from "../../lib/route.js";
import { changeDataRequestStatus, createDataRequest, readAllDataRequests, readDataRequests } from "./data-requests.service.js";

/** Custom data requests (decision 0074): the company's Admins file and follow them; Hearth staff move them. */
export async function registerDataRequestRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  defineRoute(app, ctx, {
    method: "GET",
    url: "/api/data-requests",
    summary: "The company's custom data requests, newest first, with the plan's allowance and the places in use",
    tags: ["data-requests"],
    access: "company-profile",
    response: dataRequestListSchema,
    handler: ({ actor }) => readDataRequests(ctx, actor),
  });

  defineRoute(app, ctx, {
    method: "POST",
    url: "/api/data-requests",
    summary:
      "Ask Hearth's team for data or an analysis; takes one of the plan's places (403 PLAN_UPGRADE_REQUIRED when none is left or the plan has none)",
    tags: ["data-requests"],
    access: "company-profile",
    status: 201,
    body: dataRequestInputSchema,
    response: dataRequestSchema,
    handler: async ({ actor, body }) => {
      await ctx.rateLimiter.enforce([{ key: `data-request:user:${actor.userId}`, limit: 20, windowSeconds: 3600 }]);
      return createDataRequest(ctx, actor, body);
    },
  });

  defineRoute(app, ctx, {
    method: "GET",
    url: "/api/admin/data-requests",
    summary: "Every company's custom data requests, newest first (at most 500), optionally of one status",
    tags: ["operator"],
    access: "operator",
    query: operatorDataRequestsQuerySchema,
    response: z.array(operatorDataRequestSchema),
    handler: ({ query }) => readAllDataRequests(ctx, query.status),
  });

  defineRoute(app, ctx, {
    method: "POST",
    url: "/api/admin/data-requests/:requestId/status",
    summary:
      "Move a custom data request to a status and set its note; a changed status notifies the requester and emails a verified one in the same transaction",
    tags: ["operator"],
    access: "operator",
    params: z.object({ requestId: z.uuid() }),
    body: dataRequestStatusInputSchema,
    response: operatorDataRequestSchema,
    handler: ({ actor, params, body }) => changeDataRequestStatus(ctx, actor, params.requestId, body),
  });
}
