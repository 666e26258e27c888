import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { emptyDriverMoments, foldDriverVector } from "./driver-moments.js";
import {
  COHORT_DRIVER_MIN_RESPONSES,
  computeKeyDrivers,
  type DriverKind,
  driverScope,
  KEY_DRIVER_METHOD,
  type KeyDriverOutcome,
} from "./key-drivers.js";
import { LOWI_DRIVER_KEYS, LOWI_DRIVER_SIZE, toDriverVector } from "./lowi-driver-layout.js";

/** reference-fixture.json, written by scripts/reference/key_drivers_reference.py. */
interface ReferenceDriver {
  r: number;
  low: number;
  high: number;
  weight: number | null;
  rawWeight: number | null;
}
interface ReferenceFamily {
  rSquared: number | null;
  drivers: Record<string, ReferenceDriver>;
}
interface Fixture {
  respondents: number;
  keys: string[];
  columns: Record<string, string>;
  expected: { n: number; outcomes: Record<KeyDriverOutcome, Record<DriverKind, ReferenceFamily>> };
}

const fixture = JSON.parse(readFileSync(new URL("./reference-fixture.json", import.meta.url), "utf8")) as Fixture;
const TOLERANCE = 0.005;

function fixtureMoments() {
  const answers = Object.fromEntries(fixture.keys.map((key) => [key, fixture.columns[key].split(" ")]));
  const moments = emptyDriverMoments(LOWI_DRIVER_SIZE);
  for (let respondent = 0; respondent < fixture.respondents; respondent += 1) {
    const scores: Record<string, number | null> = {};
    for (const key of fixture.keys) {
      const token = answers[key][respondent];
      scores[key] = token === "-" ? null : Number(token);
    }
    const vector = toDriverVector(scores);
    if (vector !== null) foldDriverVector(moments, vector);
  }
  return moments;
}

function near(actual: number | null | undefined, expected: number, label: string): void {
  expect(actual, label).not.toBeNull();
  expect(Math.abs((actual as number) - expected), `${label}: ${actual} against the reference ${expected}`).toBeLessThanOrEqual(TOLERANCE);
}

describe("key drivers against the independent reference fixture", () => {
  const moments = fixtureMoments();
  const result = computeKeyDrivers({ moments, scope: "company", favourability: {}, averageFavourability: 70 });

  it("keeps complete cases only, as the reference did", () => {
    expect(fixture.keys).toEqual([...LOWI_DRIVER_KEYS]);
    expect(moments.n).toBe(fixture.expected.n);
    expect(moments.n).toBeLessThan(fixture.respondents);
    expect(result.evidence).toEqual({ n: fixture.expected.n, method: KEY_DRIVER_METHOD, scope: "company" });
  });

  for (const outcome of ["love", "recommend"] as const) {
    it(`gives every ${outcome} number of the reference to ±${TOLERANCE}`, () => {
      const computed = result.outcomes[outcome];
      const reference = fixture.expected.outcomes[outcome];
      let checked = 0;
      for (const kind of ["item", "area", "loveArea"] as const) {
        const family = computed.families.find((entry) => entry.kind === kind)!;
        const expectedFamily = reference[kind];
        if (expectedFamily.rSquared === null) {
          expect(family.rSquared).toBeNull();
          expect(family.reason).toMatch(/part of the love score/);
        } else {
          near(family.rSquared, expectedFamily.rSquared, `${outcome} ${kind} R²`);
        }
        const drivers = computed.drivers.filter((driver) => driver.kind === kind);
        expect(drivers.map((driver) => driver.key).sort()).toEqual(Object.keys(expectedFamily.drivers).sort());
        for (const driver of drivers) {
          const expected = expectedFamily.drivers[driver.key];
          const label = `${outcome} ${kind} ${driver.key}`;
          near(driver.r, expected.r, `${label} r`);
          near(driver.interval?.low, expected.low, `${label} low`);
          near(driver.interval?.high, expected.high, `${label} high`);
          expect(driver.n).toBe(fixture.expected.n);
          if (expected.weight === null || expected.rawWeight === null) {
            expect(driver.weight, label).toBeNull();
          } else {
            near(driver.weight, expected.weight, `${label} weight`);
            near(((driver.weight as number) * (family.rSquared as number)) / 100, expected.rawWeight, `${label} raw weight`);
          }
          checked += 1;
        }
      }
      expect(checked).toBe(15 + 6 + 5);
    });
  }

  it("gives shares that add to 100 within each weighted family", () => {
    for (const outcome of ["love", "recommend"] as const) {
      for (const kind of ["item", "area", "loveArea"] as const) {
        const weights = result.outcomes[outcome].drivers.filter((driver) => driver.kind === kind).map((driver) => driver.weight);
        if (outcome === "love" && kind === "loveArea") expect(weights.every((weight) => weight === null)).toBe(true);
        else expect(weights.reduce((total: number, weight) => total + (weight as number), 0)).toBeCloseTo(100, 9);
      }
    }
  });
});

