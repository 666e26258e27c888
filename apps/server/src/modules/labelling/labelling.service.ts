/**
 * Labelers label comments of companies that opted in (decision 0050). A comment is servable when its company lets
 * labelers read its comments, its survey is closed, and the comment is published — its response within the
 * survey's published comment bound (`publishedCommentSeq`, decision 0022), the same bound every comment reader uses.
 * Only the comment's text and id reach the labeler.
 */
import { COMMENT_MIN_LENGTH, type LabellingSkip, type LabellingSubmit, type LabellingTask } from "@hearth/shared";
import type { AppContext } from "../../app-context.js";
import { AppError, notFound } from "../../lib/errors.js";
import { findTenant } from "../company/company.repo.js";
import { findReportSurvey } from "../reports/reports.repo.js";
import { publishedCommentSeq, readSurveyState } from "../reports/survey-state.js";
import {
  deleteServedComment,
  findLabelerStatus,
  findOpenComment,
  findUnservedComment,
  insertServedComment,
  listLabellingSurveys,
  type OpenComment,
  recordLabels,
  recordSkip,
} from "./labelling.repo.js";

export interface Labeler {
  userId: string;
  tenantId: string;
}

/** The labeler's points; anyone who is not a labeler gets a 404, as if the page did not exist. */
async function requireLabeler(ctx: AppContext, who: Labeler): Promise<number> {
  const status = await findLabelerStatus(ctx.database.db, who.tenantId, who.userId);
  if (!status?.labeler) throw notFound();
  return status.labeledPoints;
}

/** The bound up to which a closed survey's comments are published; 0 when nothing of it may be read. */
async function labellingBound(ctx: AppContext, tenantId: string, surveyId: string, now: Date): Promise<number> {
  const found = await findReportSurvey(ctx.database.db, tenantId, surveyId);
  if (!found || found.draft || !found.endDate || found.endDate > now) return 0;
  const { fields, threshold, publishedSeq } = await readSurveyState(ctx, found);
  if (publishedSeq === 0) return 0;
  return publishedCommentSeq(ctx, { survey: found, fields, threshold, publishedSeq });
}

/** Whether a served comment may still be read: its company still shares, its survey is closed, it is published. */
async function stillServable(ctx: AppContext, open: OpenComment, now: Date): Promise<boolean> {
  const company = await findTenant(ctx.database.db, open.tenantId);
  if (!company?.allowLabelling) return false;
  return open.seq > 0 && open.seq <= (await labellingBound(ctx, open.tenantId, open.surveyId, now));
}

/** The open comment if it may still be read; one that may not is forgotten (and the next one looked for). */
async function currentComment(ctx: AppContext, who: Labeler, now: Date): Promise<OpenComment | null> {
  const open = await findOpenComment(ctx.database.db, who.userId);
  if (!open) return null;
  if (await stillServable(ctx, open, now)) return open;
  await deleteServedComment(ctx.database.db, open.tenantId, who.userId, open.excerptId);
  return null;
}

async function serveNext(ctx: AppContext, who: Labeler, now: Date): Promise<{ excerptId: string; text: string } | null> {
  const open = await currentComment(ctx, who, now);
  if (open) return { excerptId: open.excerptId, text: open.text };
  const { db } = ctx.database;
  for (const candidate of await listLabellingSurveys(db, now)) {
    const bound = await labellingBound(ctx, candidate.tenantId, candidate.surveyId, now);
    if (bound === 0) continue;
    // Two tabs asking at once may pick the same comment; only the first insert serves it, the other looks again.
    for (let attempt = 0; attempt < 3; attempt++) {
      const next = await findUnservedComment(db, candidate.tenantId, candidate.surveyId, bound, COMMENT_MIN_LENGTH, who.userId);
      if (!next) break;
      if (await insertServedComment(db, candidate.tenantId, who.userId, next.excerptId)) return next;
    }
  }
  return null;
}

/** The comment to label now (the same one until it is labelled or skipped) and the labeler's points. */
export async function nextLabellingTask(ctx: AppContext, who: Labeler, now = new Date()): Promise<LabellingTask> {
  const labeledPoints = await requireLabeler(ctx, who);
  return { comment: await serveNext(ctx, who, now), labeledPoints };
}

const notYours = () =>
  new AppError("VALIDATION_FAILED", "This is not the comment you were given.", {
    fields: { excerptId: "This is not the comment you were given. Reload the page to get it." },
  });

/** The labeler's open comment when it is the one they answer about, else a 400 naming excerptId. */
async function requireOpen(ctx: AppContext, who: Labeler, excerptId: string, now: Date): Promise<OpenComment> {
  const open = await currentComment(ctx, who, now);
  if (!open || open.excerptId !== excerptId) throw notYours();
  return open;
}

/** Stores the labels of the comment the labeler was given, adds one point, and gives the next comment. */
export async function submitLabels(ctx: AppContext, who: Labeler, input: LabellingSubmit, now = new Date()): Promise<LabellingTask> {
  await requireLabeler(ctx, who);
  const open = await requireOpen(ctx, who, input.excerptId, now);
  const points = await recordLabels(ctx.database.db, open.tenantId, who.userId, open.excerptId, {
    sentiment: input.sentiment,
    emotion: input.emotion,
    topic: input.topic,
  });
  if (points === null) throw notYours();
  return { comment: await serveNext(ctx, who, now), labeledPoints: points };
}

/** Sets the comment aside without a point (it is never served to this labeler again) and gives the next one. */
export async function skipComment(ctx: AppContext, who: Labeler, input: LabellingSkip, now = new Date()): Promise<LabellingTask> {
  const labeledPoints = await requireLabeler(ctx, who);
  const open = await requireOpen(ctx, who, input.excerptId, now);
  if (!(await recordSkip(ctx.database.db, open.tenantId, who.userId, open.excerptId))) throw notYours();
  return { comment: await serveNext(ctx, who, now), labeledPoints };
}
