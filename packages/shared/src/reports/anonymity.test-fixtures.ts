/** Fixtures shared by the anonymity tests. */
import { PREFER_NOT_TO_SAY } from "../surveys/lowi/demographics.js";
import type { CohortDimension, RespondentCohorts } from "./cohort-counts.js";

/** Tiny seeded PRNG (mulberry32). */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `n` respondents, each listed with `cohorts` (key → value), `undefined` for unanswered. */
export function people(n: number, cohorts: Record<string, string | undefined>): RespondentCohorts[] {
  return Array.from({ length: n }, () => ({ ...cohorts }));
}

export const DEPT: CohortDimension = { key: "dept", values: ["Eng", "Sales", "Legal", PREFER_NOT_TO_SAY] };
export const GENDER: CohortDimension = { key: "gender", values: ["F", "M", "X", PREFER_NOT_TO_SAY] };
