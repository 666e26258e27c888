import { describe, expect, it } from "vitest";
import {
  COMPARISON_PLANS,
  describeDealPeriod,
  describeLicenceBar,
  describePlanCardPrice,
  formatBillingDate,
  listAddedFeatureLabels,
  PLAN_CARD_EXTRAS,
  previousComparisonPlan,
  PRICE_ON_REQUEST,
} from "./billing-view";

describe("describePlanCardPrice", () => {
  it("shows the comparison list's yearly figure with yearly billing", () => {
    expect(describePlanCardPrice("Bronze", "Small", "yearly")).toEqual({ amount: "$9,000", period: "/ year", label: "$9,000 per year" });
    expect(describePlanCardPrice("Gold", "Enterprise", "yearly").amount).toBe("$52,500");
  });

  it("shows a tenth of the yearly figure per month with monthly billing (12 months for the price of 10)", () => {
    expect(describePlanCardPrice("Bronze", "Small", "monthly")).toEqual({ amount: "$900", period: "/ month", label: "$900 per month" });
    expect(describePlanCardPrice("Silver", "Large", "monthly").amount).toBe("$2,200");
  });

  it("prices a missing or unknown size as Medium", () => {
    expect(describePlanCardPrice("Silver", null, "yearly").amount).toBe("$18,000");
    expect(describePlanCardPrice("Silver", "Huge", "yearly").amount).toBe("$18,000");
  });

  it("shows Free as free and Premium as by request, whatever the cycle", () => {
    expect(describePlanCardPrice("Free", "Small", "monthly")).toEqual({ amount: "Free", period: "", label: "Free" });
    expect(describePlanCardPrice("Premium", "Small", "yearly").amount).toBe(PRICE_ON_REQUEST);
  });
});

describe("the comparison's plans and features", () => {
  it("lists the spec's plan order without Basic", () => {
    expect(COMPARISON_PLANS).toEqual(["Free", "Bronze", "Silver", "Gold", "Premium"]);
    expect(previousComparisonPlan("Free")).toBeNull();
    expect(previousComparisonPlan("Silver")).toBe("Bronze");
  });

  it("lists what each plan adds over the one below, every feature exactly once", () => {
    expect(listAddedFeatureLabels("Free")).toEqual(["LOWI™ Survey"]);
    expect(listAddedFeatureLabels("Bronze")).toEqual(["LOWI™ Report", "Data Export", "Basic Culture Profile"]);
    expect(listAddedFeatureLabels("Gold")).toEqual(["Custom Questions", "Custom Surveys"]);
    // Premium has Gold's features: its card says what differs instead of listing nothing
    expect(listAddedFeatureLabels("Premium")).toEqual([...PLAN_CARD_EXTRAS.Premium!]);
    expect(listAddedFeatureLabels("Premium").length).toBeGreaterThan(0);
    expect(COMPARISON_PLANS.flatMap(listAddedFeatureLabels)).toHaveLength(18 + PLAN_CARD_EXTRAS.Premium!.length);
  });
});

describe("formatBillingDate and describeDealPeriod", () => {
  it("writes dates as MM/dd/yyyy on the order form's calendar (US Eastern), the zone named", () => {
    expect(formatBillingDate(new Date("2026-03-01T12:00:00Z"))).toBe("03/01/2026 (Eastern time)");
    // Midnight in UTC is still the evening before in New York: the same day the order's "Paid on" shows.
    expect(formatBillingDate(new Date("2026-03-01T00:00:00Z"))).toBe("02/28/2026 (Eastern time)");
    expect(formatBillingDate(new Date("2026-12-31T23:30:00Z"))).toBe("12/31/2026 (Eastern time)");
  });

  it("ends a deal one year after activation", () => {
    expect(describeDealPeriod({ activatedDate: "2026-03-01T10:00:00Z", expiryDate: null, forceActivate: false })).toEqual({
      activated: "03/01/2026 (Eastern time)",
      ends: "03/01/2027 (Eastern time)",
    });
  });

  it("ends it on the expiry date when that comes first, and at the year's end when the expiry is later", () => {
    expect(
      describeDealPeriod({ activatedDate: "2026-03-01T12:00:00Z", expiryDate: "2026-09-30T12:00:00Z", forceActivate: false }).ends,
    ).toBe("09/30/2026 (Eastern time)");
    expect(
      describeDealPeriod({ activatedDate: "2026-03-01T12:00:00Z", expiryDate: "2028-01-01T12:00:00Z", forceActivate: false }).ends,
    ).toBe("03/01/2027 (Eastern time)");
  });

  it("moves an activation on 29 February to 28 February of the next year", () => {
    expect(describeDealPeriod({ activatedDate: "2028-02-29T12:00:00Z", expiryDate: null, forceActivate: false }).ends).toBe(
      "02/28/2029 (Eastern time)",
    );
  });

  it("lets only the expiry date end a forced deal", () => {
    expect(describeDealPeriod({ activatedDate: "2024-01-01T12:00:00Z", expiryDate: null, forceActivate: true })).toEqual({
      activated: "01/01/2024 (Eastern time)",
      ends: null,
    });
    expect(
      describeDealPeriod({ activatedDate: "2024-01-01T12:00:00Z", expiryDate: "2027-06-30T12:00:00Z", forceActivate: true }).ends,
    ).toBe("06/30/2027 (Eastern time)");
  });

  it("shows no dates for a deal without readable ones", () => {
    expect(describeDealPeriod({ activatedDate: null, expiryDate: null, forceActivate: false })).toEqual({ activated: null, ends: null });
    expect(describeDealPeriod({ activatedDate: "soon", expiryDate: null, forceActivate: false })).toEqual({ activated: null, ends: null });
  });
});

describe("describeLicenceBar", () => {
  it("draws the share of the limit in use", () => {
    expect(describeLicenceBar({ kind: "admin", used: 3, limit: 5 })).toEqual({
      kind: "admin",
      label: "Admin licences",
      summary: "3 of 5 used",
      percent: 60,
      over: false,
      full: false,
    });
    expect(describeLicenceBar({ kind: "staff", used: 15, limit: 15 })).toMatchObject({
      label: "View licences",
      percent: 100,
      full: true,
      over: false,
    });
  });

  it("caps the bar at 100 when more are held than the plan allows", () => {
    expect(describeLicenceBar({ kind: "cohort", used: 6, limit: 4 })).toMatchObject({
      summary: "6 of 4 used",
      percent: 100,
      over: true,
      full: true,
    });
  });

  it("draws no bar for an unlimited or a not-included licence", () => {
    expect(describeLicenceBar({ kind: "admin", used: 12, limit: null })).toMatchObject({
      summary: "12 used (unlimited)",
      percent: null,
      full: false,
    });
    expect(describeLicenceBar({ kind: "certification", used: 0, limit: 0 })).toMatchObject({
      label: "Certification badges",
      summary: "Not included in this plan",
      percent: null,
      over: false,
    });
    expect(describeLicenceBar({ kind: "customDataRequest", used: 1, limit: 0 })).toMatchObject({
      summary: "1 used, not included in this plan",
      over: true,
    });
  });
});
