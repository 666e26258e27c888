/**
 * The header of a survey's response export, CSV and Excel alike (issue 25 item 6, decision 0068): a first row people
 * read — each question's text as the respondent saw it, {{company_name}} and the survey's other meta fields filled —
 * and under it a second row of question keys, for scripts and for joining exports of the same survey. Data rows
 * follow from the third line. The detached comments of an anonymous survey carry both too, as columns.
 *
 * A file exported here and imported again as a feedback import (decision 0046) is read with its question texts as
 * column names; its key row is recognised and skipped, never imported as a response.
 */
import type { SurveyField } from "./survey-field.js";

export const EXPORT_SUBMITTED_ON = { label: "Submitted on", key: "submitted_on" } as const;
export const EXPORT_COMMENT_HEADER = ["Question", "Question key", "Comment"] as const;

/** The two header rows of the answer table: question texts, then keys. */
export function responseExportHeaderRows(
  fields: readonly Pick<SurveyField, "key" | "question">[],
  keys: readonly string[],
  fillText: (text: string) => string,
): [string[], string[]] {
  const byKey = new Map(fields.map((field) => [field.key, field]));
  const texts = keys.map((key) => {
    const text = fillText(byKey.get(key)?.question ?? "")
      .replace(/\s+/g, " ")
      .trim();
    return text === "" ? key : text;
  });
  return [
    [EXPORT_SUBMITTED_ON.label, ...texts],
    [EXPORT_SUBMITTED_ON.key, ...keys],
  ];
}

/** Whether a table's first data row is the key row of a Hearth response export (its header is the text row). */
export function isResponseExportKeyRow(headers: readonly string[], row: readonly string[] | undefined): boolean {
  return headers[0]?.trim() === EXPORT_SUBMITTED_ON.label && row?.[0]?.trim() === EXPORT_SUBMITTED_ON.key;
}
