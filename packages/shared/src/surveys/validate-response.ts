/**
 * Checks one submitted response against the survey's questions (POST /api/response). Nothing partial: either every
 * answer is acceptable and the normalised answers come back, or the reasons per question key do.
 */
import type { SurveyField } from "./survey-field.js";
import { SURVEY_MESSAGES } from "./survey-messages.js";

export const MAX_TEXT_ANSWER_LENGTH = 5000;

export type ResponseValidation = { ok: true; answers: Record<string, string> } | { ok: false; fields: Record<string, string> };

type ResponseField = Pick<SurveyField, "key" | "answerType" | "radioOptions" | "required">;

/**
 * Rules: unknown keys are refused; answers must be text; a choice must be one of the options offered (after trimming);
 * a written answer may be up to 5,000 characters; required questions must be answered; an empty optional answer is
 * dropped. Returned answers are trimmed and hold only the survey's keys, in the survey's order.
 */
export function validateResponse(fields: readonly ResponseField[], data: unknown): ResponseValidation {
  const problems: Record<string, string> = {};
  const answers: Record<string, string> = {};
  const record: Record<string, unknown> = data && typeof data === "object" && !Array.isArray(data) ? (data as Record<string, unknown>) : {};
  const known = new Map(fields.map((field) => [field.key, field]));

  for (const key of Object.keys(record)) if (!known.has(key)) problems[key] = SURVEY_MESSAGES.answerUnknownQuestion;

  for (const field of fields) {
    const raw = Object.hasOwn(record, field.key) ? record[field.key] : undefined;
    if (raw !== undefined && raw !== null && typeof raw !== "string") {
      problems[field.key] = SURVEY_MESSAGES.answerNotText;
      continue;
    }
    const value = (raw ?? "").trim();
    if (value === "") {
      if (field.required) problems[field.key] = SURVEY_MESSAGES.answerRequired;
      continue;
    }
    if (field.answerType === "Radio" && !field.radioOptions.some((option) => option.trim() === value)) {
      problems[field.key] = SURVEY_MESSAGES.answerNotOffered;
      continue;
    }
    if (value.length > MAX_TEXT_ANSWER_LENGTH) {
      problems[field.key] = SURVEY_MESSAGES.answerTooLong;
      continue;
    }
    answers[field.key] = value;
  }

  return Object.keys(problems).length > 0 ? { ok: false, fields: problems } : { ok: true, answers };
}
