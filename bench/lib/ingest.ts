/**
 * Response ingest: POST /api/response on the real app, next to the limit — a bare Fastify route in the same
 * process, on the same database handle, that inserts the same row with one SQL statement. Both listen on
 * 127.0.0.1; autocannon loads them from a worker thread (ingest-load-worker.mjs) with identical bodies.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Worker } from "node:worker_threads";
import Fastify, { type FastifyInstance } from "fastify";
import pg from "pg";
import type { AppContext } from "../../apps/server/src/app-context.js";
import type { DatabaseHandle } from "../../apps/server/src/db/client.js";
import { percentile } from "./stats.js";

export const INGEST_CONNECTIONS = 50;
export const INGEST_WARMUP_SECONDS = 2;
/** Measured time per target, run as two halves in A-B-B-A order with the limit. */
export const INGEST_MEASURE_SECONDS = 10;
const REQUEST_TIMEOUT_SECONDS = 10;
const BENCH_PASSWORD = "Bench-Password-2026!";
export const DEFAULT_POSTGRES_URL = "postgres://postgres@127.0.0.1:5432/test";

export const INSERT_SQL = "insert into survey_response (tenant_id, survey_id, answers, submitted_on) values ($1,$2,$3,$4)";

export interface IngestStats {
  /** 2xx answers within the measured time. */
  ok: number;
  /** Answers other than 2xx, by status code. */
  non2xx: Record<string, number>;
  errors: number;
  timeouts: number;
  elapsedMs: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
}

export interface IngestResult {
  kind: "pglite" | "postgres";
  app: IngestStats;
  bare: IngestStats;
  /** Rows in survey_response at the end vs. 2xx answers counted over all runs (warm-ups included). */
  rowsStored: number;
  answered2xx: number;
  bodyBytes: number;
  questions: number;
}

export interface WorkerJob {
  url: string;
  /** POST unless said (the badge bench loads GETs). */
  method?: "GET" | "POST";
  headers: Record<string, string>;
  body?: string;
  connections: number;
  durationSeconds: number;
  timeoutSeconds: number;
  /** Requests per second over all connections (open schedule); without it, each connection sends as fast as it can. */
  overallRate?: number;
}

export interface WorkerRun {
  latencies: number[];
  statusCounts: Record<string, number>;
  elapsedMs: number;
  errors: number;
  timeouts: number;
  sent: number;
}

/** One autocannon worker thread for a whole ingest bench; every run is bounded by its duration plus a margin. */
export class LoadWorker {
  private readonly worker = new Worker(new URL("./ingest-load-worker.mjs", import.meta.url));
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (run: WorkerRun) => void; reject: (error: Error) => void }>();

  constructor() {
    this.worker.on("message", (message: { id: number; result?: WorkerRun; error?: string }) => {
      const waiter = this.pending.get(message.id);
      if (!waiter) return;
      this.pending.delete(message.id);
      if (message.result) waiter.resolve(message.result);
      else waiter.reject(new Error(`autocannon: ${message.error}`));
    });
    this.worker.on("error", (error) => this.failAll(error));
    this.worker.on("exit", () => this.failAll(new Error("the load worker exited")));
  }

  private failAll(error: Error): void {
    for (const waiter of this.pending.values()) waiter.reject(error);
    this.pending.clear();
  }

  run(job: WorkerJob): Promise<WorkerRun> {
    const id = this.nextId++;
    const limitMs = (job.durationSeconds + job.timeoutSeconds + 15) * 1000;
    return new Promise<WorkerRun>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        void this.worker.terminate();
        reject(new Error(`autocannon did not finish within ${limitMs / 1000} s`));
      }, limitMs);
      this.pending.set(id, {
        resolve: (run) => {
          clearTimeout(timer);
          resolve(run);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      });
      this.worker.postMessage({ id, ...job });
    });
  }

  async close(): Promise<void> {
    await this.worker.terminate();
  }
}

