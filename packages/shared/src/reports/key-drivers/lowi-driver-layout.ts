/**
 * The fixed LOWI™ driver vector and the composites read from it (docs/decisions/0077-key-drivers.md).
 *
 * Vector (p = 21): the 15 competency items in `COMPETENCIES` order, the 5 love items in `LOVE_AREAS` order, then the
 * recommend item. Agree items hold their 1..5 score (Strongly Disagree 1 … Strongly Agree 5, as `aggregate.ts` scores
 * them). The recommend item's scale runs 1 = Very Likely … 10 = Not at All Likely; the vector holds it turned round,
 * 11 − value (1 = Not at All Likely … 10 = Very Likely), so that a positive correlation always means "goes with
 * recommending", like every other outcome.
 */
import { SPARK_AREAS, type SparkArea } from "../../surveys/lowi/areas.js";
import { normalizeRecommendAnswer } from "../../surveys/lowi/recommend.js";
import { scoreAgreeAnswer } from "../../surveys/scales.js";
import { LOWI_COMPETENCY_ITEMS, LOWI_LOVE_ITEMS, LOWI_RECOMMEND_KEY } from "../lowi-keys.js";
import type { DriverMatrix } from "./driver-moments.js";

export const LOWI_DRIVER_KEYS: readonly string[] = [
  ...LOWI_COMPETENCY_ITEMS.map((item) => item.key),
  ...LOWI_LOVE_ITEMS.map((item) => item.key),
  LOWI_RECOMMEND_KEY,
];
export const LOWI_DRIVER_SIZE = LOWI_DRIVER_KEYS.length;
export const LOWI_RECOMMEND_INDEX = LOWI_DRIVER_SIZE - 1;
const LOVE_OFFSET = LOWI_COMPETENCY_ITEMS.length;
const RECOMMEND_MAX = 10;
const AGREE_MAX = 5;

/** The recommend answer (1 = Very Likely … 10 = Not at All Likely) as the vector holds it: 11 − value. */
export function recommendLikelihood(value: number): number {
  return RECOMMEND_MAX + 1 - value;
}

function inRange(value: unknown, max: number): value is number {
  return typeof value === "number" && Number.isFinite(value) && value >= 1 && value <= max;
}

/**
 * The 21 numbers of one respondent, or null when any is missing or out of range (complete cases only: a respondent
 * with a gap adds nothing, see the decision). `scoresByKey` maps each agree item's key to its 1..5 score and the
 * recommend key to the instrument's value 1 (Very Likely) … 10 (Not at All Likely).
 */
export function toDriverVector(scoresByKey: Readonly<Record<string, number | null | undefined>>): number[] | null {
  const vector = new Array<number>(LOWI_DRIVER_SIZE);
  for (let index = 0; index < LOWI_DRIVER_SIZE; index += 1) {
    const key = LOWI_DRIVER_KEYS[index];
    const value = Object.hasOwn(scoresByKey, key) ? scoresByKey[key] : undefined;
    if (index === LOWI_RECOMMEND_INDEX) {
      if (!inRange(value, RECOMMEND_MAX)) return null;
      vector[index] = recommendLikelihood(value);
    } else {
      if (!inRange(value, AGREE_MAX)) return null;
      vector[index] = value;
    }
  }
  return vector;
}

/**
 * The vector of one stored response (question key → option text, as `foldResponse` reads it): agree labels scored
 * 1..5, the recommend answer through `normalizeRecommendAnswer` (0 and 11 merged, bare numbers accepted). Null when
 * any of the 21 answers is missing or not one the question offers.
 */
export function lowiDriverVectorFromAnswers(answers: unknown): number[] | null {
  if (!answers || typeof answers !== "object" || Array.isArray(answers)) return null;
  const record = answers as Record<string, unknown>;
  const scores: Record<string, number | null> = {};
  for (const key of LOWI_DRIVER_KEYS) {
    const raw = Object.hasOwn(record, key) ? record[key] : undefined;
    if (key === LOWI_RECOMMEND_KEY) scores[key] = typeof raw === "string" || typeof raw === "number" ? normalizeRecommendAnswer(raw) : null;
    else scores[key] = typeof raw === "string" ? scoreAgreeAnswer(raw) : null;
  }
  return toDriverVector(scores);
}

/** A named linear combination of the vector: `row` holds one weight per variable. */
export interface DriverComposite {
  key: string;
  name: string;
  row: readonly number[];
}

/** Equal weights 1/k on the given indices. */
function meanRow(indices: readonly number[]): number[] {
  const row = new Array<number>(LOWI_DRIVER_SIZE).fill(0);
  for (const index of indices) row[index] = 1 / indices.length;
  return row;
}

/** Each competency item on its own; key = question key, name = competency. */
export const LOWI_COMPETENCY_DRIVERS: readonly DriverComposite[] = LOWI_COMPETENCY_ITEMS.map((item, index) => ({
  key: item.key,
  name: item.name,
  row: meanRow([index]),
}));

/**
 * Each SPARK area: the mean of its **competency** items only. The love items are left out so that the love score,
 * an outcome, is never predicted by a composite that contains part of it.
 */
export const LOWI_SPARK_AREA_DRIVERS: readonly DriverComposite[] = SPARK_AREAS.map((area: SparkArea) => ({
  key: area,
  name: area,
  row: meanRow(LOWI_COMPETENCY_ITEMS.flatMap((item, index) => (item.sparkArea === area ? [index] : []))),
}));

/** Each love item on its own (a love area as a driver of recommending); key = question key, name = love area. */
export const LOWI_LOVE_AREA_DRIVERS: readonly DriverComposite[] = LOWI_LOVE_ITEMS.map((item, index) => ({
  key: item.key,
  name: item.name,
  row: meanRow([LOVE_OFFSET + index]),
}));

/**
 * For each love item, the rest score: the mean of the **other four** love items. A love area's relation to love is
 * read against it (the corrected item–total correlation), so the item is not correlated with a score holding itself.
 */
export const LOWI_LOVE_REST_SCORES: readonly DriverComposite[] = LOWI_LOVE_ITEMS.map((item, index) => ({
  key: item.key,
  name: item.name,
  row: meanRow(LOWI_LOVE_ITEMS.flatMap((_, other) => (other === index ? [] : [LOVE_OFFSET + other]))),
}));

/** The love score: the mean of the 5 love items. */
export const LOWI_LOVE_SCORE: DriverComposite = {
  key: "love",
  name: "Love score",
  row: meanRow(LOWI_LOVE_ITEMS.map((_, index) => LOVE_OFFSET + index)),
};

/** The recommend outcome: the (turned round) recommend item itself. */
export const LOWI_RECOMMEND_SCORE: DriverComposite = {
  key: "recommend",
  name: "Recommend",
  row: meanRow([LOWI_RECOMMEND_INDEX]),
};

/** The rows of a list of composites, as a matrix for `linearCovariance` / `linearMeans`. */
export function compositeMatrix(composites: readonly DriverComposite[]): DriverMatrix {
  return composites.map((composite) => [...composite.row]);
}
