/**
 * Key drivers of a LOWI™ group: which competencies, SPARK areas and love areas go with loving the company and with
 * recommending it, how much of each outcome's explained variance each accounts for, and which of them are strengths
 * or opportunities given how favourably they are answered (docs/decisions/0077-key-drivers.md). Pure: it reads the
 * group's `DriverMoments` and numbers the caller passes, never a list of responses.
 */
import { type CorrelationInterval, correlationMatrix, correlationWithInterval } from "./correlation.js";
import { covarianceOf, type DriverMatrix, type DriverMoments, linearCovariance } from "./driver-moments.js";
import {
  compositeMatrix,
  type DriverComposite,
  LOWI_COMPETENCY_DRIVERS,
  LOWI_DRIVER_SIZE,
  LOWI_LOVE_AREA_DRIVERS,
  LOWI_LOVE_REST_SCORES,
  LOWI_LOVE_SCORE,
  LOWI_RECOMMEND_SCORE,
  LOWI_SPARK_AREA_DRIVERS,
} from "./lowi-driver-layout.js";
import { relativeWeights } from "./relative-weights.js";

export const KEY_DRIVER_METHOD = "pearson-fisher90+johnson-rw";
/** A cohort gets drivers of its own only from this many complete responses (and never below the survey's threshold). */
export const COHORT_DRIVER_MIN_RESPONSES = 30;
/** How many strengths and how many opportunities each outcome names. */
export const KEY_DRIVER_HIGHLIGHTS = 3;

export type DriverScope = "cohort" | "company";
export type KeyDriverOutcome = "love" | "recommend";
export type DriverKind = "item" | "area" | "loveArea";
export const KEY_DRIVER_OUTCOMES: readonly KeyDriverOutcome[] = ["love", "recommend"];
export const DRIVER_KINDS: readonly DriverKind[] = ["item", "area", "loveArea"];

export interface KeyDriverEvidence {
  /** Complete responses the numbers come from. */
  n: number;
  method: typeof KEY_DRIVER_METHOD;
  scope: DriverScope;
}

export interface DriverScopeInput {
  /** Complete responses in the cohort. */
  n: number;
  /** The survey's anonymity threshold. */
  threshold: number;
  /** Whether the cohort's report may be read at all (anonymity rules passed). */
  cohortReadable: boolean;
  /** Whether the plan includes DepartmentInsights. */
  hasDepartmentInsights: boolean;
}

/**
 * Whose drivers to show: the cohort's own only with DepartmentInsights, a readable cohort and at least
 * max(30, threshold) complete responses; otherwise the company's.
 */
export function driverScope({ n, threshold, cohortReadable, hasDepartmentInsights }: DriverScopeInput): DriverScope {
  if (!hasDepartmentInsights || !cohortReadable) return "company";
  const floor = Number.isFinite(threshold) ? Math.max(COHORT_DRIVER_MIN_RESPONSES, threshold) : Number.POSITIVE_INFINITY;
  return Number.isFinite(n) && n >= floor ? "cohort" : "company";
}

export interface KeyDriversInput {
  /** The group's moments over the LOWI driver vector (`LOWI_DRIVER_KEYS`). */
  moments: DriverMoments;
  /** Which group the moments are of (see `driverScope`). */
  scope: DriverScope;
  /**
   * Driver key → percent 0..100 answering Agree or Strongly Agree. Keys: the item's question key for competencies and
   * love areas, the SparkArea for SPARK areas. A driver without one is never a strength or an opportunity.
   */
  favourability: Readonly<Record<string, number>>;
  /** The survey's average favourability, percent. */
  averageFavourability: number;
  /** Driver key → benchmark favourability, percent, where there is one. */
  benchmarks?: Readonly<Record<string, number>>;
}

export interface KeyDriver {
  key: string;
  name: string;
  kind: DriverKind;
  /** Pearson r with the outcome (for love areas on `love`: with the rest score); null when it cannot be read. */
  r: number | null;
  /** 90% Fisher interval of r. */
  interval: CorrelationInterval | null;
  n: number;
  /** Percent of the family's R² (Johnson's relative weight); null for love areas on `love` and when not defined. */
  weight: number | null;
  favourability: number | null;
  benchmark: number | null;
  highImpact: boolean;
}

export interface DriverFamily {
  kind: DriverKind;
  /** R² of the outcome on the family's drivers together; null with `reason` when the weights are not given. */
  rSquared: number | null;
  reason: string | null;
}

export interface KeyDriverHighlight {
  key: string;
  name: string;
  kind: DriverKind;
  r: number;
  favourability: number;
  benchmark: number | null;
  /** The ranking number: r × favourability (strengths) or r × (max(average, benchmark) − favourability). */
  priority: number;
  evidence: KeyDriverEvidence;
}

