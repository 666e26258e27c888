import { PLAN_REQUEST_RECEIVED, canRequestPlan } from "@hearth/shared";
import type { AppContext } from "../../app-context.js";
import type { Database } from "../../db/client.js";
import type { Actor } from "../../lib/actor.js";
import { AppError, notFound } from "../../lib/errors.js";
import { findUserInTenant } from "../account/account.repo.js";
import { readEffectivePlan } from "../billing/billing.service.js";
import { findTenant } from "../company/company.repo.js";
import { renderEmail } from "../email/email.layout.js";
import { CRM_EVENT_JOB, enqueueCrmEvents, upgradeRequestCompanyEvent } from "../crm/crm.service.js";
import { insertUpgradeRequest, listUserUpgradeRequests } from "./plans.repo.js";

/** Records an upgrade request (only for a plan above the current one) and tells the sales team by email. */
export async function requestPlanUpgrade(ctx: AppContext, actor: Actor, requestedPlan: string) {
  const { db } = ctx.database;
  const tenant = await findTenant(db, actor.tenantId);
  if (!tenant) throw notFound("Company not found");
  // "Above the current plan" means above the plan in force now, from the company's deals (decision 0027).
  const current = (await readEffectivePlan(db, actor.tenantId)).plan;
  if (!canRequestPlan(current, requestedPlan)) {
    throw new AppError("VALIDATION_FAILED", `Choose a plan above ${current}.`, {
      fields: { requestedPlan: `Choose a plan above ${current}.` },
    });
  }
  const user = await findUserInTenant(db, actor.tenantId, actor.userId);
  let outboxId = "";
  const row = await db.transaction(async (tx) => {
    const stored = await insertUpgradeRequest(tx as unknown as Database, actor.tenantId, actor.userId, requestedPlan);
    const name = [user?.firstName, user?.lastName].filter(Boolean).join(" ") || actor.email;
    const email = renderEmail(`Plan upgrade request: ${tenant.companyName ?? "Unnamed Company"} → ${requestedPlan}`, [
      {
        type: "text",
        text: `${name} <${actor.email}> asked to move ${tenant.companyName ?? "an unnamed company"} from ${current} to ${requestedPlan}.`,
      },
      { type: "text", text: `Company id: ${tenant.id}. Requested on ${stored.dateRequested.toISOString()}.` },
    ]);
    outboxId = await ctx.email.queue(
      { ...email, to: ctx.env.SUPPORT_EMAIL, kind: "plan-upgrade-request", tenantId: actor.tenantId, headers: { "Reply-To": actor.email } },
      tx as unknown as Database,
    );
    // the CRM hears of the request with it (integration/update-company), by a job: a CRM outage never fails this call
    const crmEvent = upgradeRequestCompanyEvent({
      upgradeRequestId: stored.id,
      tenantId: actor.tenantId,
      userId: actor.userId,
      companyName: tenant.companyName,
      requestedPlan,
      dateRequested: stored.dateRequested,
      userEmail: actor.email,
      userName: name,
    });
    await enqueueCrmEvents(ctx.jobs, [crmEvent], tx as unknown as Database);
    return stored;
  });
  await ctx.email.enqueueDelivery(outboxId);
  ctx.jobs.wake(CRM_EVENT_JOB);
  return {
    success: true as const,
    message: PLAN_REQUEST_RECEIVED,
    planRequested: row.planRequested,
    dateRequested: row.dateRequested.toISOString(),
  };
}

export async function listUpgradeRequests(ctx: AppContext, actor: Actor) {
  const rows = await listUserUpgradeRequests(ctx.database.db, actor.tenantId, actor.userId);
  return rows.map((row) => ({
    planRequested: row.planRequested,
    dateRequested: row.dateRequested.toISOString(),
    hasBeenAddressed: row.hasBeenAddressed,
  }));
}
