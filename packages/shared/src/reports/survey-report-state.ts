/**
 * Everything the reports of one survey read, folded one response at a time (docs/decisions/0016): the aggregate of
 * all respondents, one aggregate per filterable cohort value (a report narrowed by one filter reads it directly), and
 * the cohort cell counts the suppression plan is computed from (single cells and pairs).
 * Reports narrowed by two filters fold the matching responses on demand; their size is known from `counts.pairs`.
 */
import type { SurveyField } from "../surveys/survey-field.js";
import {
  createEmptyAggregate,
  createFoldPlan,
  type FoldField,
  type FoldPlan,
  applyPreparedResponse,
  mergeAggregates,
  prepareResponse,
  type ReportAggregate,
  REPORT_AGGREGATE_VERSION,
} from "./aggregate.js";
import {
  type CohortCounts,
  type CohortDimension,
  cohortDimensionsFromFields,
  emptyCohortCounts,
  pairKey,
  pairValueKey,
  respondentCohortsOf,
} from "./cohort-counts.js";

/**
 * Bumped with any change of this layout or of `ReportAggregate`; stored states of another version are rebuilt.
 * 200: states are folded in whole blocks of the survey's threshold (docs/decisions/0022), so every older stored state,
 * folded up to an arbitrary response, is rebuilt.
 * 300: the counts of responses that count toward the thresholds are kept beside the counts of all (decision 0052),
 * and blocks close on k counting responses.
 */
export const SURVEY_REPORT_STATE_VERSION = 300 + REPORT_AGGREGATE_VERSION;

export interface SurveyReportState {
  all: ReportAggregate;
  /** Cohort key → value → the aggregate of respondents who gave that answer. */
  byCohort: Record<string, Record<string, ReportAggregate>>;
  /** The cell counts of every folded response: how many people each group's figures hold. */
  counts: CohortCounts;
  /**
   * The cell counts of the folded responses that count toward the thresholds (decision 0052): the ones independent
   * of the company's users. The suppression plan decides visibility on these, with `counts` for which cells are empty.
   */
  countingCounts: CohortCounts;
}

export interface SurveyReportPlan {
  fold: FoldPlan;
  dimensions: CohortDimension[];
}

type PlanField = FoldField & Pick<SurveyField, "filter">;

export function createSurveyReportPlan(fields: readonly PlanField[]): SurveyReportPlan {
  return { fold: createFoldPlan(fields), dimensions: cohortDimensionsFromFields(fields) };
}

export function createEmptySurveyReportState(plan: SurveyReportPlan): SurveyReportState {
  return {
    all: createEmptyAggregate(),
    byCohort: Object.create(null),
    counts: emptyCohortCounts(plan.dimensions),
    countingCounts: emptyCohortCounts(plan.dimensions),
  };
}

function bump(record: Record<string, Record<string, number>>, outer: string, inner: string): void {
  let cells = Object.hasOwn(record, outer) ? record[outer] : undefined;
  if (cells === undefined) {
    cells = Object.create(null) as Record<string, number>;
    record[outer] = cells;
  }
  cells[inner] = (Object.hasOwn(cells, inner) ? cells[inner] : 0) + 1;
}

function countCells(counts: CohortCounts, keys: readonly string[], cohorts: Record<string, string>): void {
  counts.total += 1;
  for (let i = 0; i < keys.length; i++) {
    bump(counts.single, keys[i], cohorts[keys[i]]);
    for (let j = i + 1; j < keys.length; j++)
      bump(counts.pairs, pairKey(keys[i], keys[j]), pairValueKey(cohorts[keys[i]], cohorts[keys[j]]));
  }
}

/**
 * Adds one response in place (the server folds tens of thousands in a row; nothing is copied). A response that does
 * not count toward the thresholds (`counting` false, decision 0052) enters every figure and `counts`, not
 * `countingCounts`.
 */
export function foldSurveyResponse(
  state: SurveyReportState,
  answers: Record<string, string>,
  plan: SurveyReportPlan,
  counting = true,
): void {
  // The answers are read once and added to the whole survey and to each cohort the respondent belongs to.
  const prepared = prepareResponse(answers, plan.fold);
  applyPreparedResponse(state.all, prepared);
  const cohorts = respondentCohortsOf(answers, plan.dimensions);
  const keys = plan.dimensions.map((dimension) => dimension.key).filter((key) => Object.hasOwn(cohorts, key));
  countCells(state.counts, keys, cohorts);
  if (counting) countCells(state.countingCounts, keys, cohorts);
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i];
    const value = cohorts[key];
    let values = Object.hasOwn(state.byCohort, key) ? state.byCohort[key] : undefined;
    if (values === undefined) {
      values = Object.create(null) as Record<string, ReportAggregate>;
      state.byCohort[key] = values;
    }
    let aggregate = Object.hasOwn(values, value) ? values[value] : undefined;
    if (aggregate === undefined) {
      aggregate = createEmptyAggregate();
      values[value] = aggregate;
    }
    applyPreparedResponse(aggregate, prepared);
  }
}