export interface OutcomeKeyDrivers {
  outcome: KeyDriverOutcome;
  evidence: KeyDriverEvidence;
  drivers: KeyDriver[];
  families: DriverFamily[];
  strengths: KeyDriverHighlight[];
  opportunities: KeyDriverHighlight[];
}

export interface KeyDriversResult {
  evidence: KeyDriverEvidence;
  averageFavourability: number;
  outcomes: Record<KeyDriverOutcome, OutcomeKeyDrivers>;
}

/** Every composite the drivers read, in one matrix: its covariance comes from the item moments in one product. */
const COMPOSITES: readonly DriverComposite[] = [
  ...LOWI_COMPETENCY_DRIVERS,
  ...LOWI_SPARK_AREA_DRIVERS,
  ...LOWI_LOVE_AREA_DRIVERS,
  ...LOWI_LOVE_REST_SCORES,
  LOWI_LOVE_SCORE,
  LOWI_RECOMMEND_SCORE,
];
const COMPOSITE_MATRIX = compositeMatrix(COMPOSITES);
const ITEM_AT = 0;
const AREA_AT = ITEM_AT + LOWI_COMPETENCY_DRIVERS.length;
const LOVE_AREA_AT = AREA_AT + LOWI_SPARK_AREA_DRIVERS.length;
const LOVE_REST_AT = LOVE_AREA_AT + LOWI_LOVE_AREA_DRIVERS.length;
const OUTCOME_AT: Record<KeyDriverOutcome, number> = {
  love: LOVE_REST_AT + LOWI_LOVE_REST_SCORES.length,
  recommend: LOVE_REST_AT + LOWI_LOVE_REST_SCORES.length + 1,
};

interface FamilyPlan {
  kind: DriverKind;
  drivers: readonly DriverComposite[];
  /** Index of each driver among COMPOSITES. */
  at: number;
  /** For each driver, the index of what it is correlated with, given the outcome's index. */
  partner: (outcomeIndex: number, driverIndex: number) => number;
  weighted: boolean;
}

function familiesFor(outcome: KeyDriverOutcome): FamilyPlan[] {
  const toOutcome = (outcomeIndex: number) => outcomeIndex;
  return [
    { kind: "item", drivers: LOWI_COMPETENCY_DRIVERS, at: ITEM_AT, partner: toOutcome, weighted: true },
    { kind: "area", drivers: LOWI_SPARK_AREA_DRIVERS, at: AREA_AT, partner: toOutcome, weighted: true },
    outcome === "love"
      ? { kind: "loveArea", drivers: LOWI_LOVE_AREA_DRIVERS, at: LOVE_AREA_AT, partner: (_, j) => LOVE_REST_AT + j, weighted: false }
      : { kind: "loveArea", drivers: LOWI_LOVE_AREA_DRIVERS, at: LOVE_AREA_AT, partner: toOutcome, weighted: true },
  ];
}

/** The covariance of the chosen composites (rows and columns in the given order). */
function subMatrix(cov: DriverMatrix, indices: readonly number[]): DriverMatrix {
  return indices.map((i) => indices.map((j) => cov[i][j]));
}

const LOVE_ON_LOVE =
  "A love area is part of the love score, so its share of the love score's variance is not a driver's weight; its correlation with the other four love items is shown instead.";

/** Relative weights of one family on the outcome, or the reason there are none. */
function familyWeights(
  cov: DriverMatrix | null,
  n: number,
  plan: FamilyPlan,
  outcomeIndex: number,
): { shares: number[] | null; rSquared: number | null; reason: string | null } {
  if (!plan.weighted) return { shares: null, rSquared: null, reason: LOVE_ON_LOVE };
  if (cov === null || n < 4) return { shares: null, rSquared: null, reason: "fewer than 4 complete responses" };
  const indices = [...plan.drivers.map((_, j) => plan.at + j), outcomeIndex];
  const correlations = correlationMatrix(subMatrix(cov, indices));
  if (correlations === null) return { shares: null, rSquared: null, reason: "the answers to a driver or to the outcome do not vary" };
  const k = plan.drivers.length;
  const rxx = correlations.slice(0, k).map((row) => row.slice(0, k));
  const rxy = correlations.slice(0, k).map((row) => row[k]);
  const outcome = relativeWeights(rxx, rxy);
  if (outcome.weights === null) return { shares: null, rSquared: null, reason: outcome.reason };
  return { shares: outcome.weights.shares, rSquared: outcome.weights.rSquared, reason: null };
}

function percentOrNull(record: Readonly<Record<string, number>> | undefined, key: string): number | null {
  if (!record || !Object.hasOwn(record, key)) return null;
  const value = record[key];
  return typeof value === "number" && Number.isFinite(value) ? value : null;
}

