import { describe, expect, it } from "vitest";
import { correlationWithInterval, FISHER_Z_90, fisherInterval90, pearsonFromCovariance } from "./correlation.js";
import {
  covarianceOf,
  type DriverMatrix,
  driverCrossIndex,
  driverMeansOf,
  emptyDriverMoments,
  foldDriverVector,
  linearCovariance,
  linearMeans,
  mergeDriverMoments,
  reviveDriverMoments,
} from "./driver-moments.js";
import {
  LOWI_DRIVER_KEYS,
  LOWI_DRIVER_SIZE,
  LOWI_LOVE_REST_SCORES,
  LOWI_LOVE_SCORE,
  LOWI_RECOMMEND_INDEX,
  LOWI_SPARK_AREA_DRIVERS,
  lowiDriverVectorFromAnswers,
  toDriverVector,
} from "./lowi-driver-layout.js";
import { relativeWeights, symmetricEigen } from "./relative-weights.js";

const rows = [
  [1, 2, 4],
  [2, 2, 5],
  [3, 5, 1],
  [4, 4, 2],
  [5, 3, 3],
  [2, 1, 4],
];

function foldAll(vectors: readonly number[][], p = 3) {
  const moments = emptyDriverMoments(p);
  for (const vector of vectors) foldDriverVector(moments, vector);
  return moments;
}

function expectMatrixClose(actual: DriverMatrix, expected: DriverMatrix, digits = 12): void {
  expect(actual.length).toBe(expected.length);
  actual.forEach((row, i) => {
    row.forEach((value, j) => {
      expect(value).toBeCloseTo(expected[i][j], digits);
    });
  });
}

describe("driver moments", () => {
  it("keeps the upper triangle row by row", () => {
    const moments = foldAll([[1, 2, 3]]);
    expect(moments).toEqual({ n: 1, sum: [1, 2, 3], cross: [1, 2, 3, 4, 6, 9] });
    expect([0, 1, 2, 3].map((j) => driverCrossIndex(4, 1, j))).toEqual([1, 4, 5, 6]);
  });

  it("merging two halves equals folding everything, and leaves the halves alone", () => {
    const first = foldAll(rows.slice(0, 2));
    const second = foldAll(rows.slice(2));
    const firstCopy = structuredClone(first);
    expect(mergeDriverMoments(first, second)).toEqual(foldAll(rows));
    expect(first).toEqual(firstCopy);
  });

  it("gives the sample covariance (n − 1) of the raw numbers", () => {
    const cov = covarianceOf(foldAll(rows))!;
    const n = rows.length;
    const mean = [0, 1, 2].map((j) => rows.reduce((total, row) => total + row[j], 0) / n);
    const direct = [0, 1, 2].map((i) =>
      [0, 1, 2].map((j) => rows.reduce((total, row) => total + (row[i] - mean[i]) * (row[j] - mean[j]), 0) / (n - 1)),
    );
    expectMatrixClose(cov, direct);
    expect(driverMeansOf(foldAll(rows))).toEqual(mean);
    expect(covarianceOf(foldAll(rows.slice(0, 1)))).toBeNull();
  });

  it("derives the moments of composites exactly from the items' moments", () => {
    const A = [
      [0.5, 0.5, 0],
      [0, 0, 1],
      [1 / 3, 1 / 3, 1 / 3],
    ];
    const composites = rows.map((row) => linearMeans(row, A));
    expectMatrixClose(linearCovariance(covarianceOf(foldAll(rows))!, A), covarianceOf(foldAll(composites))!);
    const means = linearMeans(driverMeansOf(foldAll(rows)), A);
    driverMeansOf(foldAll(composites)).forEach((value, index) => {
      expect(value).toBeCloseTo(means[index], 12);
    });
  });

  it("refuses a vector of the wrong size or with a gap, and revives stored moments", () => {
    expect(() => foldDriverVector(emptyDriverMoments(3), [1, 2])).toThrow(RangeError);
    expect(() => foldDriverVector(emptyDriverMoments(2), [1, Number.NaN])).toThrow(RangeError);
    expect(() => mergeDriverMoments(emptyDriverMoments(2), emptyDriverMoments(3))).toThrow(RangeError);
    const stored = JSON.parse(JSON.stringify(foldAll(rows)));
    expect(reviveDriverMoments(stored, 3)).toEqual(foldAll(rows));
    expect(reviveDriverMoments(stored, 4)).toBeNull();
    expect(reviveDriverMoments({ ...stored, n: -1 }, 3)).toBeNull();
  });
});

