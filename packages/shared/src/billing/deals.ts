/**
 * Deals and the effective plan (spec surveys §3 Deal, §4 Deal activity, §9 "Deal validity window one year from
 * activation"). Pure: the caller passes `now` (and, for a check about a year, that year); nothing here reads the clock.
 * The rules, every branch and the choices made where the spec is silent: docs/decisions/0027-deals-effective-plan-and-licences.md.
 */
import { comparePlans, PLAN_RANK, type Plan, toPlan } from "../plans.js";

/**
 * A deal as the spec lists it: isActive, activatedDate, expiryDate, dealId, forceActivate, plan.
 * Dates are ISO 8601 strings: a date ("2026-03-01", read in UTC) or a date-time with Z or an offset.
 */
export interface Deal {
  isActive: boolean;
  activatedDate: string | null;
  expiryDate: string | null;
  dealId: string | null;
  forceActivate: boolean;
  plan: Plan;
}

/** §9: a deal is valid for one year from its activation. */
export const DEAL_VALIDITY_YEARS = 1;

export type DealInactiveReason =
  /** isActive is false. */
  | "not-flagged-active"
  /** activatedDate is missing, empty or not a date. */
  | "no-activation-date"
  /** neither a deal id nor forced activation. */
  | "no-deal-id"
  /** the expiry date has passed (or cannot be read). */
  | "expired"
  /** not forced, and not activated within the last year (activated more than a year ago, or not yet). */
  | "outside-one-year";

export type DealActivity = { active: true; reason: "within-one-year" | "forced" } | { active: false; reason: DealInactiveReason };

export interface EffectivePlanInput {
  /** The moment the check is made. */
  now: Date;
  /**
   * The year the request concerns (a certification's year, a report's year): the spec's "requested year is not after
   * the deal's activation year" applies. Omitted for a check that concerns no particular year (the plan in force now:
   * /api/me, feature gates, licences, creating a survey): then the year condition does not apply and the deal's
   * one-year validity window (§9) alone decides. Decision 0027, section 3.
   */
  requestedYear?: number;
}

export interface EffectivePlan {
  plan: Plan;
  /** The deal that gives the plan; null when the plan is Free because no deal gives one. */
  deal: Deal | null;
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

interface ParsedDate {
  /** The instant (for a date: 00:00 UTC of that day). */
  start: number;
  /** True when the text was a calendar date without a time. */
  dateOnly: boolean;
}

function parseDealDate(text: string | null | undefined): ParsedDate | null {
  if (typeof text !== "string") return null;
  const value = text.trim();
  const day = DATE_ONLY.exec(value);
  if (day) {
    const [year, month, date] = [Number(day[1]), Number(day[2]), Number(day[3])];
    const start = Date.UTC(year, month - 1, date);
    const check = new Date(start);
    // Reject dates that roll over (2025-02-30).
    if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== date) return null;
    return { start, dateOnly: true };
  }
  if (!DATE_TIME.test(value)) return null;
  const start = Date.parse(value);
  return Number.isNaN(start) ? null : { start, dateOnly: false };
}

/** The instant a date string names (a date alone is 00:00 UTC), or null when it is missing or not an ISO 8601 date. */
export function parseDealInstant(text: string | null | undefined): Date | null {
  const parsed = parseDealDate(text);
  return parsed ? new Date(parsed.start) : null;
}

/**
 * The same instant a number of calendar years later, in UTC. 29 February moves to 28 February in a year without one,
 * so the window is never longer than the calendar year it stands for.
 */
export function addUtcYears(instant: Date, years: number): Date {
  const result = new Date(instant.getTime());
  const month = result.getUTCMonth();
  result.setUTCFullYear(result.getUTCFullYear() + years);
  if (result.getUTCMonth() !== month) result.setUTCDate(0); // rolled into March: back to the last day of February
  return result;
}

/** The first instant at which a deal is no longer "activated within the last year"; null without a readable activation date. */
export function dealWindowEnd(deal: Pick<Deal, "activatedDate">): Date | null {
  const activated = parseDealInstant(deal.activatedDate);
  return activated ? addUtcYears(activated, DEAL_VALIDITY_YEARS) : null;
}

/** The UTC calendar year of the activation date; null without a readable one. */
export function dealActivationYear(deal: Pick<Deal, "activatedDate">): number | null {
  const activated = parseDealInstant(deal.activatedDate);
  return activated ? activated.getUTCFullYear() : null;
}

