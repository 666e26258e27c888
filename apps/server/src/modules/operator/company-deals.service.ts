/**
 * Deals from the operator console (issue 15 item 1, decision 0051): record one, then activate, force, stop forcing or
 * expire it in place. Each change is the shared `applyDealAction` rule, made under a row lock and written to the
 * company's admin activity log with the operator who made it, in one transaction.
 */
import { applyDealAction, type DealAction, type DealInput, type DealResponse, toPlan } from "@hearth/shared";
import type { AppContext } from "../../app-context.js";
import type { Database } from "../../db/client.js";
import type { Actor } from "../../lib/actor.js";
import { AppError, notFound } from "../../lib/errors.js";
import { type DealRow, findTenantDealForUpdate, updateTenantDeal } from "../billing/billing.repo.js";
import { recordDeal, toDealResponse } from "../billing/billing.service.js";
import { insertActivityLogs } from "../activity-log/activity-log.repo.js";
import { isCustomerCompany } from "./companies.repo.js";

const dealLogData = (row: DealRow, actor: Actor) => ({
  dealRecordId: row.id,
  dealId: row.dealId,
  plan: row.plan,
  operatorEmail: actor.email,
});

/** Records a deal for the company and logs it, in one transaction. */
export async function recordCompanyDeal(ctx: AppContext, actor: Actor, tenantId: string, input: DealInput): Promise<DealResponse> {
  return ctx.database.db.transaction(async (tx) => {
    const db = tx as unknown as Database;
    if (!(await isCustomerCompany(db, tenantId))) throw notFound("Company not found");
    const recorded = await recordDeal(db, tenantId, input);
    await insertActivityLogs(db, tenantId, actor.userId, [
      {
        action: "deal_recorded",
        data: { dealRecordId: recorded.id, dealId: recorded.dealId, plan: recorded.plan, operatorEmail: actor.email },
      },
    ]);
    return recorded;
  });
}

/** Activates, forces, stops forcing or expires one of the company's deals; 409 with the rule's reason when it does not apply. */
export async function changeCompanyDeal(
  ctx: AppContext,
  actor: Actor,
  tenantId: string,
  dealRecordId: string,
  action: DealAction,
  now = new Date(),
): Promise<DealResponse> {
  return ctx.database.db.transaction(async (tx) => {
    const db = tx as unknown as Database;
    const row = (await isCustomerCompany(db, tenantId)) ? await findTenantDealForUpdate(db, tenantId, dealRecordId) : undefined;
    if (!row) throw notFound("No deal of this company has that id.");
    const current = toDealResponse(row);
    const result = applyDealAction({ ...current, plan: toPlan(current.plan) }, action, now);
    if (!result.ok) throw new AppError("CONFLICT", result.message);
    const updated = await updateTenantDeal(db, tenantId, row.id, {
      isActive: result.deal.isActive,
      activatedDate: result.deal.activatedDate ? new Date(result.deal.activatedDate) : null,
      expiryDate: result.deal.expiryDate ? new Date(result.deal.expiryDate) : null,
      forceActivate: result.deal.forceActivate,
    });
    await insertActivityLogs(db, tenantId, actor.userId, [{ action: `deal_${action}`, data: dealLogData(updated, actor) }]);
    return toDealResponse(updated);
  });
}
