import { describe, expect, it } from "vitest";
import { PREFER_NOT_TO_SAY } from "../surveys/lowi/demographics.js";
import { type GroupVisibility, isGroupVisible, planSuppression, type SuppressionPlan } from "./anonymity.js";
import { type CohortCounts, type CohortDimension, countCohorts, type RespondentCohorts } from "./cohort-counts.js";
import { createRandom } from "../seeded-random.js";
import { differencingAttack } from "./anonymity.attacker.js";
import { REMAINDER_DIMENSIONS, remainderPopulation } from "./anonymity.test-fixtures.js";

/** The attacker against one plan. */
function attack(plan: SuppressionPlan, dimensions: CohortDimension[], respondents: RespondentCohorts[]): string[] {
  return differencingAttack(dimensions, respondents, plan.threshold, (filters) => isGroupVisible(plan, filters));
}

function population(seed: number, maxKeys = 3): { dimensions: CohortDimension[]; respondents: RespondentCohorts[] } {
  const random = createRandom(seed);
  const keyCount = 2 + Math.floor(random() * (maxKeys - 1));
  const dimensions: CohortDimension[] = Array.from({ length: keyCount }, (_, i) => ({
    key: `k${i}`,
    values: [...Array.from({ length: 2 + Math.floor(random() * 5) }, (_, v) => `v${v}`), PREFER_NOT_TO_SAY],
  }));
  // Skewed weights: a few large values, many small ones.
  const weights = dimensions.map((dimension) => dimension.values.map(() => random() ** 3));
  const skip = dimensions.map(() => (random() < 0.3 ? 0 : random() * 0.15));
  const n = 30 + Math.floor(random() * 271);
  const respondents: RespondentCohorts[] = [];
  for (let r = 0; r < n; r++) {
    const respondent: Record<string, string | undefined> = {};
    dimensions.forEach((dimension, i) => {
      if (random() < skip[i]) return;
      const total = weights[i].reduce((sum, weight) => sum + weight, 0);
      let pick = random() * total;
      let chosen = dimension.values.length - 1;
      for (let v = 0; v < dimension.values.length; v++) {
        pick -= weights[i][v];
        if (pick <= 0) {
          chosen = v;
          break;
        }
      }
      // Correlate keys a little so pair tables have structure.
      if (i > 0 && random() < 0.3) chosen = Math.min(dimension.values.length - 1, dimensions[0].values.indexOf(respondent.k0 ?? ""));
      if (chosen >= 0) respondent[dimension.key] = dimension.values[chosen];
    });
    respondents.push(respondent);
  }
  return { dimensions, respondents };
}

const SEEDS = 300;

