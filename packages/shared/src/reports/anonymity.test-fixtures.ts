/** Fixtures shared by the anonymity tests. */
import { PREFER_NOT_TO_SAY } from "../surveys/lowi/demographics.js";
import type { CohortDimension, RespondentCohorts } from "./cohort-counts.js";

/** `n` respondents, each listed with `cohorts` (key → value), `undefined` for unanswered. */
export function people(n: number, cohorts: Record<string, string | undefined>): RespondentCohorts[] {
  return Array.from({ length: n }, () => ({ ...cohorts }));
}

export const DEPT: CohortDimension = { key: "dept", values: ["Eng", "Sales", "Legal", PREFER_NOT_TO_SAY] };
export const GENDER: CohortDimension = { key: "gender", values: ["F", "M", "X", PREFER_NOT_TO_SAY] };
