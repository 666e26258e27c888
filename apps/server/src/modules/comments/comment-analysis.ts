/**
 * The comment analysis pipeline (decision 0023). Storing a response is one insert and nothing else; this loop reads
 * new responses by seq after a cursor (comment_analysis_cursor), in batches, analyses their open answers and writes
 * one comment_excerpt per answer, then moves the cursor.
 *
 * - Off the request path: the loop polls every second (PostgreSQL: every half second), and an insert with written
 *   answers nudges it. The local
 *   analyzer runs on a worker thread (comment-analyzer-thread.ts), so its CPU work is not on the thread that serves
 *   HTTP and runs the embedded database. An LLM (LLM_* set) is called from this thread: that is waiting on I/O.
 * - One instance at a time: a pass first takes (or extends) a lease on the cursor row; other instances skip until it
 *   expires. Writes are `on conflict do nothing` on (response, question) and responses that already have an excerpt
 *   are skipped, so a batch analysed twice (a crash between the excerpts and the cursor, a lease taken over) stores
 *   each excerpt once.
 * - Seq order and commit order: on PGlite, statements and transactions run one at a time, so every seq up to the
 *   highest visible one is settled. On PostgreSQL a lower seq can commit after a higher one; a pass reads only up to
 *   a seq that was already the highest a second earlier, and a sweep every minute looks again at the seqs the
 *   cursor passed in the last two minutes.
 * - Transactions stay short: each statement stands alone; the database is free while a batch is being analysed. On
 *   PostgreSQL the loop has a connection of its own, so under load its statements do not wait behind requests.
 */
import { randomUUID } from "node:crypto";
import { type CommentAnalysis, type CommentItem, createCommentAnalyzer } from "@hearth/analysis";
import { classifyRecommendAnswer, isCommentShown, type SurveyField } from "@hearth/shared";
import type { AppContext } from "../../app-context.js";
import { type Database, type DatabaseHandle, openDatabase } from "../../db/client.js";
import { AnalyzerThread } from "./comment-analyzer-thread.js";
import {
  advanceAnalysisCursor,
  claimAnalysisLease,
  ensureAnalysisCursor,
  highestResponseSeq,
  listResponsesAfterSeq,
  listUnanalysedResponseIds,
  releaseAnalysisLease,
  surveyFields,
} from "./comment-analysis.repo.js";
import { onCommentAnalysisWake, openQuestionKeys } from "./comment-jobs.js";
import { findResponsesToAnalyse, insertExcerpts, type NewExcerpt } from "./comments.repo.js";

const RECOMMEND_KEY = "lowi_recommend";
/** Responses read per pass. */
export const ANALYSIS_BATCH = 200;
/** How often the loop looks for new responses without a nudge (PostgreSQL: also how soon after seqs settle). */
const POLL_MS = { pglite: 1_000, postgres: 500 } as const;
/** After a nudge: long enough for a burst of inserts to arrive as one batch. */
const WAKE_DELAY_MS = 250;
const LEASE_SECONDS = 60;
/** PostgreSQL only: a seq is read once it was the highest stored at least this long ago. */
const SETTLE_MS = 1_000;
const SWEEP_EVERY_MS = 60_000;
/** survey_response.seq is an integer identity. */
const MAX_SEQ = 2_147_483_647;

interface AnalysisLogger {
  warn(details: object, message: string): void;
  info(details: object, message: string): void;
}

interface Analyzer {
  analyzeComments(items: readonly CommentItem[]): Promise<CommentAnalysis[]>;
}

interface Answered {
  id: string;
  tenantId: string;
  surveyId: string;
  answers: Record<string, string>;
  submittedOn: string;
  fields: unknown[];
}

/** The process's analyzer: the LLM when LLM_BASE_URL, LLM_API_KEY and LLM_MODEL are set, the local one on a thread otherwise. */
function createAnalyzer(ctx: AppContext, log?: AnalysisLogger): { analyzer: Analyzer; close: () => Promise<void> } {
  const { LLM_BASE_URL, LLM_API_KEY, LLM_MODEL, LLM_TIMEOUT_MS, LLM_BATCH_SIZE } = ctx.env;
  if (LLM_BASE_URL && LLM_API_KEY && LLM_MODEL) {
    const llm = createCommentAnalyzer(
      { LLM_BASE_URL, LLM_API_KEY, LLM_MODEL, LLM_TIMEOUT_MS: LLM_TIMEOUT_MS?.toString(), LLM_BATCH_SIZE: LLM_BATCH_SIZE?.toString() },
      // The comments themselves are never logged.
      { onFallback: (error, comments) => log?.warn({ err: error, comments }, "LLM analysis failed; the local analyzer answered") },
    );
    return { analyzer: llm, close: async () => undefined };
  }
  const thread = new AnalyzerThread();
  return { analyzer: thread, close: () => thread.close() };
}

