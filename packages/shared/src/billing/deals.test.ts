import { describe, expect, it } from "vitest";
import {
  addUtcYears,
  currentUtcYear,
  type Deal,
  dealActivationYear,
  dealWindowEnd,
  describeDealActivity,
  effectivePlanOfDeal,
  isDealActive,
  isDealExpired,
  parseDealInstant,
  resolveEffectivePlan,
} from "./deals.js";

const NOW = new Date("2026-06-15T12:00:00Z");

/** An active Gold deal with an id, activated this year, no expiry. */
function deal(overrides: Partial<Deal> = {}): Deal {
  return {
    isActive: true,
    activatedDate: "2026-02-01T09:00:00Z",
    expiryDate: null,
    dealId: "D-100",
    forceActivate: false,
    plan: "Gold",
    ...overrides,
  };
}

describe("deal activity: the branches the issue lists", () => {
  it("inactive: not flagged active is inactive, even forced and with an id", () => {
    const d = deal({ isActive: false, forceActivate: true });
    expect(describeDealActivity(d, NOW)).toEqual({ active: false, reason: "not-flagged-active" });
    expect(effectivePlanOfDeal(d, { now: NOW, requestedYear: 2026 })).toBe("Free");
  });

  it("no activation date: missing, empty or unreadable is inactive, even forced", () => {
    for (const activatedDate of [null, "", "   ", "next week", "2026-02-30", "2026-13-01", "2026"]) {
      const d = deal({ activatedDate, forceActivate: true });
      expect(describeDealActivity(d, NOW)).toEqual({ active: false, reason: "no-activation-date" });
      expect(effectivePlanOfDeal(d, { now: NOW, requestedYear: 2026 })).toBe("Free");
    }
  });

  it("no id without force: inactive; an empty or blank id counts as none", () => {
    for (const dealId of [null, "", "  "]) {
      const d = deal({ dealId });
      expect(describeDealActivity(d, NOW)).toEqual({ active: false, reason: "no-deal-id" });
      expect(effectivePlanOfDeal(d, { now: NOW, requestedYear: 2026 })).toBe("Free");
    }
  });

  it("no id but forced: passes the id check", () => {
    expect(describeDealActivity(deal({ dealId: null, forceActivate: true }), NOW)).toEqual({ active: true, reason: "within-one-year" });
  });

  it("expired: an expiry date that has passed makes the deal inactive, even forced and within the year", () => {
    const d = deal({ expiryDate: "2026-06-01T00:00:00Z", forceActivate: true });
    expect(describeDealActivity(d, NOW)).toEqual({ active: false, reason: "expired" });
    expect(effectivePlanOfDeal(d, { now: NOW, requestedYear: 2026 })).toBe("Free");
  });

  it("within a year: active, and the effective plan is the deal's plan", () => {
    const d = deal({ expiryDate: "2027-01-01T00:00:00Z" });
    expect(describeDealActivity(d, NOW)).toEqual({ active: true, reason: "within-one-year" });
    expect(effectivePlanOfDeal(d, { now: NOW, requestedYear: 2026 })).toBe("Gold");
  });

  it("older than a year and not forced: inactive", () => {
    const d = deal({ activatedDate: "2025-01-10T00:00:00Z" });
    expect(describeDealActivity(d, NOW)).toEqual({ active: false, reason: "outside-one-year" });
    expect(effectivePlanOfDeal(d, { now: NOW, requestedYear: 2025 })).toBe("Free");
  });

  it("forced: active after the year is over, and the plan applies to the activation year", () => {
    const d = deal({ activatedDate: "2024-03-01T00:00:00Z", forceActivate: true });
    expect(describeDealActivity(d, NOW)).toEqual({ active: true, reason: "forced" });
    expect(effectivePlanOfDeal(d, { now: NOW, requestedYear: 2024 })).toBe("Gold");
  });

  it("requested year after the activation year gives Free, even for an active deal", () => {
    const d = deal({ activatedDate: "2025-09-01T00:00:00Z" });
    expect(isDealActive(d, NOW)).toBe(true);
    expect(effectivePlanOfDeal(d, { now: NOW, requestedYear: 2025 })).toBe("Gold");
    expect(effectivePlanOfDeal(d, { now: NOW, requestedYear: 2026 })).toBe("Free");
    // and for a forced one
    const forced = deal({ activatedDate: "2023-05-01T00:00:00Z", forceActivate: true });
    expect(effectivePlanOfDeal(forced, { now: NOW, requestedYear: 2024 })).toBe("Free");
  });

  it("no requested year (the plan in force now): the one-year window decides, across 1 January", () => {
    const d = deal({ activatedDate: "2025-09-01T00:00:00Z" });
    expect(effectivePlanOfDeal(d, { now: NOW })).toBe("Gold");
    expect(effectivePlanOfDeal(d, { now: new Date("2026-08-31T23:59:59.999Z") })).toBe("Gold");
    expect(effectivePlanOfDeal(d, { now: new Date("2026-09-01T00:00:00Z") })).toBe("Free");
    // forced: the plan holds after the year too, until an expiry passes
    const forced = deal({ activatedDate: "2023-05-01T00:00:00Z", forceActivate: true });
    expect(effectivePlanOfDeal(forced, { now: NOW })).toBe("Gold");
    expect(effectivePlanOfDeal({ ...forced, expiryDate: "2026-01-01" }, { now: NOW })).toBe("Free");
    // every inactive branch stays Free without a year
    expect(effectivePlanOfDeal(deal({ isActive: false }), { now: NOW })).toBe("Free");
    expect(effectivePlanOfDeal(deal({ activatedDate: null, forceActivate: true }), { now: NOW })).toBe("Free");
    expect(effectivePlanOfDeal(deal({ dealId: null }), { now: NOW })).toBe("Free");
    expect(effectivePlanOfDeal(deal({ activatedDate: "2025-05-01T00:00:00Z" }), { now: NOW })).toBe("Free");
    expect(resolveEffectivePlan([d], { now: NOW })).toEqual({ plan: "Gold", deal: d });
  });

  it("requested year before or equal to the activation year keeps the deal's plan", () => {
    const d = deal();
    expect(effectivePlanOfDeal(d, { now: NOW, requestedYear: 2026 })).toBe("Gold");
    expect(effectivePlanOfDeal(d, { now: NOW, requestedYear: 2021 })).toBe("Gold");
  });
});

