/**
 * Corrections of a comment's sentiment, emotion and topic by a reader (issue 11, item 17; docs/decisions/0014).
 *
 * A reader may correct only a comment they can read on the Comments page: same survey visibility, plan feature,
 * published blocks (decision 0022) and, for members limited to assigned cohorts, only their cohorts' comments
 * (`readableCommentIds`). Anything else answers 404, like an unknown comment, so a correction attempt reveals nothing.
 * The corrected labels are written onto the comment, so filters, sentiment counts, themes, exports and the quote
 * rule all read them; the analyzer's labels are kept beside them. Nothing here returns who answered or when.
 */
import type { CommentCorrection, CommentCorrectionList, CommentLabels, CorrectedCommentExport } from "@hearth/shared";
import type { AppContext } from "../../app-context.js";
import type { Actor } from "../../lib/actor.js";
import { notFound } from "../../lib/errors.js";
import { type LoadedSurvey, loadSurvey, requireFeature } from "../reports/reports.service.js";
import { publishedCommentSeq } from "../reports/survey-state.js";
import { type CorrectionRow, findComment, listSurveyCorrections, saveCorrection } from "./comment-corrections.repo.js";
import { readableCommentIds } from "./comments.service.js";

const UNKNOWN_COMMENT = "This comment does not exist.";

async function readableScope(ctx: AppContext, actor: Actor, surveyId: string) {
  const loaded: LoadedSurvey = await loadSurvey(ctx, actor, surveyId);
  requireFeature(actor, loaded.tenant, "CommentsReport", "The Comments report");
  const [maxSeq, ids] = await Promise.all([publishedCommentSeq(ctx, loaded), readableCommentIds(ctx, actor, loaded)]);
  return (comment: { id: string; responseSeq: number }) => comment.responseSeq <= maxSeq && (ids === null || ids.has(comment.id));
}

const toCorrection = (row: CorrectionRow): CommentCorrection => ({
  commentId: row.commentId,
  labels: { sentiment: row.sentiment, emotion: row.emotion, topic: row.topic },
  original: { sentiment: row.originalSentiment, emotion: row.originalEmotion, topic: row.originalTopic },
  correctedAt: row.correctedAt.toISOString(),
});

/** PUT /api/comments/:commentId/labels */
export async function correctCommentLabels(
  ctx: AppContext,
  actor: Actor,
  commentId: string,
  labels: CommentLabels,
): Promise<CommentCorrection> {
  const { db } = ctx.database;
  const comment = await findComment(db, actor.tenantId, commentId);
  if (!comment) throw notFound(UNKNOWN_COMMENT);
  const readable = await readableScope(ctx, actor, comment.surveyId);
  if (!readable(comment)) throw notFound(UNKNOWN_COMMENT);
  await saveCorrection(db, actor.tenantId, comment, labels, actor.userId);
  const saved = (await listSurveyCorrections(db, actor.tenantId, comment.surveyId)).find((row) => row.commentId === comment.id);
  if (!saved) throw notFound(UNKNOWN_COMMENT);
  return toCorrection(saved);
}

/** GET /api/reports/:surveyId/comment-corrections: the corrected comments the reader can read, with the original labels. */
export async function listCommentCorrections(ctx: AppContext, actor: Actor, surveyId: string): Promise<CommentCorrectionList> {
  const readable = await readableScope(ctx, actor, surveyId);
  const rows = await listSurveyCorrections(ctx.database.db, actor.tenantId, surveyId);
  return { corrections: rows.filter((row) => readable({ id: row.commentId, responseSeq: row.responseSeq })).map(toCorrection) };
}

/**
 * GET /api/reports/:surveyId/corrected-comments: the corrected comments the reader can read as evaluation data for
 * the analyzer (`npm run eval:analysis -w @hearth/analysis -- --extra file.jsonl`): text and labels only, in comment
 * id order (random, not arrival order), no ids, question, cohort, time or respondent.
 */
export async function exportCorrectedComments(ctx: AppContext, actor: Actor, surveyId: string): Promise<CorrectedCommentExport> {
  const readable = await readableScope(ctx, actor, surveyId);
  const rows = await listSurveyCorrections(ctx.database.db, actor.tenantId, surveyId);
  return {
    comments: rows
      .filter((row) => row.sentiment !== "none" && readable({ id: row.commentId, responseSeq: row.responseSeq }))
      .map((row) => ({ text: row.text, sentiment: row.sentiment, emotion: row.emotion, topic: row.topic })),
  };
}
