import type { FastifyInstance } from "fastify";
import {
  operatorSendingAllowanceInputSchema,
  operatorSendingAllowanceResponseSchema,
  sendingAllowanceResponseSchema,
} from "@hearth/shared";
import { z } from "zod";
import type { AppContext } from "../../app-context.js";
import { defineRoute } from "../../lib/route.js";
import { readOperatorSendingAllowance, readSendingAllowance, setOperatorSendingAllowance } from "./senders.service.js";

/** The sending allowance (docs/decisions/0056): the company's own view, and the operator console's. */
export async function registerSenderRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  defineRoute(app, ctx, {
    method: "GET",
    url: "/api/sending-allowance",
    summary:
      "Whether the caller may have emails sent (a verified address) and the company's daily sending allowance: limit, used, left, reset",
    tags: ["invitations"],
    access: "survey-edit",
    response: sendingAllowanceResponseSchema,
    handler: ({ actor }) => readSendingAllowance(ctx, actor),
  });

  const params = z.object({ tenantId: z.uuid() });

  defineRoute(app, ctx, {
    method: "GET",
    url: "/api/admin/companies/:tenantId/sending-allowance",
    summary: "A company's daily sending allowance in the operator console: tier, operator figure, limit, used today, left, reset",
    tags: ["operator"],
    access: "operator",
    params,
    response: operatorSendingAllowanceResponseSchema,
    handler: ({ params }) => readOperatorSendingAllowance(ctx, params.tenantId),
  });

  defineRoute(app, ctx, {
    method: "PUT",
    url: "/api/admin/companies/:tenantId/sending-allowance",
    summary: "Set a company's daily sending allowance (null: back to its tier), with a reason; logged in the company's activity log",
    tags: ["operator"],
    access: "operator",
    params,
    body: operatorSendingAllowanceInputSchema,
    response: operatorSendingAllowanceResponseSchema,
    handler: ({ actor, params, body }) => setOperatorSendingAllowance(ctx, actor, params.tenantId, body),
  });
}
