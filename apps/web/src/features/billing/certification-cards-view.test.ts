import { describe, expect, it } from "vitest";
import { describeCardAction, describeMissing, describeResponseRule } from "./certification-cards-view";

describe("certification card action", () => {
  it("follows the card status: Certified holds, Requested disables Add to cart, anything else offers it", () => {
    expect(describeCardAction({ status: "Certified" }, false)).toEqual({ kind: "certified", label: "Certified" });
    expect(describeCardAction({ status: "Requested" }, false)).toEqual({
      kind: "add",
      label: "Requested",
      disabled: true,
      reason: "requested",
    });
    expect(describeCardAction({ status: "Available" }, false)).toEqual({ kind: "add", label: "Add to cart", disabled: false });
  });

  it("does not offer a badge that is already in the cart", () => {
    expect(describeCardAction({ status: "Available" }, true)).toMatchObject({ disabled: true, label: "In cart" });
    // Certified wins over a stale cart line.
    expect(describeCardAction({ status: "Certified" }, true).kind).toBe("certified");
  });
});

describe("response rule line", () => {
  const base = { headcount: 30, requiredResponses: 10, responses: 9, year: 2025, eligible: false, reasons: [] as string[] };

  it("asks for a headcount when there is none", () => {
    expect(describeResponseRule({ ...base, headcount: null, requiredResponses: null })).toMatch(/headcount/);
  });

  it("says the year is eligible, or names what is missing (decision 0035)", () => {
    expect(describeResponseRule({ ...base, headcount: 3300, requiredResponses: 1000, responses: 1200, year: 2026, eligible: true })).toBe(
      "Eligible for 2026: a closed LOWI survey ending in 2026 has 1,200 responses (1,000 needed) and at least 70% positive answers.",
    );
    expect(
      describeResponseRule({
        ...base,
        reasons: ["The survey is still open: close it or wait for its end date.", "1 more response needed"],
      }),
    ).toBe(
      "Not eligible for 2025 yet: The survey is still open: close it or wait for its end date; 1 more response needed. Certification needs a closed LOWI survey with 10 responses and at least 70% positive answers.",
    );
    expect(describeResponseRule({ ...base, reasons: ["Score below the bar: 65.0% of answers are positive, 70% needed."] })).toContain(
      "Not eligible for 2025 yet: Score below the bar: 65.0% of answers are positive, 70% needed.",
    );
  });

  it("puts an award's missing threshold under its card, and nothing under an eligible one", () => {
    expect(describeMissing({ eligibility: false, reasons: ["Too few answers about Women to read (fewer than 5)."] })).toBe(
      "Too few answers about Women to read (fewer than 5).",
    );
    expect(describeMissing({ eligibility: true, reasons: [] })).toBeNull();
  });
});
