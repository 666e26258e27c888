/**
 * Licence limits as the server enforces them and as the plan cards word them (spec accounts §6 and surveys §6:
 * "Licence limits (admin / staff / cohort / certification): Free 1/0/0/0; Bronze and Basic 5/15/2/1; Silver 10/30/4/4;
 * Gold and Premium 9999/9999/9999/8 (9999 means effectively unlimited)"; custom data requests Silver 4, Gold 6).
 * The figures live in plans.ts (LICENCE_LIMITS, CUSTOM_DATA_REQUESTS); this file only reads them. Always pass the
 * company's effective plan (billing/deals.ts), never the stored one.
 * The spec's second reading ("up to 10 admin plus 10 view licences on the top plan, 5 plus 4 on the middle, 4 plus 1
 * on the lower") and why it is not used: docs/decisions/0027-deals-effective-plan-and-licences.md.
 */
import { CUSTOM_DATA_REQUESTS, LICENCE_LIMITS, type LicenceLimits, type Plan, toPlan, UNLIMITED } from "../plans.js";

export const LICENCE_KINDS = ["admin", "staff", "cohort", "certification"] as const satisfies readonly (keyof LicenceLimits)[];
export type LicenceKind = (typeof LICENCE_KINDS)[number];

/** Everything a plan counts: the four licences and the custom data requests. */
export const ALLOWANCE_KINDS = [...LICENCE_KINDS, "customDataRequest"] as const;
export type AllowanceKind = (typeof ALLOWANCE_KINDS)[number];

/** 9999 "means effectively unlimited": a limit at or above it is never reached. */
export function isUnlimitedLimit(limit: number): boolean {
  return limit >= UNLIMITED;
}

/** The plan's limit for a kind, or null when the plan has no limit for it. Unknown plan names count as Free. */
export function allowanceLimit(plan: Plan, kind: AllowanceKind): number | null {
  const known = toPlan(plan);
  const limit = kind === "customDataRequest" ? CUSTOM_DATA_REQUESTS[known] : LICENCE_LIMITS[known][kind];
  return isUnlimitedLimit(limit) ? null : limit;
}

function assertCount(used: number): void {
  if (!Number.isInteger(used) || used < 0) throw new RangeError("used must be a whole number of 0 or more");
}

/**
 * How many more the plan allows when `used` are already held: null when unlimited, never below 0 (a company over its
 * limit after a move to a lower plan keeps what it has and may add nothing).
 */
export function remainingLicences(plan: Plan, kind: AllowanceKind, used: number): number | null {
  assertCount(used);
  const limit = allowanceLimit(plan, kind);
  return limit === null ? null : Math.max(0, limit - used);
}

/** True when one more may be added: the server refuses the one that would make used + 1 exceed the limit. */
export function hasLicenceFor(plan: Plan, kind: AllowanceKind, used: number): boolean {
  const remaining = remainingLicences(plan, kind, used);
  return remaining === null || remaining > 0;
}

export interface LicenceUsage {
  kind: AllowanceKind;
  /** null = unlimited. */
  limit: number | null;
  used: number;
  /** null = unlimited. */
  remaining: number | null;
  canAdd: boolean;
}

/** One kind's standing, for a settings page or an error body (JSON-safe: unlimited is null, never Infinity). */
export function describeLicenceUsage(plan: Plan, kind: AllowanceKind, used: number): LicenceUsage {
  const remaining = remainingLicences(plan, kind, used);
  return { kind, limit: allowanceLimit(plan, kind), used, remaining, canAdd: remaining === null || remaining > 0 };
}

/** "1 admin licence", "Up to 5 admin licences", "Unlimited admin licences"; null for 0 (the card leaves the line out). */
function countPhrase(limit: number | null, singular: string, plural: string): string | null {
  if (limit === null) return `Unlimited ${plural}`;
  if (limit <= 0) return null;
  if (limit === 1) return `1 ${singular}`;
  return `Up to ${limit} ${plural}`;
}

/** The seats line, in the plan card's own form "up to N admin plus M view licences" (staff licences are view licences). */
function seatsLine(admin: number | null, staff: number | null): string | null {
  if (admin === null && staff === null) return "Unlimited admin and view licences";
  if (admin !== null && staff !== null && admin > 0 && staff > 0) return `Up to ${admin} admin plus ${staff} view licences`;
  const parts = [countPhrase(admin, "admin licence", "admin licences"), countPhrase(staff, "view licence", "view licences")].filter(
    (part): part is string => part !== null,
  );
  return parts.length === 0 ? null : parts.join(" plus ");
}

/**
 * The licence lines of a plan card, worded as the spec words the cards and figured from LICENCE_LIMITS (what the
 * server enforces), with 9999 shown as Unlimited and zero allowances left out:
 * Free → ["1 admin licence"];
 * Bronze / Basic → ["Up to 5 admin plus 15 view licences", "Up to 2 cohorts", "1 certification badge"];
 * Silver → ["Up to 10 admin plus 30 view licences", "Up to 4 cohorts", "Up to 4 certification badges", "Up to 4 custom data requests"];
 * Gold / Premium → ["Unlimited admin and view licences", "Unlimited cohorts", "Up to 8 certification badges", "Up to 6 custom data requests"].
 */
export function describeLicences(plan: Plan): string[] {
  const lines = [
    seatsLine(allowanceLimit(plan, "admin"), allowanceLimit(plan, "staff")),
    countPhrase(allowanceLimit(plan, "cohort"), "cohort", "cohorts"),
    countPhrase(allowanceLimit(plan, "certification"), "certification badge", "certification badges"),
    countPhrase(allowanceLimit(plan, "customDataRequest"), "custom data request", "custom data requests"),
  ];
  return lines.filter((line): line is string => line !== null);
}
