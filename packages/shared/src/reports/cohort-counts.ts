/**
 * Cohort cell counts: who answered which filterable question how, counted for single cohorts and pairs of them.
 * The suppression plan (anonymity.ts) is computed from these counts, never from responses (docs/decisions/0015).
 */
import { PREFER_NOT_TO_SAY } from "../surveys/lowi/demographics.js";
import type { SurveyField } from "../surveys/survey-field.js";
import { dict, own } from "./records.js";

/** One filterable question: its key and the values a report may filter by (options minus "Prefer not to say"). */
export interface CohortDimension {
  key: string;
  values: readonly string[];
}

/** A respondent's cohorts: key → the answer given (anything not in the dimension's values counts as unanswered). */
export type RespondentCohorts = Readonly<Record<string, string | null | undefined>>;

/**
 * Cell counts of a survey's respondents. Only queryable cells are stored (zero counts may be left out); the
 * "unanswered" cells (no answer, "Prefer not to say" or an unknown value) are what is left of a parent:
 * `unanswered(A) = total − Σ single[A][v]`, `(A=v, B unanswered) = single[A][v] − Σ_w pairs[AB][v,w]`.
 */
export interface CohortCounts {
  /** Dimensions sorted by key, values in option order. */
  dimensions: CohortDimension[];
  total: number;
  /** key → value → respondents with that answer. */
  single: Record<string, Record<string, number>>;
  /** pairKey(A, B) → pairValueKey(v, w) (in the pair's sorted key order) → respondents with both answers. */
  pairs: Record<string, Record<string, number>>;
}

const SEPARATOR = "\u0000";

/** The `pairs` key of two cohort keys, independent of their order. */
export function pairKey(keyA: string, keyB: string): string {
  return keyA < keyB ? `${keyA}${SEPARATOR}${keyB}` : `${keyB}${SEPARATOR}${keyA}`;
}

/** The inner key of a pair cell; `valueA` belongs to the key that sorts first. */
export function pairValueKey(valueA: string, valueB: string): string {
  return `${valueA}${SEPARATOR}${valueB}`;
}

/**
 * The report dimensions of a survey: its Radio questions marked `filter: true`. "Prefer not to say" is not a
 * value anyone may filter by (docs/decisions/0015): it is counted as unanswered, so nobody can single out the
 * people who declined.
 */
export function cohortDimensionsFromFields(fields: readonly Pick<SurveyField, "key" | "answerType" | "radioOptions" | "filter">[]) {
  return normalizeDimensions(
    fields
      .filter((field) => field.filter === true && field.answerType === "Radio")
      .map((field) => ({ key: field.key, values: field.radioOptions })),
  );
}

/** Sorted by key, duplicates and unfilterable values ("Prefer not to say", empty, containing NUL) removed. */
export function normalizeDimensions(dimensions: readonly CohortDimension[]): CohortDimension[] {
  const byKey = new Map<string, CohortDimension>();
  for (const dimension of dimensions) {
    if (byKey.has(dimension.key) || dimension.key.includes(SEPARATOR)) continue;
    const values = [...new Set(dimension.values)].filter(
      (value) => value !== "" && value !== PREFER_NOT_TO_SAY && !value.includes(SEPARATOR),
    );
    byKey.set(dimension.key, { key: dimension.key, values });
  }
  return [...byKey.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/** A respondent's filterable cohorts: key → value, keys without a filterable answer left out. */
export function respondentCohortsOf(answers: RespondentCohorts, dimensions: readonly CohortDimension[]): Record<string, string> {
  const cohorts = dict<string>();
  for (const dimension of dimensions) {
    const answer = own(answers as Record<string, string | null | undefined>, dimension.key);
    if (typeof answer === "string" && dimension.values.includes(answer)) cohorts[dimension.key] = answer;
  }
  return cohorts;
}

export function emptyCohortCounts(dimensions: readonly CohortDimension[]): CohortCounts {
  return { dimensions: normalizeDimensions(dimensions), total: 0, single: dict(), pairs: dict() };
}

function addTo(record: Record<string, Record<string, number>>, outer: string, inner: string, amount: number) {
  let cells = own(record, outer);
  if (cells === undefined) {
    cells = dict<number>();
    record[outer] = cells;
  }
  cells[inner] = (own(cells, inner) ?? 0) + amount;
}

function cloneCounts(counts: CohortCounts): CohortCounts {
  const copy = emptyCohortCounts(counts.dimensions);
  copy.total = counts.total;
  for (const [outer, cells] of Object.entries(counts.single))
    for (const [inner, n] of Object.entries(cells)) addTo(copy.single, outer, inner, n);
  for (const [outer, cells] of Object.entries(counts.pairs))
    for (const [inner, n] of Object.entries(cells)) addTo(copy.pairs, outer, inner, n);
  return copy;
}

function foldInto(counts: CohortCounts, answers: RespondentCohorts) {
  const cohorts = respondentCohortsOf(answers, counts.dimensions);
  counts.total += 1;
  const keys = counts.dimensions.map((dimension) => dimension.key).filter((key) => Object.hasOwn(cohorts, key));
  for (let i = 0; i < keys.length; i++) {
    addTo(counts.single, keys[i], cohorts[keys[i]], 1);
    for (let j = i + 1; j < keys.length; j++)
      addTo(counts.pairs, pairKey(keys[i], keys[j]), pairValueKey(cohorts[keys[i]], cohorts[keys[j]]), 1);
  }
}

/** Counts of a batch of respondents (each a key → answer map) over the given dimensions. */
export function countCohorts(respondents: Iterable<RespondentCohorts>, dimensions: readonly CohortDimension[]): CohortCounts {
  const counts = emptyCohortCounts(dimensions);
  for (const respondent of respondents) foldInto(counts, respondent);
  return counts;
}

/** New counts with one more respondent (pure; for batches use `countCohorts` and `mergeCohortCounts`). */
export function foldCohortCounts(counts: CohortCounts, respondent: RespondentCohorts): CohortCounts {
  const copy = cloneCounts(counts);
  foldInto(copy, respondent);
  return copy;
}

function sameDimensions(a: readonly CohortDimension[], b: readonly CohortDimension[]): boolean {
  return (
    a.length === b.length &&
    a.every((d, i) => d.key === b[i].key && d.values.length === b[i].values.length && d.values.every((v, j) => v === b[i].values[j]))
  );
}

/** Sum of two counts over the same dimensions (throws otherwise: counts of different questions do not add). */
export function mergeCohortCounts(a: CohortCounts, b: CohortCounts): CohortCounts {
  if (!sameDimensions(normalizeDimensions(a.dimensions), normalizeDimensions(b.dimensions))) {
    throw new Error("Cohort counts over different dimensions cannot be merged");
  }
  const merged = cloneCounts(a);
  merged.total += b.total;
  for (const [outer, cells] of Object.entries(b.single))
    for (const [inner, n] of Object.entries(cells)) addTo(merged.single, outer, inner, n);
  for (const [outer, cells] of Object.entries(b.pairs))
    for (const [inner, n] of Object.entries(cells)) addTo(merged.pairs, outer, inner, n);
  return merged;
}
