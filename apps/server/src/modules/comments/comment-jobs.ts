/**
 * What the response write path needs from the comments slice, kept apart from the analysis loop so storing a
 * response loads nothing of it: which responses have something to analyse, and a nudge for this instance's loop.
 */
import type { SurveyField } from "@hearth/shared";
import type { AppContext } from "../../app-context.js";

/** Keys of the survey's open (written-answer) questions. */
export function openQuestionKeys(fields: readonly Pick<SurveyField, "key" | "answerType">[]): string[] {
  return fields.filter((field) => field.answerType === "Text").map((field) => field.key);
}

/** True when the response holds a non-empty answer to at least one Text question. */
export function hasOpenAnswers(fields: readonly Pick<SurveyField, "key" | "answerType">[], answers: Record<string, string>): boolean {
  for (const key of openQuestionKeys(fields)) {
    const answer = answers[key];
    if (typeof answer === "string" && answer.trim() !== "") return true;
  }
  return false;
}

const wakers = new WeakMap<AppContext, () => void>();

/** Registers the analysis loop of `ctx` (comment-analysis.ts) to be nudged after inserts. */
export function onCommentAnalysisWake(ctx: AppContext, wake: (() => void) | null): void {
  if (wake) wakers.set(ctx, wake);
  else wakers.delete(ctx);
}

/** After a response with written answers is stored: the loop looks for new rows soon instead of at its next poll. */
export function wakeCommentAnalysis(ctx: AppContext): void {
  wakers.get(ctx)?.();
}
