import { describe, expect, it } from "vitest";
import { comparableCohortValues, PLAN_COMPARISON_MAX } from "./comparison.js";

describe("the cohorts a cohort plan is compared with", () => {
  it("takes the other visible cohorts without a plan, largest first", () => {
    const visible = [
      { value: "Sales", size: 40 },
      { value: "Ops", size: 25 },
      { value: "Finance", size: 60 },
      { value: "Legal", size: 25 },
      { value: "Support", size: 30 },
    ];
    expect(comparableCohortValues(visible, "Sales", new Set(["Support"]))).toEqual({ values: ["Finance", "Legal", "Ops"], more: 0 });
  });

  it("keeps the largest when there are many, and counts the rest", () => {
    const visible = Array.from({ length: PLAN_COMPARISON_MAX + 3 }, (_, index) => ({ value: `Team ${index}`, size: 10 + index }));
    const result = comparableCohortValues(visible, "Team 0", new Set());
    expect(result.values).toHaveLength(PLAN_COMPARISON_MAX);
    expect(result.values[0]).toBe(`Team ${PLAN_COMPARISON_MAX + 2}`);
    expect(result.more).toBe(2);
  });
});