describe("deal activity: edges", () => {
  it("exactly one year after activation the window is closed; one millisecond before it is open", () => {
    const d = deal({ activatedDate: "2025-06-15T12:00:00Z" });
    expect(isDealActive(d, new Date("2026-06-15T11:59:59.999Z"))).toBe(true);
    expect(describeDealActivity(d, new Date("2026-06-15T12:00:00Z"))).toEqual({ active: false, reason: "outside-one-year" });
    expect(isDealActive(deal({ activatedDate: "2025-06-15T12:00:00Z", forceActivate: true }), new Date("2026-06-15T12:00:00Z"))).toBe(true);
  });

  it("the activation instant itself is within the year; a future activation is not (unless forced)", () => {
    const d = deal({ activatedDate: "2026-06-15T12:00:00Z" });
    expect(isDealActive(d, NOW)).toBe(true);
    expect(describeDealActivity(d, new Date("2026-06-15T11:59:59.999Z"))).toEqual({ active: false, reason: "outside-one-year" });
    expect(describeDealActivity(deal({ activatedDate: "2026-07-01", forceActivate: true }), NOW)).toEqual({
      active: true,
      reason: "forced",
    });
  });

  it("leap years: 29 February closes on 28 February the next year", () => {
    const d = deal({ activatedDate: "2024-02-29T08:00:00Z" });
    expect(dealWindowEnd(d)?.toISOString()).toBe("2025-02-28T08:00:00.000Z");
    expect(isDealActive(d, new Date("2025-02-28T07:59:59.999Z"))).toBe(true);
    expect(isDealActive(d, new Date("2025-02-28T08:00:00Z"))).toBe(false);
    expect(addUtcYears(new Date("2024-02-29T00:00:00Z"), 4).toISOString()).toBe("2028-02-29T00:00:00.000Z");
  });

  it("leap years: a year from 1 March 2023 runs to 1 March 2024 (366 days), from 28 February 2024 to 28 February 2025", () => {
    expect(dealWindowEnd({ activatedDate: "2023-03-01" })?.toISOString()).toBe("2024-03-01T00:00:00.000Z");
    expect(dealWindowEnd({ activatedDate: "2024-02-28" })?.toISOString()).toBe("2025-02-28T00:00:00.000Z");
    expect(isDealActive(deal({ activatedDate: "2023-03-01" }), new Date("2024-02-29T23:00:00Z"))).toBe(true);
  });

  it("time zones: an offset is read as the instant it names; the activation year is the UTC year", () => {
    const d = deal({ activatedDate: "2025-12-31T20:00:00-05:00" }); // 2026-01-01T01:00Z
    expect(dealActivationYear(d)).toBe(2026);
    expect(effectivePlanOfDeal(d, { now: NOW, requestedYear: 2026 })).toBe("Gold");
    expect(dealWindowEnd(d)?.toISOString()).toBe("2027-01-01T01:00:00.000Z");
    const east = deal({ activatedDate: "2026-01-01T03:00:00+09:00" }); // 2025-12-31T18:00Z
    expect(dealActivationYear(east)).toBe(2025);
    expect(effectivePlanOfDeal(east, { now: NOW, requestedYear: 2026 })).toBe("Free");
  });

  it("a date without a time is 00:00 UTC", () => {
    expect(parseDealInstant("2026-03-01")?.toISOString()).toBe("2026-03-01T00:00:00.000Z");
    expect(parseDealInstant("2026-03-01T10:30")).toBeNull(); // a date-time must say its zone
    expect(parseDealInstant("2026-03-01T10:30:00.123+02:00")?.toISOString()).toBe("2026-03-01T08:30:00.123Z");
  });

  it("expiry: a date-time has passed once now is after it", () => {
    const d = { expiryDate: "2026-06-15T12:00:00Z" };
    expect(isDealExpired(d, new Date("2026-06-15T12:00:00Z"))).toBe(false);
    expect(isDealExpired(d, new Date("2026-06-15T12:00:00.001Z"))).toBe(true);
  });

  it("expiry: a date alone has passed once that UTC day is over", () => {
    const d = { expiryDate: "2026-06-15" };
    expect(isDealExpired(d, new Date("2026-06-15T23:59:59.999Z"))).toBe(false);
    expect(isDealExpired(d, new Date("2026-06-16T00:00:00Z"))).toBe(true);
  });

  it("expiry: none never passes; an unreadable one counts as passed", () => {
    expect(isDealExpired({ expiryDate: null }, NOW)).toBe(false);
    expect(isDealExpired({ expiryDate: "" }, NOW)).toBe(false);
    expect(isDealExpired({ expiryDate: "soon" }, NOW)).toBe(true);
    expect(describeDealActivity(deal({ expiryDate: "soon" }), NOW)).toEqual({ active: false, reason: "expired" });
  });

  it("a future expiry does not extend the one-year window", () => {
    const d = deal({ activatedDate: "2025-01-01", expiryDate: "2030-01-01" });
    expect(describeDealActivity(d, NOW)).toEqual({ active: false, reason: "outside-one-year" });
  });

  it("an unknown plan name on an active deal reads as Free", () => {
    const d = { ...deal(), plan: "Platinum" } as unknown as Deal;
    expect(effectivePlanOfDeal(d, { now: NOW, requestedYear: 2026 })).toBe("Free");
  });

  it("refuses an invalid now or a non-integer year", () => {
    expect(() => describeDealActivity(deal(), new Date("nope"))).toThrow(RangeError);
    expect(() => effectivePlanOfDeal(deal(), { now: NOW, requestedYear: 2026.5 })).toThrow(RangeError);
    expect(() => resolveEffectivePlan([], { now: NOW, requestedYear: Number.NaN })).toThrow(RangeError);
  });

  it("reads no clock: the same inputs give the same answer", () => {
    const d = deal({ activatedDate: "2000-01-01" });
    expect(isDealActive(d, new Date("2000-06-01T00:00:00Z"))).toBe(true);
    expect(currentUtcYear(new Date("2026-12-31T23:30:00-05:00"))).toBe(2027);
  });
});