describe("the LOWI driver vector", () => {
  const complete = Object.fromEntries(LOWI_DRIVER_KEYS.map((key, index) => [key, index === LOWI_RECOMMEND_INDEX ? 2 : 4]));

  it("holds 20 agree items then recommend, turned round to 11 − value", () => {
    expect(LOWI_DRIVER_SIZE).toBe(21);
    expect(LOWI_DRIVER_KEYS[0]).toBe("lowi_teamwork");
    expect(LOWI_DRIVER_KEYS[LOWI_RECOMMEND_INDEX]).toBe("lowi_recommend");
    const vector = toDriverVector(complete)!;
    expect(vector.slice(0, 20).every((value) => value === 4)).toBe(true);
    expect(vector[LOWI_RECOMMEND_INDEX]).toBe(9);
  });

  it("is null when an answer is missing or out of range", () => {
    expect(toDriverVector({ ...complete, lowi_trust: null })).toBeNull();
    expect(toDriverVector({ ...complete, lowi_love_ceo: 6 })).toBeNull();
    expect(toDriverVector({ ...complete, lowi_recommend: 0 })).toBeNull();
    const { lowi_belonging: _, ...withoutOne } = complete;
    expect(toDriverVector(withoutOne)).toBeNull();
  });

  it("reads stored answers as aggregate.ts scores them", () => {
    const answers = Object.fromEntries(LOWI_DRIVER_KEYS.map((key) => [key, "Agree"]));
    expect(lowiDriverVectorFromAnswers({ ...answers, lowi_recommend: "Very Likely" })![LOWI_RECOMMEND_INDEX]).toBe(10);
    expect(lowiDriverVectorFromAnswers({ ...answers, lowi_recommend: 11 })![LOWI_RECOMMEND_INDEX]).toBe(1);
    expect(lowiDriverVectorFromAnswers({ ...answers, lowi_recommend: "3" })!.slice(0, 2)).toEqual([4, 4]);
    expect(lowiDriverVectorFromAnswers({ ...answers, lowi_recommend: "3", lowi_growth: "Maybe" })).toBeNull();
    expect(lowiDriverVectorFromAnswers(null)).toBeNull();
  });

  it("builds the SPARK areas from competency items only and each rest score from the other four love items", () => {
    for (const area of LOWI_SPARK_AREA_DRIVERS) {
      expect(area.row.slice(15).every((weight) => weight === 0)).toBe(true);
      expect(area.row.reduce((total, weight) => total + weight, 0)).toBeCloseTo(1, 12);
    }
    expect(LOWI_SPARK_AREA_DRIVERS.find((area) => area.key === "Respect")!.row.filter((weight) => weight > 0).length).toBe(4);
    expect(LOWI_LOVE_SCORE.row.slice(15, 20)).toEqual([0.2, 0.2, 0.2, 0.2, 0.2]);
    LOWI_LOVE_REST_SCORES.forEach((rest, index) => {
      expect(rest.row[15 + index]).toBe(0);
      expect(rest.row.slice(15, 20).filter((weight) => weight === 0.25).length).toBe(4);
    });
  });
});

