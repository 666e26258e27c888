/**
 * 95% confidence intervals from running moments {n, sum, sumSq}, so they can be kept in an aggregate and merged.
 * See docs/decisions/0012-score-engine.md ("Confidence intervals").
 */
import { roundTo, SCORE_MAX } from "./format.js";

/** Running moments of a set of numbers: how many, their sum and the sum of their squares. */
export interface Moments {
  n: number;
  sum: number;
  sumSq: number;
}

export function emptyMoments(): Moments {
  return { n: 0, sum: 0, sumSq: 0 };
}

/** Two-sided 95% Student t critical values for 1..30 degrees of freedom (index = df). */
const T_95_SMALL = [
  Number.NaN,
  12.706,
  4.303,
  3.182,
  2.776,
  2.571,
  2.447,
  2.365,
  2.306,
  2.262,
  2.228,
  2.201,
  2.179,
  2.16,
  2.145,
  2.131,
  2.12,
  2.11,
  2.101,
  2.093,
  2.086,
  2.08,
  2.074,
  2.069,
  2.064,
  2.06,
  2.056,
  2.052,
  2.048,
  2.045,
  2.042,
];
/** Beyond 30: the value at the largest listed df not above the actual df (conservative), then the normal 1.96. */
const T_95_LARGE: readonly (readonly [number, number])[] = [
  [120, 1.98],
  [60, 2.0],
  [40, 2.021],
];
export const Z_95 = 1.96;

/** Two-sided 95% t critical value for `df` degrees of freedom; 1.96 above 120 (and for a df that is not ≥ 1). */
export function tCritical95(df: number): number {
  if (!Number.isFinite(df) || df < 1) return Z_95;
  const whole = Math.floor(df);
  if (whole <= 30) return T_95_SMALL[whole];
  if (whole > 120) return Z_95;
  for (const [atLeast, value] of T_95_LARGE) if (whole >= atLeast) return value;
  return T_95_SMALL[30];
}

/** Bounds on the 1..5 scale, two decimals (the shape of the report contract's `ci`). */
export interface ConfidenceInterval {
  low: number;
  high: number;
}

/** Mean of the moments, or 0 when there are none. */
export function momentsMean(moments: Moments): number {
  return moments.n > 0 ? moments.sum / moments.n : 0;
}

/**
 * The 95% interval centre ± t(n−1) · s / √n, with s the sample standard deviation (n − 1 in the denominator), clamped
 * to the 1..5 scale and rounded to two decimals. `centre` defaults to the moments' mean. Null when n < 2.
 */
export function confidenceInterval95(moments: Moments, centre = momentsMean(moments)): ConfidenceInterval | null {
  const { n, sum, sumSq } = moments;
  if (!(n >= 2) || !Number.isFinite(sum) || !Number.isFinite(sumSq) || !Number.isFinite(centre)) return null;
  const variance = Math.max(0, (sumSq - (sum * sum) / n) / (n - 1));
  const halfWidth = tCritical95(n - 1) * Math.sqrt(variance / n);
  return {
    low: roundTo(Math.max(1, centre - halfWidth), 2),
    high: roundTo(Math.min(SCORE_MAX, centre + halfWidth), 2),
  };
}
