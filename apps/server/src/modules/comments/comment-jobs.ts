/**
 * What the response write path needs from the comments slice, kept apart from the analyzer so storing a response
 * does not load the NLP model: the job names, which responses have something to analyse, and the enqueue call.
 */
import type { SurveyField } from "@hearth/shared";
import type { AppContext } from "../../app-context.js";
import type { Database } from "../../db/client.js";

/** One job per stored response with at least one written answer: `{responseId}`. */
export const ANALYZE_COMMENTS_JOB = "comments.analyze";
/** Analyses every stored response that has written answers but no excerpts yet (the demo seed, older installs). */
export const BACKFILL_COMMENTS_JOB = "comments.backfill";

export interface AnalyzeCommentsJob {
  responseId: string;
}

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

/** Enqueues the analysis of one response inside `tx` (the response's own insert transaction). */
export async function enqueueCommentAnalysis(ctx: AppContext, tx: Database, responseId: string): Promise<void> {
  await ctx.jobs.enqueueMany<AnalyzeCommentsJob>(ANALYZE_COMMENTS_JOB, [{ data: { responseId } }], tx);
}
