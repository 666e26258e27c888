/** Fixtures shared by the anonymity tests. */
import { PREFER_NOT_TO_SAY } from "../surveys/lowi/demographics.js";
import type { CohortDimension, RespondentCohorts } from "./cohort-counts.js";

/** `n` respondents, each listed with `cohorts` (key → value), `undefined` for unanswered. */
export function people(n: number, cohorts: Record<string, string | undefined>): RespondentCohorts[] {
  return Array.from({ length: n }, () => ({ ...cohorts }));
}

export const DEPT: CohortDimension = { key: "dept", values: ["Eng", "Sales", "Legal", PREFER_NOT_TO_SAY] };
export const GENDER: CohortDimension = { key: "gender", values: ["F", "M", "X", PREFER_NOT_TO_SAY] };

/**
 * The population where 0015's plan let a remainder through until its amendment of 2026-12-02 (seed 78 at k = 3 of the
 * padding test, its counting answers): 38 people over d0 (v0..v3, solo) and d1 (v0, v1, solo). Two of them skipped
 * d1 but answered d0 (one in d0=v0, one in d0=v2); derivable as "d1 unanswered minus (d0 ∧ d1 both unanswered)"
 * from the rows of d0=v0 and d0=v2 and the column of d1=v0 when d0=v0 ∧ d1=v0 and d0=v2 ∧ d1=v0 are hidden.
 */
export const REMAINDER_DIMENSIONS: CohortDimension[] = [
  { key: "d0", values: ["v0", "v1", "v2", "v3", "solo"] },
  { key: "d1", values: ["v0", "v1", "solo"] },
];
export function remainderPopulation(): RespondentCohorts[] {
  return [
    ...people(3, { d0: "v0", d1: "v0" }),
    ...people(11, { d0: "v0", d1: "v1" }),
    ...people(1, { d0: "v0" }),
    ...people(1, { d0: "v1", d1: "v1" }),
    ...people(3, { d0: "v2", d1: "v0" }),
    ...people(7, { d0: "v2", d1: "v1" }),
    ...people(1, { d0: "v2" }),
    ...people(7, { d0: "v3", d1: "v1" }),
    ...people(1, { d0: "solo", d1: "solo" }),
    ...people(2, { d1: "v1" }),
    ...people(1, {}),
  ];
}