function hasDealId(deal: Pick<Deal, "dealId">): boolean {
  return typeof deal.dealId === "string" && deal.dealId.trim() !== "";
}

/**
 * True once the expiry date has passed. A date-time has passed when now is after it; a date alone has passed once
 * that UTC day is over. A missing expiry never passes; an expiry that cannot be read counts as passed (fail closed).
 */
export function isDealExpired(deal: Pick<Deal, "expiryDate">, now: Date): boolean {
  if (deal.expiryDate === null || deal.expiryDate === undefined || deal.expiryDate.trim() === "") return false;
  const expiry = parseDealDate(deal.expiryDate);
  if (!expiry) return true;
  const lastMoment = expiry.dateOnly ? expiry.start + 24 * 60 * 60 * 1000 - 1 : expiry.start;
  return now.getTime() > lastMoment;
}

function assertValidNow(now: Date): void {
  if (!(now instanceof Date) || Number.isNaN(now.getTime())) throw new RangeError("now must be a valid Date");
}

/**
 * The deal-activity rule, step by step as spec surveys §4 states it:
 * "a deal is active only if flagged active, has an activation date, and has a deal id or forced activation.
 * Expired (expiry date passed) means inactive. Otherwise active if activated within the last year or forced."
 */
export function describeDealActivity(deal: Deal, now: Date): DealActivity {
  assertValidNow(now);
  if (deal.isActive !== true) return { active: false, reason: "not-flagged-active" };
  const activated = parseDealInstant(deal.activatedDate);
  if (!activated) return { active: false, reason: "no-activation-date" };
  if (!hasDealId(deal) && deal.forceActivate !== true) return { active: false, reason: "no-deal-id" };
  if (isDealExpired(deal, now)) return { active: false, reason: "expired" };
  const windowEnd = addUtcYears(activated, DEAL_VALIDITY_YEARS);
  const t = now.getTime();
  if (t >= activated.getTime() && t < windowEnd.getTime()) return { active: true, reason: "within-one-year" };
  if (deal.forceActivate === true) return { active: true, reason: "forced" };
  return { active: false, reason: "outside-one-year" };
}

export function isDealActive(deal: Deal, now: Date): boolean {
  return describeDealActivity(deal, now).active;
}

function assertValidYear(requestedYear: number | undefined): void {
  if (requestedYear !== undefined && !Number.isInteger(requestedYear)) throw new RangeError("requestedYear must be an integer year");
}

/**
 * The effective plan of one deal (spec surveys §4): "Effective plan equals the deal's plan only if the deal is active
 * and the requested year is not after the deal's activation year; otherwise Free." Without a requested year (a check
 * of the plan in force now) only the first condition applies.
 */
export function effectivePlanOfDeal(deal: Deal, { now, requestedYear }: EffectivePlanInput): Plan {
  assertValidYear(requestedYear);
  if (!isDealActive(deal, now)) return "Free";
  const activationYear = dealActivationYear(deal);
  if (activationYear === null) return "Free";
  if (requestedYear !== undefined && requestedYear > activationYear) return "Free";
  return toPlan(deal.plan);
}

/**
 * The effective plan of a company from its deals (a tenant holds a list): the highest plan any one deal gives
 * (Premium over Gold; between level plans, the later one in plan order; then the earlier deal in the list),
 * with the deal that gives it. Free, with no deal, when none gives a plan.
 */
export function resolveEffectivePlan(deals: readonly Deal[], input: EffectivePlanInput): EffectivePlan {
  assertValidNow(input.now);
  assertValidYear(input.requestedYear);
  let best: EffectivePlan = { plan: "Free", deal: null };
  for (const deal of deals) {
    const plan = effectivePlanOfDeal(deal, input);
    if (plan === "Free") continue;
    const better =
      best.deal === null ||
      PLAN_RANK[plan] > PLAN_RANK[best.plan] ||
      (PLAN_RANK[plan] === PLAN_RANK[best.plan] && comparePlans(plan, best.plan) > 0);
    if (better) best = { plan, deal };
  }
  return best;
}

/** The current calendar year in UTC (a helper; a check that concerns no particular year passes no requested year). */
export function currentUtcYear(now: Date): number {
  assertValidNow(now);
  return now.getUTCFullYear();
}
