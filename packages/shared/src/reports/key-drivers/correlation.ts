/**
 * Pearson correlations read from a covariance matrix, with a 90% interval by Fisher's z transformation
 * (docs/decisions/0077-key-drivers.md).
 */
import type { DriverMatrix } from "./driver-moments.js";

/** The standard normal quantile of 0.95: a two-sided 90% interval. */
export const FISHER_Z_90 = 1.6448536;
/** The fewest respondents an interval is given for (the standard error 1/√(n − 3) needs n > 3). */
export const CORRELATION_MIN_N = 4;
/** A variance at or below this is read as 0 (scores live on 1..10 scales, so real spread is far above it). */
const ZERO_VARIANCE = 1e-12;

export interface CorrelationInterval {
  low: number;
  high: number;
}

export interface Correlation {
  r: number;
  interval: CorrelationInterval;
  n: number;
}

/** r of variables i and j, clamped to −1..1; null when either variance is 0. */
export function pearsonFromCovariance(cov: DriverMatrix, i: number, j: number): number | null {
  const vi = cov[i][i];
  const vj = cov[j][j];
  if (!(vi > ZERO_VARIANCE) || !(vj > ZERO_VARIANCE)) return null;
  const r = cov[i][j] / Math.sqrt(vi * vj);
  if (!Number.isFinite(r)) return null;
  return Math.max(-1, Math.min(1, r));
}

/** The full correlation matrix, or null when any variance is 0. */
export function correlationMatrix(cov: DriverMatrix): DriverMatrix | null {
  const p = cov.length;
  const result: DriverMatrix = Array.from({ length: p }, () => new Array<number>(p).fill(0));
  for (let i = 0; i < p; i += 1) {
    for (let j = i; j < p; j += 1) {
      const r = i === j ? (cov[i][i] > ZERO_VARIANCE ? 1 : null) : pearsonFromCovariance(cov, i, j);
      if (r === null) return null;
      result[i][j] = r;
      result[j][i] = r;
    }
  }
  return result;
}

/**
 * The 90% interval of r from n respondents: z = atanh r, se = 1/√(n − 3), tanh(z ± 1.6448536·se). Null when n < 4.
 * An r of exactly ±1 gives the degenerate interval [±1, ±1].
 */
export function fisherInterval90(r: number, n: number): CorrelationInterval | null {
  if (!Number.isFinite(r) || !(n >= CORRELATION_MIN_N)) return null;
  const z = Math.atanh(Math.max(-1, Math.min(1, r)));
  const half = FISHER_Z_90 / Math.sqrt(n - 3);
  return { low: Math.tanh(z - half), high: Math.tanh(z + half) };
}

/** r of variables i and j with its 90% interval; null when n < 4 or either variance is 0. */
export function correlationWithInterval(cov: DriverMatrix, n: number, i: number, j: number): Correlation | null {
  const r = pearsonFromCovariance(cov, i, j);
  if (r === null) return null;
  const interval = fisherInterval90(r, n);
  return interval === null ? null : { r, interval, n };
}