/** Analyses the open answers of `responses` and stores their excerpts; answers the number of excerpts written. */
async function analyseAndStore(db: Database, analyzer: Analyzer, responses: readonly Answered[]): Promise<number> {
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
  const results = await analyzer.analyzeComments(items);
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

export interface AnalysisPass {
  /** False when another instance holds the lease (nothing was read). */
  leased: boolean;
  /** Responses analysed in this pass (those that already had excerpts are not counted). */
  responses: number;
  excerpts: number;
  /** True when the cursor reached every response stored when the pass began. */
  caughtUp: boolean;
}

/** One instance's analysis loop: passes run one at a time; polling only where job workers run. */
export class CommentAnalysisLoop {
  readonly owner = randomUUID();
  private readonly settleMs: number;
  private readonly pollMs: number;
  private readonly analyzer: { analyzer: Analyzer; close: () => Promise<void> };
  /** Highest seqs seen, with when: the settled horizon on PostgreSQL. */
  private seen: { seq: number; at: number }[] = [];
  private lastSweepAt = Date.now();
  /** The cursor at the previous two sweeps: a sweep looks at (older, now]. */
  private sweepMarks: number[] = [];
  private chain: Promise<unknown> = Promise.resolve();
  /** While this instance holds the lease it is the cursor's only writer: the cursor is kept here between passes. */
  private lease: { cursor: number; renewAt: number } | null = null;
  private timer: NodeJS.Timeout | null = null;
  private timerDueAt = 0;
  private polling = false;
  private stopped = false;
  private cursorReady = false;
  /** PostgreSQL: a connection of the loop's own, so its statements do not queue behind requests for the app's pool. */
  private own: Promise<DatabaseHandle> | null = null;

  constructor(
    private readonly ctx: AppContext,
    private readonly log?: AnalysisLogger,
  ) {
    this.settleMs = ctx.database.kind === "pglite" ? 0 : SETTLE_MS;
    this.pollMs = POLL_MS[ctx.database.kind];
    this.analyzer = createAnalyzer(ctx, log);
  }

  /** Starts polling (every second, sooner after a nudge). */
  start(): void {
    this.polling = true;
    onCommentAnalysisWake(this.ctx, () => this.schedule(WAKE_DELAY_MS));
    this.schedule(0);
  }

  /** Stops polling, waits for a pass in progress, gives the lease up and ends the analyzer thread. */
  async stop(): Promise<void> {
    this.stopped = true;
    onCommentAnalysisWake(this.ctx, null);
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.chain.catch(() => undefined);
    if (this.lease) await releaseAnalysisLease(await this.db(), this.owner).catch(() => undefined);
    this.lease = null;
    if (this.own) await (await this.own.catch(() => null))?.close().catch(() => undefined);
    this.own = null;
    await this.analyzer.close();
  }

  private schedule(delayMs: number): void {
    if (!this.polling || this.stopped) return;
    const due = Date.now() + delayMs;
    if (this.timer && this.timerDueAt <= due) return;
    if (this.timer) clearTimeout(this.timer);
    this.timerDueAt = due;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.catchUp().then(
        () => this.schedule(this.pollMs),
        (error) => {
          this.log?.warn({ err: error }, "comment analysis pass failed; trying again");
          this.schedule(this.pollMs);
        },
      );
    }, delayMs);
    this.timer.unref();
  }

  /**
   * Runs passes until the cursor reaches the responses stored when it began (or another instance holds the lease).
   * `settled`: the caller knows no insert is in flight (tests), so PostgreSQL need not wait for commits to settle.
   */
  catchUp(options: { settled?: boolean } = {}): Promise<AnalysisPass> {
    const run = this.chain.then(async () => {
      const total: AnalysisPass = { leased: true, responses: 0, excerpts: 0, caughtUp: false };
      while (!this.stopped || options.settled) {
        const pass = await this.pass(options.settled ?? false);
        total.leased = pass.leased;
        total.responses += pass.responses;
        total.excerpts += pass.excerpts;
        total.caughtUp = pass.caughtUp;
        if (!pass.leased || pass.caughtUp) break;
      }
      return total;
    });
    this.chain = run.catch(() => undefined);
    return run;
  }

  private horizon(top: number, settled: boolean): number {
    if (settled || this.settleMs === 0) return top;
    const now = Date.now();
    this.seen.push({ seq: top, at: now });
    let horizon = 0;
    let keepFrom = 0;
    this.seen.forEach((entry, index) => {
      if (entry.at <= now - this.settleMs) {
        horizon = Math.max(horizon, entry.seq);
        keepFrom = index;
      }
    });
    this.seen = this.seen.slice(keepFrom);
    return horizon;
  }

  /** The database the loop works on: the app's PGlite, or one PostgreSQL connection of its own. */
  private async db(): Promise<Database> {
    const { database } = this.ctx;
    if (database.kind === "pglite" || !database.connectionString) return database.db;
    this.own ??= openDatabase({ databaseUrl: database.connectionString, poolSize: 1 });
    try {
      return (await this.own).db;
    } catch (error) {
      this.own = null;
      throw error;
    }
  }

  private async pass(settled: boolean): Promise<AnalysisPass> {
    const db = await this.db();
    if (!this.cursorReady) {
      await ensureAnalysisCursor(db);
      this.cursorReady = true;
    }
    // The lease is renewed when half of it has run out; the cursor row is read again only then.
    if (!this.lease || Date.now() >= this.lease.renewAt) {
      const claimed = await claimAnalysisLease(db, this.owner, LEASE_SECONDS);
      this.lease = claimed === null ? null : { cursor: claimed, renewAt: Date.now() + (LEASE_SECONDS * 1000) / 2 };
    }
    if (!this.lease) return { leased: false, responses: 0, excerpts: 0, caughtUp: true };
    const cursor = this.lease.cursor;
    // PGlite runs one statement or transaction at a time: every seq below the highest visible one is settled.
    const horizon = this.settleMs === 0 ? MAX_SEQ : this.horizon(await highestResponseSeq(db), settled);
    let responses = 0;
    let excerpts = 0;
    let reached = cursor;
    let caughtUp = true;
    if (horizon > cursor) {
      const rows = await listResponsesAfterSeq(db, cursor, horizon, ANALYSIS_BATCH);
      const unanalysed = rows.filter((row) => !row.analysed);
      const surveys = await surveyFields(db, [...new Set(unanalysed.map((row) => row.surveyId))]);
      // a response belongs to its survey's tenant (the insert takes both from the same row)
      const todo = unanalysed.flatMap((row) => {
        const found = surveys.get(row.surveyId);
        return found && found.tenantId === row.tenantId ? [{ ...row, fields: found.fields }] : [];
      });
      excerpts = await analyseAndStore(db, this.analyzer.analyzer, todo);
      responses = todo.length;
      caughtUp = rows.length < ANALYSIS_BATCH;
      reached = caughtUp ? (horizon === MAX_SEQ ? (rows.at(-1)?.seq ?? cursor) : horizon) : rows[rows.length - 1].seq;
      if (reached > cursor) {
        if (!(await advanceAnalysisCursor(db, this.owner, reached))) {
          this.lease = null;
          return { leased: false, responses, excerpts, caughtUp: true };
        }
        this.lease.cursor = reached;
      }
    }
    if (this.settleMs > 0 && Date.now() - this.lastSweepAt >= SWEEP_EVERY_MS) excerpts += await this.sweep(reached);
    return { leased: true, responses, excerpts, caughtUp };
  }

  /** PostgreSQL: responses the cursor passed in the last two sweeps that still have no excerpts (committed late). */
  private async sweep(cursor: number): Promise<number> {
    this.lastSweepAt = Date.now();
    const from = this.sweepMarks[0];
    this.sweepMarks = [...this.sweepMarks, cursor].slice(-2);
    // the first sweep only marks where it stands: the cursor's walk from seq 0 has looked at everything before
    if (from === undefined) return 0;
    const ids = await listUnanalysedResponseIds(await this.db(), from, cursor, ANALYSIS_BATCH * 5);
    if (ids.length === 0) return 0;
    this.log?.info({ responses: ids.length }, "comment analysis: responses committed after the cursor passed them");
    return analyseResponses(this.ctx, ids);
  }

  /** Analyses the given responses (by id) now; those that already have excerpts write nothing again. */
  async analyseIds(responseIds: readonly string[]): Promise<number> {
    const db = await this.db();
    const responses = await findResponsesToAnalyse(db, [...new Set(responseIds)]);
    return analyseAndStore(db, this.analyzer.analyzer, responses);
  }
}

const loops = new WeakMap<AppContext, CommentAnalysisLoop>();

/** Creates the instance's analysis loop (app.ts); it polls when `poll` (where job workers run). */
export function startCommentAnalysis(ctx: AppContext, log: AnalysisLogger, options: { poll: boolean }): CommentAnalysisLoop {
  const loop = new CommentAnalysisLoop(ctx, log);
  loops.set(ctx, loop);
  if (options.poll) loop.start();
  return loop;
}

function loopOf(ctx: AppContext): CommentAnalysisLoop {
  const loop = loops.get(ctx);
  if (!loop) throw new Error("comment analysis is not started for this app");
  return loop;
}

/** Runs analysis passes now until every stored response has been looked at (tests; an operator's catch-up). */
export function analyseNewResponses(ctx: AppContext): Promise<AnalysisPass> {
  return loopOf(ctx).catchUp({ settled: true });
}

/**
 * Analyses the open answers of the given responses and stores their excerpts. Responses that no longer exist are
 * skipped; answers that already have an excerpt are not written again. Answers the number of excerpts written.
 */
export function analyseResponses(ctx: AppContext, responseIds: readonly string[]): Promise<number> {
  return loopOf(ctx).analyseIds(responseIds);
}
