/**
 * The report aggregate of one group of respondents: everything the reports need, folded one response at a time, so a
 * report never reads the list of responses (docs/decisions/0010 "Reading many responses", 0012).
 */
import { SPARK_AREAS, type SparkArea } from "../surveys/lowi/areas.js";
import { normalizeRecommendAnswer } from "../surveys/lowi/recommend.js";
import { AGREE_SCALE, RECOMMEND_OPTIONS } from "../surveys/scales.js";
import type { SurveyField } from "../surveys/survey-field.js";
import {
  emptyDriverMoments,
  type DriverMoments,
  foldDriverVector,
  mergeDriverMoments,
  reviveDriverMoments,
} from "./key-drivers/driver-moments.js";
import { LOWI_DRIVER_KEYS, LOWI_DRIVER_SIZE, LOWI_RECOMMEND_INDEX, recommendLikelihood } from "./key-drivers/lowi-driver-layout.js";
import { emptyMoments, type Moments } from "./statistics.js";

/**
 * Layout version of `ReportAggregate`; a stored aggregate of another version is rebuilt from the responses.
 * 2: LOWI aggregates carry `drivers` (decision 0077).
 */
export const REPORT_AGGREGATE_VERSION = 2;

/** Option label → number of respondents who chose it. */
export type Histogram = Record<string, number>;

/**
 * JSON-serialisable numbers of one group of respondents (a survey, or one cohort of it).
 * - `histograms[questionKey][optionLabel]`: choice answers (agree items, the recommend item under its canonical label
 *   after the 0/1 and 10/11 merges, matrix rows, demographics, any other radio question). Labels never chosen are absent.
 * - `composites`: moments of per-respondent means, for confidence intervals of pooled scores: `love` (a respondent's
 *   mean over the love items they answered), `spark` (over the 15 competency items) and each SPARK area (over its items,
 *   love items included). A respondent who answered none of a composite's items adds nothing to it.
 */
export interface ReportAggregate {
  version: typeof REPORT_AGGREGATE_VERSION;
  responses: number;
  histograms: Record<string, Histogram>;
  composites: {
    love: Moments;
    spark: Moments;
    sparkAreas: Record<SparkArea, Moments>;
  };
  /**
   * The key-driver moments of the respondents who answered all 20 LOWI agree items and the recommend item (decision
   * 0077); absent on surveys without the whole LOWI instrument and until a complete response is folded.
   */
  drivers?: DriverMoments;
}

/** The question properties folding looks at. */
export type FoldField = Pick<SurveyField, "key" | "answerType" | "radioOptions" | "group"> &
  Partial<Pick<SurveyField, "competency" | "loveArea" | "sparkArea">>;

export function createEmptyAggregate(): ReportAggregate {
  const sparkAreas = {} as Record<SparkArea, Moments>;
  for (const area of SPARK_AREAS) sparkAreas[area] = emptyMoments();
  return {
    version: REPORT_AGGREGATE_VERSION,
    responses: 0,
    histograms: {},
    composites: { love: emptyMoments(), spark: emptyMoments(), sparkAreas },
  };
}

/** An accepted answer text: the label it is stored under and its 1..5 score (0 when the question is not scored). */
interface PlanLabel {
  label: string;
  score: number;
}

/** How one question is read: its key, the answer texts it accepts and its score role. */
interface PlanEntry {
  key: string;
  labels: Map<string, PlanLabel>;
  /** The recommend item: answers not among `labels` go through `normalizeRecommendAnswer` (0, 1, 10, 11, numbers). */
  recommend: boolean;
  love: boolean;
  spark: boolean;
  /** Index into SPARK_AREAS, or -1. */
  area: number;
  /** Index into the key-driver vector (LOWI_DRIVER_KEYS), or -1; only on plans holding the whole vector. */
  driver: number;
}

/** A survey's questions compiled for folding; build it once per survey and pass it to every `foldResponse`. */
export interface FoldPlan {
  readonly entries: readonly PlanEntry[];
  /** Whether the plan reads every key-driver variable (a LOWI survey): only then are driver moments folded. */
  readonly drivers: boolean;
}

