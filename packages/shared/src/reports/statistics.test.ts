import { describe, expect, it } from "vitest";
import { confidenceInterval95, tCritical95 } from "./statistics.js";

const moments = (values: number[]) => ({
  n: values.length,
  sum: values.reduce((sum, value) => sum + value, 0),
  sumSq: values.reduce((sum, value) => sum + value * value, 0),
});

describe("95% confidence intervals", () => {
  it("uses t for small samples, conservatively between table rows, and 1.96 beyond 120", () => {
    expect(tCritical95(1)).toBe(12.706);
    expect(tCritical95(9)).toBe(2.262);
    expect(tCritical95(30)).toBe(2.042);
    expect(tCritical95(35)).toBe(2.042);
    expect(tCritical95(40)).toBe(2.021);
    expect(tCritical95(60)).toBe(2);
    expect(tCritical95(120)).toBe(1.98);
    expect(tCritical95(121)).toBe(1.96);
    expect(tCritical95(0)).toBe(1.96);
  });

  it("is mean ± t·s/√n with the sample standard deviation (hand-computed)", () => {
    // Five 4s and five 5s: n 10, sum 45, sumSq 5·16 + 5·25 = 205, mean 4.5.
    // s² = (205 − 45²/10) / 9 = 2.5 / 9 = 0.2778; s/√n = √(0.2778 / 10) = 0.16667; t(9) = 2.262.
    // Half width 2.262 × 0.16667 = 0.377 → [4.123, 4.877] → [4.12, 4.88].
    expect(confidenceInterval95(moments([4, 4, 4, 4, 4, 5, 5, 5, 5, 5]))).toEqual({ low: 4.12, high: 4.88 });
  });

  it("clamps to the 1..5 scale and can be centred elsewhere", () => {
    // 4, 5, 3: mean 4, s² = (50 − 48) / 2 = 1, s/√n = 0.57735, t(2) = 4.303 → ± 2.4843 → [1.5157, 6.4843] → [1.52, 5].
    expect(confidenceInterval95(moments([4, 5, 3]))).toEqual({ low: 1.52, high: 5 });
    expect(confidenceInterval95(moments([4, 4, 4, 4, 4, 5, 5, 5, 5, 5]), 4)).toEqual({ low: 3.62, high: 4.38 });
  });

  it("is null below two values and a point when every value is the same", () => {
    expect(confidenceInterval95(moments([4]))).toBeNull();
    expect(confidenceInterval95(moments([]))).toBeNull();
    expect(confidenceInterval95(moments([3, 3]))).toEqual({ low: 3, high: 3 });
  });
});
