import { describe, expect, it } from "vitest";
import { describeCorrelation, describeLevel, describeWeight, planFromOpportunityPath, sortByImpact } from "./drivers-view";

const row = (key: string, r: number | null) => ({
  key,
  label: key,
  kind: "item" as const,
  r,
  low: r === null ? null : r - 0.1,
  high: r === null ? null : r + 0.1,
  weight: 10,
  n: 40,
  favourability: 50,
  scorePercent: 60,
  benchmarkPercent: null,
});

describe("key drivers view", () => {
  it("writes a correlation with its interval, and says why one is missing", () => {
    expect(describeCorrelation({ r: 0.62, low: 0.51, high: 0.71 })).toBe("0.62 (90% interval 0.51 to 0.71)");
    expect(describeCorrelation({ r: -0.05, low: -0.2, high: 0.1 })).toBe("−0.05 (90% interval −0.20 to 0.10)");
    expect(describeCorrelation({ r: null, low: null, high: null })).toMatch(/^No correlation/);
  });

  it("writes weights and levels, with a dash or 'no benchmark' where there is none", () => {
    expect(describeWeight(18.44)).toBe("18.4%");
    expect(describeWeight(null)).toBe("—");
    expect(describeLevel({ scorePercent: 68, benchmarkPercent: 74 })).toBe("Scores 68.0% of 5, benchmark 74.0%");
    expect(describeLevel({ scorePercent: 68, benchmarkPercent: null })).toBe("Scores 68.0% of 5, no benchmark");
  });

  it("sorts by correlation, those without one last, and links an opportunity to a prefilled plan", () => {
    expect(sortByImpact([row("a", 0.2), row("b", null), row("c", 0.5)]).map((driver) => driver.key)).toEqual(["c", "a", "b"]);
    expect(planFromOpportunityPath("s1", { key: "lowi_trust", label: "Trust" })).toBe(
      "/dashboard/plans/new?focus=lowi_trust&title=Improve+Trust&source=suggested&survey=s1",
    );
    // A cohort's own drivers start a plan for that cohort; a survey question's answer is no plan scope.
    expect(planFromOpportunityPath("s1", { key: "lowi_trust", label: "Trust" }, [{ key: "cohort.department", value: "Sales" }])).toBe(
      "/dashboard/plans/new?focus=lowi_trust&title=Improve+Trust&source=suggested&survey=s1&scope=department%3ASales",
    );
    expect(planFromOpportunityPath("s1", { key: "lowi_trust", label: "Trust" }, [{ key: "lowi_demo_age", value: "25-34" }])).not.toContain(
      "scope=",
    );
  });
});
