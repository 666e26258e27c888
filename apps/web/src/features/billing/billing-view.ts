/**
 * Pure helpers of the billing pages (issue 12 item 4): what the plan comparison and the General tab show, computed from
 * the shared rules (prices, licences, deals, features) so the pages only lay it out. Decision 0031.
 */
import {
  type BillingCycle,
  dealWindowEnd,
  describePlanPrice,
  FEATURE_LABELS,
  FEATURE_MINIMUM_PLAN,
  FEATURES,
  formatDayInZone,
  type LicenceUsageResponse,
  ORDER_FORM_TIME_ZONE,
  type Plan,
  parseDealInstant,
} from "@hearth/shared";

/**
 * The plans side by side, in the spec's plan order (surveys §9: Free, Bronze, Silver, Gold, Premium). Basic is an older
 * name of the Bronze tier (same limits, features and price), so it has no card of its own: a Basic company sees
 * Current on Bronze.
 */
export const COMPARISON_PLANS = ["Free", "Bronze", "Silver", "Gold", "Premium"] as const satisfies readonly Plan[];
export type ComparisonPlan = (typeof COMPARISON_PLANS)[number];

/** Spec accounts §9, word for word. */
export const YEARLY_BILLING_NOTE = "Yearly billing: 2 months free.";
export { PRICE_ON_REQUEST } from "@hearth/shared";

/** A plan's price as its card shows it: the shared describePlanPrice, as the upgrade dialog and the order form read it. */
export function describePlanCardPrice(plan: Plan, companySize: string | null | undefined, cycle: BillingCycle) {
  const { amount, period, label } = describePlanPrice(plan, companySize, cycle);
  return { amount, period, label };
}

/** The comparison plan just below this one (the card reads "Everything in Bronze, plus:"); null for Free. */
export function previousComparisonPlan(plan: ComparisonPlan): ComparisonPlan | null {
  const index = COMPARISON_PLANS.indexOf(plan);
  return index > 0 ? COMPARISON_PLANS[index - 1] : null;
}

/**
 * What a plan offers beyond its features and licences. Premium has Gold's features and licences (spec accounts §6) and
 * no list price: what differs is the agreement itself, made with the sales team (decision 0062).
 */
export const PLAN_CARD_EXTRAS: Readonly<Partial<Record<ComparisonPlan, readonly string[]>>> = {
  Premium: [
    "A contract agreed with our sales team: price, term and invoicing arranged for your organisation",
    "The same features and licences as Gold",
  ],
};

/** What a plan adds over the one below: its features by label (Basic's minimum counts as Bronze's), then its extras. */
export function listAddedFeatureLabels(plan: ComparisonPlan): string[] {
  const features = FEATURES.filter((feature) => {
    const minimum = FEATURE_MINIMUM_PLAN[feature];
    return (minimum === "Basic" ? "Bronze" : minimum) === plan;
  }).map((feature) => FEATURE_LABELS[feature]);
  return [...features, ...(PLAN_CARD_EXTRAS[plan] ?? [])];
}

// ---------------------------------------------------------------------------------------------------------------
// Dates: the spec's format MM/dd/yyyy (accounts §9), on the calendar of the order form and the invoice (US Eastern,
// decision 0029) and with that zone named, so a plan's Activated and Ends read on the same calendar as the order that
// bought it (issue 25 item 1).

/** "02/28/2026 (Eastern time)" for 2026-03-01T00:00Z. */
export function formatBillingDate(date: Date): string {
  return formatDayInZone(date.getTime(), ORDER_FORM_TIME_ZONE);
}

export interface DealPeriod {
  /** MM/dd/yyyy, or null without a readable activation date. */
  activated: string | null;
  /** The first day the deal no longer gives its plan, MM/dd/yyyy; null when nothing ends it. */
  ends: string | null;
}

interface DealDates {
  activatedDate: string | null;
  expiryDate: string | null;
  forceActivate: boolean;
}

/**
 * The deal's activation and end dates. A deal is valid for one year from activation (spec surveys §9, dealWindowEnd),
 * or until its expiry date when that comes first. A forced deal outlives its year (spec surveys §4): only an expiry
 * date ends it.
 */
export function describeDealPeriod(deal: DealDates): DealPeriod {
  const activated = parseDealInstant(deal.activatedDate);
  const windowEnd = deal.forceActivate ? null : dealWindowEnd(deal);
  const expiry = parseDealInstant(deal.expiryDate);
  const candidates = [windowEnd, expiry].filter((date): date is Date => date !== null);
  const ends = candidates.length === 0 ? null : new Date(Math.min(...candidates.map((date) => date.getTime())));
  return { activated: activated ? formatBillingDate(activated) : null, ends: ends ? formatBillingDate(ends) : null };
}

// ---------------------------------------------------------------------------------------------------------------
// Licence usage bars.

export const LICENCE_KIND_LABELS: Record<LicenceUsageResponse["kind"], string> = {
  admin: "Admin licences",
  staff: "View licences",
  cohort: "Cohorts",
  certification: "Certification badges",
  customDataRequest: "Custom data requests",
};

export interface LicenceBar {
  kind: LicenceUsageResponse["kind"];
  label: string;
  /** "3 of 5 used", "3 used (unlimited)", "Not included". */
  summary: string;
  /** 0 to 100; null when there is no bar to draw (unlimited, or not included). */
  percent: number | null;
  /** More are held than the plan allows (after a move to a lower plan). */
  over: boolean;
  /** Every licence is taken: nothing more can be added. */
  full: boolean;
}

/** One licence kind as a usage bar: the share of the limit in use, capped at 100. */
export function describeLicenceBar(usage: LicenceUsageResponse): LicenceBar {
  const label = LICENCE_KIND_LABELS[usage.kind];
  const { used, limit } = usage;
  if (limit === null) return { kind: usage.kind, label, summary: `${used} used (unlimited)`, percent: null, over: false, full: false };
  if (limit === 0) {
    return {
      kind: usage.kind,
      label,
      summary: used > 0 ? `${used} used, not included in this plan` : "Not included in this plan",
      percent: null,
      over: used > 0,
      full: true,
    };
  }
  const percent = Math.min(100, Math.round((used / limit) * 100));
  return { kind: usage.kind, label, summary: `${used} of ${limit} used`, percent, over: used > limit, full: used >= limit };
}
