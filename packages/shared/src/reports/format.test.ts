import { describe, expect, it } from "vitest";
import { formatComparison, isBarHidden, percentOfMax, roundTo, shareOf, toShares } from "./format.js";

describe("rounding and shares", () => {
  it("rounds half away from zero on the decimal value, never giving -0 or NaN", () => {
    expect(roundTo(1.005, 2)).toBe(1.01); // 1.005 is 1.00499999… in binary; decimal rounding still gives 1.01
    expect(roundTo(6.25, 1)).toBe(6.3);
    expect(roundTo(-2.25, 1)).toBe(-2.3);
    expect(Object.is(roundTo(-0.04, 1), 0)).toBe(true);
    expect(roundTo(Number.NaN, 1)).toBe(0);
    expect(roundTo(1e-9, 1)).toBe(0);
  });

  it("divides each value by the total as a percentage with one decimal", () => {
    expect(toShares([1, 2])).toEqual([33.3, 66.7]); // 1/3 = 33.33…; 2/3 = 66.66…
    expect(toShares([1, 1, 1])).toEqual([33.3, 33.3, 33.3]);
    expect(toShares([1, 15])).toEqual([6.3, 93.8]); // 1/16 = 6.25 → 6.3; 15/16 = 93.75 → 93.8
    expect(toShares([0, 0, 0])).toEqual([0, 0, 0]);
    expect(toShares([])).toEqual([]);
    expect(shareOf(2, 3)).toBe(66.7);
    expect(shareOf(1, 0)).toBe(0);
  });

  it("shows scores as a percent of 5", () => {
    expect(percentOfMax(4.2)).toBe(84);
    expect(percentOfMax(4.363)).toBe(87.3); // 4.363 / 5 = 0.8726
    expect(percentOfMax(0)).toBe(0);
  });
});

describe("benchmark comparison", () => {
  it("is the signed relative difference to the benchmark, one decimal", () => {
    expect(formatComparison(4.5, 4)).toBe("+12.5%"); // (4.5 − 4) / 4 = 0.125
    expect(formatComparison(4.2, 4.4)).toBe("-4.5%"); // −0.2 / 4.4 = −0.04545…
    expect(formatComparison(4.4, 4.4)).toBe("0.0%");
    expect(formatComparison(4.4001, 4.4)).toBe("0.0%"); // +0.0023% rounds to 0
  });

  it('shows "-%" when either side is 0 or missing', () => {
    expect(formatComparison(0, 4.4)).toBe("-%");
    expect(formatComparison(4.4, 0)).toBe("-%");
    expect(formatComparison(4.4, null)).toBe("-%");
    expect(formatComparison(Number.NaN, 4)).toBe("-%");
  });

  it("hides a bar only when value and benchmark are both 0", () => {
    expect(isBarHidden(0, 0)).toBe(true);
    expect(isBarHidden(0, null)).toBe(true);
    expect(isBarHidden(0, 4.2)).toBe(false);
    expect(isBarHidden(3, 0)).toBe(false);
  });
});