const RECOMMEND_LABELS = new Map<string, PlanLabel>(RECOMMEND_OPTIONS.map((label) => [label, { label, score: 0 }]));
const planCache = new WeakMap<readonly FoldField[], FoldPlan>();

function isAgreeScale(options: readonly string[]): boolean {
  return options.length === AGREE_SCALE.length && options.every((option, index) => option.trim() === AGREE_SCALE[index]);
}

/**
 * Compiles the questions: every Radio question with options is counted; agree-scale items that name a competency or a
 * love area (the LOWI items) also feed the composites. Text questions are skipped.
 */
export function createFoldPlan(fields: readonly FoldField[]): FoldPlan {
  const entries: PlanEntry[] = [];
  const seen = new Set<string>();
  for (const field of fields) {
    if (field.answerType !== "Radio" || seen.has(field.key) || field.key === "__proto__") continue;
    seen.add(field.key);
    if (field.group === "recommend") {
      entries.push({ key: field.key, labels: RECOMMEND_LABELS, recommend: true, love: false, spark: false, area: -1, driver: -1 });
      continue;
    }
    const scored = isAgreeScale(field.radioOptions) && Boolean(field.competency || field.loveArea);
    const labels = new Map<string, PlanLabel>();
    field.radioOptions.forEach((option, index) => {
      const label = option.trim();
      if (label !== "" && label !== "__proto__" && !labels.has(label)) labels.set(label, { label, score: scored ? index + 1 : 0 });
    });
    if (labels.size === 0) continue;
    entries.push({
      key: field.key,
      labels,
      recommend: false,
      love: scored && Boolean(field.loveArea),
      spark: scored && Boolean(field.competency),
      area: scored ? SPARK_AREAS.indexOf(field.sparkArea as SparkArea) : -1,
      driver: scored ? LOWI_DRIVER_KEYS.indexOf(field.key) : -1,
    });
  }
  for (const entry of entries)
    if (entry.recommend && entry.key === LOWI_DRIVER_KEYS[LOWI_RECOMMEND_INDEX]) entry.driver = LOWI_RECOMMEND_INDEX;
  const covered = new Set(entries.filter((entry) => entry.driver >= 0).map((entry) => entry.driver));
  const drivers = covered.size === LOWI_DRIVER_SIZE;
  if (!drivers) for (const entry of entries) entry.driver = -1;
  return { entries, drivers };
}

function planFor(fields: readonly FoldField[] | FoldPlan): FoldPlan {
  if (!Array.isArray(fields)) return fields as FoldPlan;
  const list = fields as readonly FoldField[];
  let plan = planCache.get(list);
  if (!plan) {
    plan = createFoldPlan(list);
    planCache.set(list, plan);
  }
  return plan;
}

/** The histogram of a key, created when missing; own properties only, so keys like "constructor" are safe. */
function histogramFor(histograms: Record<string, Histogram>, key: string): Histogram {
  if (Object.hasOwn(histograms, key)) return histograms[key];
  const histogram: Histogram = {};
  histograms[key] = histogram;
  return histogram;
}

/**
 * One response read against a plan, ready to be added to any number of aggregates (a survey's state adds each
 * response to the whole survey and to one aggregate per cohort answer: reading the answers once is most of the cost).
 */
export interface PreparedResponse {
  /** Question key and stored label of every accepted answer, in plan order. */
  readonly keys: string[];
  readonly labels: string[];
  /** Per-respondent means feeding the composites; null where nothing was answered. */
  readonly love: number | null;
  readonly spark: number | null;
  readonly areas: (number | null)[] | null;
  /** The key-driver vector when the respondent answered every driver variable; null otherwise. */
  readonly drivers: number[] | null;
}

