/**
 * Custom data requests (decision 0074): an Admin asks Hearth's team for data or an analysis; the plan's allowance
 * (Silver 4, Gold 6) is counted and taken in one transaction under a per-company lock; Hearth staff move the status
 * and the requester hears of each change by notification and email.
 */
import {
  type DataRequest,
  type DataRequestInput,
  type DataRequestList,
  type DataRequestStatusInput,
  type OperatorDataRequest,
  type DataRequestStatus,
  allowanceLimit,
  dataRequestLimitMessage,
  lowestPlanWithDataRequests,
  type Plan,
  UNLIMITED,
} from "@hearth/shared";
import type { AppContext } from "../../app-context.js";
import type { Database } from "../../db/client.js";
import type { Actor } from "../../lib/actor.js";
import { AppError } from "../../lib/errors.js";
import { insertActivityLogs } from "../activity-log/activity-log.repo.js";
import { readEffectivePlan } from "../billing/billing.service.js";
import { countCustomDataRequests } from "../billing/licences.repo.js";
import {
  type ListedDataRequest,
  findDataRequest,
  findSurveyNameInTenant,
  insertDataRequest,
  listAllDataRequests,
  listTenantDataRequests,
  lockDataRequest,
  lockDataRequestAllowance,
  updateDataRequestStatus,
} from "./data-requests.repo.js";
import { dataRequestStatusChanged, renderDataRequestStatusEmail, renderNewDataRequestEmail } from "./data-requests.messages.js";

/** The plan's allowance as one number everywhere it is read or checked; an unlimited plan reads as UNLIMITED. */
function planDataRequestLimit(plan: Plan): number {
  return allowanceLimit(plan, "customDataRequest") ?? UNLIMITED;
}

