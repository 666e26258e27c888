/**
 * Keeps each survey's report state folded from its responses, so a report reads a folded state plus the few responses
 * that arrived since, never the whole list (docs/decisions/0016-report-aggregates.md).
 *
 * The subtle part is which responses are settled. Response `seq` values come from an identity column, assigned when
 * the INSERT runs, not when it commits: a transaction still open may hold a lower `seq` than a row already visible.
 * Folding past it would skip that response forever. So the store only moves its `foldedSeq` over rows it can prove
 * settled:
 *  - on embedded PGlite there is one connection and statements run one after another, so every row a read sees is
 *    settled, and so is every lower seq;
 *  - on PostgreSQL, when no other session holds the insert lock on survey_response, every seq drawn so far is settled
 *    (`quietSeq`, checked before the rows are read); otherwise each read notes the highest seq it saw and its
 *    snapshot's xmax. At a later read, at least one second on, whose snapshot's xmin is at least that xmax, every
 *    transaction that was running then has ended, so every seq up to the noted one is settled (a transaction draws
 *    its seq and its transaction id within the same INSERT; the second covers the instant between the two).
 * Rows above the settled prefix are read again next time: nothing is lost; they are only not published yet.
 *
 * Publication in blocks of k (docs/decisions/0022): the state a read returns holds the first ⌊n / k⌋ · k settled
 * responses by `seq` and nothing else, k being the survey's visibility threshold. A partial block — fewer than k
 * responses, settled or not — is never folded into anything a reader sees, so no reading of a survey's content changes
 * by fewer than k respondents. This is the one boundary every reader goes through: the folded state for numbers, and
 * `publishedSeq` for everything read from rows (comments, sentiment, two-filter groups, quotes, the raw export).
 *
 * Blocks close on counting responses (docs/decisions/0052): a block is complete when it holds k responses that count
 * toward the thresholds (`counts_toward_threshold`, decided at ingest); responses that do not count ride inside the
 * block they arrived in, so a block may hold more than k responses but never fewer than k independent ones.
 */
import type { Database } from "../../db/client.js";
import { rowsOf } from "../../db/client.js";
import { sql } from "drizzle-orm";
import { findSurveyAggregate, saveSurveyAggregate } from "./reports.repo.js";

export interface FoldEngine<State, Plan> {
  readonly version: number;
  empty(plan: Plan): State;
  /** Adds one response; `counting` says whether it counts toward the thresholds (decision 0052). */
  fold(state: State, answers: Record<string, string>, plan: Plan, counting: boolean): void;
  /** The respondents in a state. */
  responses(state: State): number;
  /** The state as stored in JSONB. */
  serialize(state: State): unknown;
  /** A stored state of this version, or null when it cannot be read (then it is rebuilt). */
  revive(data: unknown, plan: Plan): State | null;
  /** Whether a state folded under plan `a` may be read under plan `b` (otherwise it is loaded again). */
  samePlan(a: Plan, b: Plan): boolean;
}

interface Observation {
  at: number;
  maxSeq: number;
  xmax: bigint;
}

interface Cached<State, Plan> {
  version: number;
  /** The plan the state was folded under: a survey whose cohorts changed is loaded again (and rebuilt). */
  plan: Plan;
  /** The block size k the state is folded in (the survey's threshold); another k rebuilds the state. */
  blockSize: number;
  /** The last seq of the last complete block folded in (a counting response): every response with seq ≤ foldedSeq is in `state`. */
  foldedSeq: number;
  state: State;
  lastPersistAt: number;
  persistedSeq: number;
  /** Earlier reads of the tail, oldest first (PostgreSQL only). */
  observations: Observation[];
  /** Reads of one survey run one at a time: they fold into the same state. */
  lock: Promise<unknown>;
}

export interface FoldResult<State> {
  /** The published state: the settled responses up to the last block of k counting responses, nothing else. */
  state: State;
  /** The highest seq in the published state (0: none). Exactly the responses with seq ≤ publishedSeq are published. */
  publishedSeq: number;
  /** Responses read above the published point: a partial block and rows not yet settled. Not in `state`. */
  tail: number;
  /** Of those, the rows not yet proved settled (PostgreSQL only; always 0 on PGlite). */
  unsettled: number;
}

const PAGE = 5_000;
const SETTLE_AFTER_MS = 1_000;
const MAX_OBSERVATIONS = 32;
const PERSIST_INTERVAL_MS = 5_000;
const MAX_CACHED_SURVEYS = 200;

interface TailRow {
  seq: number;
  answers: Record<string, string>;
  counting: boolean;
  xmin: string;
  xmax: string;
}

export class AggregateStore<State, Plan> {
  private readonly cache = new Map<string, Cached<State, Plan>>();
  private readonly loading = new Map<string, Promise<Cached<State, Plan>>>();

