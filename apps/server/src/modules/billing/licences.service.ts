/**
 * Licence limits on the server (spec accounts §6, surveys §6; decision 0027 §5): counts of what a company uses,
 * the refusal of the one that would exceed its effective plan's limit, and the billing overview. Every check reads
 * the effective plan (readEffectivePlan), never the stored plan column.
 */
import {
  ALLOWANCE_KINDS,
  type AllowanceKind,
  allowanceLimit,
  type BillingOverviewResponse,
  hasLicenceFor,
  licenceLimitMessage,
  type Plan,
  toPlan,
} from "@hearth/shared";
import type { Database } from "../../db/client.js";
import { AppError, notFound } from "../../lib/errors.js";
import { findTenant } from "../company/company.repo.js";
import { readEffectivePlan, toDealResponse } from "./billing.service.js";
import {
  countAdminLicences,
  countCertificationLicences,
  countCohortLicences,
  countCustomDataRequests,
  countStaffLicences,
  cohortId,
  holdsSeat,
  listUsedCohorts,
} from "./licences.repo.js";

const COUNTERS: Record<AllowanceKind, (db: Database, tenantId: string) => Promise<number>> = {
  admin: countAdminLicences,
  staff: countStaffLicences,
  cohort: countCohortLicences,
  certification: countCertificationLicences,
  customDataRequest: countCustomDataRequests,
};

/** How many of each the company uses now. */
export async function countLicencesUsed(db: Database, tenantId: string): Promise<Record<AllowanceKind, number>> {
  const counts = await Promise.all(ALLOWANCE_KINDS.map((kind) => COUNTERS[kind](db, tenantId)));
  return Object.fromEntries(ALLOWANCE_KINDS.map((kind, index) => [kind, counts[index]])) as Record<AllowanceKind, number>;
}

/** The refusal: 403 PLAN_UPGRADE_REQUIRED naming the plan and its limit, with the licence kind in `fields.licence`. */
export function licenceLimitError(plan: Plan, kind: AllowanceKind): AppError {
  const limit = allowanceLimit(plan, kind) ?? 0;
  return new AppError("PLAN_UPGRADE_REQUIRED", licenceLimitMessage(plan, kind, limit), { fields: { licence: kind } });
}

/**
 * Refuses adding `adding` more of a kind when `used` are held already and the effective plan does not allow them
 * (a company over its limit after a move to a lower plan keeps what it has and may add nothing). Pass `used` when
 * the caller counted it itself (e.g. leaving out the person being added); otherwise it is counted here.
 */
export async function assertLicenceAvailable(
  db: Database,
  tenantId: string,
  kind: AllowanceKind,
  options: { used?: number; adding?: number } = {},
): Promise<void> {
  const { plan } = await readEffectivePlan(db, tenantId);
  const used = options.used ?? (await COUNTERS[kind](db, tenantId));
  const adding = options.adding ?? 1;
  if (adding <= 0) return;
  // used + adding - 1 already held, one more asked: hasLicenceFor answers for the last of them.
  if (!hasLicenceFor(plan, kind, used + adding - 1)) throw licenceLimitError(plan, kind);
}

/** GET /api/billing/overview: the stored and effective plan, the deal giving it, the size, and licence usage. */
export async function readBillingOverview(db: Database, tenantId: string): Promise<BillingOverviewResponse> {
  const tenant = await findTenant(db, tenantId);
  if (!tenant) throw notFound("Company not found");
  const [{ plan, deal }, used] = await Promise.all([readEffectivePlan(db, tenantId), countLicencesUsed(db, tenantId)]);
  return {
    plan: toPlan(tenant.plan),
    effectivePlan: plan,
    deal: deal ? toDealResponse(deal) : null,
    companySize: tenant.companySize ?? null,
    licences: ALLOWANCE_KINDS.map((kind) => ({ kind, used: used[kind], limit: allowanceLimit(plan, kind) })),
  };
}

/**
 * Before someone new takes a staff (view) seat: nothing to check when the address already holds one (a user of the
 * company, or an address already given cohorts before sign-up, which is counted from then on); otherwise refuses the
 * seat beyond the effective plan's staff limit.
 */
export async function assertStaffSeatFor(db: Database, tenantId: string, email: string): Promise<void> {
  if (await holdsSeat(db, tenantId, email)) return;
  await assertLicenceAvailable(db, tenantId, "staff");
}

/**
 * Before one member's cohorts for one survey are replaced by `cohorts`: refuses when the company would then use
 * more distinct cohorts than its effective plan allows and more than it uses now (a company over its limit keeps
 * the cohorts it has, and may swap one for another, but not add).
 */
export async function assertCohortLicences(
  db: Database,
  tenantId: string,
  assignment: { surveyId: string; email: string },
  cohorts: readonly { key: string; value: string }[],
): Promise<void> {
  const [before, others] = await Promise.all([listUsedCohorts(db, tenantId), listUsedCohorts(db, tenantId, assignment)]);
  const after = new Set(others);
  for (const cohort of cohorts) after.add(cohortId(cohort));
  if (after.size <= before.size) return;
  await assertLicenceAvailable(db, tenantId, "cohort", { used: before.size, adding: after.size - before.size });
}
