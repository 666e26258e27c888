/**
 * Number rules every report shares (spec surveys §5 "Comments, cohorts and scores"): rounding, shares, the benchmark
 * comparison text and hidden bars. See docs/decisions/0012-score-engine.md.
 */

/** Scores are on 1..5 and shown "out of 5". */
export const SCORE_MAX = 5;

/**
 * Rounds half away from zero to `decimals` places, exactly for decimal inputs (1.005 → 1.01, 6.25 → 6.3, -2.25 → -2.3).
 * Never returns -0, NaN or Infinity (non-finite input gives 0).
 */
export function roundTo(value: number, decimals: number): number {
  if (!Number.isFinite(value)) return 0;
  const magnitude = Math.abs(value);
  const text = String(magnitude);
  // Shifting through the decimal text avoids 1.005 * 100 = 100.49999…; tiny or huge numbers print with an exponent.
  const shifted = text.includes("e") ? Math.round(magnitude * 10 ** decimals) : Math.round(Number(`${text}e${decimals}`));
  const result = Number(`${shifted}e-${decimals}`);
  if (result === 0) return 0;
  return value < 0 ? -result : result;
}

/** Each value as a percentage of their total, rounded to one decimal; a total of 0 gives all zeros. */
export function toShares(values: readonly number[]): number[] {
  const total = values.reduce((sum, value) => sum + (Number.isFinite(value) && value > 0 ? value : 0), 0);
  if (total === 0) return values.map(() => 0);
  return values.map((value) => (Number.isFinite(value) && value > 0 ? roundTo((value / total) * 100, 1) : 0));
}

/** One value's share of a total, as `toShares` would give it. */
export function shareOf(value: number, total: number): number {
  if (!Number.isFinite(total) || total <= 0 || !Number.isFinite(value) || value <= 0) return 0;
  return roundTo((value / total) * 100, 1);
}

/** A score as a percent of 5, rounded to one decimal (4.2 → 84). */
export function percentOfMax(score: number): number {
  return roundTo((score / SCORE_MAX) * 100, 1);
}

/** The text shown when a comparison cannot be made (either side is 0 or missing). */
export const NO_COMPARISON = "-%";

/**
 * The benchmark comparison text: the relative difference (value − benchmark) / benchmark × 100, rounded half away from
 * zero to one decimal, signed: "+12.5%", "-4.5%", "0.0%". "-%" when either side is 0, missing or not a number.
 */
export function formatComparison(value: number | null | undefined, benchmark: number | null | undefined): string {
  if (!value || !benchmark || !Number.isFinite(value) || !Number.isFinite(benchmark)) return NO_COMPARISON;
  const difference = roundTo(((value - benchmark) / benchmark) * 100, 1);
  if (difference > 0) return `+${difference.toFixed(1)}%`;
  if (difference < 0) return `${difference.toFixed(1)}%`;
  return "0.0%";
}

/** A bar is hidden when both the value and its benchmark are 0 (a missing benchmark counts as 0). */
export function isBarHidden(value: number | null | undefined, benchmark: number | null | undefined): boolean {
  return !value && !benchmark;
}
