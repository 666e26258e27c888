/**
 * The effective plan: the one place the server computes which plan a company is on (spec surveys §4, decision
 * 0027). Every check of plan, feature or licence reads `readEffectivePlan`; `tenant.plan` is only the record of what
 * was sold.
 */
import { type Deal, type DealInput, type DealResponse, type Plan, resolveEffectivePlan, toPlan } from "@hearth/shared";
import type { Database } from "../../db/client.js";
import { notFound } from "../../lib/errors.js";
import { findTenant } from "../company/company.repo.js";
import { type DealRow, insertDeal, listTenantDeals } from "./billing.repo.js";

export interface EffectivePlanOfTenant {
  plan: Plan;
  /** The deal that gives the plan; null when the plan is Free because no deal gives one. */
  deal: DealRow | null;
}

function toRuleDeal(row: DealRow): Deal {
  return {
    isActive: row.isActive,
    activatedDate: row.activatedDate?.toISOString() ?? null,
    expiryDate: row.expiryDate?.toISOString() ?? null,
    dealId: row.dealId,
    forceActivate: row.forceActivate,
    plan: toPlan(row.plan),
  };
}

/**
 * The plan a company is on at `now`, with the deal that gives it. `requestedYear` is for a request about a year (a
 * certification's or a report's year); a check of the plan in force now leaves it out, so the deal's one-year
 * validity window decides (decision 0027, section 3).
 */
export async function readEffectivePlan(
  db: Database,
  tenantId: string,
  now: Date = new Date(),
  requestedYear?: number,
): Promise<EffectivePlanOfTenant> {
  return effectivePlanOfDeals(await listTenantDeals(db, tenantId), now, requestedYear);
}

/** The effective plan from one company's stored deals, oldest first (for a caller that read several companies' at once). */
export function effectivePlanOfDeals(rows: readonly DealRow[], now: Date, requestedYear?: number): EffectivePlanOfTenant {
  const ruleDeals = rows.map(toRuleDeal);
  const resolved = resolveEffectivePlan(ruleDeals, { now, requestedYear });
  const index = resolved.deal ? ruleDeals.indexOf(resolved.deal) : -1;
  return { plan: resolved.plan, deal: index >= 0 ? rows[index] : null };
}

/** What `hasFeature` and `listAvailableFeatures` need of a company, with the effective plan in place of the stored one. */
export async function readFeatureTenant(
  db: Database,
  tenant: { id: string; features: string[] },
  now: Date = new Date(),
): Promise<{ plan: Plan; features: string[] }> {
  const { plan } = await readEffectivePlan(db, tenant.id, now);
  return { plan, features: tenant.features };
}

export function toDealResponse(row: DealRow): DealResponse {
  return {
    id: row.id,
    dealId: row.dealId,
    plan: toPlan(row.plan),
    isActive: row.isActive,
    activatedDate: row.activatedDate?.toISOString() ?? null,
    expiryDate: row.expiryDate?.toISOString() ?? null,
    forceActivate: row.forceActivate,
  };
}

/** Records a deal for a company (internal accounts; later, payments). The company must exist. */
export async function recordDeal(db: Database, tenantId: string, input: DealInput): Promise<DealResponse> {
  const tenant = await findTenant(db, tenantId);
  if (!tenant) throw notFound("Company not found");
  const row = await insertDeal(db, tenantId, {
    plan: input.plan,
    dealId: input.dealId ?? null,
    isActive: input.isActive,
    activatedDate: input.activatedDate ? new Date(input.activatedDate) : null,
    expiryDate: input.expiryDate ? new Date(input.expiryDate) : null,
    forceActivate: input.forceActivate,
  });
  return toDealResponse(row);
}