describe("driverScope", () => {
  const base = { threshold: 5, cohortReadable: true, hasDepartmentInsights: true };

  it("needs 30 complete responses for a cohort of its own", () => {
    expect(COHORT_DRIVER_MIN_RESPONSES).toBe(30);
    expect(driverScope({ ...base, n: 29 })).toBe("company");
    expect(driverScope({ ...base, n: 30 })).toBe("cohort");
  });

  it("needs the survey's threshold when it is above 30", () => {
    expect(driverScope({ ...base, threshold: 40, n: 39 })).toBe("company");
    expect(driverScope({ ...base, threshold: 40, n: 40 })).toBe("cohort");
  });

  it("is the company without DepartmentInsights or when the cohort cannot be read", () => {
    expect(driverScope({ ...base, n: 500, hasDepartmentInsights: false })).toBe("company");
    expect(driverScope({ ...base, n: 500, cohortReadable: false })).toBe("company");
    expect(driverScope({ ...base, n: 500, threshold: Number.NaN })).toBe("company");
  });
});

describe("strengths and opportunities (hand-built group of 10)", () => {
  // Love items all follow `b`; the recommend likelihood follows another pattern. Eight competency items follow `b`
  // closely (r 1, 0.95 or 0.90 with love), seven follow shifts of `noise`.
  const b = [1, 2, 3, 4, 5, 5, 4, 3, 2, 1];
  const b2 = [1, 2, 3, 4, 5, 5, 4, 3, 1, 2];
  const b3 = [2, 1, 3, 4, 5, 4, 5, 3, 2, 1];
  const noise = [3, 4, 2, 3, 3, 4, 2, 5, 3, 4];
  const shift = (k: number) => noise.map((_, i) => noise[(i + k) % noise.length]);
  const likelihood = [7, 3, 8, 4, 9, 2, 6, 5, 8, 3];
  // In LOWI_DRIVER_KEYS order: Teamwork, Growth, Contribution, Inclusivity, Future Focused, Competence, Perseverance,
  // Goal Oriented, then Values … Belonging, then the 5 love items, then recommend (instrument value 11 − likelihood).
  const columns = [b, b2, b3, b, b2, b3, b, b, shift(1), shift(2), shift(3), shift(4), shift(5), shift(6), shift(7), b, b, b, b, b];
  const moments = emptyDriverMoments(LOWI_DRIVER_SIZE);
  for (let i = 0; i < b.length; i += 1) {
    const scores = Object.fromEntries(LOWI_DRIVER_KEYS.map((key, index) => [key, index < 20 ? columns[index][i] : 11 - likelihood[i]]));
    foldDriverVector(moments, toDriverVector(scores)!);
  }
  const favourability: Record<string, number> = {
    lowi_teamwork: 90,
    lowi_growth: 85, // above the average, under its benchmark: a strength all the same (the benchmark bounds opportunities only)
    lowi_contribution: 70,
    lowi_inclusivity: 40,
    lowi_future_focused: 50, // benchmark 75
    lowi_competence: 55, // under the average but above its benchmark: neither
    lowi_perseverance: 100,
    lowi_goal_oriented: 65,
    lowi_values: 95,
    lowi_honesty: 95,
    lowi_accountability: 95,
    lowi_psychological_safety: 95,
    lowi_appreciation: 95,
    lowi_trust: 95,
    lowi_belonging: 95,
    PositiveVisionOfFuture: 30,
    lowi_love_manager: 99,
  };
  const benchmarks = { lowi_growth: 88, lowi_future_focused: 75, lowi_competence: 50 };
  const result = computeKeyDrivers({ moments, scope: "cohort", favourability, averageFavourability: 60, benchmarks });
  const love = result.outcomes.love;
  const recommend = result.outcomes.recommend;
  const driver = (outcome: KeyDriverOutcome, key: string) => result.outcomes[outcome].drivers.find((entry) => entry.key === key)!;

  it("marks high impact: interval above 0 and r in the top half of its family", () => {
    const highItems = love.drivers.filter((entry) => entry.kind === "item" && entry.highImpact).map((entry) => entry.key);
    expect(highItems).toEqual(LOWI_DRIVER_KEYS.slice(0, 8));
    expect(driver("love", "lowi_teamwork").r).toBeCloseTo(1, 12);
    expect(driver("love", "lowi_growth").r).toBeCloseTo(0.95, 12);
    expect(driver("love", "lowi_contribution").r).toBeCloseTo(0.9, 12);
    // Systemic Collaboration's interval is above 0, but its r is under the median of the six areas.
    const systemic = driver("love", "SystemicCollaboration");
    expect(systemic.interval!.low).toBeGreaterThan(0);
    expect(systemic.highImpact).toBe(false);
    // Every love area correlates 1 with its rest score: ties at the median all count as high.
    expect(love.drivers.filter((entry) => entry.kind === "loveArea").every((entry) => entry.highImpact)).toBe(true);
  });

  it("ranks love's strengths by r × favourability and keeps the top 3", () => {
    // Perseverance 1 × 100, love for the manager 1 × 99, Teamwork 1 × 90; Growth (0.95 × 85 = 80.75, under its
    // benchmark but above the average), Goal Oriented (65) and Contribution (0.9 × 70 = 63) are strengths too but
    // come 4th to 6th.
    expect(love.strengths.map((entry) => entry.key)).toEqual(["lowi_perseverance", "lowi_love_manager", "lowi_teamwork"]);
    expect(love.strengths.map((entry) => entry.priority)).toEqual([100, 99, 90].map((value) => expect.closeTo(value, 9)));
    expect(love.strengths[1].kind).toBe("loveArea");
  });

  it("ranks love's opportunities by r × (max(average, benchmark) − favourability)", () => {
    // Positive Vision (area) 0.95 × (60 − 30) = 28.5; Future Focused 0.95 × (75 − 50) = 23.75; Inclusivity
    // 1 × (60 − 40) = 20. Competence (55) is under the average but above its benchmark of 50.
    expect(love.opportunities.map((entry) => entry.key)).toEqual(["PositiveVisionOfFuture", "lowi_future_focused", "lowi_inclusivity"]);
    expect(love.opportunities.map((entry) => entry.priority)).toEqual([28.5, 23.75, 20].map((value) => expect.closeTo(value, 9)));
    expect(love.opportunities[1]).toMatchObject({ favourability: 50, benchmark: 75 });
  });

  it("reads each outcome on its own", () => {
    // On recommend the b-items are noise and four of the shifted items carry the signal.
    expect(recommend.drivers.filter((entry) => entry.kind === "item" && entry.highImpact).map((entry) => entry.key)).toEqual([
      "lowi_values",
      "lowi_accountability",
      "lowi_appreciation",
      "lowi_belonging",
    ]);
    expect(recommend.strengths.map((entry) => entry.key)).toEqual(["lowi_belonging", "lowi_accountability", "lowi_values"]);
    expect(recommend.opportunities).toEqual([]);
  });

  it("carries its evidence on every result", () => {
    const evidence = { n: 10, method: KEY_DRIVER_METHOD, scope: "cohort" };
    expect(result.evidence).toEqual(evidence);
    for (const outcome of [love, recommend]) {
      expect(outcome.evidence).toEqual(evidence);
      for (const entry of [...outcome.strengths, ...outcome.opportunities]) expect(entry.evidence).toEqual(evidence);
    }
  });

  it("gives no weights, with a reason, when drivers repeat each other", () => {
    // Four items are the same column: the items' correlation matrix is singular.
    const items = love.families.find((family) => family.kind === "item")!;
    expect(items.rSquared).toBeNull();
    expect(items.reason).toMatch(/singular/);
    expect(love.drivers.filter((entry) => entry.kind === "item").every((entry) => entry.weight === null)).toBe(true);
    // The areas are not singular, so they still have weights.
    expect(love.families.find((family) => family.kind === "area")!.rSquared).toBeGreaterThan(0);
    expect(recommend.families.find((family) => family.kind === "loveArea")!.reason).toMatch(/singular/);
  });
});

