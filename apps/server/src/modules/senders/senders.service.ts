/**
 * Senders and the sending allowance (issue 23 M2, item 5; docs/decisions/0056). No email a company user makes Hearth
 * send to other people leaves while that user's address is unverified, and a company sends at most its daily
 * allowance of them. The allowance is counted and taken in the transaction that stores the emails, under the
 * company row's lock, so parallel requests cannot both take its last emails.
 */
import {
  dailySendingAllowance,
  type OperatorSendingAllowanceInput,
  type OperatorSendingAllowanceResponse,
  SENDER_MESSAGES,
  type SendingAllowanceResponse,
  type SendingAllowanceTier,
  sendingAllowanceReachedMessage,
  sendingAllowanceTier,
  sendingDay,
  sendingDayResetsAt,
} from "@hearth/shared";
import type { AppContext } from "../../app-context.js";
import type { Database } from "../../db/client.js";
import type { Actor } from "../../lib/actor.js";
import { AppError, notFound } from "../../lib/errors.js";
import { readEffectivePlan } from "../billing/billing.service.js";
import { lockTenantForLicences } from "../billing/licences.repo.js";
import { insertActivityLogs } from "../activity-log/activity-log.repo.js";
import {
  addAllowanceUse,
  deleteAllowanceGrant,
  findAllowanceCompany,
  findAllowanceGrant,
  findSenderStanding,
  hasPaidOrder,
  readAllowanceUse,
  saveAllowanceGrant,
} from "./senders.repo.js";

/**
 * Refuses (403 EMAIL_NOT_VERIFIED) a user whose address is not verified. Read from the database, not the session,
 * so a verification takes effect at once and a stale session cannot carry an old answer.
 */
export async function assertSenderVerified(db: Database, actor: Pick<Actor, "tenantId" | "userId">): Promise<void> {
  const standing = await findSenderStanding(db, actor.tenantId, actor.userId);
  if (standing && (standing.emailVerified || standing.isInternalAccount)) return;
  throw new AppError("EMAIL_NOT_VERIFIED", SENDER_MESSAGES.unverified, { fields: { email: SENDER_MESSAGES.unverified } });
}

interface AllowanceNow {
  tier: SendingAllowanceTier;
  operatorLimit: number | null;
  limit: number;
  used: number;
  remaining: number;
  day: string;
  resetsAt: number;
}

/** The company's allowance for the UTC day holding `at`: its tier, the figure in force, what is used and left. */
async function readAllowance(db: Database, tenantId: string, at: number, now = Date.now()): Promise<AllowanceNow> {
  const company = await findAllowanceCompany(db, tenantId);
  if (!company) throw notFound("Company not found");
  const [grant, effective, paidOrder] = await Promise.all([
    findAllowanceGrant(db, tenantId),
    readEffectivePlan(db, tenantId, new Date(now)),
    hasPaidOrder(db, tenantId),
  ]);
  const facts = {
    companyCreatedAt: company.createdAt.getTime(),
    hasPaid: company.isInternalAccount || effective.plan !== "Free" || paidOrder,
    operatorLimit: grant?.dailyLimit ?? null,
  };
  const day = sendingDay(at);
  const limit = dailySendingAllowance(facts, now);
  const used = await readAllowanceUse(db, tenantId, day);
  return {
    tier: sendingAllowanceTier(facts, now),
    operatorLimit: facts.operatorLimit,
    limit,
    used,
    remaining: Math.max(0, limit - used),
    day,
    resetsAt: sendingDayResetsAt(at),
  };
}

/**
 * Takes `count` emails of the company's allowance for the UTC day the emails go out on (`sendAt`; a scheduled send
 * counts on its own day), inside the caller's transaction: locks the company row, counts, and refuses the whole
 * request (429 SENDING_ALLOWANCE_REACHED, saying how many are left and when the day resets) when it would go past
 * the allowance. Refused, the caller's transaction rolls back: nothing of the request is stored or sent.
 */
