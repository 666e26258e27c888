/**
 * Key drivers of a closed LOWI survey (issue 26 item 1, decision 0077): read from the driver moments folded into the
 * published report state, so the cost does not grow with responses, and through the same suppression plan as every
 * report. A cohort gets drivers of its own only when its report may be read, the plan includes Department Insights and
 * it holds at least max(30, threshold) complete responses; otherwise the company's drivers answer, and say so.
 */
import {
  AGREE_SCALE,
  COHORT_DRIVER_MIN_RESPONSES,
  type ComputedCompanyReport,
  type ComputedScoreRow,
  computeCompanyReport,
  computeKeyDrivers,
  cohortAggregate,
  countOf,
  DRIVER_OUTCOME_LABELS,
  DRIVER_SCOPE_NOTES,
  DRIVERS_NEED_CLOSED_SURVEY,
  type DriverScope,
  driverScope,
  groupVisibility,
  KEY_DRIVER_METHOD,
  KEY_DRIVER_OUTCOMES,
  type KeyDriverRow,
  type KeyDriversResponse,
  type KeyDriversResult,
  type ReportAggregate,
  type ReportFilter,
  roundTo,
} from "@hearth/shared";
import type { AppContext } from "../../app-context.js";
import type { Actor } from "../../lib/actor.js";
import { AppError, notFound } from "../../lib/errors.js";
import { surveyBenchmark } from "./report-benchmarks.service.js";
import { checkFilters, featureAllowed, hiddenReport, loadSurvey, requireFeature } from "./reports.service.js";

const FAVOURABLE = new Set<string>([AGREE_SCALE[3], AGREE_SCALE[4]]);

/** Percent answering Agree or Strongly Agree over the given questions, pooled; one decimal. */
function favourabilityOf(aggregate: ReportAggregate, keys: readonly string[]): number {
  let favourable = 0;
  let answered = 0;
  for (const key of keys) {
    for (const label of AGREE_SCALE) {
      const count = countOf(aggregate, key, label);
      answered += count;
      if (FAVOURABLE.has(label)) favourable += count;
    }
  }
  return answered === 0 ? 0 : roundTo((favourable / answered) * 100, 1);
}

interface DriverFacts {
  label: string;
  favourability: number;
  scorePercent: number;
  benchmarkPercent: number | null;
}

const benchmarkPercent = (row: ComputedScoreRow) => (row.benchmark > 0 ? roundTo((row.benchmark / 5) * 100, 1) : null);

/**
 * What the Company report already says of each driver (its score as a percent of 5 and its benchmark, the same numbers
 * the report shows) and its favourability, by driver key: item keys for competencies and love areas, area keys for
 * SPARK areas.
 */
function driverFacts(aggregate: ReportAggregate, report: ComputedCompanyReport): Map<string, DriverFacts> {
  const facts = new Map<string, DriverFacts>();
  for (const row of [...report.competencies, ...report.loveAreas]) {
    facts.set(row.key, {
      label: row.name,
      favourability: favourabilityOf(aggregate, [row.key]),
      scorePercent: row.percent,
      benchmarkPercent: benchmarkPercent(row),
    });
  }
  for (const row of report.sparkAreas) {
    facts.set(row.topic, {
      label: row.name,
      favourability: favourabilityOf(aggregate, row.keys),
      scorePercent: row.percent,
      benchmarkPercent: benchmarkPercent(row),
    });
  }
  return facts;
}

const round2 = (value: number | null | undefined) => (typeof value === "number" ? roundTo(value, 2) : null);

function toRows(result: KeyDriversResult, facts: Map<string, DriverFacts>) {
  return KEY_DRIVER_OUTCOMES.map((outcome) => {
    const computed = result.outcomes[outcome];
    const rows = new Map<string, KeyDriverRow>();
    for (const driver of computed.drivers) {
      const fact = facts.get(driver.key);
      rows.set(driver.key, {
        key: driver.key,
        label: fact?.label ?? driver.name,
        kind: driver.kind,
        r: round2(driver.r),
        low: round2(driver.interval?.low),
        high: round2(driver.interval?.high),
        weight: driver.weight === null ? null : roundTo(driver.weight, 1),
        n: driver.n,
        favourability: fact?.favourability ?? 0,
        scorePercent: fact?.scorePercent ?? 0,
        benchmarkPercent: fact?.benchmarkPercent ?? null,
      });
    }
    const pick = (keys: { key: string }[]) => keys.map(({ key }) => rows.get(key)).filter((row): row is KeyDriverRow => row !== undefined);
    return {
      outcome,
      label: DRIVER_OUTCOME_LABELS[outcome],
      drivers: [...rows.values()],
      strengths: pick(computed.strengths),
      opportunities: pick(computed.opportunities),
    };
  });
}

