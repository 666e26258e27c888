import PgBoss from "pg-boss";
import type { FastifyBaseLogger } from "fastify";
import type { DatabaseHandle } from "../db/client.js";

export interface JobDefinition<TData extends object = object> {
  name: string;
  /** Runs once per job; must be safe to run twice (a retry after a crash runs it again). */
  handle(data: TData): Promise<void>;
  retryLimit?: number;
  retryDelaySeconds?: number;
  /** Cron expression for a recurring job (data is {}). */
  cron?: string;
}

export interface EnqueueOptions {
  singletonKey?: string;
  startAfter?: Date;
}

/** A thin wrapper over pg-boss that lives on the application's own database. */
export class JobQueue {
  private readonly boss: PgBoss;
  private readonly definitions = new Map<string, JobDefinition<never>>();
  private started = false;

  constructor(
    database: DatabaseHandle,
    private readonly log: FastifyBaseLogger,
    private readonly options: { runWorkers: boolean; pollingIntervalSeconds?: number } = { runWorkers: true },
  ) {
    const common = { schema: "pgboss", application_name: "hearth-jobs" };
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
    for (const definition of this.definitions.values()) {
      await this.boss.createQueue(definition.name, {
        name: definition.name,
        retryLimit: definition.retryLimit ?? 5,
        retryDelay: definition.retryDelaySeconds ?? 10,
        retryBackoff: true,
      });
      if (definition.cron) await this.boss.schedule(definition.name, definition.cron, {});
      if (!this.options.runWorkers) continue;
      await this.boss.work<object>(
        definition.name,
        { pollingIntervalSeconds: this.options.pollingIntervalSeconds ?? 1, batchSize: 1 },
        async (jobs) => {
          for (const job of jobs) {
            try {
              await definition.handle(job.data as never);
            } catch (error) {
              this.log.warn({ err: error, job: definition.name, jobId: job.id }, "job failed; it will be retried");
              throw error;
            }
          }
        },
      );
    }
  }

  async enqueue<TData extends object>(name: string, data: TData, options: EnqueueOptions = {}): Promise<string | null> {
    if (!this.definitions.has(name)) throw new Error(`Unknown job ${name}`);
    if (!this.started) throw new Error("Job queue is not started");
    return this.boss.send(name, data, {
      singletonKey: options.singletonKey,
      startAfter: options.startAfter,
    });
  }

  /** Stops taking jobs and waits for the running ones to finish. */
  async stop(timeoutMs = 20_000): Promise<void> {
    if (!this.started) return;
    this.started = false;
    await this.boss.stop({ graceful: true, wait: true, close: true, timeout: timeoutMs });
  }
}