describe("resolveEffectivePlan: a company's deals", () => {
  it("no deals, or none active: Free with no deal", () => {
    expect(resolveEffectivePlan([], { now: NOW, requestedYear: 2026 })).toEqual({ plan: "Free", deal: null });
    expect(resolveEffectivePlan([deal({ isActive: false })], { now: NOW, requestedYear: 2026 })).toEqual({ plan: "Free", deal: null });
  });

  it("the highest plan any deal gives wins, with that deal", () => {
    const silver = deal({ plan: "Silver", dealId: "S" });
    const gold = deal({ plan: "Gold", dealId: "G" });
    const expiredPremium = deal({ plan: "Premium", dealId: "P", expiryDate: "2026-01-01" });
    expect(resolveEffectivePlan([silver, expiredPremium, gold], { now: NOW, requestedYear: 2026 })).toEqual({ plan: "Gold", deal: gold });
  });

  it("Premium beats Gold; between Bronze and Basic the later in plan order; otherwise the first deal", () => {
    const gold = deal({ plan: "Gold", dealId: "G" });
    const premium = deal({ plan: "Premium", dealId: "P" });
    expect(resolveEffectivePlan([premium, gold], { now: NOW, requestedYear: 2026 }).deal).toBe(premium);
    const bronze = deal({ plan: "Bronze", dealId: "B" });
    const basic = deal({ plan: "Basic", dealId: "A" });
    expect(resolveEffectivePlan([bronze, basic], { now: NOW, requestedYear: 2026 }).deal).toBe(basic);
    const first = deal({ dealId: "1" });
    const second = deal({ dealId: "2" });
    expect(resolveEffectivePlan([first, second], { now: NOW, requestedYear: 2026 }).deal).toBe(first);
  });

  it("the requested year picks among deals: last year's data under last year's deal", () => {
    const lastYear = deal({ plan: "Silver", dealId: "old", activatedDate: "2025-09-01" });
    expect(resolveEffectivePlan([lastYear], { now: NOW, requestedYear: 2025 })).toEqual({ plan: "Silver", deal: lastYear });
    expect(resolveEffectivePlan([lastYear], { now: NOW, requestedYear: 2026 })).toEqual({ plan: "Free", deal: null });
  });
});