/** The aggregate of one cohort value (an empty one when nobody gave that answer). */
export function cohortAggregate(state: SurveyReportState, key: string, value: string): ReportAggregate {
  const values = Object.hasOwn(state.byCohort, key) ? state.byCohort[key] : undefined;
  const aggregate = values && Object.hasOwn(values, value) ? values[value] : undefined;
  return aggregate ?? createEmptyAggregate();
}

/** PostgreSQL's jsonb cannot hold U+0000, which joins pair keys; stored states use U+001F instead. */
const STORED_SEPARATOR = "\u001f";
const PAIR_SEPARATOR = "\u0000";

function mapKeys(record: Record<string, Record<string, number>>, from: string, to: string): Record<string, Record<string, number>> {
  const mapped: Record<string, Record<string, number>> = Object.create(null);
  for (const [key, cells] of Object.entries(record)) {
    const inner: Record<string, number> = Object.create(null);
    for (const [cell, count] of Object.entries(cells)) inner[cell.split(from).join(to)] = count;
    mapped[key.split(from).join(to)] = inner;
  }
  return mapped;
}

/** The state as stored (JSON without U+0000); `reviveSurveyReportState` reads it back. */
export function serializeSurveyReportState(state: SurveyReportState): unknown {
  const stored = (counts: CohortCounts) => ({ ...counts, pairs: mapKeys(counts.pairs, PAIR_SEPARATOR, STORED_SEPARATOR) });
  return { ...state, counts: stored(state.counts), countingCounts: stored(state.countingCounts) };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function sameDimensions(a: readonly CohortDimension[], b: readonly CohortDimension[]): boolean {
  return (
    a.length === b.length &&
    a.every((d, i) => d.key === b[i].key && d.values.length === b[i].values.length && d.values.every((v, j) => v === b[i].values[j]))
  );
}

/**
 * A stored state read back, or null when it does not fit the survey's current questions (its cohort questions
 * changed) or is not a state at all: the caller then rebuilds it from the responses.
 */
function reviveCounts(data: unknown, plan: SurveyReportPlan): CohortCounts | null {
  if (!isRecord(data)) return null;
  const counts = data as unknown as CohortCounts;
  if (!Array.isArray(counts.dimensions) || !sameDimensions(counts.dimensions, plan.dimensions)) return null;
  if (typeof counts.total !== "number" || !isRecord(counts.single) || !isRecord(counts.pairs)) return null;
  const single: Record<string, Record<string, number>> = Object.create(null);
  for (const [key, cells] of Object.entries(counts.single)) single[key] = Object.assign(Object.create(null), cells);
  const pairs = mapKeys(counts.pairs as Record<string, Record<string, number>>, STORED_SEPARATOR, PAIR_SEPARATOR);
  return { dimensions: plan.dimensions, total: counts.total, single, pairs };
}

export function reviveSurveyReportState(data: unknown, plan: SurveyReportPlan): SurveyReportState | null {
  if (!isRecord(data) || !isRecord(data.all) || !isRecord(data.byCohort)) return null;
  const counts = reviveCounts(data.counts, plan);
  const countingCounts = reviveCounts(data.countingCounts, plan);
  if (!counts || !countingCounts) return null;
  // Merging into an empty aggregate re-reads every number defensively (missing parts become 0).
  const all = mergeAggregates(createEmptyAggregate(), data.all as unknown as ReportAggregate);
  const byCohort: Record<string, Record<string, ReportAggregate>> = Object.create(null);
  for (const [key, values] of Object.entries(data.byCohort)) {
    if (!isRecord(values)) return null;
    byCohort[key] = Object.create(null);
    for (const [value, aggregate] of Object.entries(values)) {
      if (!isRecord(aggregate)) return null;
      byCohort[key][value] = mergeAggregates(createEmptyAggregate(), aggregate as unknown as ReportAggregate);
    }
  }
  return { all, byCohort, counts, countingCounts };
}
