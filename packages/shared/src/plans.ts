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
