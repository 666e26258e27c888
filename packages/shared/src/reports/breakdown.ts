/** The Breakdown report: per choice question, how answers spread over its options, from the aggregate alone. */
import { RECOMMEND_OPTIONS } from "../surveys/scales.js";
import type { SurveyField } from "../surveys/survey-field.js";
import { countOf, type ReportAggregate } from "./aggregate.js";
import { toShares } from "./format.js";

export interface BreakdownOption {
  label: string;
  count: number;
  /** Percent of the question's answers, one decimal. */
  share: number;
}

/** Field names follow `breakdownQuestionSchema` in contracts/reports.ts (the server adds sentiment and emotion). */
export interface ComputedBreakdownQuestion {
  key: string;
  /** The question's text (for a matrix row, the row's text). */
  title: string;
  topic: string | null;
  group: SurveyField["group"];
  /** Respondents who chose one of the options. */
  total: number;
  /** Every option in the question's order, chosen or not. */
  options: BreakdownOption[];
}

export type BreakdownField = Pick<SurveyField, "key" | "question" | "answerType" | "radioOptions" | "topic" | "group">;

/**
 * One entry per Radio question with options, in the survey's order (text questions have no distribution). The
 * recommend item lists its ten canonical options, since the fold stores 0/1 and 10/11 under them.
 */
export function computeBreakdown(aggregate: ReportAggregate, fields: readonly BreakdownField[]): ComputedBreakdownQuestion[] {
  const result: ComputedBreakdownQuestion[] = [];
  const seen = new Set<string>();
  for (const field of fields) {
    if (field.answerType !== "Radio" || seen.has(field.key)) continue;
    seen.add(field.key);
    const labels = field.group === "recommend" ? [...RECOMMEND_OPTIONS] : [...new Set(field.radioOptions.map((option) => option.trim()))];
    if (labels.length === 0) continue;
    const counts = labels.map((label) => countOf(aggregate, field.key, label));
    const shares = toShares(counts);
    result.push({
      key: field.key,
      title: field.question,
      topic: field.topic,
      group: field.group,
      total: counts.reduce((sum, count) => sum + count, 0),
      options: labels.map((label, index) => ({ label, count: counts[index], share: shares[index] })),
    });
  }
  return result;
}