function toDataRequest(row: ListedDataRequest): DataRequest {
  const requestedBy = [row.requesterFirstName, row.requesterLastName].filter(Boolean).join(" ") || row.requesterEmail;
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    surveyId: row.surveyId,
    surveyName: row.surveyName,
    status: row.status as DataRequestStatus,
    operatorNote: row.operatorNote,
    requestedBy: requestedBy ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toOperatorDataRequest(row: ListedDataRequest): OperatorDataRequest {
  return { ...toDataRequest(row), tenantId: row.tenantId, companyName: row.companyName, requesterEmail: row.requesterEmail };
}

/** The company's requests with its allowance: the effective plan's limit and the places in use. */
export async function readDataRequests(ctx: AppContext, actor: Actor): Promise<DataRequestList> {
  const { db } = ctx.database;
  const [{ plan }, used, rows] = await Promise.all([
    readEffectivePlan(db, actor.tenantId),
    countCustomDataRequests(db, actor.tenantId),
    listTenantDataRequests(db, actor.tenantId),
  ]);
  const limit = planDataRequestLimit(plan);
  return { plan, limit, used, upgradePlan: limit > 0 ? null : lowestPlanWithDataRequests(), requests: rows.map(toDataRequest) };
}

/**
 * Files a request. The lock, the count, the check against the effective plan's limit and the insert run in one
 * transaction, so simultaneous requests are taken one after the other and never exceed the allowance. A plan
 * without the allowance, or one with every place in use, is refused 403 PLAN_UPGRADE_REQUIRED naming the plans
 * that include them. The survey, when given, must be one of the company's (else a field-level 400). Hearth's support
 * address is emailed through the outbox in the same transaction.
 */
export async function createDataRequest(ctx: AppContext, actor: Actor, input: DataRequestInput): Promise<DataRequest> {
  const surveyId = input.surveyId ?? null;
  let outboxId = "";
  const created = await ctx.database.db.transaction(async (tx) => {
    const db = tx as unknown as Database;
    if (surveyId && (await findSurveyNameInTenant(db, actor.tenantId, surveyId)) === undefined) {
      throw new AppError("VALIDATION_FAILED", "Choose one of your company's surveys.", {
        fields: { surveyId: "Choose one of your company's surveys, or none." },
      });
    }
    await lockDataRequestAllowance(db, actor.tenantId);
    const { plan } = await readEffectivePlan(db, actor.tenantId);
    const limit = planDataRequestLimit(plan);
    const used = await countCustomDataRequests(db, actor.tenantId);
    if (used >= limit) {
      throw new AppError("PLAN_UPGRADE_REQUIRED", dataRequestLimitMessage(plan, limit), { fields: { licence: "customDataRequest" } });
    }
    const row = await insertDataRequest(db, actor.tenantId, {
      requesterUserId: actor.userId,
      title: input.title,
      description: input.description,
      surveyId,
    });
    await insertActivityLogs(db, actor.tenantId, actor.userId, [
      { action: "request_custom_data", data: { requestId: row.id, title: row.title, surveyId, plan, used: used + 1, limit } },
    ]);
    const email = renderNewDataRequestEmail(row, { plan, used: used + 1, limit, requesterEmail: actor.email });
    outboxId = await ctx.email.queue(
      { ...email, to: ctx.env.SUPPORT_EMAIL, kind: "custom-data-request", tenantId: actor.tenantId, headers: { "Reply-To": actor.email } },
      db,
    );
    return row;
  });
  await ctx.email.enqueueDelivery(outboxId);
  const listed = await findDataRequest(ctx.database.db, created.id);
  if (!listed) throw new AppError("NOT_FOUND", "The request was removed.");
  return toDataRequest(listed);
}

/**
 * A declined request gave its place back; moving it to another status takes one again, counted under the same lock
 * as a new request, so the operator cannot put a company over its plan's allowance (409 when every place is in use).
 */
async function retakeAllowancePlace(db: Database, tenantId: string): Promise<void> {
  await lockDataRequestAllowance(db, tenantId);
  const { plan } = await readEffectivePlan(db, tenantId);
  const limit = planDataRequestLimit(plan);
  const used = await countCustomDataRequests(db, tenantId);
  if (used >= limit) {
    throw new AppError(
      "CONFLICT",
      `This company's ${plan} plan has ${used} of ${limit} custom data requests in use, so a declined request cannot be reopened. Decline another first, or move the company to a plan with more.`,
      { fields: { status: "Every place in the company's allowance is in use." } },
    );
  }
}

/** Every company's requests for the operator console, newest first. */
export async function readAllDataRequests(ctx: AppContext, status?: DataRequestStatus): Promise<OperatorDataRequest[]> {
  return (await listAllDataRequests(ctx.database.db, status)).map(toOperatorDataRequest);
}

/**
 * Hearth staff move a request's status and set its note. In the same transaction, when the status changed, the
 * requester is notified in the app (the company's Admins when that account is gone) and emailed through the outbox
 * when their address is verified; the company's activity log names the operator. Asking for the status it already
 * has changes only the note and tells no one, so a repeated call is harmless.
 */
export async function changeDataRequestStatus(
  ctx: AppContext,
  actor: Actor,
  requestId: string,
  input: DataRequestStatusInput,
): Promise<OperatorDataRequest> {
  let outboxId: string | null = null;
  await ctx.database.db.transaction(async (tx) => {
    const db = tx as unknown as Database;
    const current = await lockDataRequest(db, requestId);
    if (!current) throw new AppError("NOT_FOUND", "No custom data request has that id.");
    const note = input.note === undefined ? current.operatorNote : input.note || null;
    const statusChanged = current.status !== input.status;
    if (!statusChanged && note === current.operatorNote) return;
    if (current.status === "declined" && input.status !== "declined") await retakeAllowancePlace(db, current.tenantId);
    await updateDataRequestStatus(db, requestId, { status: input.status, operatorNote: note });
    if (!statusChanged) return;
    const listed = await findDataRequest(db, requestId);
    if (!listed) return;
    const changedAt = Date.now();
    await dataRequestStatusChanged(db, listed, input.status, note, changedAt);
    if (listed.requesterEmail && (listed.requesterVerified || listed.requesterInternal)) {
      const email = renderDataRequestStatusEmail(ctx.env.APP_URL, listed, input.status, note);
      outboxId = await ctx.email.queue(
        { ...email, to: listed.requesterEmail, kind: "custom-data-request-status", tenantId: listed.tenantId },
        db,
      );
    }
    await insertActivityLogs(db, listed.tenantId, actor.userId, [
      {
        action: "custom_data_request_status",
        data: { requestId, title: listed.title, from: current.status, to: input.status, operatorEmail: actor.email },
      },
    ]);
  });
  if (outboxId) await ctx.email.enqueueDelivery(outboxId);
  const listed = await findDataRequest(ctx.database.db, requestId);
  if (!listed) throw new AppError("NOT_FOUND", "No custom data request has that id.");
  return toOperatorDataRequest(listed);
}
