/**
 * The labelling slice's SQL (decision 0050). Two reads cross companies, like the benchmark recompute: the surveys a
 * labeler may be served from (opted-in companies, closed surveys) and the labels for the evaluation. They run for a
 * labeler or the platform, never for a company, and neither returns a company's or a survey's name.
 */
import { and, asc, eq, isNotNull, isNull, lte, notExists, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { survey, surveyResponse, tenant, user } from "../../db/schema.js";
import { commentExcerpt, commentLabel } from "../../db/schema-reports.js";
import { publishedCommentConditions } from "../comments/comments.repo.js";

export async function findLabelerStatus(
  db: Database,
  tenantId: string,
  userId: string,
): Promise<{ labeler: boolean; labeledPoints: number } | undefined> {
  const [row] = await db
    .select({ labeler: user.labeler, labeledPoints: user.labeledPoints })
    .from(user)
    .where(and(eq(user.id, userId), eq(user.tenantId, tenantId)));
  return row;
}

/** Sets or clears a user's labeler flag by email (the set-labeler command); false when nobody has that email. */
export async function setLabelerByEmail(db: Database, email: string, labeler: boolean): Promise<boolean> {
  const rows = await db
    .update(user)
    .set({ labeler, updatedAt: new Date() })
    .where(eq(sql`lower(${user.email})`, email.trim().toLowerCase()))
    .returning({ id: user.id });
  return rows.length > 0;
}

/** Closed, published surveys (end date passed) of every company that lets labelers read its comments. */
export async function listLabellingSurveys(db: Database, now: Date): Promise<{ tenantId: string; surveyId: string }[]> {
  return db
    .select({ tenantId: survey.tenantId, surveyId: survey.id })
    .from(survey)
    .innerJoin(tenant, eq(tenant.id, survey.tenantId))
    .where(and(eq(tenant.allowLabelling, true), eq(survey.draft, false), lte(survey.endDate, now)))
    .orderBy(asc(survey.tenantId), asc(survey.id));
}

/**
 * One published comment of a survey (its response's seq ≤ `upToSeq`, decision 0022) longer than `minLength`
 * characters that this labeler was never served, by random id. Only the id and the text leave the query.
 */
export async function findUnservedComment(
  db: Database,
  tenantId: string,
  surveyId: string,
  upToSeq: number,
  minLength: number,
  labelerUserId: string,
): Promise<{ excerptId: string; text: string } | undefined> {
  const served = db
    .select({ one: sql`1` })
    .from(commentLabel)
    .where(and(eq(commentLabel.excerptId, commentExcerpt.id), eq(commentLabel.labelerUserId, labelerUserId)));
  const [row] = await db
    .select({ excerptId: commentExcerpt.id, text: commentExcerpt.text })
    .from(commentExcerpt)
    .innerJoin(surveyResponse, eq(surveyResponse.id, commentExcerpt.responseId))
    .where(and(publishedCommentConditions(tenantId, surveyId, upToSeq, minLength), notExists(served)))
    .orderBy(asc(commentExcerpt.id))
    .limit(1);
  return row;
}

/** Records that the comment was served to the labeler; false when it already was (never served twice). */
export async function insertServedComment(db: Database, tenantId: string, labelerUserId: string, excerptId: string): Promise<boolean> {
  const rows = await db
    .insert(commentLabel)
    .values({ tenantId, labelerUserId, excerptId })
    .onConflictDoNothing()
    .returning({ excerptId: commentLabel.excerptId });
  return rows.length > 0;
}

export interface OpenComment {
  excerptId: string;
  tenantId: string;
  surveyId: string;
  text: string;
  seq: number;
}

/** The comment served to this labeler and neither labelled nor skipped yet, if any (at most one at a time). */
export async function findOpenComment(db: Database, labelerUserId: string): Promise<OpenComment | undefined> {
  const [row] = await db
    .select({
      excerptId: commentExcerpt.id,
      tenantId: commentExcerpt.tenantId,
      surveyId: commentExcerpt.surveyId,
      text: commentExcerpt.text,
      seq: surveyResponse.seq,
    })
    .from(commentLabel)
    .innerJoin(commentExcerpt, eq(commentExcerpt.id, commentLabel.excerptId))
    .innerJoin(surveyResponse, eq(surveyResponse.id, commentExcerpt.responseId))
    .where(and(eq(commentLabel.labelerUserId, labelerUserId), isNull(commentLabel.labeledAt), isNull(commentLabel.skippedAt)))
    .orderBy(asc(commentLabel.servedAt))
    .limit(1);
  return row ? { ...row, seq: Number(row.seq ?? 0) } : undefined;
}

/** Forgets a served comment its company no longer shares (it may be served again if the company opts back in). */
export async function deleteServedComment(db: Database, tenantId: string, labelerUserId: string, excerptId: string): Promise<void> {
  await db
    .delete(commentLabel)
    .where(and(eq(commentLabel.tenantId, tenantId), eq(commentLabel.labelerUserId, labelerUserId), eq(commentLabel.excerptId, excerptId)));
}

/** A comment served to this labeler and neither labelled nor skipped yet. */
const openServedComment = (tenantId: string, labelerUserId: string, excerptId: string) =>
  and(
    eq(commentLabel.tenantId, tenantId),
    eq(commentLabel.labelerUserId, labelerUserId),
    eq(commentLabel.excerptId, excerptId),
    isNull(commentLabel.labeledAt),
    isNull(commentLabel.skippedAt),
  );

/**
 * Stores the labels of an open served comment and adds the labeler's point, in one transaction: only the first
 * submission changes the row, so a comment earns one point per labeler however often it is sent. Null: not open.
 */
export async function recordLabels(
  db: Database,
  tenantId: string,
  labelerUserId: string,
  excerptId: string,
  labels: { sentiment: string; emotion: string; topic: string },
): Promise<number | null> {
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(commentLabel)
      .set({ ...labels, labeledAt: new Date() })
      .where(openServedComment(tenantId, labelerUserId, excerptId))
      .returning({ excerptId: commentLabel.excerptId });
    if (updated.length === 0) return null;
    const [points] = await tx
      .update(user)
      .set({ labeledPoints: sql`${user.labeledPoints} + 1` })
      .where(eq(user.id, labelerUserId))
      .returning({ labeledPoints: user.labeledPoints });
    return points.labeledPoints;
  });
}