  constructor(
    private readonly db: Database,
    private readonly engine: FoldEngine<State, Plan>,
    /** True on embedded PGlite (one connection, statements one after another). */
    private readonly singleConnection: boolean,
  ) {}

  /** Forgets every cached state (tests; a survey whose questions changed). */
  clear(surveyId?: string): void {
    if (surveyId) this.cache.delete(surveyId);
    else this.cache.clear();
  }

  /**
   * The survey's published state: its settled responses in complete blocks of `blockSize` (the survey's threshold).
   * The caller must not modify it.
   */
  async read(tenantId: string, surveyId: string, plan: Plan, blockSize: number): Promise<FoldResult<State>> {
    const cached = await this.load(tenantId, surveyId, plan, blockSize);
    const run = cached.lock.then(() => this.foldTail(tenantId, surveyId, plan, cached));
    cached.lock = run.catch(() => undefined);
    return run;
  }

  private async foldTail(tenantId: string, surveyId: string, plan: Plan, cached: Cached<State, Plan>): Promise<FoldResult<State>> {
    const startedAt = Date.now();
    const k = cached.blockSize;
    /** Settled rows above the last complete block, waiting for their block to fill (fewer than k at the end). */
    let block: TailRow[] = [];
    /** Of the block, the responses that count toward the thresholds: the block closes at k of them. */
    let blockCounting = 0;
    let tail = 0;
    let unsettled = 0;
    let after = cached.foldedSeq;
    let settledLimit = this.singleConnection ? Number.POSITIVE_INFINITY : cached.foldedSeq;
    // Before the rows are read: when no insert is in flight, every seq drawn so far is settled (see quietSeq).
    if (!this.singleConnection) settledLimit = Math.max(settledLimit, (await this.quietSeq()) ?? 0);
    let decided = this.singleConnection;
    let readMax = cached.foldedSeq;
    let readXmax: bigint | null = null;

    for (;;) {
      const rows = await this.readTail(tenantId, surveyId, after);
      if (rows.length === 0) break;
      const xmax = BigInt(rows[0].xmax);
      readXmax = readXmax === null || xmax > readXmax ? xmax : readXmax;
      if (!decided) {
        // The first page's snapshot decides which earlier observation is now settled.
        const xmin = BigInt(rows[0].xmin);
        for (const observation of cached.observations) {
          if (observation.at <= startedAt - SETTLE_AFTER_MS && xmin >= observation.xmax)
            settledLimit = Math.max(settledLimit, observation.maxSeq);
        }
        cached.observations = cached.observations.filter((observation) => observation.maxSeq > settledLimit);
        decided = true;
      }
      for (const row of rows) {
        if (unsettled === 0 && row.seq <= settledLimit) {
          block.push(row);
          if (row.counting) blockCounting += 1;
          if (blockCounting === k) {
            // A block is complete (k counting responses, and whatever did not count among them): published as a whole.
            for (const member of block) this.engine.fold(cached.state, member.answers, plan, member.counting);
            cached.foldedSeq = row.seq;
            block = [];
            blockCounting = 0;
          }
        } else {
          unsettled += 1;
        }
        readMax = row.seq;
      }
      after = rows[rows.length - 1].seq;
      if (rows.length < PAGE) break;
    }

    tail = block.length + unsettled;
    if (!this.singleConnection && readXmax !== null && unsettled > 0) {
      cached.observations.push({ at: startedAt, maxSeq: readMax, xmax: readXmax });
      if (cached.observations.length > MAX_OBSERVATIONS) cached.observations.shift();
    }
    if (cached.foldedSeq > cached.persistedSeq && Date.now() - cached.lastPersistAt >= PERSIST_INTERVAL_MS) {
      await this.persist(tenantId, surveyId, cached);
    }
    return { state: cached.state, publishedSeq: cached.foldedSeq, tail, unsettled };
  }