/** The median of the numbers (they must not be empty). */
function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/**
 * High impact: the interval lies above 0 and r is in the top half of its family on this outcome (r ≥ the family's
 * median r, so ties at the median count as high).
 */
function markHighImpact(drivers: KeyDriver[]): void {
  for (const kind of DRIVER_KINDS) {
    const family = drivers.filter((driver) => driver.kind === kind && driver.r !== null);
    if (family.length === 0) continue;
    const cut = median(family.map((driver) => driver.r as number));
    for (const driver of family) driver.highImpact = driver.interval !== null && driver.interval.low > 0 && (driver.r as number) >= cut;
  }
}

function highlights(
  drivers: readonly KeyDriver[],
  average: number,
  evidence: KeyDriverEvidence,
): Pick<OutcomeKeyDrivers, "strengths" | "opportunities"> {
  const strengths: KeyDriverHighlight[] = [];
  const opportunities: KeyDriverHighlight[] = [];
  for (const driver of drivers) {
    if (!driver.highImpact || driver.r === null || driver.favourability === null) continue;
    const { key, name, kind, r, favourability, benchmark } = driver;
    const base = { key, name, kind, r, favourability, benchmark, evidence: { ...evidence } };
    // A strength stands at or above the survey's average (issue 26: "high impact and high favourability"); an
    // opportunity falls below the average and, where there is one, below the benchmark too.
    if (favourability >= average) {
      strengths.push({ ...base, priority: r * favourability });
    } else if (favourability < average && (benchmark === null || favourability < benchmark)) {
      opportunities.push({ ...base, priority: r * (Math.max(average, benchmark ?? average) - favourability) });
    }
  }
  // Stable sorts: equal priorities keep driver order (items, then areas, then love areas, each in instrument order).
  strengths.sort((a, b) => b.priority - a.priority);
  opportunities.sort((a, b) => b.priority - a.priority);
  return { strengths: strengths.slice(0, KEY_DRIVER_HIGHLIGHTS), opportunities: opportunities.slice(0, KEY_DRIVER_HIGHLIGHTS) };
}

function outcomeDrivers(
  outcome: KeyDriverOutcome,
  cov: DriverMatrix | null,
  input: KeyDriversInput,
  evidence: KeyDriverEvidence,
): OutcomeKeyDrivers {
  const { n } = input.moments;
  const outcomeIndex = OUTCOME_AT[outcome];
  const drivers: KeyDriver[] = [];
  const families: DriverFamily[] = [];
  for (const plan of familiesFor(outcome)) {
    const weights = familyWeights(cov, n, plan, outcomeIndex);
    families.push({ kind: plan.kind, rSquared: weights.rSquared, reason: weights.reason });
    plan.drivers.forEach((composite, j) => {
      const correlation = cov === null ? null : correlationWithInterval(cov, n, plan.at + j, plan.partner(outcomeIndex, j));
      drivers.push({
        key: composite.key,
        name: composite.name,
        kind: plan.kind,
        r: correlation?.r ?? null,
        interval: correlation?.interval ?? null,
        n,
        weight: weights.shares?.[j] ?? null,
        favourability: percentOrNull(input.favourability, composite.key),
        benchmark: percentOrNull(input.benchmarks, composite.key),
        highImpact: false,
      });
    });
  }
  markHighImpact(drivers);
  return { outcome, evidence: { ...evidence }, drivers, families, ...highlights(drivers, input.averageFavourability, evidence) };
}

/**
 * Drivers of `love` and `recommend` from one group's moments: for each, the 15 competency items, the 6 SPARK areas and
 * the 5 love areas with r, its 90% interval, the relative weight within the family and the caller's favourability,
 * then the top 3 strengths and opportunities. Numbers are not rounded (the page rounds them, decision 0072).
 * Throws when the moments are not over the LOWI driver vector.
 */
export function computeKeyDrivers(input: KeyDriversInput): KeyDriversResult {
  const { moments } = input;
  if (moments.sum.length !== LOWI_DRIVER_SIZE) throw new RangeError(`key drivers need moments over ${LOWI_DRIVER_SIZE} variables`);
  const evidence: KeyDriverEvidence = { n: moments.n, method: KEY_DRIVER_METHOD, scope: input.scope };
  const itemCov = covarianceOf(moments);
  const cov = itemCov === null ? null : linearCovariance(itemCov, COMPOSITE_MATRIX);
  return {
    evidence,
    averageFavourability: input.averageFavourability,
    outcomes: {
      love: outcomeDrivers("love", cov, input, evidence),
      recommend: outcomeDrivers("recommend", cov, input, evidence),
    },
  };
}