export async function takeSendingAllowance(tx: Database, tenantId: string, count: number, sendAt: number, now = Date.now()): Promise<void> {
  if (count <= 0) return;
  await lockTenantForLicences(tx, tenantId);
  const allowance = await readAllowance(tx, tenantId, sendAt, now);
  if (count > allowance.remaining) {
    const message = sendingAllowanceReachedMessage({ asked: count, ...allowance });
    throw new AppError("SENDING_ALLOWANCE_REACHED", message, {
      fields: { recipients: message, remaining: String(allowance.remaining), resetsAt: new Date(allowance.resetsAt).toISOString() },
    });
  }
  await addAllowanceUse(tx, tenantId, allowance.day, count);
}

/** GET /api/sending-allowance: the caller's standing and the company's allowance today. */
export async function readSendingAllowance(ctx: AppContext, actor: Actor, now = Date.now()): Promise<SendingAllowanceResponse> {
  const { db } = ctx.database;
  const [standing, allowance] = await Promise.all([
    findSenderStanding(db, actor.tenantId, actor.userId),
    readAllowance(db, actor.tenantId, now, now),
  ]);
  return {
    senderVerified: Boolean(standing && (standing.emailVerified || standing.isInternalAccount)),
    tier: allowance.tier,
    raisedByOperator: allowance.operatorLimit !== null,
    limit: allowance.limit,
    used: allowance.used,
    remaining: allowance.remaining,
    day: allowance.day,
    resetsAt: allowance.resetsAt,
  };
}

function toOperatorResponse(tenantId: string, allowance: AllowanceNow): OperatorSendingAllowanceResponse {
  const { tier, operatorLimit, limit, used, remaining, day, resetsAt } = allowance;
  return { tenantId, operatorLimit, tier, limit, used, remaining, day, resetsAt };
}

async function requireCustomerCompany(db: Database, tenantId: string): Promise<void> {
  const company = await findAllowanceCompany(db, tenantId);
  if (!company || company.isInternalAccount) throw notFound("Company not found");
}

/** GET /api/admin/companies/:tenantId/sending-allowance (operator console). */
export async function readOperatorSendingAllowance(ctx: AppContext, tenantId: string, now = Date.now()) {
  const { db } = ctx.database;
  await requireCustomerCompany(db, tenantId);
  return toOperatorResponse(tenantId, await readAllowance(db, tenantId, now, now));
}

/**
 * PUT /api/admin/companies/:tenantId/sending-allowance: an operator sets the company's daily figure (or clears it,
 * back to the tiers), with a reason, in the company's activity log in the same transaction, under the company lock.
 */
export async function setOperatorSendingAllowance(
  ctx: AppContext,
  actor: Actor,
  tenantId: string,
  input: OperatorSendingAllowanceInput,
  now = Date.now(),
): Promise<OperatorSendingAllowanceResponse> {
  const { db } = ctx.database;
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    await requireCustomerCompany(tx, tenantId);
    await lockTenantForLicences(tx, tenantId);
    const before = await readAllowance(tx, tenantId, now, now);
    if (input.dailyLimit === null) await deleteAllowanceGrant(tx, tenantId);
    else
      await saveAllowanceGrant(tx, tenantId, {
        dailyLimit: input.dailyLimit,
        reason: input.reason,
        grantedByUserId: actor.userId,
        grantedAt: new Date(now),
      });
    const after = await readAllowance(tx, tenantId, now, now);
    await insertActivityLogs(tx, tenantId, actor.userId, [
      {
        action: "set_sending_allowance",
        data: {
          from: before.limit,
          to: after.limit,
          operatorLimit: input.dailyLimit,
          reason: input.reason,
          byInternalAccount: true,
          operatorEmail: actor.email,
          timestamp: new Date(now).toISOString(),
        },
      },
    ]);
    return toOperatorResponse(tenantId, after);
  });
}