  /** Folds and writes the settled state now (the bench after seeding; tests). */
  async flush(tenantId: string, surveyId: string, plan: Plan, blockSize: number): Promise<void> {
    // On PostgreSQL rows settle only at a later read (see above): read again, a little over a second apart, until
    // nothing is unsettled (a transaction that stays open keeps its rows pending; then what is settled is stored).
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const { unsettled } = await this.read(tenantId, surveyId, plan, blockSize);
      if (unsettled === 0 || this.singleConnection) break;
      await new Promise((resolve) => setTimeout(resolve, SETTLE_AFTER_MS + 100));
    }
    const cached = await this.load(tenantId, surveyId, plan, blockSize);
    const run = cached.lock.then(async () => {
      if (cached.foldedSeq > cached.persistedSeq) await this.persist(tenantId, surveyId, cached);
    });
    cached.lock = run.catch(() => undefined);
    await run;
  }

  private async persist(tenantId: string, surveyId: string, cached: Cached<State, Plan>): Promise<void> {
    const foldedSeq = cached.foldedSeq;
    await saveSurveyAggregate(this.db, tenantId, surveyId, {
      version: this.engine.version,
      foldedSeq,
      responses: this.engine.responses(cached.state),
      data: { blockSize: cached.blockSize, state: this.engine.serialize(cached.state) },
    });
    cached.persistedSeq = foldedSeq;
    cached.lastPersistAt = Date.now();
  }

  /**
   * PostgreSQL: the last seq drawn, when no other session holds the insert lock on survey_response; null otherwise.
   * The seq is read first, then the locks: a transaction that drew a seq up to that value held RowExclusiveLock from
   * before its draw until it ended, so if nobody holds it afterwards every such transaction has committed or rolled
   * back, and a snapshot taken after this check sees all of them (the sequence has CACHE 1, so seqs are drawn in
   * order across sessions). With inserts in flight the observation rule above decides, as before.
   */
  private async quietSeq(): Promise<number | null> {
    const [drawn] = rowsOf<{ last_value: number | string; is_called: boolean }>(
      await this.db.execute(sql`select last_value, is_called from survey_response_seq_seq`),
    );
    const [locks] = rowsOf<{ busy: boolean }>(
      await this.db.execute(sql`
        select exists (
          select 1 from pg_locks
          where locktype = 'relation' and mode = 'RowExclusiveLock' and pid <> pg_backend_pid()
            and database = (select oid from pg_database where datname = current_database())
            and relation = 'survey_response'::regclass
        ) as busy`),
    );
    if (!drawn || !locks || locks.busy) return null;
    return drawn.is_called ? Number(drawn.last_value) : 0;
  }

  private async readTail(tenantId: string, surveyId: string, after: number): Promise<TailRow[]> {
    // One statement, so the snapshot it reports is the one its rows were read under.
    const result = await this.db.execute(sql`
      select r.seq, r.answers, r.counts_toward_threshold, pg_snapshot_xmin(s.snap)::text as xmin, pg_snapshot_xmax(s.snap)::text as xmax
      from (select pg_current_snapshot() as snap) s
      left join lateral (
        select seq, answers, counts_toward_threshold from survey_response
        where survey_id = ${surveyId} and tenant_id = ${tenantId} and seq > ${after}
        order by seq limit ${PAGE}
      ) r on true`);
    const rows = rowsOf<{
      seq: number | null;
      answers: Record<string, string> | string | null;
      counts_toward_threshold: boolean | null;
      xmin: string;
      xmax: string;
    }>(result);
    return rows
      .filter((row) => row.seq !== null)
      .map((row) => ({
        seq: Number(row.seq),
        answers: typeof row.answers === "string" ? (JSON.parse(row.answers) as Record<string, string>) : (row.answers ?? {}),
        counting: row.counts_toward_threshold !== false,
        xmin: row.xmin,
        xmax: row.xmax,
      }));
  }

  private async load(tenantId: string, surveyId: string, plan: Plan, blockSize: number): Promise<Cached<State, Plan>> {
    const hit = this.cache.get(surveyId);
    if (
      hit &&
      hit.version === this.engine.version &&
      hit.blockSize === blockSize &&
      (hit.plan === plan || this.engine.samePlan(hit.plan, plan))
    ) {
      hit.plan = plan;
      // Most recently used last, for the size cap.
      this.cache.delete(surveyId);
      this.cache.set(surveyId, hit);
      return hit;
    }
    const inFlight = this.loading.get(surveyId);
    if (inFlight) return inFlight;
    const promise = (async () => {
      const row = await findSurveyAggregate(this.db, tenantId, surveyId);
      // A stored state folded in blocks of another size (or of an older layout) is rebuilt from the responses.
      const stored = row?.data as { blockSize?: unknown; state?: unknown } | null | undefined;
      const revived =
        row && row.version === this.engine.version && stored?.blockSize === blockSize ? this.engine.revive(stored.state, plan) : null;
      const cached: Cached<State, Plan> = {
        version: this.engine.version,
        plan,
        blockSize,
        foldedSeq: revived && row ? row.foldedSeq : 0,
        persistedSeq: revived && row ? row.foldedSeq : 0,
        state: revived ?? this.engine.empty(plan),
        lastPersistAt: 0,
        observations: [],
        lock: Promise.resolve(),
      };
      this.cache.set(surveyId, cached);
      while (this.cache.size > MAX_CACHED_SURVEYS) {
        const oldest = this.cache.keys().next().value;
        if (oldest === undefined) break;
        this.cache.delete(oldest);
      }
      return cached;
    })();
    this.loading.set(surveyId, promise);
    try {
      return await promise;
    } finally {
      this.loading.delete(surveyId);
    }
  }
}