/** Reads one response's answers against the plan (see `foldResponse` for what is accepted). */
export function prepareResponse(answers: unknown, fields: readonly FoldField[] | FoldPlan): PreparedResponse {
  const plan = planFor(fields);
  const record = answers && typeof answers === "object" && !Array.isArray(answers) ? (answers as Record<string, unknown>) : {};
  let loveSum = 0;
  let loveCount = 0;
  let sparkSum = 0;
  let sparkCount = 0;
  let areaSums: number[] | null = null;
  let areaCounts: number[] | null = null;
  const keys: string[] = [];
  const labels: string[] = [];
  const drivers = plan.drivers ? new Array<number>(LOWI_DRIVER_SIZE) : null;
  let driverCount = 0;

  for (const entry of plan.entries) {
    // Plain property reads: a key or label named like an Object.prototype member ("constructor") reads a function,
    // which the typeof checks below treat as absent; "__proto__" never gets into a plan.
    const raw = record[entry.key];
    let accepted: PlanLabel | undefined;
    if (typeof raw === "string") accepted = entry.labels.get(raw) ?? entry.labels.get(raw.trim());
    if (accepted === undefined && entry.recommend && (typeof raw === "string" || typeof raw === "number")) {
      const value = normalizeRecommendAnswer(raw);
      if (value !== null) accepted = RECOMMEND_LABELS.get(RECOMMEND_OPTIONS[value - 1]);
    }
    if (accepted === undefined) continue;
    keys.push(entry.key);
    labels.push(accepted.label);
    if (drivers !== null && entry.driver >= 0) {
      // The recommend label's place on the scale (1 = Very Likely) turned round; an agree item's 1..5 score.
      drivers[entry.driver] = entry.recommend
        ? recommendLikelihood(RECOMMEND_OPTIONS.indexOf(accepted.label as never) + 1)
        : accepted.score;
      driverCount += 1;
    }

    const score = accepted.score;
    if (score === 0) continue;
    if (entry.love) {
      loveSum += score;
      loveCount += 1;
    }
    if (entry.spark) {
      sparkSum += score;
      sparkCount += 1;
    }
    if (entry.area >= 0) {
      if (areaSums === null || areaCounts === null) {
        areaSums = new Array<number>(SPARK_AREAS.length).fill(0);
        areaCounts = new Array<number>(SPARK_AREAS.length).fill(0);
      }
      areaSums[entry.area] += score;
      areaCounts[entry.area] += 1;
    }
  }
  const areas =
    areaSums !== null && areaCounts !== null
      ? areaSums.map((sum, index) => ((areaCounts as number[])[index] > 0 ? sum / (areaCounts as number[])[index] : null))
      : null;
  return {
    keys,
    labels,
    love: loveCount > 0 ? loveSum / loveCount : null,
    spark: sparkCount > 0 ? sparkSum / sparkCount : null,
    areas,
    drivers: drivers !== null && driverCount === LOWI_DRIVER_SIZE ? drivers : null,
  };
}

function addValue(moments: Moments, mean: number): void {
  moments.n += 1;
  moments.sum += mean;
  moments.sumSq += mean * mean;
}

/** Adds a prepared response to the aggregate in place and returns it. */
export function applyPreparedResponse(aggregate: ReportAggregate, prepared: PreparedResponse): ReportAggregate {
  const histograms = aggregate.histograms;
  for (let index = 0; index < prepared.keys.length; index += 1) {
    const key = prepared.keys[index];
    let histogram = histograms[key];
    if (typeof histogram !== "object" || histogram === null) {
      histogram = {};
      histograms[key] = histogram;
    }
    const label = prepared.labels[index];
    const current = histogram[label];
    histogram[label] = (typeof current === "number" ? current : 0) + 1;
  }
  aggregate.responses += 1;
  const { composites } = aggregate;
  if (prepared.love !== null) addValue(composites.love, prepared.love);
  if (prepared.spark !== null) addValue(composites.spark, prepared.spark);
  if (prepared.areas !== null) {
    for (let index = 0; index < SPARK_AREAS.length; index += 1) {
      const mean = prepared.areas[index];
      if (mean !== null) addValue(composites.sparkAreas[SPARK_AREAS[index]], mean);
    }
  }
  if (prepared.drivers !== null) {
    aggregate.drivers ??= emptyDriverMoments(LOWI_DRIVER_SIZE);
    foldDriverVector(aggregate.drivers, prepared.drivers);
  }
  return aggregate;
}

/**
 * Adds one response to the aggregate **in place** and returns the same object (the server folds 100,000 responses in
 * one pass, so nothing is copied). `answers` maps question keys to the option text chosen. Unknown keys, text
 * questions, non-string values and labels the question does not offer are ignored; the response is still counted.
 * `fields` may be the survey's questions (compiled once per array and cached) or a plan from `createFoldPlan`.
 */
