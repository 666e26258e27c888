import PgBoss from "pg-boss";
import type { FastifyBaseLogger } from "fastify";
import type { Database, DatabaseHandle } from "../db/client.js";
import { positionalSql } from "../db/positional-sql.js";

export interface JobRun {
  id: string;
  /** How many times this job has been retried before this run (0 on the first run). */
  retryCount: number;
  retryLimit: number;
}

export interface BatchJob<TData extends object> {
  data: TData;
  run: JobRun;
}

export interface JobDefinition<TData extends object = object> {
  name: string;
  /** Runs once per job; must be safe to run twice (a retry after a crash runs it again). */
  handle(data: TData, run: JobRun): Promise<void>;
  /**
   * Instead of `handle` once per job: all the jobs of a fetched batch at once. Answers the jobs that failed (by
   * id, with the error) and are retried; every other job completes. Throwing fails (and retries) the whole batch.
   */
  handleBatch?(jobs: readonly BatchJob<TData>[]): Promise<ReadonlyMap<string, unknown>>;
  /** Workers of this queue in one instance, each fetching its own batches (default 1): one's batch runs while another's ends. */
  workers?: number;
  retryLimit?: number;
  retryDelaySeconds?: number;
  /** A job still active after this long is taken to have died with its worker and runs again. */
  expireInSeconds?: number;
  /**
   * A lease for jobs that may run long: while the handler runs, its job is renewed at once and then every third of
   * this, so pg-boss's maintenance takes it for dead (and runs it again) this long after the last renewal rather than
   * `expireInSeconds` after its start. `expireInSeconds` stays the longest one run may take in-process (issue 23 L2).
   */
  leaseSeconds?: number;
  /** Jobs fetched at once and run side by side (each fails or completes on its own). Default 1. */
  batchSize?: number;
  /** Cron expression for a recurring job (data is {}). */
  cron?: string;
}

export interface EnqueueOptions {
  singletonKey?: string;
  startAfter?: Date;
}

export interface JobToEnqueue<TData extends object> extends EnqueueOptions {
  data: TData;
}

/** pg-boss's SQL, run inside a Drizzle transaction: `$n` placeholders become bound parameters. */
function transactionExecutor(tx: Database) {
  return {
    async executeSql(text: string, values: unknown[] = []) {
      const result = (await tx.execute(positionalSql(text, values))) as unknown as { rows: unknown[] };
      return { rows: result.rows };
    },
  };
}

/** A thin wrapper over pg-boss that lives on the application's own database. */
export class JobQueue {
  private readonly boss: PgBoss;
  private readonly definitions = new Map<string, JobDefinition<never>>();
  /** This instance's pg-boss worker ids by queue name. */
  private readonly workerIds = new Map<string, string[]>();
  private started = false;

  constructor(
    database: DatabaseHandle,
    private readonly log: FastifyBaseLogger,
    private readonly options: { runWorkers: boolean; pollingIntervalSeconds?: number; maintenanceIntervalSeconds?: number } = {
      runWorkers: true,
    },
  ) {
    const common = {
      schema: "pgboss",
      application_name: "hearth-jobs",
      maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? 60,
    };
    this.boss =
      database.kind === "postgres"
        ? new PgBoss({ ...common, connectionString: database.connectionString, max: 4 })
        : new PgBoss({ ...common, db: database.sql as PgBoss.Db });
    this.boss.on("error", (error) => this.log.error({ err: error }, "job queue error"));
  }

  define<TData extends object>(definition: JobDefinition<TData>): void {
    this.definitions.set(definition.name, definition as JobDefinition<never>);
  }

  async start(): Promise<void> {
    await this.boss.start();
    this.started = true;
    // pg-boss's create_queue does nothing for a queue that exists (its settings stay as they were): one read of the
    // queues instead of a statement per queue on every start of an existing database.
    const existing = new Set((await this.boss.getQueues()).map((queue) => queue.name));
    for (const definition of this.definitions.values()) {
      if (!existing.has(definition.name))
        await this.boss.createQueue(definition.name, {
          name: definition.name,
          retryLimit: definition.retryLimit ?? 5,
          retryDelay: definition.retryDelaySeconds ?? 10,
          retryBackoff: true,
          ...(definition.expireInSeconds ? { expireInSeconds: definition.expireInSeconds } : {}),
        });
      if (definition.cron) await this.boss.schedule(definition.name, definition.cron, {});
      if (!this.options.runWorkers) continue;
      const batchSize = definition.batchSize ?? 1;
      for (let worker = 0; worker < (definition.workers ?? 1); worker += 1) await this.startWorker(definition, batchSize);
    }
  }

