/** Plans and licence limits (spec accounts §6, surveys §6 and §9). Feature tiers arrive with the surveys issue. */

export const PLANS = ["Free", "Bronze", "Basic", "Silver", "Gold", "Premium"] as const;
export type Plan = (typeof PLANS)[number];

export function comparePlans(a: Plan, b: Plan): number {
  return PLANS.indexOf(a) - PLANS.indexOf(b);
}

export interface LicenceLimits {
  admin: number;
  staff: number;
  cohort: number;
  certification: number;
}

export const UNLIMITED = 9999;

export const LICENCE_LIMITS: Record<Plan, LicenceLimits> = {
  Free: { admin: 1, staff: 0, cohort: 0, certification: 0 },
  Bronze: { admin: 5, staff: 15, cohort: 2, certification: 1 },
  Basic: { admin: 5, staff: 15, cohort: 2, certification: 1 },
  Silver: { admin: 10, staff: 30, cohort: 4, certification: 4 },
  Gold: { admin: UNLIMITED, staff: UNLIMITED, cohort: UNLIMITED, certification: 8 },
  Premium: { admin: UNLIMITED, staff: UNLIMITED, cohort: UNLIMITED, certification: 8 },
};

/** The Upgrade Plan link is hidden on Gold and Premium. */
export function canShowUpgradeLink(plan: Plan): boolean {
  return plan !== "Gold" && plan !== "Premium";
}

/**
 * Rank used for "above" and "below": Basic is an older name for the Bronze tier and sits beside it
 * (same limits, same features); every other plan is one step above the previous one.
 */
export const PLAN_RANK: Record<Plan, number> = { Free: 0, Bronze: 1, Basic: 1, Silver: 2, Gold: 3, Premium: 4 };

export function isPlan(value: unknown): value is Plan {
  return typeof value === "string" && (PLANS as readonly string[]).includes(value);
}

/** Unknown or missing plan names count as Free. */
export function toPlan(value: unknown): Plan {
  return isPlan(value) ? value : "Free";
}

/** True when plan a is strictly above plan b (Bronze and Basic are level). */
export function isPlanAbove(a: Plan, b: Plan): boolean {
  return PLAN_RANK[a] > PLAN_RANK[b];
}

/** A plan upgrade may be requested only for a plan above the current one (spec surveys §5 Plan upgrade). */
export function canRequestPlan(current: Plan, requested: string): boolean {
  return isPlan(requested) && isPlanAbove(requested, current);
}

/** The plans the comparison table offers to request, in order. */
export function listRequestablePlans(current: Plan): Plan[] {
  return PLANS.filter((plan) => isPlanAbove(plan, current));
}

export const PLAN_REQUEST_BUTTON_STATES = ["Current", "Requested", "Request", "Not Available"] as const;
export type PlanRequestButtonState = (typeof PLAN_REQUEST_BUTTON_STATES)[number];

/**
 * The request button under a plan in the comparison table (spec surveys §4): Current for the company's plan
 * (and a plan level with it), Not Available for lower plans, Requested once the user has asked for it, else Request.
 */
export function describePlanRequestButton(current: Plan, candidate: Plan, requestedPlans: readonly string[] = []): PlanRequestButtonState {
  if (PLAN_RANK[candidate] === PLAN_RANK[current]) return "Current";
  if (!isPlanAbove(candidate, current)) return "Not Available";
  return requestedPlans.includes(candidate) ? "Requested" : "Request";
}

/** Each plan holds up to three survey slots (survey0, survey1, survey2; spec surveys §3 Tenant and §9). */
export const SURVEY_SLOTS_PER_PLAN = 3;

/** Custom data requests included per plan (spec accounts §6: Silver up to 4, Gold up to 6; Premium follows Gold). */
export const CUSTOM_DATA_REQUESTS: Record<Plan, number> = { Free: 0, Bronze: 0, Basic: 0, Silver: 4, Gold: 6, Premium: 6 };

/** Exact success text after a plan upgrade request (spec surveys §8). */
export const PLAN_REQUEST_RECEIVED = "Great! We have received your request for a plan upgrade and will get in touch shortly!";
