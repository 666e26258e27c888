import { computePageWindow, describePageWindow } from "@hearth/shared";
import type { AppContext } from "../../app-context.js";
import type { Database } from "../../db/client.js";
import type { JobQueue } from "../../jobs/queue.js";
import type { Actor } from "../../lib/actor.js";
import { forbidden, notFound } from "../../lib/errors.js";
import { findUserInTenant } from "../account/account.repo.js";
import { findTenant } from "../company/company.repo.js";
import { type CrmAdapter, sendToAdapter } from "./crm.adapter.js";
import {
  type CertStepEvent,
  type CrmContact,
  type CrmEvent,
  type UpdateCompanyEvent,
  type UpdateUserEvent,
  certStepEventKey,
  updateCompanyEventKey,
  updateUserEventKey,
} from "./crm.events.js";
import { countCrmOutbox, findCrmEvent, listCrmOutbox, recordCrmAttempt } from "./crm.repo.js";

export const CRM_EVENT_JOB = "crm.event";
export const CRM_PAGE_SIZE = 25;

/**
 * Enqueues CRM events; with `tx` they exist only if the write that causes them commits. The singleton key is the
 * event key; the delivery itself is what makes a second run of the same event send nothing (deliverCrmEvent).
 * Call `jobs.wake(CRM_EVENT_JOB)` after the transaction commits.
 */
export async function enqueueCrmEvents(jobs: JobQueue, events: readonly CrmEvent[], tx?: Database): Promise<void> {
  await jobs.enqueueMany(
    CRM_EVENT_JOB,
    events.map((event) => ({ data: event, singletonKey: event.eventKey })),
    tx,
  );
}

/**
 * The job: sends (HubSpot) or stores (outbox) an event once. An event already sent or stored is skipped; a HubSpot
 * failure is recorded as failed with its reason and thrown, so the job is retried with backoff.
 */
export async function deliverCrmEvent(db: Database, adapter: CrmAdapter, event: CrmEvent): Promise<"sent" | "stored" | "skipped"> {
  const existing = await findCrmEvent(db, event.tenantId, event.eventKey);
  if (existing && existing.status !== "failed") return "skipped";
  if (adapter.kind === "outbox") {
    await sendToAdapter(adapter, event);
    return "stored";
  }
  try {
    await sendToAdapter(adapter, event);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    await recordCrmAttempt(db, event.tenantId, event, "failed", reason.slice(0, 1000));
    throw error;
  }
  await recordCrmAttempt(db, event.tenantId, event, "sent", null);
  return "sent";
}

/** The contact an event is about: the user's own record in their own company. */
export async function contactFor(db: Database, tenantId: string, userId: string): Promise<CrmContact | null> {
  const [found, company] = await Promise.all([findUserInTenant(db, tenantId, userId), findTenant(db, tenantId)]);
  if (!found || !company) return null;
  return { email: found.email, firstName: found.firstName, lastName: found.lastName, companyName: company.companyName };
}

/** `POST /api/hs-cert-step`: one event per user, steps and day. */
export async function recordCertificationStep(
  ctx: AppContext,
  actor: Actor,
  steps: string[],
  now = new Date(),
): Promise<{ success: true }> {
  const contact = await contactFor(ctx.database.db, actor.tenantId, actor.userId);
  if (!contact) throw notFound("User not found");
  const event: CertStepEvent = {
    kind: "cert-step",
    eventKey: certStepEventKey(actor.tenantId, actor.userId, steps, now),
    tenantId: actor.tenantId,
    userId: actor.userId,
    contact,
    steps,
  };
  await enqueueCrmEvents(ctx.jobs, [event]);
  ctx.jobs.wake(CRM_EVENT_JOB);
  return { success: true };
}

export interface UpdateUserInput {
  userId?: string;
  userEmail?: string;
  contactId?: string | null;
  companyId?: string;
  crmUpdateName: string;
  fieldsToUpdate: { abandoned_cart_items: string | string[] };
}

/** The allow-listed HubSpot properties as HubSpot strings (a list becomes "a; b"). */
export function crmFields(fieldsToUpdate: UpdateUserInput["fieldsToUpdate"]): Record<string, string> {
  const items = fieldsToUpdate.abandoned_cart_items;
  return { abandoned_cart_items: Array.isArray(items) ? items.join("; ") : items };
}

/**
 * `POST /api/hubspot/update-user`: the body's user, email and company must be the caller's own (403 otherwise), so
 * no one can write another person's or company's CRM record; the contact is addressed by the session's email.
 */
export async function recordUserUpdate(
  ctx: AppContext,
  actor: Actor,
  input: UpdateUserInput,
  now = new Date(),
): Promise<{ success: true }> {
  if (input.userId !== undefined && input.userId !== actor.userId) throw forbidden();
  if (input.companyId !== undefined && input.companyId !== actor.tenantId) throw forbidden();
  if (input.userEmail !== undefined && input.userEmail.toLowerCase() !== actor.email.toLowerCase()) throw forbidden();
  const contact = await contactFor(ctx.database.db, actor.tenantId, actor.userId);
  if (!contact) throw notFound("User not found");
  const fields = crmFields(input.fieldsToUpdate);
  const event: UpdateUserEvent = {
    kind: "update-user",
    eventKey: updateUserEventKey(actor.tenantId, actor.userId, input.crmUpdateName, fields, now),
    tenantId: actor.tenantId,
    userId: actor.userId,
    contact,
    contactId: input.contactId ?? null,
    crmUpdateName: input.crmUpdateName,
    fields,
  };
  await enqueueCrmEvents(ctx.jobs, [event]);
  ctx.jobs.wake(CRM_EVENT_JOB);
  return { success: true };
}

/** integration/update-company for a stored upgrade request (enqueued in the request's transaction by the plans service). */
export function upgradeRequestCompanyEvent(input: {
  upgradeRequestId: string;
  tenantId: string;
  userId: string;
  companyName: string | null;
  requestedPlan: string;
  dateRequested: Date;
  userEmail: string;
  userName: string;
}): UpdateCompanyEvent {
  return {
    kind: "update-company",
    eventKey: updateCompanyEventKey(input.upgradeRequestId),
    tenantId: input.tenantId,
    userId: input.userId,
    platform: "hearth",
    companyName: input.companyName,
    companyData: {
      requested_plan_date: input.dateRequested.toISOString(),
      requested_plan_upgrade: input.requestedPlan,
      requested_plan_upgrade_user_email: input.userEmail,
      requested_plan_upgrade_user_name: input.userName,
    },
  };
}

/** `GET /api/internal/crm-outbox`: a page of events, newest first, with the shared paging footer. */
export async function listCrmOutboxPage(ctx: AppContext, query: { page: number; tenantId?: string; kind?: string }) {
  const total = await countCrmOutbox(ctx.database.db, query);
  const window = computePageWindow(total, query.page, CRM_PAGE_SIZE);
  const rows = await listCrmOutbox(ctx.database.db, query, (window.page - 1) * CRM_PAGE_SIZE, CRM_PAGE_SIZE);
  return {
    items: rows.map((row) => ({
      id: row.id,
      eventKey: row.eventKey,
      tenantId: row.tenantId,
      userId: row.userId,
      kind: row.kind,
      payload: row.payload,
      status: row.status,
      attempts: row.attempts,
      lastError: row.lastError,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    })),
    ...window,
    summary: describePageWindow(window),
  };
}