export function combine(runs: WorkerRun[]): IngestStats {
  const latencies = runs.flatMap((run) => run.latencies);
  const non2xx: Record<string, number> = {};
  for (const run of runs) {
    for (const [status, count] of Object.entries(run.statusCounts)) {
      if (!status.startsWith("2")) non2xx[status] = (non2xx[status] ?? 0) + count;
    }
  }
  const elapsedMs = runs.reduce((sum, run) => sum + run.elapsedMs, 0);
  return {
    ok: latencies.length,
    non2xx,
    errors: runs.reduce((sum, run) => sum + run.errors, 0),
    timeouts: runs.reduce((sum, run) => sum + run.timeouts, 0),
    elapsedMs,
    perSecond: elapsedMs > 0 ? latencies.length / (elapsedMs / 1000) : 0,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
  };
}

export const describeIngest = (label: string, stats: IngestStats) => {
  const other = Object.entries(stats.non2xx).map(([status, count]) => `${count} × HTTP ${status}`);
  if (stats.errors) other.push(`${stats.errors} connection errors`);
  if (stats.timeouts) other.push(`${stats.timeouts} timeouts`);
  return `${label}: ${stats.ok} × 2xx in ${(stats.elapsedMs / 1000).toFixed(1)} s → ${stats.perSecond.toFixed(0)}/s, p50 ${stats.p50Ms.toFixed(1)} ms, p99 ${stats.p99Ms.toFixed(1)} ms${other.length ? ` (also ${other.join(", ")})` : ""}`;
};

/** A scratch PostgreSQL database, or null when no server answers at `adminUrl` (the caller skips the measure). */
export async function createScratchPostgres(adminUrl: string): Promise<{ url: string; name: string; drop: () => Promise<void> } | null> {
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3_000 });
  try {
    await admin.connect();
  } catch {
    await admin.end().catch(() => undefined);
    return null;
  }
  const name = `hearth_bench_${randomBytes(6).toString("hex")}`;
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5_000 });
      await cleanup.connect();
      try {
        await cleanup.query(`drop database if exists ${name} with (force)`);
      } finally {
        await cleanup.end();
      }
    },
  };
}

/** Every answer of a survey filled in: the first option of a Radio question, a sentence for a Text one. */
function answerEverything(fields: { key: string; answerType: string; radioOptions: string[] }[]): Record<string, string> {
  return Object.fromEntries(
    fields.map((field) => [
      field.key,
      field.answerType === "Radio"
        ? field.radioOptions[0]
        : "Clear goals, kind colleagues and room to grow; more time for training would help.",
    ]),
  );
}

const cookieOf = (header: string | string[] | number | undefined) =>
  (Array.isArray(header) ? header : header ? [String(header)] : []).map((line) => line.split(";")[0]).join("; ");

export interface IngestOptions {
  kind: "pglite" | "postgres";
  /** For PostgreSQL: the scratch database's URL. */
  databaseUrl?: string;
  freePort: () => Promise<number>;
  log: (message: string) => void;
  measureSeconds?: number;
  /** Profiling hooks (bench/ingest-profile.ts): after seeding, and around each measured run of a target. */
  hooks?: {
    ready?(ctx: AppContext, seeded: { tenantId: string; surveyId: string; body: string }, app: FastifyInstance): void | Promise<void>;
    beforeRun?(target: "app" | "bare"): void | Promise<void>;
    afterRun?(target: "app" | "bare"): void | Promise<void>;
  };
}

export interface SeededApp {
  ctx: AppContext;
  app: FastifyInstance;
  database: DatabaseHandle;
  appUrl: string;
  tenantId: string;
  surveyId: string;
  /** A complete answer to the survey, as POST /api/response takes it. */
  body: string;
  questions: number;
  /** How many written (Text) answers `body` holds. */
  openAnswers: number;
  close(): Promise<void>;
}

/**
 * Opens the database, builds the app the way main.ts does (job workers and comment analysis on, no logger, no web
 * files), listens on 127.0.0.1, and seeds one Gold company with a published LOWI survey through the app itself.
 */
