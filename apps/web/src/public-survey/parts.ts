/**
 * How the survey is split into pages ("parts"): Matrix rows that share a title stay together on one part under that
 * title; other questions are grouped a few at a time so a phone screen is not one endless scroll.
 */
import type { Answers, PublicSurveyField } from "./types";

export const QUESTIONS_PER_PART = 5;
/** A long Matrix group is split evenly into parts of at most this many rows (20 rows: two parts of 10). */
export const MATRIX_ROWS_PER_PART = 10;

export interface SurveyPart {
  /** The shared title of a Matrix group, shown as the part's heading; absent for a part of single questions. */
  title?: string;
  /** Matrix rows whose options are the same, so a desktop screen can show them as a grid with one header row. */
  gridOptions?: string[];
  /** Which piece of a Matrix group split over several parts (1-based), and how many pieces there are. */
  piece?: { index: number; count: number };
  fields: PublicSurveyField[];
}

const sameOptions = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((option, i) => option === b[i]);

export function buildParts(
  fields: readonly PublicSurveyField[],
  perPart = QUESTIONS_PER_PART,
  matrixRows = MATRIX_ROWS_PER_PART,
): SurveyPart[] {
  const parts: SurveyPart[] = [];
  for (const field of fields) {
    const last = parts.at(-1);
    const groupTitle = field.questionType === "Matrix" && field.title?.trim() ? field.title.trim() : undefined;
    if (groupTitle) {
      if (last?.title === groupTitle) last.fields.push(field);
      else parts.push({ title: groupTitle, fields: [field] });
    } else if (last && last.title === undefined && last.fields.length < perPart) {
      last.fields.push(field);
    } else {
      parts.push({ fields: [field] });
    }
  }
  return parts.flatMap((part) => {
    if (part.title === undefined) return [part];
    const first = part.fields[0].radioOptions;
    const grid = part.fields.every((field) => field.answerType === "Radio" && sameOptions(field.radioOptions, first));
    if (grid && first.length > 0 && first.length <= 7) part.gridOptions = [...first];
    return splitEvenly(part, matrixRows);
  });
}

function splitEvenly(part: SurveyPart, maxRows: number): SurveyPart[] {
  const count = Math.ceil(part.fields.length / maxRows);
  if (count <= 1) return [part];
  const size = Math.ceil(part.fields.length / count);
  return Array.from({ length: count }, (_, index) => ({
    ...part,
    fields: part.fields.slice(index * size, (index + 1) * size),
    piece: { index: index + 1, count },
  })).filter((piece) => piece.fields.length > 0);
}

export const isAnswered = (answers: Answers, key: string) => (answers[key] ?? "").trim() !== "";

/** Required questions among `fields` that have no answer yet, in order. */
export function missingRequired(fields: readonly PublicSurveyField[], answers: Answers): PublicSurveyField[] {
  return fields.filter((field) => field.required && !isAnswered(answers, field.key));
}

/** The part holding the question with this key, or -1. */
export function partOf(parts: readonly SurveyPart[], key: string): number {
  return parts.findIndex((part) => part.fields.some((field) => field.key === key));
}

/** The answers to send: only this survey's questions, empty answers left out. */
export function answersToSend(fields: readonly PublicSurveyField[], answers: Answers): Answers {
  const data: Answers = {};
  for (const field of fields) if (isAnswered(answers, field.key)) data[field.key] = answers[field.key];
  return data;
}