describe("brute-force differencing attacker", () => {
  it(`finds no group of 1..k−1 respondents in ${SEEDS} random populations × k ∈ {3, 5}`, () => {
    const leaks: string[] = [];
    let hidden = 0;
    let shown = 0;
    for (let seed = 1; seed <= SEEDS; seed++) {
      const { dimensions, respondents } = population(seed);
      const counts: CohortCounts = countCohorts(respondents, dimensions);
      for (const k of [3, 5]) {
        const plan = planSuppression(counts, k);
        // Deterministic.
        expect(planSuppression(counts, k)).toEqual(plan);
        const normalized = plan.dimensions;
        for (const group of Object.values(plan.single).flatMap((values) => Object.values(values))) {
          if (group.visible) shown++;
          else hidden++;
        }
        for (const leak of attack(plan, normalized, respondents)) leaks.push(`seed ${seed}, k ${k}: ${leak}`);
      }
    }
    expect(leaks).toEqual([]);
    // The populations do produce both outcomes.
    expect(hidden).toBeGreaterThan(100);
    expect(shown).toBeGreaterThan(100);
  }, 120_000);

  it("covers four keys too (40 populations × k ∈ {3, 5})", () => {
    const leaks: string[] = [];
    for (let seed = 1001; seed <= 1040; seed++) {
      const { dimensions, respondents } = population(seed, 4);
      const counts = countCohorts(respondents, dimensions);
      for (const k of [3, 5]) {
        const plan = planSuppression(counts, k);
        for (const leak of attack(plan, plan.dimensions, respondents)) leaks.push(`seed ${seed}, k ${k}: ${leak}`);
      }
    }
    expect(leaks).toEqual([]);
  }, 120_000);

  it("checks remainders of every line, those under an unanswered parent included", () => {
    // What 0015's plan showed for this population before its amendment of 2026-12-02: the attacker must name the
    // remainder "d1 unanswered minus (d0 ∧ d1 both unanswered)" (2 people) although neither part is derivable.
    const respondents = remainderPopulation();
    const shownBefore = new Set([
      "whole",
      "d0=v0",
      "d0=v2",
      "d0=v3",
      "d1=v0",
      "d1=v1",
      "d0=v0&d1=v1",
      "d0=v2&d1=v1",
      "d0=v3&d1=v0",
      "d0=v3&d1=v1",
    ]);
    const name = (filters: { key: string; value: string }[]) =>
      filters.length === 0 ? "whole" : filters.map((filter) => `${filter.key}=${filter.value}`).join("&");
    const leaks = differencingAttack(REMAINDER_DIMENSIONS, respondents, 3, (filters) => shownBefore.has(name(filters)));
    // The same two people as a sum of two cells of the line (d0=v0 and d0=v2, both with d1 unanswered).
    expect(leaks).toEqual([
      "d1=\u0001unanswered minus d0=\u0001unanswered&d1=\u0001unanswered (2)",
      "d0=v0&d1=\u0001unanswered + d0=v2&d1=\u0001unanswered (2)",
    ]);
    const plan = planSuppression(countCohorts(respondents, REMAINDER_DIMENSIONS), 3);
    expect(attack(plan, REMAINDER_DIMENSIONS, respondents)).toEqual([]);
  });

  it("finds nothing in the populations where a remainder of an unknown parent once got through (0015, 2026-12-02)", () => {
    // Found by running this attacker over seeds 5001–7500 (up to four keys) × k ∈ {3, 4, 5}: before the amendment the
    // plan let "parent minus one cell" through in these, with neither the parent nor the cell derivable.
    const leaks: string[] = [];
    for (const seed of [5389, 5503, 5515, 5871, 6068, 6102, 6142, 6646, 7014, 7027, 7366, 7452]) {
      const { dimensions, respondents } = population(seed, 2 + ((seed - 5000) % 3));
      const counts = countCohorts(respondents, dimensions);
      for (const k of [3, 4, 5]) {
        const plan = planSuppression(counts, k);
        for (const leak of attack(plan, plan.dimensions, respondents)) leaks.push(`seed ${seed}, k ${k}: ${leak}`);
      }
    }
    expect(leaks).toEqual([]);
  });

  it("finds no sum of a few cells of one line in the populations where one once got through (0015, 2026-12-02)", () => {
    // E.g. seed 122 at k = 3: "k1=v1 and k2 v0 or unanswered", 2 people, derivable though each cell is not.
    const leaks: string[] = [];
    for (const [seed, k] of [
      [25, 5],
      [122, 3],
      [135, 3],
    ]) {
      const { dimensions, respondents } = population(seed);
      const plan = planSuppression(countCohorts(respondents, dimensions), k);
      for (const leak of attack(plan, plan.dimensions, respondents)) leaks.push(`seed ${seed}, k ${k}: ${leak}`);
    }
    expect(leaks).toEqual([]);
  });

  it("is not toothless: against primary suppression alone it finds small groups", () => {
    let leaky = 0;
    for (let seed = 1; seed <= 50; seed++) {
      const { dimensions, respondents } = population(seed);
      const counts = countCohorts(respondents, dimensions);
      const plan = planSuppression(counts, 5);
      const primaryOnly = (size: number): GroupVisibility =>
        size >= 5 ? { visible: true, size } : { visible: false, reason: "below-threshold" };
      for (const [key, values] of Object.entries(plan.single))
        for (const value of Object.keys(values)) values[value] = primaryOnly(counts.single[key]?.[value] ?? 0);
      for (const [key, values] of Object.entries(plan.pairs))
        for (const value of Object.keys(values)) values[value] = primaryOnly(counts.pairs[key]?.[value] ?? 0);
      if (attack(plan, plan.dimensions, respondents).length > 0) leaky++;
    }
    expect(leaky).toBeGreaterThan(25);
  });
});