export function foldResponse(aggregate: ReportAggregate, answers: unknown, fields: readonly FoldField[] | FoldPlan): ReportAggregate {
  return applyPreparedResponse(aggregate, prepareResponse(answers, fields));
}

function addMoments(target: Moments, source: Moments | undefined): void {
  if (!source) return;
  target.n += finite(source.n);
  target.sum += finite(source.sum);
  target.sumSq += finite(source.sumSq);
}

function finite(value: unknown): number {
  return typeof value === "number" && Number.isFinite(value) ? value : 0;
}

function addInto(target: ReportAggregate, source: ReportAggregate): void {
  target.responses += finite(source.responses);
  for (const [key, histogram] of Object.entries(source.histograms ?? {})) {
    if (key === "__proto__") continue;
    const into = histogramFor(target.histograms, key);
    for (const [label, count] of Object.entries(histogram)) {
      if (label === "__proto__") continue;
      into[label] = (Object.hasOwn(into, label) ? into[label] : 0) + finite(count);
    }
  }
  addMoments(target.composites.love, source.composites?.love);
  addMoments(target.composites.spark, source.composites?.spark);
  for (const area of SPARK_AREAS) addMoments(target.composites.sparkAreas[area], source.composites?.sparkAreas?.[area]);
  if (source.drivers)
    target.drivers = target.drivers
      ? mergeDriverMoments(target.drivers, source.drivers)
      : mergeDriverMoments(source.drivers, emptyDriverMoments(LOWI_DRIVER_SIZE));
}

/** A new aggregate holding both groups' responses (neither argument is changed). */
export function mergeAggregates(a: ReportAggregate, b: ReportAggregate): ReportAggregate {
  const merged = createEmptyAggregate();
  addInto(merged, a);
  addInto(merged, b);
  return merged;
}

/** Count of one label in one question's histogram (0 when absent). */
export function countOf(aggregate: ReportAggregate, key: string, label: string): number {
  const histogram = Object.hasOwn(aggregate.histograms, key) ? aggregate.histograms[key] : undefined;
  return histogram !== undefined && Object.hasOwn(histogram, label) ? finite(histogram[label]) : 0;
}

/** A deep copy (for folding a tail of responses without touching a cached aggregate). */
export function cloneAggregate(aggregate: ReportAggregate): ReportAggregate {
  return mergeAggregates(aggregate, createEmptyAggregate());
}

function isMoments(value: unknown): value is Moments {
  if (!value || typeof value !== "object") return false;
  const { n, sum, sumSq } = value as Record<string, unknown>;
  return [n, sum, sumSq].every((part) => typeof part === "number" && Number.isFinite(part)) && (n as number) >= 0;
}

/**
 * A stored aggregate (parsed JSON) checked and copied, or null when it is not one of this version (the caller then
 * rebuilds it from the responses). Counts must be finite and not negative.
 */
export function reviveAggregate(data: unknown): ReportAggregate | null {
  if (!data || typeof data !== "object") return null;
  const candidate = data as Partial<ReportAggregate>;
  if (candidate.version !== REPORT_AGGREGATE_VERSION) return null;
  if (typeof candidate.responses !== "number" || !Number.isInteger(candidate.responses) || candidate.responses < 0) return null;
  if (!candidate.histograms || typeof candidate.histograms !== "object") return null;
  for (const histogram of Object.values(candidate.histograms)) {
    if (!histogram || typeof histogram !== "object") return null;
    for (const count of Object.values(histogram)) if (typeof count !== "number" || !Number.isInteger(count) || count < 0) return null;
  }
  const composites = candidate.composites;
  if (!composites || !isMoments(composites.love) || !isMoments(composites.spark) || !composites.sparkAreas) return null;
  if (!SPARK_AREAS.every((area) => isMoments(composites.sparkAreas[area]))) return null;
  let drivers: DriverMoments | undefined;
  if (candidate.drivers !== undefined) {
    const revived = reviveDriverMoments(candidate.drivers, LOWI_DRIVER_SIZE);
    if (revived === null) return null;
    drivers = revived;
  }
  return cloneAggregate({ ...(candidate as ReportAggregate), drivers });
}