/** Marks an open served comment skipped (no point); false when it was not open. */
export async function recordSkip(db: Database, tenantId: string, labelerUserId: string, excerptId: string): Promise<boolean> {
  const rows = await db
    .update(commentLabel)
    .set({ skippedAt: new Date() })
    .where(openServedComment(tenantId, labelerUserId, excerptId))
    .returning({ excerptId: commentLabel.excerptId });
  return rows.length > 0;
}

/** Every submitted label with its comment's text, by comment (the evaluation reads these; no company, no person). */
export async function listSubmittedLabels(
  db: Database,
): Promise<{ excerptId: string; text: string; questionKey: string; sentiment: string; emotion: string; topic: string }[]> {
  const rows = await db
    .select({
      excerptId: commentLabel.excerptId,
      text: commentExcerpt.text,
      questionKey: commentExcerpt.questionKey,
      sentiment: commentLabel.sentiment,
      emotion: commentLabel.emotion,
      topic: commentLabel.topic,
    })
    .from(commentLabel)
    .innerJoin(commentExcerpt, eq(commentExcerpt.id, commentLabel.excerptId))
    .where(isNotNull(commentLabel.labeledAt))
    .orderBy(asc(commentLabel.excerptId));
  return rows.map((row) => ({ ...row, sentiment: row.sentiment ?? "", emotion: row.emotion ?? "", topic: row.topic ?? "" }));
}
