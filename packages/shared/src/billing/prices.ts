/**
 * Prices of plans, certifications and additional areas (spec accounts §9, surveys §9), as pure rules.
 * Every amount is an integer number of cents. Which list is shown where, what yearly means and what the internal
 * accounts' price flag means: docs/decisions/0026-prices-and-the-two-plan-lists.md.
 */
import { COMPANY_SIZES, type CompanySize, DEFAULT_COMPANY_SIZE } from "../company-size.js";
import { hasPermission, type PermissionSubject } from "../permissions.js";
import type { Plan } from "../plans.js";
import { MISSING_COMPANY_SIZE } from "../reports/benchmarks.js";

/** Whole dollars as cents (the spec states every price in whole dollars). */
export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}

// ---------------------------------------------------------------------------------------------------------------
// Billing cycle: yearly is 12 months for the price of 10 ("Yearly billing: 2 months free").

export const BILLING_CYCLES = ["monthly", "yearly"] as const;
export type BillingCycle = (typeof BILLING_CYCLES)[number];

export const MONTHS_PER_YEAR = 12;
export const FREE_MONTHS_WITH_YEARLY_BILLING = 2;
/** The number of monthly prices a year costs with yearly billing: 10. */
export const PAID_MONTHS_WITH_YEARLY_BILLING = MONTHS_PER_YEAR - FREE_MONTHS_WITH_YEARLY_BILLING;

export function isBillingCycle(value: unknown): value is BillingCycle {
  return typeof value === "string" && (BILLING_CYCLES as readonly string[]).includes(value);
}

/** The yearly price of a monthly price: 12 months for the price of 10. */
export function yearlyFromMonthly(monthlyCents: number): number {
  return monthlyCents * PAID_MONTHS_WITH_YEARLY_BILLING;
}

/** The monthly price of a yearly price (a tenth of it), rounded to the cent; exact for every price in the spec. */
export function monthlyFromYearly(yearlyCents: number): number {
  return Math.round(yearlyCents / PAID_MONTHS_WITH_YEARLY_BILLING);
}

// ---------------------------------------------------------------------------------------------------------------
// Company size as pricing reads it: matched in lower case; Medium when missing or unknown, reported under the spec's
// error name "Missing companySize" (the name the benchmark lookup reports too).

export type PricingWarning = typeof MISSING_COMPANY_SIZE;

export interface PricingSize {
  size: CompanySize;
  /** For error reporting only (spec surveys §8); the user is shown the Medium price without a message. */
  warnings: PricingWarning[];
}

/** The size a price is looked up with: "small", "Small" and " SMALL " are Small; nothing, "" or "Huge" is Medium. */
export function resolvePricingSize(value: unknown): PricingSize {
  const text = typeof value === "string" ? value.trim().toLowerCase() : "";
  if (text === "") return { size: DEFAULT_COMPANY_SIZE, warnings: [MISSING_COMPANY_SIZE] };
  const size = COMPANY_SIZES.find((candidate) => candidate.toLowerCase() === text);
  return size ? { size, warnings: [] } : { size: DEFAULT_COMPANY_SIZE, warnings: [MISSING_COMPANY_SIZE] };
}

// ---------------------------------------------------------------------------------------------------------------
// Plan prices: two lists in the spec, one of them offered. Figures are yearly prices in dollars, by size
// Small / Medium / Large / Enterprise, converted to cents.

/** The plans the spec prices by size. Basic is priced as Bronze (the same tier, decision 0007). */
export const PRICED_PLANS = ["Bronze", "Silver", "Gold"] as const;
export type PricedPlan = (typeof PRICED_PLANS)[number];
export type PlanPriceList = Readonly<Record<PricedPlan, Readonly<Record<CompanySize, number>>>>;

function bySize(small: number, medium: number, large: number, enterprise: number): Record<CompanySize, number> {
  return {
    Small: dollarsToCents(small),
    Medium: dollarsToCents(medium),
    Large: dollarsToCents(large),
    Enterprise: dollarsToCents(enterprise),
  };
}

/** "Cart pricing by size". Kept as the spec's record; not offered (decision 0026). */
export const CART_LIST_PRICES: PlanPriceList = {
  Bronze: bySize(13_200, 16_500, 22_000, 24_750),
  Silver: bySize(22_000, 25_300, 29_700, 33_000),
  Gold: bySize(38_500, 40_004, 49_500, 62_700),
};

