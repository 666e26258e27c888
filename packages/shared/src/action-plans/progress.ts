/**
 * How far a plan's focus has moved (decision 0078): its score at the baseline LOWI™ survey and at each published
 * check-in, read from a group's aggregate exactly as the company report reads it. A LOWI agree item scores the mean
 * of its answers (1 to 5) with the 95% interval of those answers; a SPARK area scores its row of the company report
 * (the pooled answers to its items, the interval from each respondent's mean over them).
 */
import { type ReportAggregate, countOf } from "../reports/aggregate.js";
import { computeCompanyReport } from "../reports/company-report.js";
import { roundTo } from "../reports/format.js";
import { type ConfidenceInterval, confidenceInterval95, emptyMoments } from "../reports/statistics.js";
import { LOWI_AGREE_FIELDS } from "../surveys/lowi/agree-items.js";
import { SPARK_AREAS, type SparkArea } from "../surveys/lowi/areas.js";
import { AGREE_SCALE } from "../surveys/scales.js";

export type ProgressFocusKind = "item" | "sparkArea";

/** Whether a plan's focus can be measured: a LOWI agree item, a SPARK area, or (null) neither. */
export function progressFocusKind(focusKey: string): ProgressFocusKind | null {
  if (LOWI_AGREE_FIELDS.some((field) => field.key === focusKey)) return "item";
  if ((SPARK_AREAS as readonly string[]).includes(focusKey)) return "sparkArea";
  return null;
}

export interface FocusScore {
  /** Rounded to two decimals, as the reports show it. */
  score: number;
  /** The exact mean, for the change from baseline. */
  mean: number;
  n: number;
  ci: ConfidenceInterval | null;
}

/** A LOWI agree item's score in the group: the mean of its answers, 1 (Strongly Disagree) to 5 (Strongly Agree). */
export function agreeItemScore(aggregate: ReportAggregate, key: string): FocusScore {
  const moments = emptyMoments();
  AGREE_SCALE.forEach((label, index) => {
    const count = countOf(aggregate, key, label);
    moments.n += count;
    moments.sum += (index + 1) * count;
    moments.sumSq += (index + 1) * (index + 1) * count;
  });
  const mean = moments.n > 0 ? moments.sum / moments.n : 0;
  return { score: roundTo(mean, 2), mean, n: moments.n, ci: moments.n > 0 ? confidenceInterval95(moments, mean) : null };
}

/** The focus's score in the group, or null when the group holds no answer to it. */
export function focusScoreOf(aggregate: ReportAggregate, focusKey: string): FocusScore | null {
  const kind = progressFocusKind(focusKey);
  if (kind === "item") {
    const score = agreeItemScore(aggregate, focusKey);
    return score.n > 0 ? score : null;
  }
  if (kind === "sparkArea") {
    const row = computeCompanyReport(aggregate, null).sparkAreas.find((area) => area.topic === (focusKey as SparkArea));
    return row && row.answers > 0 ? { score: row.score, mean: row.score, n: row.answers, ci: row.ci } : null;
  }
  return null;
}

/**
 * The change from baseline in points of the 1–5 scale: the difference of the two scores as shown (each rounded once,
 * to two decimals), so the change a reader sees is the subtraction they can do themselves.
 */
export function scoreChange(baseline: FocusScore, later: FocusScore): number {
  return roundTo(later.score - baseline.score, 2);
}

/** Why a figure cannot be read, in the words the plan page shows. */
export const PROGRESS_REASONS = {
  focus: "Progress is measured for plans about a LOWI item or a SPARK area.",
  noBaseline: "Choose the LOWI survey this plan starts from as its baseline to measure progress.",
  notLowi: "The baseline survey is not a LOWI survey, so the focus was not measured there.",
  baselineDraft: "The baseline survey is still a draft: it has no report yet.",
  unreadable: "You cannot read this survey's report.",
  draft: "Not published yet.",
  noAnswers: "No published answers to the focus yet.",
  notAsked: "This check-in does not ask the focus's questions.",
  noCohort: "The plan's cohort is not in this survey's report.",
} as const;