  private async startWorker(definition: JobDefinition<never>, batchSize: number): Promise<void> {
    const runOf = (job: PgBoss.JobWithMetadata<object>): JobRun => ({ id: job.id, retryCount: job.retryCount, retryLimit: job.retryLimit });
    const withHeartbeat = async <T>(jobIds: readonly string[], work: () => Promise<T>): Promise<T> => {
      const leaseSeconds = definition.leaseSeconds;
      if (!leaseSeconds) return work();
      const renew = () => void this.renewLeases(definition.name, jobIds, leaseSeconds);
      renew();
      const timer = setInterval(renew, (leaseSeconds * 1000) / 3);
      try {
        return await work();
      } finally {
        clearInterval(timer);
      }
    };
    const failOne = async (jobId: string, error: unknown) => {
      this.log.warn({ err: error, job: definition.name, jobId }, "job failed; it will be retried");
      const message = error instanceof Error ? error.message : String(error);
      await this.boss.fail(definition.name, jobId, { message });
    };
    let workerId: string | undefined;
    const runBatch = async (jobs: PgBoss.JobWithMetadata<object>[]) => {
      if (definition.handleBatch) {
        const failures = await definition.handleBatch(jobs.map((job) => ({ data: job.data as never, run: runOf(job) })));
        // pg-boss then completes only the jobs still active
        for (const [jobId, error] of failures) await failOne(jobId, error);
      } else {
        const run = async (job: PgBoss.JobWithMetadata<object>) => {
          try {
            await definition.handle(job.data as never, runOf(job));
          } catch (error) {
            if (batchSize === 1) {
              this.log.warn({ err: error, job: definition.name, jobId: job.id }, "job failed; it will be retried");
              throw error;
            }
            // In a batch each job fails on its own; pg-boss then completes only the ones still active.
            await failOne(job.id, error);
          }
        };
        await Promise.all(jobs.map(run));
      }
      // A full batch means more are likely waiting: fetch again at once instead of after the polling interval.
      if (jobs.length >= batchSize && workerId) this.boss.notifyWorker(workerId);
    };
    workerId = await this.boss.work<object>(
      definition.name,
      { pollingIntervalSeconds: this.options.pollingIntervalSeconds ?? 1, batchSize, includeMetadata: true },
      (jobs) =>
        withHeartbeat(
          jobs.map((job) => job.id),
          () => runBatch(jobs),
        ),
    );
    this.workerIds.set(definition.name, [...(this.workerIds.get(definition.name) ?? []), workerId]);
  }

  /**
   * Renews the lease of jobs this instance is running. pg-boss expires an active job at started_on + expire_in (at
   * its maintenance), and its worker gives up on a handler after expire_in; so the renewal leaves expire_in alone
   * (the in-process limit) and moves started_on to `leaseSeconds` short of it, making the job expire `leaseSeconds`
   * after this renewal. (started_on then no longer shows the start; nothing here reads it.) Only an active job is
   * touched: one already expired and handed to a retry is not taken back. A failed renewal is logged; the next one
   * tries again.
   */
  private async renewLeases(name: string, jobIds: readonly string[], leaseSeconds: number): Promise<void> {
    try {
      const db = this.boss.getDb();
      const { rows } = await db.executeSql(
        `update pgboss.job set started_on = now() - expire_in + make_interval(secs => $3)
         where name = $1 and id = any($2::uuid[]) and state = 'active' returning id`,
        [name, jobIds, leaseSeconds],
      );
      if (rows.length < jobIds.length)
        this.log.warn({ job: name, renewed: rows.length, running: jobIds.length }, "a job's lease ran out while it was still running");
    } catch (error) {
      this.log.warn({ err: error, job: name }, "could not renew a job's lease");
    }
  }

  /**
   * Tells this instance's workers of a queue to fetch now instead of at their next poll: for jobs due at once that
   * were enqueued in a transaction (call after it commits). pg-boss cannot be notified on PGlite, and on PostgreSQL
   * it polls too, so without this a send-now job waits up to the polling interval.
   */
  wake(name: string): void {
    for (const workerId of this.workerIds.get(name) ?? []) this.boss.notifyWorker(workerId);
  }

  /**
   * A leased job carries its retry delay itself: a queue created before its definition gained a lease keeps its old
   * settings (create_queue leaves an existing queue alone), and the job's own win over the queue's.
   */
  private perJobSettings(name: string): { retryDelay?: number } {
    const definition = this.definitions.get(name);
    if (!definition?.leaseSeconds || definition.retryDelaySeconds === undefined) return {};
    return { retryDelay: definition.retryDelaySeconds };
  }

  async enqueue<TData extends object>(name: string, data: TData, options: EnqueueOptions = {}): Promise<string | null> {
    if (!this.definitions.has(name)) throw new Error(`Unknown job ${name}`);
    if (!this.started) throw new Error("Job queue is not started");
    return this.boss.send(name, data, {
      singletonKey: options.singletonKey,
      startAfter: options.startAfter,
      ...this.perJobSettings(name),
    });
  }

  /**
   * Enqueues many jobs in one statement; with `tx` they are written in that transaction and exist only if it
   * commits (a write and the jobs it causes land together).
   */
  async enqueueMany<TData extends object>(name: string, jobs: readonly JobToEnqueue<TData>[], tx?: Database): Promise<void> {
    if (!this.definitions.has(name)) throw new Error(`Unknown job ${name}`);
    if (!this.started) throw new Error("Job queue is not started");
    if (jobs.length === 0) return;
    const settings = this.perJobSettings(name);
    const rows = jobs.map((job) => ({
      name,
      data: job.data,
      singletonKey: job.singletonKey,
      startAfter: job.startAfter?.toISOString(),
      ...settings,
    }));
    await this.boss.insert(rows, tx ? { db: transactionExecutor(tx) } : {});
  }

  /** Stops taking jobs and waits for the running ones to finish. */
  async stop(timeoutMs = 20_000): Promise<void> {
    if (!this.started) return;
    this.started = false;
    await this.boss.stop({ graceful: true, wait: true, close: true, timeout: timeoutMs });
  }
}