/** "The plan comparison table uses another list". The one list offered everywhere (decision 0026). */
export const COMPARISON_LIST_PRICES: PlanPriceList = {
  Bronze: bySize(9_000, 12_000, 15_000, 17_500),
  Silver: bySize(15_000, 18_000, 22_000, 25_000),
  Gold: bySize(30_000, 35_000, 40_000, 52_500),
};

export const PLAN_PRICE_LISTS = { cart: CART_LIST_PRICES, comparison: COMPARISON_LIST_PRICES } as const;
export type PlanPriceListName = keyof typeof PLAN_PRICE_LISTS;

/** The list every screen shows and checkout charges: the comparison table, plan details, upgrade modal, cart, order form. */
export const OFFERED_PLAN_PRICE_LIST: PlanPriceListName = "comparison";

/**
 * A plan's yearly price in one list: Free costs 0, Basic costs what Bronze costs, Premium has no price (null; the
 * spec gives none, so it is offered by request only).
 */
export function listPlanPrice(list: PlanPriceListName, plan: Plan, size: CompanySize): number | null {
  if (plan === "Free") return 0;
  if (plan === "Premium") return null;
  return PLAN_PRICE_LISTS[list][plan === "Basic" ? "Bronze" : plan][size];
}

export interface PlanPrice {
  plan: Plan;
  companySize: CompanySize;
  billingCycle: BillingCycle;
  /** What is charged each cycle: per month with monthly billing, per year with yearly billing. */
  cents: number;
  /** What a year costs with this cycle (12 monthly prices, or the yearly price). */
  centsPerYear: number;
  warnings: PricingWarning[];
}

/**
 * The one price of a plan, wherever it is offered: the offered list's yearly price for the company's size, or a tenth
 * of it per month with monthly billing. Null for a plan without a price (Premium).
 */
export function planPrice(plan: Plan, companySize: unknown, billingCycle: BillingCycle): PlanPrice | null {
  const { size, warnings } = resolvePricingSize(companySize);
  const yearly = listPlanPrice(OFFERED_PLAN_PRICE_LIST, plan, size);
  if (yearly === null) return null;
  const cents = billingCycle === "yearly" ? yearly : monthlyFromYearly(yearly);
  const centsPerYear = billingCycle === "yearly" ? yearly : cents * MONTHS_PER_YEAR;
  return { plan, companySize: size, billingCycle, cents, centsPerYear, warnings };
}

/** What yearly billing saves over a year of monthly billing (two monthly prices). Null for a plan without a price. */
export function yearlySaving(plan: Plan, companySize: unknown): number | null {
  const monthly = planPrice(plan, companySize, "monthly");
  const yearly = planPrice(plan, companySize, "yearly");
  return monthly && yearly ? monthly.centsPerYear - yearly.centsPerYear : null;
}

/** Premium has no price in the spec (decision 0026): it is offered by request only. */
export const PRICE_ON_REQUEST = "Price on request";

export interface PlanPriceLabel {
  /** What is charged each cycle in cents; 0 for Free; null when the plan has no price (Premium). */
  cents: number | null;
  /** "$900", "Free" or "Price on request". */
  amount: string;
  /** "/ month" or "/ year"; empty when the amount is not a charge per cycle. */
  period: string;
  /** In words: "$900 per month". */
  label: string;
}

/**
 * A plan's price as every screen and document states it (issue 25 item 2, decision 0061): the plan page's cards, the
 * upgrade dialog and the order form of a company that has not ordered all read this, so they cannot disagree. It is
 * planPrice for the company's size and the cycle.
 */
export function describePlanPrice(plan: Plan, companySize: unknown, cycle: BillingCycle): PlanPriceLabel {
  if (plan === "Free") return { cents: 0, amount: "Free", period: "", label: "Free" };
  const price = planPrice(plan, companySize, cycle);
  if (!price) return { cents: null, amount: PRICE_ON_REQUEST, period: "", label: PRICE_ON_REQUEST };
  const unit = cycle === "yearly" ? "year" : "month";
  const amount = formatDollars(price.cents);
  return { cents: price.cents, amount, period: `/ ${unit}`, label: `${amount} per ${unit}` };
}