describe("computeKeyDrivers on thin or flat groups", () => {
  it("gives no numbers under 4 complete responses", () => {
    const moments = emptyDriverMoments(LOWI_DRIVER_SIZE);
    for (const value of [1, 3, 5]) foldDriverVector(moments, new Array<number>(LOWI_DRIVER_SIZE).fill(value));
    const result = computeKeyDrivers({ moments, scope: "company", favourability: {}, averageFavourability: 50 });
    for (const outcome of [result.outcomes.love, result.outcomes.recommend]) {
      expect(outcome.drivers.every((entry) => entry.r === null && entry.interval === null && !entry.highImpact)).toBe(true);
      expect(outcome.strengths).toEqual([]);
      expect(outcome.families.filter((family) => family.rSquared === null).length).toBe(3);
    }
  });

  it("gives r null for a driver whose answers do not vary", () => {
    const moments = emptyDriverMoments(LOWI_DRIVER_SIZE);
    for (let i = 0; i < 12; i += 1)
      foldDriverVector(moments, [4, ...Array.from({ length: LOWI_DRIVER_SIZE - 1 }, (_, k) => 1 + ((i * (k + 2)) % 5))]);
    const result = computeKeyDrivers({ moments, scope: "company", favourability: {}, averageFavourability: 50 });
    expect(result.outcomes.love.drivers[0]).toMatchObject({ key: "lowi_teamwork", r: null, interval: null, weight: null });
    expect(result.outcomes.love.families[0].reason).toMatch(/do not vary/);
  });

  it("refuses moments over another vector", () => {
    expect(() =>
      computeKeyDrivers({ moments: emptyDriverMoments(3), scope: "company", favourability: {}, averageFavourability: 0 }),
    ).toThrow(RangeError);
  });
});
