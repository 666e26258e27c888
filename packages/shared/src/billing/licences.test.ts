import { describe, expect, it } from "vitest";
import { PLANS, type Plan } from "../plans.js";
import {
  ALLOWANCE_KINDS,
  allowanceLimit,
  describeLicences,
  describeLicenceUsage,
  hasLicenceFor,
  isUnlimitedLimit,
  remainingLicences,
} from "./licences.js";

describe("limits per plan, as the spec figures them", () => {
  const table: Record<Plan, [number | null, number | null, number | null, number | null, number]> = {
    Free: [1, 0, 0, 0, 0],
    Bronze: [5, 15, 2, 1, 0],
    Basic: [5, 15, 2, 1, 0],
    Silver: [10, 30, 4, 4, 4],
    Gold: [null, null, null, 8, 6],
    Premium: [null, null, null, 8, 6],
  };
  for (const plan of PLANS) {
    it(`${plan}: admin / staff / cohort / certification / custom data requests`, () => {
      expect(ALLOWANCE_KINDS.map((kind) => allowanceLimit(plan, kind))).toEqual(table[plan]);
    });
  }

  it("9999 and above is unlimited; 9998 is not", () => {
    expect(isUnlimitedLimit(9999)).toBe(true);
    expect(isUnlimitedLimit(10000)).toBe(true);
    expect(isUnlimitedLimit(9998)).toBe(false);
  });

  it("an unknown plan name reads as Free", () => {
    expect(allowanceLimit("Platinum" as Plan, "admin")).toBe(1);
    expect(allowanceLimit("Platinum" as Plan, "staff")).toBe(0);
  });
});

describe("refusing the N+1th", () => {
  it("Free: the one admin is allowed, the second refused; no staff, cohort or certification at all", () => {
    expect(hasLicenceFor("Free", "admin", 0)).toBe(true);
    expect(hasLicenceFor("Free", "admin", 1)).toBe(false);
    expect(hasLicenceFor("Free", "staff", 0)).toBe(false);
    expect(hasLicenceFor("Free", "cohort", 0)).toBe(false);
    expect(hasLicenceFor("Free", "certification", 0)).toBe(false);
    expect(hasLicenceFor("Free", "customDataRequest", 0)).toBe(false);
  });

  it("Bronze and Basic: the 15th staff is allowed, the 16th refused; the 2nd cohort allowed, the 3rd refused", () => {
    for (const plan of ["Bronze", "Basic"] as const) {
      expect(hasLicenceFor(plan, "staff", 14)).toBe(true);
      expect(hasLicenceFor(plan, "staff", 15)).toBe(false);
      expect(hasLicenceFor(plan, "cohort", 1)).toBe(true);
      expect(hasLicenceFor(plan, "cohort", 2)).toBe(false);
      expect(hasLicenceFor(plan, "certification", 1)).toBe(false);
      expect(hasLicenceFor(plan, "admin", 4)).toBe(true);
      expect(hasLicenceFor(plan, "admin", 5)).toBe(false);
    }
  });

  it("Silver: 10 admins, 30 staff, 4 cohorts, 4 certifications, 4 custom data requests", () => {
    expect(remainingLicences("Silver", "admin", 3)).toBe(7);
    expect(hasLicenceFor("Silver", "admin", 10)).toBe(false);
    expect(hasLicenceFor("Silver", "staff", 29)).toBe(true);
    expect(hasLicenceFor("Silver", "staff", 30)).toBe(false);
    expect(hasLicenceFor("Silver", "certification", 4)).toBe(false);
    expect(hasLicenceFor("Silver", "customDataRequest", 3)).toBe(true);
    expect(hasLicenceFor("Silver", "customDataRequest", 4)).toBe(false);
  });

  it("Gold and Premium: seats and cohorts never run out (not even at 9999); certifications stop at 8, data requests at 6", () => {
    for (const plan of ["Gold", "Premium"] as const) {
      expect(remainingLicences(plan, "admin", 50_000)).toBeNull();
      expect(hasLicenceFor(plan, "staff", 9999)).toBe(true);
      expect(hasLicenceFor(plan, "cohort", 12_345)).toBe(true);
      expect(hasLicenceFor(plan, "certification", 7)).toBe(true);
      expect(hasLicenceFor(plan, "certification", 8)).toBe(false);
      expect(hasLicenceFor(plan, "customDataRequest", 6)).toBe(false);
    }
  });

  it("over the limit after a move to a lower plan: nothing remains, nothing may be added", () => {
    expect(remainingLicences("Bronze", "staff", 28)).toBe(0);
    expect(hasLicenceFor("Bronze", "staff", 28)).toBe(false);
    expect(remainingLicences("Free", "admin", 3)).toBe(0);
  });

  it("refuses a negative or fractional count", () => {
    expect(() => hasLicenceFor("Silver", "staff", -1)).toThrow(RangeError);
    expect(() => remainingLicences("Silver", "staff", 1.5)).toThrow(RangeError);
  });

  it("describeLicenceUsage is JSON-safe: unlimited is null", () => {
    expect(describeLicenceUsage("Silver", "staff", 12)).toEqual({ kind: "staff", limit: 30, used: 12, remaining: 18, canAdd: true });
    const gold = describeLicenceUsage("Gold", "admin", 40);
    expect(gold).toEqual({ kind: "admin", limit: null, used: 40, remaining: null, canAdd: true });
    expect(JSON.parse(JSON.stringify(gold))).toEqual(gold);
    expect(describeLicenceUsage("Free", "staff", 0).canAdd).toBe(false);
  });
});

describe("plan card licence lines", () => {
  it("Free", () => {
    expect(describeLicences("Free")).toEqual(["1 admin licence"]);
  });

  it("Bronze and Basic word the same", () => {
    const lines = ["Up to 5 admin plus 15 view licences", "Up to 2 cohorts", "1 certification badge"];
    expect(describeLicences("Bronze")).toEqual(lines);
    expect(describeLicences("Basic")).toEqual(lines);
  });

  it("Silver", () => {
    expect(describeLicences("Silver")).toEqual([
      "Up to 10 admin plus 30 view licences",
      "Up to 4 cohorts",
      "Up to 4 certification badges",
      "Up to 4 custom data requests",
    ]);
  });

  it("Gold and Premium: 9999 is shown as Unlimited, never as a number", () => {
    const lines = [
      "Unlimited admin and view licences",
      "Unlimited cohorts",
      "Up to 8 certification badges",
      "Up to 6 custom data requests",
    ];
    expect(describeLicences("Gold")).toEqual(lines);
    expect(describeLicences("Premium")).toEqual(lines);
    expect(lines.join(" ")).not.toContain("9999");
  });

  it("every card promises exactly what the server enforces (no figure from the second reading)", () => {
    for (const plan of PLANS) {
      const text = describeLicences(plan).join(" | ");
      const admin = allowanceLimit(plan, "admin");
      if (admin !== null && admin > 1) expect(text).toContain(`Up to ${admin} admin`);
    }
    expect(describeLicences("Gold").join(" ")).not.toContain("10 admin plus 10 view");
    expect(describeLicences("Silver").join(" ")).not.toContain("5 plus 4");
    expect(describeLicences("Bronze").join(" ")).not.toContain("4 admin plus 1");
  });
});