describe("correlation and its Fisher interval", () => {
  it("reads r from a covariance matrix", () => {
    const cov = [
      [4, 3],
      [3, 9],
    ];
    expect(pearsonFromCovariance(cov, 0, 1)).toBeCloseTo(0.5, 12);
    expect(
      pearsonFromCovariance(
        [
          [0, 0],
          [0, 1],
        ],
        0,
        1,
      ),
    ).toBeNull();
  });

  it("is tanh(atanh r ± 1.6448536 / √(n − 3))", () => {
    // r 0.5, n 28: z = 0.5493061, half width 1.6448536 / 5 = 0.3289707 → tanh(0.2203354) = 0.2168377, tanh(0.8782768) = 0.7055550.
    const interval = fisherInterval90(0.5, 28)!;
    expect(FISHER_Z_90).toBe(1.6448536);
    expect(interval.low).toBeCloseTo(0.2168377, 6);
    expect(interval.high).toBeCloseTo(0.705555, 6);
    expect(fisherInterval90(0.5, 3)).toBeNull();
    expect(fisherInterval90(1, 10)).toEqual({ low: 1, high: 1 });
  });

  it("is null under 4 respondents or with a variance of 0", () => {
    const cov = covarianceOf(foldAll(rows))!;
    expect(correlationWithInterval(cov, 3, 0, 1)).toBeNull();
    expect(correlationWithInterval(cov, 6, 0, 1)).toMatchObject({ n: 6 });
    const flat = covarianceOf(foldAll(rows.map((row) => [row[0], 3, row[2]])))!;
    expect(correlationWithInterval(flat, 6, 0, 1)).toBeNull();
  });
});

describe("Jacobi eigen-decomposition", () => {
  it("finds the eigenvalues of a small known matrix", () => {
    const eigen = symmetricEigen([
      [2, 1],
      [1, 2],
    ]);
    expect([...eigen.values].sort()).toEqual([expect.closeTo(1, 12), expect.closeTo(3, 12)]);
  });

  it("rebuilds the matrix as V diag(λ) Vᵀ with orthonormal V", () => {
    const matrix = [
      [1, 0.4, 0.3, -0.2],
      [0.4, 1, 0.5, 0.1],
      [0.3, 0.5, 1, 0.25],
      [-0.2, 0.1, 0.25, 1],
    ];
    const { values, vectors } = symmetricEigen(matrix);
    const size = matrix.length;
    const rebuilt = matrix.map((_, i) =>
      matrix.map((__, j) => values.reduce((total, value, k) => total + vectors[i][k] * value * vectors[j][k], 0)),
    );
    expectMatrixClose(rebuilt, matrix);
    const gram = Array.from({ length: size }, (_, a) =>
      Array.from({ length: size }, (__, b) => vectors.reduce((total, row) => total + row[a] * row[b], 0)),
    );
    expectMatrixClose(
      gram,
      matrix.map((_, i) => matrix.map((__, j) => (i === j ? 1 : 0))),
    );
  });
});

describe("relative weights", () => {
  it("gives each orthogonal predictor its r² and R² their sum", () => {
    const identity = [
      [1, 0, 0],
      [0, 1, 0],
      [0, 0, 1],
    ];
    const { weights } = relativeWeights(identity, [0.3, 0.5, -0.2]);
    expect(weights!.rawWeights).toEqual([0.09, 0.25, 0.04].map((value) => expect.closeTo(value, 12)));
    expect(weights!.rSquared).toBeCloseTo(0.38, 12);
  });

  it("adds up to the multiple R² of correlated predictors, with shares adding to 100", () => {
    // R² = rxyᵀ Rxx⁻¹ rxy = (0.36 + 0.16 − 2 · 0.5 · 0.6 · 0.4) / (1 − 0.25) = 0.3733…
    const { weights } = relativeWeights(
      [
        [1, 0.5],
        [0.5, 1],
      ],
      [0.6, 0.4],
    );
    expect(weights!.rSquared).toBeCloseTo(0.28 / 0.75, 12);
    expect(weights!.shares.reduce((total, share) => total + share, 0)).toBeCloseTo(100, 10);
    expect(weights!.shares[0]).toBeGreaterThan(weights!.shares[1]);
  });

  it("returns null with a reason for a singular matrix", () => {
    const outcome = relativeWeights(
      [
        [1, 1],
        [1, 1],
      ],
      [0.5, 0.5],
    );
    expect(outcome.weights).toBeNull();
    expect(outcome.reason).toMatch(/singular/);
    expect(relativeWeights([[1]], [0.5, 0.1]).reason).toMatch(/square symmetric/);
    expect(relativeWeights([], []).weights).toBeNull();
  });
});
