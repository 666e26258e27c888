/**
 * The comment analysis pipeline: each stored response with written answers gets one `comments.analyze` job (enqueued
 * in the response's insert transaction); the job runs the analyzer of @hearth/analysis over the response's open
 * answers and writes one comment_excerpt per answer. Writes are `on conflict do nothing` on (response, question), so a
 * job that runs twice — a retry after a crash, the backfill racing a job — stores each excerpt once.
 */
import { type CommentAnalyzer, createCommentAnalyzer, type CommentItem } from "@hearth/analysis";
import { classifyRecommendAnswer, isCommentShown, type SurveyField } from "@hearth/shared";
import type { AppContext } from "../../app-context.js";
import type { JobDefinition } from "../../jobs/queue.js";
import { ANALYZE_COMMENTS_JOB, type AnalyzeCommentsJob, BACKFILL_COMMENTS_JOB, openQuestionKeys } from "./comment-jobs.js";
import { findResponsesToAnalyse, insertExcerpts, listResponsesWithoutExcerpts, type NewExcerpt } from "./comments.repo.js";

const RECOMMEND_KEY = "lowi_recommend";

interface AnalysisLogger {
  warn(details: object, message: string): void;
  info(details: object, message: string): void;
}

const analyzers = new WeakMap<AppContext, CommentAnalyzer>();

/** The process's analyzer: the LLM when LLM_BASE_URL, LLM_API_KEY and LLM_MODEL are set, the local one otherwise. */
function analyzerFor(ctx: AppContext, log?: AnalysisLogger): CommentAnalyzer {
  let analyzer = analyzers.get(ctx);
  if (!analyzer) {
    const { LLM_BASE_URL, LLM_API_KEY, LLM_MODEL, LLM_TIMEOUT_MS, LLM_BATCH_SIZE } = ctx.env;
    analyzer = createCommentAnalyzer(
      {
        LLM_BASE_URL,
        LLM_API_KEY,
        LLM_MODEL,
        LLM_TIMEOUT_MS: LLM_TIMEOUT_MS?.toString(),
        LLM_BATCH_SIZE: LLM_BATCH_SIZE?.toString(),
      },
      // The comments themselves are never logged.
      { onFallback: (error, comments) => log?.warn({ err: error, comments }, "LLM analysis failed; the local analyzer answered") },
    );
    analyzers.set(ctx, analyzer);
  }
  return analyzer;
}

/**
 * Analyses the open answers of the given responses and stores their excerpts. Responses that no longer exist are
 * skipped; answers that already have an excerpt are not written again. Answers the number of excerpts written.
 */
export async function analyseResponses(ctx: AppContext, responseIds: readonly string[], log?: AnalysisLogger): Promise<number> {
  const { db } = ctx.database;
  const responses = await findResponsesToAnalyse(db, [...new Set(responseIds)]);
  const items: CommentItem[] = [];
  const pending: Omit<NewExcerpt, "sentiment" | "emotion" | "topic" | "direction" | "analyzer">[] = [];
  for (const response of responses) {
    const fields = (response.fields ?? []) as SurveyField[];
    const recommendTag = classifyRecommendAnswer(response.answers[RECOMMEND_KEY]);
    for (const key of openQuestionKeys(fields)) {
      const text = response.answers[key];
      if (typeof text !== "string" || text.trim() === "") continue;
      items.push({ text, context: { questionKey: key } });
      pending.push({
        tenantId: response.tenantId,
        surveyId: response.surveyId,
        responseId: response.id,
        questionKey: key,
        text,
        recommendTag,
        // The day only, like the response row: an excerpt must not tell when its answer arrived.
        createdAt: new Date(`${response.submittedOn}T00:00:00.000Z`),
      });
    }
  }
  if (items.length === 0) return 0;
  const results = await analyzerFor(ctx, log).analyzeComments(items);
  const rows: NewExcerpt[] = pending.map((row, index) => {
    const result = results[index];
    const shown = isCommentShown(String(row.text));
    return {
      ...row,
      // 3 characters or fewer: stored, never shown, and counted as no sentiment.
      sentiment: shown ? result.sentiment : "none",
      emotion: shown ? result.emotion : "None",
      topic: shown ? result.topic || "General" : "General",
      direction: shown ? result.recommendation : null,
      analyzer: result.source,
    };
  });
  return insertExcerpts(db, rows);
}

/**
 * Analyses every response that has written answers and no excerpts, a page at a time: the demo seed's responses,
 * and responses stored before the pipeline existed. Safe to run at any time and on several instances.
 */
export async function backfillCommentExcerpts(ctx: AppContext, log?: AnalysisLogger, pageSize = 200): Promise<number> {
  let after = 0;
  let written = 0;
  for (;;) {
    const page = await listResponsesWithoutExcerpts(ctx.database.db, after, pageSize);
    if (page.length === 0) break;
    written += await analyseResponses(
      ctx,
      page.map((row) => row.id),
      log,
    );
    after = page[page.length - 1].seq;
    if (page.length < pageSize) break;
  }
  if (written > 0) log?.info({ excerpts: written }, "analysed stored comments");
  return written;
}

export function defineCommentJobs(ctx: AppContext, log: AnalysisLogger): JobDefinition[] {
  const analyse: JobDefinition<AnalyzeCommentsJob> = {
    name: ANALYZE_COMMENTS_JOB,
    retryLimit: 5,
    retryDelaySeconds: 10,
    batchSize: 50,
    handle: async ({ responseId }) => {
      await analyseResponses(ctx, [responseId], log);
    },
    // A fetched batch is analysed together (one analyzer call, so an LLM sees full batches); a failure retries it.
    handleBatch: async (jobs) => {
      await analyseResponses(
        ctx,
        jobs.map((job) => job.data.responseId),
        log,
      );
      return new Map();
    },
  };
  const backfill: JobDefinition = {
    name: BACKFILL_COMMENTS_JOB,
    retryLimit: 3,
    retryDelaySeconds: 30,
    expireInSeconds: 3600,
    handle: async () => {
      await backfillCommentExcerpts(ctx, log);
    },
  };
  return [analyse as JobDefinition, backfill];
}

/** Asks for one backfill run (one at a time across instances). Called at start, after the demo seed. */
export async function requestCommentBackfill(ctx: AppContext): Promise<void> {
  await ctx.jobs.enqueue(BACKFILL_COMMENTS_JOB, {}, { singletonKey: "comments-backfill" });
}
