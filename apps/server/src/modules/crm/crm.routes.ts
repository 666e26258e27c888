import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { AppContext } from "../../app-context.js";
import { defineRoute } from "../../lib/route.js";
import { CRM_PAGE_SIZE, listCrmOutboxPage, recordCertificationStep, recordUserUpdate } from "./crm.service.js";

const success = z.object({ success: z.literal(true) });

/** hs-cert-step's body: the steps of the upgrade flow (the spec sends ['Evaluation']). */
export const certStepBody = z.object({
  steps: z
    .array(z.string().trim().min(1, "Name the step.").max(60, "Use at most 60 characters."))
    .min(1, "Name at least one step.")
    .max(10),
});

/**
 * hubspot/update-user's body (spec §7). userId, userEmail and companyId, when sent, must be the caller's own;
 * fieldsToUpdate takes only the allow-listed HubSpot properties (abandoned_cart_items).
 */
export const updateUserBody = z.object({
  userId: z.string().trim().min(1).max(100).optional(),
  userEmail: z.email("Enter a valid email address.").max(320).optional(),
  contactId: z.string().trim().min(1).max(100).nullable().optional(),
  companyId: z.string().trim().min(1).max(100).optional(),
  crmUpdateName: z
    .string()
    .trim()
    .regex(/^[a-z][a-z0-9_]{0,59}$/, "Use lowercase letters, digits and underscores (up to 60), starting with a letter."),
  fieldsToUpdate: z
    .object({
      abandoned_cart_items: z.union([
        z.string().trim().min(1, "List at least one item.").max(2000),
        z.array(z.string().trim().min(1).max(200)).min(1, "List at least one item.").max(100),
      ]),
    })
    .strict(),
});

const outboxQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  tenantId: z.uuid("Use a company id.").optional(),
  kind: z.enum(["cert-step", "update-user", "update-company"]).optional(),
});

const outboxPage = z.object({
  items: z.array(
    z.object({
      id: z.string(),
      eventKey: z.string(),
      tenantId: z.string(),
      userId: z.string().nullable(),
      kind: z.string(),
      payload: z.record(z.string(), z.unknown()),
      status: z.string(),
      attempts: z.number(),
      lastError: z.string().nullable(),
      createdAt: z.string(),
      updatedAt: z.string(),
    }),
  ),
  page: z.number(),
  pageCount: z.number(),
  from: z.number(),
  to: z.number(),
  total: z.number(),
  hasPrevious: z.boolean(),
  hasNext: z.boolean(),
  summary: z.string(),
});

export async function registerCrmRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  defineRoute(app, ctx, {
    method: "POST",
    url: "/api/hs-cert-step",
    summary: "The user started an upgrade: a CRM event (certification step) is queued; a CRM outage never fails this call",
    tags: ["crm"],
    access: "signed-in",
    body: certStepBody,
    response: success,
    handler: ({ actor, body }) => recordCertificationStep(ctx, actor, body.steps),
  });

  defineRoute(app, ctx, {
    method: "POST",
    url: "/api/hubspot/update-user",
    summary: "Queue a CRM update of the signed-in user's own contact (abandoned_cart_items)",
    tags: ["crm"],
    access: "signed-in",
    body: updateUserBody,
    response: success,
    handler: ({ actor, body }) => recordUserUpdate(ctx, actor, body),
  });

  defineRoute(app, ctx, {
    method: "GET",
    url: "/api/internal/crm-outbox",
    summary: `CRM events across companies, newest first, ${CRM_PAGE_SIZE} a page (internal accounts only; no secrets)`,
    tags: ["crm", "internal"],
    access: "internal",
    query: outboxQuery,
    response: outboxPage,
    handler: ({ query }) => listCrmOutboxPage(ctx, query),
  });
}