// ---------------------------------------------------------------------------------------------------------------
// Agreement prices (spec accounts §9): one yearly fee per plan, whatever the size.

export const AGREEMENT_PRICES: Readonly<Record<"Basic" | "Silver" | "Gold", number>> = {
  Basic: dollarsToCents(17_500),
  Silver: dollarsToCents(32_500),
  Gold: dollarsToCents(52_500),
};

/**
 * The agreement's yearly fee for a plan: the most the plan costs a year at any size. Bronze shares Basic's (the order
 * form shares their service description too); Free and Premium have none (null).
 */
export function agreementPrice(plan: Plan): number | null {
  if (plan === "Bronze" || plan === "Basic") return AGREEMENT_PRICES.Basic;
  if (plan === "Silver" || plan === "Gold") return AGREEMENT_PRICES[plan];
  return null;
}

// ---------------------------------------------------------------------------------------------------------------
// Certification and additional-area prices by size and licence type (one-off amounts, no billing cycle).

export const LICENCE_TYPES = ["digitalorprint", "unlimiteduse"] as const;
export type LicenceType = (typeof LICENCE_TYPES)[number];

/** The licence type named, matched in lower case ("DigitalOrPrint" is digitalorprint); null when unknown. */
export function parseLicenceType(value: unknown): LicenceType | null {
  const text = typeof value === "string" ? value.trim().toLowerCase() : "";
  return LICENCE_TYPES.find((type) => type === text) ?? null;
}

export interface BadgePrices {
  certification: number;
  additionalArea: number;
}

function badge(certification: number, additionalArea: number): BadgePrices {
  return { certification: dollarsToCents(certification), additionalArea: dollarsToCents(additionalArea) };
}

export const BADGE_PRICES: Readonly<Record<CompanySize, Readonly<Record<LicenceType, BadgePrices>>>> = {
  Small: { digitalorprint: badge(5_000, 3_000), unlimiteduse: badge(10_000, 5_000) },
  Medium: { digitalorprint: badge(7_000, 3_000), unlimiteduse: badge(13_000, 5_000) },
  Large: { digitalorprint: badge(10_000, 5_000), unlimiteduse: badge(18_000, 7_000) },
  Enterprise: { digitalorprint: badge(10_000, 7_000), unlimiteduse: badge(18_000, 8_500) },
};

export interface BadgePrice {
  cents: number;
  companySize: CompanySize;
  licenceType: LicenceType;
  warnings: PricingWarning[];
}

function lookUpBadgePrice(kind: keyof BadgePrices, companySize: unknown, licenceType: unknown): BadgePrice | null {
  const type = parseLicenceType(licenceType);
  if (type === null) return null;
  const { size, warnings } = resolvePricingSize(companySize);
  return { cents: BADGE_PRICES[size][type][kind], companySize: size, licenceType: type, warnings };
}

/** The price of a certification; null for an unknown licence type (nothing is sold at a guessed price). */
export function certificationPrice(companySize: unknown, licenceType: unknown): BadgePrice | null {
  return lookUpBadgePrice("certification", companySize, licenceType);
}

/** The price of an additional area; null for an unknown licence type. */
export function additionalAreaPrice(companySize: unknown, licenceType: unknown): BadgePrice | null {
  return lookUpBadgePrice("additionalArea", companySize, licenceType);
}

// ---------------------------------------------------------------------------------------------------------------
// Showing prices.

/** A price in dollars the way the spec writes figures, with a dollar sign: "$17,500", "$4,000.40". */
export function formatDollars(cents: number): string {
  const negative = cents < 0;
  const whole = Math.floor(Math.abs(cents) / 100);
  const rest = Math.abs(cents) % 100;
  const dollars = whole.toString().replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${negative ? "-" : ""}$${dollars}${rest === 0 ? "" : `.${rest.toString().padStart(2, "0")}`}`;
}

/**
 * The price flag (spec accounts §6): whether a user is shown prices. Internal accounts always are; anyone else needs
 * the billing permission. The flag never changes an amount: everyone who sees a price sees the company's price.
 */
export function canSeePrices(subject: PermissionSubject): boolean {
  return hasPermission(subject, "billing");
}
