import { LICENCE_LIMITS, type MeResponse, type Plan, UNLIMITED } from "@hearth/shared";

export interface PlanDetails {
  /** The plan in force now (decision 0027), never the plan stored on the company. */
  plan: Plan;
  /** The licences that plan gives, as the dialog lists them. */
  licences: { label: string; value: string }[];
  /** When the deal that gives the plan ends (ISO date), when a deal gives it and has an end. */
  until: string | null;
}

const limit = (value: number) => (value >= UNLIMITED ? "Unlimited" : String(value));

/** The Tutorials dialog's plan details: read from the effective plan and the deal behind it. */
export function planDetails(tenant: MeResponse["tenant"]): PlanDetails {
  const plan = tenant.effectivePlan;
  const limits = LICENCE_LIMITS[plan];
  const deal = tenant.deal;
  return {
    plan,
    licences: [
      { label: "Admin licences", value: limit(limits.admin) },
      { label: "Staff licences", value: limit(limits.staff) },
      { label: "Cohorts", value: limit(limits.cohort) },
      { label: "Certifications", value: limit(limits.certification) },
    ],
    until: deal && deal.plan === plan && deal.isActive ? deal.expiryDate : null,
  };
}
