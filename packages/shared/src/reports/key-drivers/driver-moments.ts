/**
 * Sufficient statistics for correlations between a fixed, ordered vector of p variables: the count, the sum of each
 * variable and the sum of every product x_i·x_j. They are plain sums, so they fold one respondent at a time, merge by
 * adding and are stored as JSON; their size depends on p only, never on the number of responses
 * (docs/decisions/0077-key-drivers.md).
 */

/**
 * `sum[i]` = Σ x_i; `cross` = the upper triangle (diagonal included) of Σ x xᵀ, row by row:
 * (0,0), (0,1) … (0,p−1), (1,1) … (p−1,p−1); length p(p+1)/2.
 */
export interface DriverMoments {
  n: number;
  sum: number[];
  cross: number[];
}

/** A p×p (or q×p) matrix as rows. */
export type DriverMatrix = number[][];

/** Index of (i, j), i ≤ j, in the row-major upper triangle of a p×p matrix. */
export function driverCrossIndex(p: number, i: number, j: number): number {
  const row = Math.min(i, j);
  const column = Math.max(i, j);
  return row * p - (row * (row - 1)) / 2 + (column - row);
}

/** The number of variables the moments cover. */
export function driverMomentsSize(m: DriverMoments): number {
  return m.sum.length;
}

export function emptyDriverMoments(p: number): DriverMoments {
  if (!Number.isInteger(p) || p < 1) throw new RangeError(`a driver vector needs at least one variable, not ${p}`);
  return { n: 0, sum: new Array<number>(p).fill(0), cross: new Array<number>((p * (p + 1)) / 2).fill(0) };
}

/**
 * Adds one complete vector to the moments **in place** and returns them. The caller passes complete cases only
 * (see `toDriverVector`); a vector of the wrong length or holding a non-finite number is a programming error and throws.
 */
export function foldDriverVector(m: DriverMoments, x: readonly number[]): DriverMoments {
  const p = m.sum.length;
  if (x.length !== p) throw new RangeError(`expected a vector of ${p} numbers, got ${x.length}`);
  for (let i = 0; i < p; i += 1) if (!Number.isFinite(x[i])) throw new RangeError(`variable ${i} is not a finite number`);
  let k = 0;
  for (let i = 0; i < p; i += 1) {
    const xi = x[i];
    m.sum[i] += xi;
    for (let j = i; j < p; j += 1) {
      m.cross[k] += xi * x[j];
      k += 1;
    }
  }
  m.n += 1;
  return m;
}

/** New moments holding both groups (neither argument is changed); both must cover the same vector. */
export function mergeDriverMoments(a: DriverMoments, b: DriverMoments): DriverMoments {
  if (a.sum.length !== b.sum.length || a.cross.length !== b.cross.length) {
    throw new RangeError("driver moments over different vectors cannot be merged");
  }
  return {
    n: a.n + b.n,
    sum: a.sum.map((value, index) => value + b.sum[index]),
    cross: a.cross.map((value, index) => value + b.cross[index]),
  };
}

/** The mean of each variable (zeros when n is 0). */
export function driverMeansOf(m: DriverMoments): number[] {
  return m.sum.map((value) => (m.n > 0 ? value / m.n : 0));
}

/**
 * The p×p sample covariance matrix, (Σ x_i x_j − Σx_i Σx_j / n) / (n − 1); null when n < 2. A variance that rounding
 * pushes just below zero is read as 0.
 */
export function covarianceOf(m: DriverMoments): DriverMatrix | null {
  const p = m.sum.length;
  if (!(m.n >= 2)) return null;
  const cov: DriverMatrix = Array.from({ length: p }, () => new Array<number>(p).fill(0));
  let k = 0;
  for (let i = 0; i < p; i += 1) {
    for (let j = i; j < p; j += 1) {
      let value = (m.cross[k] - (m.sum[i] * m.sum[j]) / m.n) / (m.n - 1);
      if (i === j && value < 0) value = 0;
      cov[i][j] = value;
      cov[j][i] = value;
      k += 1;
    }
  }
  return cov;
}

/** A·cov·Aᵀ: the covariance of the linear combinations A·x (A is q×p, one row per combination). */
export function linearCovariance(cov: DriverMatrix, A: DriverMatrix): DriverMatrix {
  const p = cov.length;
  // A·cov first (q×p), then times Aᵀ.
  const left = A.map((row) => {
    if (row.length !== p) throw new RangeError(`a combination row needs ${p} weights, has ${row.length}`);
    const out = new Array<number>(p).fill(0);
    for (let k = 0; k < p; k += 1) {
      const weight = row[k];
      if (weight === 0) continue;
      const covRow = cov[k];
      for (let j = 0; j < p; j += 1) out[j] += weight * covRow[j];
    }
    return out;
  });
  return left.map((leftRow) =>
    A.map((row) => {
      let total = 0;
      for (let j = 0; j < p; j += 1) total += leftRow[j] * row[j];
      return total;
    }),
  );
}

/** A·mean: the means of the linear combinations A·x. */
export function linearMeans(mean: readonly number[], A: DriverMatrix): number[] {
  return A.map((row) => {
    if (row.length !== mean.length) throw new RangeError(`a combination row needs ${mean.length} weights, has ${row.length}`);
    let total = 0;
    for (let j = 0; j < row.length; j += 1) total += row[j] * mean[j];
    return total;
  });
}

/** A JSON value read back as driver moments over p variables, or null when it is not one (finite sums, n ≥ 0). */
export function reviveDriverMoments(data: unknown, p: number): DriverMoments | null {
  if (!data || typeof data !== "object") return null;
  const { n, sum, cross } = data as Record<string, unknown>;
  if (typeof n !== "number" || !Number.isInteger(n) || n < 0) return null;
  if (!Array.isArray(sum) || sum.length !== p || !Array.isArray(cross) || cross.length !== (p * (p + 1)) / 2) return null;
  const finite = (value: unknown) => typeof value === "number" && Number.isFinite(value);
  if (!sum.every(finite) || !cross.every(finite)) return null;
  return { n, sum: [...(sum as number[])], cross: [...(cross as number[])] };
}
