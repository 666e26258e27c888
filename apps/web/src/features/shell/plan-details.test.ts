import type { MeResponse } from "@hearth/shared";
import { describe, expect, it } from "vitest";
import { planDetails } from "./plan-details";

const tenant = (overrides: Partial<MeResponse["tenant"]>): MeResponse["tenant"] =>
  ({
    id: "t1",
    companyName: "Birch & Pine",
    logoUrl: null,
    plan: "Free",
    effectivePlan: "Free",
    deal: null,
    companySize: "Medium",
    timeZone: "America/New_York",
    profileComplete: true,
    features: [],
    ...overrides,
  }) as MeResponse["tenant"];

const deal = (plan: "Gold" | "Silver", expiryDate: string | null, isActive = true) => ({
  id: "d1",
  dealId: null,
  plan,
  isActive,
  activatedDate: "2026-01-01T00:00:00.000Z",
  expiryDate,
  forceActivate: false,
});

describe("the Tutorials dialog's plan details", () => {
  it("read the effective plan, not the plan stored on the company", () => {
    const details = planDetails(tenant({ plan: "Free", effectivePlan: "Gold", deal: deal("Gold", "2027-03-31T23:59:59.000Z") }));
    expect(details.plan).toBe("Gold");
    expect(details.until).toBe("2027-03-31T23:59:59.000Z");
    const stored = planDetails(tenant({ plan: "Gold", effectivePlan: "Free" }));
    expect(stored.plan).toBe("Free");
    expect(stored.until).toBeNull();
  });

  it("list the effective plan's licences, Unlimited for the largest", () => {
    const free = planDetails(tenant({ effectivePlan: "Free" })).licences;
    const premium = planDetails(tenant({ effectivePlan: "Premium" })).licences;
    expect(free.map((row) => row.label)).toEqual(["Admin licences", "Staff licences", "Cohorts", "Certifications"]);
    expect(free.every((row) => /^\d+$|^Unlimited$/.test(row.value))).toBe(true);
    expect(premium.some((row) => row.value === "Unlimited")).toBe(true);
  });

  it("give no end date for a deal without one or a deal that is not in force", () => {
    expect(planDetails(tenant({ effectivePlan: "Gold", deal: deal("Gold", null) })).until).toBeNull();
    expect(planDetails(tenant({ effectivePlan: "Free", deal: deal("Gold", "2027-01-01T00:00:00.000Z", false) })).until).toBeNull();
  });
});
