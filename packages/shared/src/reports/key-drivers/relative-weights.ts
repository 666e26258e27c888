/**
 * Johnson's (2000) relative weights: how much of the variance an outcome shares with a set of correlated drivers each
 * driver accounts for (docs/decisions/0077-key-drivers.md). The symmetric square root of the drivers' correlation
 * matrix comes from a cyclic Jacobi eigen-decomposition written here.
 */
import type { DriverMatrix } from "./driver-moments.js";

/** An eigenvalue at or below this makes the drivers' correlation matrix singular for our purpose. */
export const RELATIVE_WEIGHTS_MIN_EIGENVALUE = 1e-10;
const MAX_SWEEPS = 100;
const OFF_DIAGONAL_TOLERANCE = 1e-15;

/** `values[k]` is an eigenvalue and column k of `vectors` (vectors[i][k]) its unit eigenvector. */
export interface SymmetricEigen {
  values: number[];
  vectors: DriverMatrix;
}

function offDiagonalSquares(a: DriverMatrix): number {
  let total = 0;
  for (let i = 0; i < a.length; i += 1) for (let j = i + 1; j < a.length; j += 1) total += 2 * a[i][j] * a[i][j];
  return total;
}

/**
 * Eigenvalues and eigenvectors of a symmetric matrix by cyclic Jacobi rotations: each rotation in the (p, q) plane
 * zeroes a[p][q]; sweeps repeat until the off-diagonal mass is negligible against the whole matrix. The input is not
 * changed. Eigenpairs come in no particular order.
 */
export function symmetricEigen(matrix: DriverMatrix): SymmetricEigen {
  const size = matrix.length;
  const a = matrix.map((row) => [...row]);
  const v: DriverMatrix = Array.from({ length: size }, (_, i) => Array.from({ length: size }, (_, j) => (i === j ? 1 : 0)));
  let total = 0;
  for (const row of a) for (const value of row) total += value * value;
  const stop = OFF_DIAGONAL_TOLERANCE * OFF_DIAGONAL_TOLERANCE * total;

  for (let sweep = 0; sweep < MAX_SWEEPS && offDiagonalSquares(a) > stop; sweep += 1) {
    for (let p = 0; p < size - 1; p += 1) {
      for (let q = p + 1; q < size; q += 1) {
        const apq = a[p][q];
        if (apq === 0) continue;
        // tan φ is the smaller root of t² + 2θt − 1 = 0, which makes the rotated (p, q) entry zero.
        const theta = (a[q][q] - a[p][p]) / (2 * apq);
        const t = (theta >= 0 ? 1 : -1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        const c = 1 / Math.sqrt(t * t + 1);
        const s = t * c;
        // A ← Jᵀ A J, with J the identity except J[p][p] = J[q][q] = c, J[p][q] = s, J[q][p] = −s.
        for (let r = 0; r < size; r += 1) {
          const arp = a[r][p];
          const arq = a[r][q];
          a[r][p] = c * arp - s * arq;
          a[r][q] = s * arp + c * arq;
        }
        for (let r = 0; r < size; r += 1) {
          const apr = a[p][r];
          const aqr = a[q][r];
          a[p][r] = c * apr - s * aqr;
          a[q][r] = s * apr + c * aqr;
        }
        a[p][q] = 0;
        a[q][p] = 0;
        // V ← V J collects the rotations: its columns become the eigenvectors.
        for (let r = 0; r < size; r += 1) {
          const vrp = v[r][p];
          const vrq = v[r][q];
          v[r][p] = c * vrp - s * vrq;
          v[r][q] = s * vrp + c * vrq;
        }
      }
    }
  }
  return { values: a.map((row, i) => row[i]), vectors: v };
}

/** V · diag(f(λ)) · Vᵀ: a function of a symmetric matrix through its eigen-decomposition. */
function spectralFunction(eigen: SymmetricEigen, f: (value: number) => number): DriverMatrix {
  const { values, vectors } = eigen;
  const size = values.length;
  const scaled = values.map(f);
  return Array.from({ length: size }, (_, i) =>
    Array.from({ length: size }, (_, j) => {
      let total = 0;
      for (let k = 0; k < size; k += 1) total += vectors[i][k] * scaled[k] * vectors[j][k];
      return total;
    }),
  );
}

export interface RelativeWeights {
  /** ε_j = Σ_k Λ_jk² β_k²: driver j's part of R². */
  rawWeights: number[];
  /** Σ ε_j, the R² of the outcome on all the drivers together. */
  rSquared: number;
  /** Each raw weight as a percent of R² (they add to 100); all 0 when R² is 0. Not rounded. */
  shares: number[];
}

/** Weights, or null with the reason they cannot be given. */
export type RelativeWeightsOutcome = { weights: RelativeWeights; reason: null } | { weights: null; reason: string };

function isSymmetric(matrix: DriverMatrix): boolean {
  const size = matrix.length;
  for (let i = 0; i < size; i += 1) {
    if (matrix[i].length !== size) return false;
    for (let j = 0; j < size; j += 1) {
      if (!Number.isFinite(matrix[i][j]) || Math.abs(matrix[i][j] - matrix[j][i]) > 1e-9) return false;
    }
  }
  return true;
}

/**
 * Relative weights from the drivers' correlation matrix `rxx` (k×k) and their correlations with the outcome `rxy`
 * (length k): Λ = Rxx^½ = V diag(√λ) Vᵀ, β = Λ⁻¹ rxy = V diag(1/√λ) Vᵀ rxy, ε_j = Σ_k Λ_jk² β_k², R² = Σ ε_j.
 * Null with a reason when the input is malformed or Rxx is singular or nearly so (an eigenvalue ≤ 1e-10: some driver
 * is a linear combination of the others, so the split between them is not defined).
 */
export function relativeWeights(rxx: DriverMatrix, rxy: readonly number[]): RelativeWeightsOutcome {
  const size = rxx.length;
  if (size === 0) return { weights: null, reason: "there are no drivers" };
  if (rxy.length !== size || !isSymmetric(rxx) || !rxy.every(Number.isFinite)) {
    return { weights: null, reason: "the correlations are not a square symmetric matrix and a matching vector of finite numbers" };
  }
  const eigen = symmetricEigen(rxx);
  const smallest = Math.min(...eigen.values);
  if (!(smallest > RELATIVE_WEIGHTS_MIN_EIGENVALUE)) {
    return {
      weights: null,
      reason: `the drivers' correlation matrix is singular or nearly so (smallest eigenvalue ${smallest.toExponential(2)}): some driver is a linear combination of the others`,
    };
  }
  const lambda = spectralFunction(eigen, Math.sqrt);
  const inverseRoot = spectralFunction(eigen, (value) => 1 / Math.sqrt(value));
  const beta = inverseRoot.map((row) => row.reduce((total, value, k) => total + value * rxy[k], 0));
  const rawWeights = lambda.map((row) => row.reduce((total, value, k) => total + value * value * beta[k] * beta[k], 0));
  const rSquared = rawWeights.reduce((total, value) => total + value, 0);
  const shares = rawWeights.map((value) => (rSquared > 0 ? (value / rSquared) * 100 : 0));
  return { weights: { rawWeights, rSquared, shares }, reason: null };
}
