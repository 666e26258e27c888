/**
 * The Team report of a survey other than LOWI (spec surveys §2: "same tab set as LOWI minus company"; issue 25 item 7):
 * its columns are the survey's questions answered on a five-point scale (agree, or satisfaction without "Not
 * Offered"), each scored 1–5 like the LOWI items, so every cohort's row reads on the same scale as a LOWI heatmap.
 */
import type { SurveyField } from "../surveys/survey-field.js";
import { AGREE_SCALE, BENEFIT_SCALE } from "../surveys/scales.js";
import { countOf, type ReportAggregate } from "./aggregate.js";

/** The scales a question can be scored on, lowest first. */
const SCORED_SCALES: readonly (readonly string[])[] = [AGREE_SCALE, BENEFIT_SCALE.slice(0, 5)];

export interface ScaleColumn {
  id: string;
  name: string;
  /** The question's options, lowest first: an answer scores its position + 1. */
  scale: readonly string[];
}

const sameScale = (options: readonly string[], scale: readonly string[]) =>
  scale.every((label) => options.includes(label)) && options.every((label) => scale.includes(label) || label === BENEFIT_SCALE[5]);

/** The survey's single-choice questions on a five-point scale, in the survey's order, named by their question. */
export function scaleColumns(fields: readonly Pick<SurveyField, "key" | "question" | "answerType" | "radioOptions">[]): ScaleColumn[] {
  const columns: ScaleColumn[] = [];
  for (const field of fields) {
    if (field.answerType !== "Radio") continue;
    const scale = SCORED_SCALES.find((candidate) => sameScale(field.radioOptions, candidate));
    if (scale) columns.push({ id: field.key, name: field.question, scale });
  }
  return columns;
}

/** Each column's mean score (1–5) over the aggregate's answers; a column nobody answered is left out. */
export function scaleScores(aggregate: ReportAggregate, columns: readonly ScaleColumn[]): Record<string, number> {
  const scores: Record<string, number> = {};
  for (const column of columns) {
    let sum = 0;
    let answers = 0;
    column.scale.forEach((label, index) => {
      const count = countOf(aggregate, column.id, label);
      sum += count * (index + 1);
      answers += count;
    });
    if (answers > 0) scores[column.id] = sum / answers;
  }
  return scores;
}