/** Computed once per aggregate and benchmark: an aggregate only changes by folding, which adds to `responses`. */
const cache = new WeakMap<ReportAggregate, { responses: number; key: string; result: ReturnType<typeof toRows>; average: number }>();

export async function getKeyDrivers(ctx: AppContext, actor: Actor, surveyId: string, filters: ReportFilter[]): Promise<KeyDriversResponse> {
  const loaded = await loadSurvey(ctx, actor, surveyId);
  if (!loaded.survey.isLowi) throw notFound("This survey has no key drivers: only LOWI surveys do.");
  requireFeature(actor, loaded.tenant, "TransformationPlans", "Key drivers");
  if (filters.length > 1) {
    throw new AppError("VALIDATION_FAILED", "Key drivers are read for the whole company or for one cohort.", {
      fields: { filter: "At most one filter" },
    });
  }
  checkFilters(loaded, filters);
  const endDate = loaded.survey.endDate;
  if (!endDate || endDate.getTime() > Date.now()) throw new AppError("CONFLICT", DRIVERS_NEED_CLOSED_SURVEY);
  // Every group read goes through the suppression plan: a hidden company or cohort shows the notice, never a number.
  if (!groupVisibility(loaded.suppression, [])?.visible) return hiddenReport(loaded, filters, "Key drivers");
  if (filters.length === 1 && !groupVisibility(loaded.suppression, filters)?.visible) return hiddenReport(loaded, filters, "Key drivers");

  let scope: DriverScope = "company";
  let scopeNote: string | null = null;
  let aggregate = loaded.state.all;
  if (filters.length === 1) {
    const cohort = cohortAggregate(loaded.state, filters[0].key, filters[0].value);
    const n = cohort.drivers?.n ?? 0;
    const hasDepartmentInsights = featureAllowed(actor, loaded.tenant, "DepartmentInsights");
    scope = driverScope({ n, threshold: loaded.threshold, cohortReadable: true, hasDepartmentInsights });
    if (scope === "cohort") aggregate = cohort;
    else if (!hasDepartmentInsights) scopeNote = DRIVER_SCOPE_NOTES.noDepartmentInsights;
    // The cohort's own count is not said: only that it falls short.
    else scopeNote = DRIVER_SCOPE_NOTES.tooFew(Math.max(COHORT_DRIVER_MIN_RESPONSES, loaded.threshold));
  }

  const benchmark = await surveyBenchmark(ctx, loaded.survey, loaded.tenant);
  const benchmarkKey = `${benchmark.year}:${benchmark.companySize}:${benchmark.source}:${scope}`;
  let computed = cache.get(aggregate);
  if (!computed || computed.responses !== aggregate.responses || computed.key !== benchmarkKey) {
    const report = computeCompanyReport(aggregate, benchmark.benchmark);
    const facts = driverFacts(aggregate, report);
    const itemRows = [...report.competencies, ...report.loveAreas];
    const average = itemRows.length === 0 ? 0 : roundTo(itemRows.reduce((sum, row) => sum + row.percent, 0) / itemRows.length, 1);
    const levels: Record<string, number> = {};
    const benchmarks: Record<string, number> = {};
    for (const [key, fact] of facts) {
      levels[key] = fact.scorePercent;
      if (fact.benchmarkPercent !== null) benchmarks[key] = fact.benchmarkPercent;
    }
    const result = aggregate.drivers
      ? computeKeyDrivers({ moments: aggregate.drivers, scope, favourability: levels, averageFavourability: average, benchmarks })
      : null;
    computed = { responses: aggregate.responses, key: benchmarkKey, average, result: result ? toRows(result, facts) : [] };
    cache.set(aggregate, computed);
  }
  return {
    hidden: false,
    surveyId,
    surveyName: loaded.survey.name,
    filters,
    threshold: loaded.threshold,
    scope,
    scopeNote,
    responses: aggregate.responses,
    n: aggregate.drivers?.n ?? 0,
    method: KEY_DRIVER_METHOD,
    averagePercent: computed.average,
    outcomes: computed.result,
  };
}
