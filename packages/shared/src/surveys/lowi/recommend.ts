/**
 * The recommend-to-a-friend item and how its answers are read. The scale runs 1 = Very Likely … 10 = Not at All Likely.
 * Imported data may hold the bare numbers, and older data 0 and 11; spec surveys §5 merges 1 and 0 with Very Likely
 * and 10 and 11 with Not at All Likely.
 */
import { choiceItem } from "../field-builders.js";
import { RECOMMEND_OPTIONS } from "../scales.js";
import type { SurveyField } from "../survey-field.js";
import { RECOMMEND_TOPIC } from "./areas.js";

export const LOWI_RECOMMEND_FIELD: SurveyField = choiceItem(
  "lowi_recommend",
  "How likely are you to recommend {{company_name}} to a friend as a place to work? (1 = Very Likely, 10 = Not at All Likely)",
  RECOMMEND_OPTIONS,
  { topic: RECOMMEND_TOPIC, group: "recommend", required: true },
);

export type RecommendValue = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10;

/** 1..10 for any form of a recommend answer (label, number or numeric text), or null when it is not one. */
export function normalizeRecommendAnswer(raw: unknown): RecommendValue | null {
  if (raw === null || raw === undefined) return null;
  const text = String(raw).trim().toLowerCase().replace(/\s+/g, " ");
  if (text === "very likely") return 1;
  if (text === "not at all likely") return 10;
  if (!/^\d+(\.0+)?$/.test(text)) return null;
  const value = Number(text);
  if (value === 0) return 1;
  if (value === 11) return 10;
  return value >= 1 && value <= 10 ? (value as RecommendValue) : null;
}

export const RECOMMEND_TAGS = ["recommend", "neutral", "won't recommend"] as const;
export type RecommendTag = (typeof RECOMMEND_TAGS)[number];

/**
 * The report's recommendation tag: 1-2 recommend, 3-4 neutral, 5-10 won't recommend
 * (the usual promoter / passive / detractor split, with this item's scale running the other way).
 */
export function classifyRecommendAnswer(raw: unknown): RecommendTag | null {
  const value = normalizeRecommendAnswer(raw);
  if (value === null) return null;
  if (value <= 2) return "recommend";
  if (value <= 4) return "neutral";
  return "won't recommend";
}