export async function startSeededApp(options: Pick<IngestOptions, "databaseUrl" | "freePort">): Promise<SeededApp> {
  // Imported here, after the spawned-server measures, so loading the server's module graph does not slow those.
  const [{ buildApp }, { openDatabase }, { loadEnv }, { updateTenant }, shared] = await Promise.all([
    import("../../apps/server/src/app.js"),
    import("../../apps/server/src/db/client.js"),
    import("../../apps/server/src/env.js"),
    import("../../apps/server/src/modules/company/company.repo.js"),
    import("@hearth/shared"),
  ]);
  const appPort = await options.freePort();
  const appUrl = `http://127.0.0.1:${appPort}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), "hearth-bench-ingest-"));
  const env = loadEnv({
    NODE_ENV: "development",
    HOST: "127.0.0.1",
    PORT: String(appPort),
    APP_URL: appUrl,
    DATA_DIR: dataDir,
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
    AUTH_SECRET: randomBytes(32).toString("hex"),
    CAPTCHA: "off",
    LOG_LEVEL: "silent",
    SEED_DEMO: "false",
    RATE_LIMIT_RESPONSE_PER_IP: "100000000",
  });
  let database: DatabaseHandle | undefined;
  let built: Awaited<ReturnType<typeof buildApp>> | undefined;
  const close = async () => {
    // the app's shutdown closes the database too
    if (built) await built.shutdown();
    else await database?.close().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
    const handle = database;
    built = await buildApp({ env, database, runJobWorkers: true, logger: false, serveWeb: false });
    await built.app.listen({ port: appPort, host: "127.0.0.1" });

    // Seed through the app itself: sign-up, profile complete and plan Gold, a published LOWI survey.
    const inject = (method: "GET" | "POST", url: string, body?: unknown, cookie?: string) =>
      built!.app.inject({
        method,
        url,
        headers: { origin: appUrl, ...(body ? { "content-type": "application/json" } : {}), ...(cookie ? { cookie } : {}) },
        payload: body === undefined ? undefined : JSON.stringify(body),
      });
    const signUp = await inject("POST", "/api/auth/sign-up/email", {
      email: `bench-${randomBytes(4).toString("hex")}@bench.hearth.test`,
      password: BENCH_PASSWORD,
      name: "Bea Bench",
      firstName: "Bea",
      lastName: "Bench",
      companyName: "Bench Co",
      acceptTerms: true,
    });
    if (signUp.statusCode !== 200) throw new Error(`sign-up answered ${signUp.statusCode}: ${signUp.body.slice(0, 300)}`);
    const cookie = cookieOf(signUp.headers["set-cookie"]);
    const me = await inject("GET", "/api/me", undefined, cookie);
    const tenantId: string | undefined = me.json()?.tenant?.id;
    if (!tenantId) throw new Error(`GET /api/me answered ${me.statusCode}: ${me.body.slice(0, 300)}`);
    await updateTenant(handle.db, tenantId, {
      companyName: "Bench Co",
      companyLegalName: "Bench Co LLC",
      headcount: 250,
      address: "1 Bench Street",
      phone: "+1 555 0199",
      timeZone: "America/New_York",
      plan: "Gold",
    });
    const created = await inject(
      "POST",
      "/api/surveys",
      {
        surveyPreset: "PulseValidation",
        name: "Culture check (bench)",
        description: "Our yearly Love of Workplace Index survey.",
        metaFields: { company_name: "Bench Co" },
        fields: shared.listPresetFields("PulseValidation"),
        draft: false,
        endDate: shared.defaultEndDate(Date.now(), "America/New_York"),
      },
      cookie,
    );
    if (created.statusCode !== 201) throw new Error(`POST /api/surveys answered ${created.statusCode}: ${created.body.slice(0, 300)}`);
    const survey = created.json() as { id: string; fields: { key: string; answerType: string; radioOptions: string[] }[] };
    return {
      ctx: built.ctx,
      app: built.app,
      database: handle,
      appUrl,
      tenantId,
      surveyId: survey.id,
      body: JSON.stringify({ surveyId: survey.id, data: answerEverything(survey.fields) }),
      questions: survey.fields.length,
      openAnswers: survey.fields.filter((field) => field.answerType === "Text").length,
      close,
    };
  } catch (error) {
    await close().catch(() => undefined);
    throw error;
  }
}

/**
 * Starts the seeded app (startSeededApp) and the bare route beside it on the same database handle, then loads both.
 */
export async function runIngest(options: IngestOptions): Promise<IngestResult> {
  const { log } = options;
  const measureSeconds = options.measureSeconds ?? INGEST_MEASURE_SECONDS;
  let seeded: SeededApp | undefined;
  let bare: FastifyInstance | undefined;
  let loader: LoadWorker | undefined;
  try {
    seeded = await startSeededApp(options);
    const { appUrl, tenantId, body } = seeded;
    const handle = seeded.database;
    const survey = { id: seeded.surveyId };
    loader = new LoadWorker();
    const load = loader;

    // The limit: no validation, no rate limit, one insert of the same row on the same database handle.
    bare = Fastify({ logger: false });
    const submittedOn = () => new Date().toISOString().slice(0, 10);
    bare.post("/api/response", async (request) => {
      const input = request.body as { surveyId: string; data: unknown };
      await handle.sql.executeSql(INSERT_SQL, [tenantId, input.surveyId, JSON.stringify(input.data), submittedOn()]);
      return true;
    });
    const barePort = await options.freePort();
    await bare.listen({ port: barePort, host: "127.0.0.1" });
    const bareUrl = `http://127.0.0.1:${barePort}`;

    // Both targets must store a row before anything is timed.
    for (const url of [appUrl, bareUrl]) {
      const check = await fetch(`${url}/api/response`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: appUrl },
        body,
      });
      const text = await check.text();
      if (check.status !== 200 || text !== "true") throw new Error(`${url}/api/response answered ${check.status}: ${text.slice(0, 300)}`);
    }

    const job = (url: string, durationSeconds: number): WorkerJob => ({
      url: `${url}/api/response`,
      // the public page posts same-origin JSON; the bare route ignores the origin
      headers: { "content-type": "application/json", origin: appUrl },
      body,
      connections: INGEST_CONNECTIONS,
      durationSeconds,
      timeoutSeconds: REQUEST_TIMEOUT_SECONDS,
    });
    await options.hooks?.ready?.(seeded.ctx, { tenantId, surveyId: survey.id, body }, seeded.app);
    const warmApp = await load.run(job(appUrl, INGEST_WARMUP_SECONDS));
    const warmBare = await load.run(job(bareUrl, INGEST_WARMUP_SECONDS));
    const half = measureSeconds / 2;
    const runs = { app: [] as WorkerRun[], bare: [] as WorkerRun[] };
    // A-B-B-A: the table grows and the machine drifts during the run; both targets see as much of it
    for (const target of ["app", "bare", "bare", "app"] as const) {
      await options.hooks?.beforeRun?.(target);
      runs[target].push(await load.run(job(target === "app" ? appUrl : bareUrl, half)));
      await options.hooks?.afterRun?.(target);
    }
    const appRuns = runs.app;
    const bareRuns = runs.bare;

    const counted = [warmApp, warmBare, ...appRuns, ...bareRuns].reduce((sum, run) => sum + run.latencies.length, 0) + 2;
    const { rows } = await handle.sql.executeSql("select count(*)::int as n from survey_response");
    const rowsStored = Number((rows[0] as { n: number } | undefined)?.n ?? 0);
    return {
      kind: options.kind,
      app: combine(appRuns),
      bare: combine(bareRuns),
      rowsStored,
      answered2xx: counted,
      bodyBytes: Buffer.byteLength(body),
      questions: seeded.questions,
    };
  } finally {
    await loader?.close().catch(() => undefined);
    await bare?.close().catch((error) => log(`closing the bare route failed: ${error}`));
    await seeded?.close().catch((error) => log(`closing the app failed: ${error}`));
  }
}
