/**
 * How long a survey takes, computed from its questions (issue 25 item 5, decision 0064): seconds per kind of question,
 * plus a fixed moment to read the introduction and send, turned into a range of whole minutes. Every promise of a
 * duration (invitation and reminder emails, the public survey's start) uses this, so it always fits the survey.
 */

/** What the estimate needs of a question: the public page's fields and the stored ones both fit. */
export interface DurationQuestion {
  questionType: "Text" | "Matrix";
  answerType: "Text" | "Radio";
  required: boolean;
}

/** A row of a matrix shares its scale with its neighbours: read one statement, pick one point. */
export const SECONDS_PER_MATRIX_ROW = 5;
/** A question of its own with options: read the question and its options, pick one. */
export const SECONDS_PER_CHOICE = 8;
/** A written answer a person must give: think, then type a sentence or two. */
export const SECONDS_PER_REQUIRED_TEXT = 45;
/** A written answer that may be left empty: many people skip it, some write a lot. */
export const SECONDS_PER_OPTIONAL_TEXT = 25;
/** Reading the introduction, moving between parts and sending. */
export const SECONDS_OVERHEAD = 20;

export function secondsForQuestion(question: DurationQuestion): number {
  if (question.answerType === "Text") return question.required ? SECONDS_PER_REQUIRED_TEXT : SECONDS_PER_OPTIONAL_TEXT;
  return question.questionType === "Matrix" ? SECONDS_PER_MATRIX_ROW : SECONDS_PER_CHOICE;
}

export interface SurveyDuration {
  /** The expected time, in seconds. */
  seconds: number;
  /** A range of whole minutes around it: quick readers take the lower end, careful ones the upper. */
  minMinutes: number;
  maxMinutes: number;
  /** "1–2 minutes", "6–9 minutes", "15–20 minutes". */
  label: string;
}

/** Long surveys are given in steps of five minutes: "23–31 minutes" claims a precision the rule does not have. */
const roundDown5 = (minutes: number) => Math.max(5, Math.floor(minutes / 5) * 5);
const roundUp5 = (minutes: number) => Math.ceil(minutes / 5) * 5;

export function estimateSurveyDuration(questions: readonly DurationQuestion[]): SurveyDuration {
  const seconds =
    questions.length === 0 ? 0 : SECONDS_OVERHEAD + questions.reduce((sum, question) => sum + secondsForQuestion(question), 0);
  const expected = seconds / 60;
  let minMinutes = Math.max(1, Math.floor(expected * 0.8));
  let maxMinutes = Math.max(minMinutes + 1, Math.ceil(expected * 1.25));
  if (maxMinutes > 15) {
    minMinutes = roundDown5(minMinutes);
    maxMinutes = Math.max(minMinutes + 5, roundUp5(maxMinutes));
  }
  return { seconds, minMinutes, maxMinutes, label: `${minMinutes}–${maxMinutes} minutes` };
}
