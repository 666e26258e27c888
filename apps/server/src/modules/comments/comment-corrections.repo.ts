/**
 * The only SQL of comment label corrections. Every function takes the tenant id.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { uuidArray } from "../../db/sql-arrays.js";
import { surveyResponse } from "../../db/schema.js";
import { commentExcerpt, commentLabelCorrection } from "../../db/schema-reports.js";

export interface CorrectableComment {
  id: string;
  surveyId: string;
  sentiment: string;
  emotion: string;
  topic: string;
  analyzer: string;
  responseSeq: number;
}

/** One comment of this company with its response's seq, or undefined (unknown or another company's). */
export async function findComment(db: Database, tenantId: string, commentId: string): Promise<CorrectableComment | undefined> {
  const [row] = await db
    .select({
      id: commentExcerpt.id,
      surveyId: commentExcerpt.surveyId,
      sentiment: commentExcerpt.sentiment,
      emotion: commentExcerpt.emotion,
      topic: commentExcerpt.topic,
      analyzer: commentExcerpt.analyzer,
      responseSeq: surveyResponse.seq,
    })
    .from(commentExcerpt)
    .innerJoin(surveyResponse, eq(surveyResponse.id, commentExcerpt.responseId))
    .where(and(eq(commentExcerpt.tenantId, tenantId), eq(commentExcerpt.id, commentId)));
  return row ? { ...row, responseSeq: row.responseSeq ?? 0 } : undefined;
}

export interface CorrectionRow {
  commentId: string;
  sentiment: string;
  emotion: string;
  topic: string;
  originalSentiment: string;
  originalEmotion: string;
  originalTopic: string;
  correctedAt: Date;
}

/**
 * Writes the corrected labels onto the comment and keeps the analyzer's first labels: the first correction stores
 * them, later ones keep them (so "original" is always what the analyzer said). One transaction.
 */
export async function saveCorrection(
  db: Database,
  tenantId: string,
  comment: CorrectableComment,
  labels: { sentiment: string; emotion: string; topic: string },
  userId: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(commentLabelCorrection)
      .values({
        commentId: comment.id,
        tenantId,
        originalSentiment: comment.sentiment,
        originalEmotion: comment.emotion,
        originalTopic: comment.topic,
        originalAnalyzer: comment.analyzer,
        correctedBy: userId,
      })
      .onConflictDoUpdate({ target: commentLabelCorrection.commentId, set: { correctedBy: userId, correctedAt: sql`now()` } });
    await tx
      .update(commentExcerpt)
      .set(labels)
      .where(and(eq(commentExcerpt.tenantId, tenantId), eq(commentExcerpt.id, comment.id)));
  });
}

const correctionColumns = {
  commentId: commentLabelCorrection.commentId,
  sentiment: commentExcerpt.sentiment,
  emotion: commentExcerpt.emotion,
  topic: commentExcerpt.topic,
  originalSentiment: commentLabelCorrection.originalSentiment,
  originalEmotion: commentLabelCorrection.originalEmotion,
  originalTopic: commentLabelCorrection.originalTopic,
  correctedAt: commentLabelCorrection.correctedAt,
};

/** The corrections of one survey's comments with the response seq of each, in comment id order. */
export async function listSurveyCorrections(
  db: Database,
  tenantId: string,
  surveyId: string,
): Promise<(CorrectionRow & { text: string; responseSeq: number })[]> {
  const rows = await db
    .select({ ...correctionColumns, text: commentExcerpt.text, responseSeq: surveyResponse.seq })
    .from(commentLabelCorrection)
    .innerJoin(commentExcerpt, eq(commentExcerpt.id, commentLabelCorrection.commentId))
    .innerJoin(surveyResponse, eq(surveyResponse.id, commentExcerpt.responseId))
    .where(and(eq(commentLabelCorrection.tenantId, tenantId), eq(commentExcerpt.tenantId, tenantId), eq(commentExcerpt.surveyId, surveyId)))
    .orderBy(asc(commentLabelCorrection.commentId));
  return rows.map((row) => ({ ...row, responseSeq: row.responseSeq ?? 0 }));
}

/** Whether a comment's labels were corrected by a reader (the quote rule lets a correction decide). */
export async function correctedCommentIds(db: Database, tenantId: string, commentIds: readonly string[]): Promise<Set<string>> {
  if (commentIds.length === 0) return new Set();
  const rows = await db
    .select({ id: commentLabelCorrection.commentId })
    .from(commentLabelCorrection)
    .where(and(eq(commentLabelCorrection.tenantId, tenantId), sql`${commentLabelCorrection.commentId} = any(${uuidArray(commentIds)})`));
  return new Set(rows.map((row) => row.id));
}
