import { describe, expect, test } from "vitest";
import { describePublication, formatLowiScore, formatPercent, formatScore, formatShare, sharePercent } from "./figures.js";

describe("figures: one rounding for every place a number is shown", () => {
  test("scores have two decimals, half away from zero, exactly for decimal inputs", () => {
    expect(formatScore(3.555)).toBe("3.56");
    expect(formatScore(1.005)).toBe("1.01");
    expect(formatScore(4)).toBe("4.00");
    expect(formatScore(Number.NaN)).toBe("0.00");
  });
  test("percentages have one decimal", () => {
    expect(formatPercent(71.05)).toBe("71.1%");
    expect(formatPercent(0)).toBe("0.0%");
    expect(formatPercent(Number.POSITIVE_INFINITY)).toBe("0.0%");
  });
  test("the LOWI score reads as a score out of 5 and its percent of 5", () => {
    expect(formatLowiScore(3.55)).toBe("3.55 out of 5 (71.0%)");
  });
  test("a share just under a bar is never written as the bar", () => {
    expect(sharePercent(6996, 10000, 70)).toBe(69.9);
    expect(formatShare(6996, 10000)).toBe("70.0%");
    expect(formatShare(7000, 10000, 70)).toBe("70.0%");
    expect(formatShare(723, 1000, 70)).toBe("72.3%");
    expect(formatShare(1, 0)).toBe("0.0%");
  });
  test("the publication note says why a report counts fewer responses than the survey", () => {
    expect(describePublication(24, 24, 5)).toBeNull();
    expect(describePublication(20, 24, 5)).toBe(
      "20 of 24 responses are published. Responses publish together in blocks of 5 so that no single answer can be singled out: 4 are waiting for the next block to fill.",
    );
    expect(describePublication(0, 1, 3)).toContain("1 is waiting");
  });
});
