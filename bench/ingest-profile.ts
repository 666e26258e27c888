/**
 * Where the time of POST /api/response goes (not part of `npm run bench`; run `npx tsx bench/ingest-profile.ts`,
 * about 3 minutes). Runs the ingest bench of bench/lib/ingest.ts several times with shorter loads:
 *
 * 1. as benched, counting and timing every SQL statement the database client receives, by kind, and timing each
 *    request inside the server (from Node's `request` event to the response's `finish`) against the client's view;
 *    on PostgreSQL also sampling pg_stat_activity for what the app's connections wait on;
 * 2. with the rate limiter's check replaced by a no-op in this process (the server code is unchanged);
 * 3. with a CPU profile of the main thread during the app's runs, self time grouped by package;
 * 4. micro-timings of the per-request CPU work outside the database: zod input parsing, validateResponse.
 *
 * Loads go to 127.0.0.1 only; every run is bounded; the scratch PostgreSQL database is dropped at the end.
 */
import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { Session } from "node:inspector/promises";
import path from "node:path";
import pg from "pg";
import type { AppContext } from "../apps/server/src/app-context.js";
import { DEFAULT_POSTGRES_URL, INSERT_SQL, type IngestResult, createScratchPostgres, describeIngest, runIngest } from "./lib/ingest.js";
import type { FastifyInstance } from "fastify";
import { freePort } from "./lib/processes.js";
import { percentile } from "./lib/stats.js";

const MEASURE_SECONDS = 6;
const WATCHDOG_MS = 300_000;
const POSTGRES_ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? DEFAULT_POSTGRES_URL;
const log = (message: string) => process.stdout.write(`${message}\n`);

/** The scratch PostgreSQL database of the running variant, dropped even when the watchdog fires. */
let dropScratch: (() => Promise<void>) | null = null;
const watchdog = setTimeout(() => {
  console.error(`ingest profile: still running after ${WATCHDOG_MS / 1000} s; stopping`);
  const timeout = new Promise((resolve) => setTimeout(resolve, 10_000));
  void Promise.race([dropScratch?.().catch(() => undefined), timeout]).then(() => process.exit(1));
}, WATCHDOG_MS);
watchdog.unref();

type Kind = "pglite" | "postgres";
type Target = "app" | "bare";

function statementKind(text: string): string {
  const sql = text.replace(/\s+/g, " ").trim().toLowerCase();
  if (sql.includes("rate_limit_counter")) return "rate limit upsert";
  if (sql.startsWith("insert into survey_response ")) return "bare insert";
  if (sql.startsWith('insert into "survey_response"')) return "response insert";
  if (sql.startsWith("select") && sql.includes('from "survey"')) return "survey lookup";
  if (sql.includes("pgboss")) return "job queue (pg-boss)";
  if (sql.includes("comment_excerpt") || sql.includes("comment_analysis_cursor") || sql.includes("max(seq)"))
    return "comment analysis loop";
  if (sql === "begin" || sql === "commit" || sql === "rollback") return sql;
  return `other: ${sql.slice(0, 60)}`;
}

/** Wraps the driver client's query method (drizzle calls it for every statement) to count and time statements. */
function countStatements(client: { query: (...args: never[]) => Promise<unknown> }) {
  const counts = new Map<string, { count: number; ms: number }>();
  let recording: Target | null = null;
  const original = client.query.bind(client) as (...args: unknown[]) => Promise<unknown>;
  (client as { query: (...args: unknown[]) => Promise<unknown> }).query = async (...args: unknown[]) => {
    const first = args[0] as string | { text?: string } | undefined;
    const text = typeof first === "string" ? first : (first?.text ?? "");
    const started = performance.now();
    try {
      return await original(...args);
    } finally {
      if (recording) {
        const key = `${recording}: ${statementKind(text)}`;
        const entry = counts.get(key) ?? { count: 0, ms: 0 };
        entry.count += 1;
        entry.ms += performance.now() - started;
        counts.set(key, entry);
      }
    }
  };
  return {
    counts,
    record: (target: Target | null) => {
      recording = target;
    },
  };
}

function reportStatements(counts: Map<string, { count: number; ms: number }>, result: IngestResult): void {
  const perTarget = { app: result.app.ok, bare: result.bare.ok };
  for (const [key, { count, ms }] of [...counts].sort((a, b) => b[1].count - a[1].count)) {
    const target = key.startsWith("app") ? "app" : "bare";
    const answered = perTarget[target] || 1;
    log(
      `    ${key}: ${count} statements, ${(count / answered).toFixed(2)} per 2xx answer, mean ${(ms / count).toFixed(2)} ms from call to result (queueing included)`,
    );
  }
}

/** Server-side duration of each request (Node's `request` event to the response's `finish`), while recording. */
function timeInsideServer(app: FastifyInstance) {
  const durations: number[] = [];
  let recording = false;
  app.server.on("request", (_request: IncomingMessage, response: ServerResponse) => {
    if (!recording) return;
    const started = performance.now();
    response.on("finish", () => durations.push(performance.now() - started));
  });
  return {
    record: (on: boolean) => {
      recording = on;
    },
    report: () => {
      const ms = (p: number) => percentile(durations, p).toFixed(1);
      log(
        `    inside the server (request event to response finish) during the app's runs: p50 ${ms(50)} ms, p99 ${ms(99)} ms, max ${ms(100)} ms over ${durations.length} requests`,
      );
    },
  };
}

/** Samples what the app's connections are doing on PostgreSQL while the app is loaded. */
function sampleWaits(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  const waits = new Map<string, number>();
  let timer: NodeJS.Timeout | undefined;
  let samples = 0;
  return {
    start: async () => {
      await client.connect();
      timer = setInterval(async () => {
        try {
          const { rows } = await client.query<{ state: string; wait: string | null; query: string }>(
            `select state, wait_event_type || ':' || wait_event as wait, left(regexp_replace(query, '\\s+', ' ', 'g'), 50) as query
             from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and application_name <> 'hearth-jobs'`,
          );
          samples += 1;
          for (const row of rows) {
            if (row.state !== "active") continue;
            const key = `${row.wait ?? "on CPU"} — ${statementKind(row.query)}`;
            waits.set(key, (waits.get(key) ?? 0) + 1);
          }
        } catch {
          // a sample lost now and then does not matter
        }
      }, 50);
    },
    stop: async () => {
      clearInterval(timer);
      await client.end();
      log(`    pg_stat_activity, ${samples} samples every 50 ms during the app's runs: active app connections by wait`);
      for (const [key, count] of [...waits].sort((a, b) => b[1] - a[1]).slice(0, 8)) {
        log(`      ${key}: ${(count / Math.max(1, samples)).toFixed(2)} connections on average`);
      }
    },
  };
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}

function packageOf(url: string, functionName: string): string {
  if (!url) return functionName.startsWith("(") ? functionName : "(native / V8 builtins, syscalls)";
  if (url.startsWith("wasm://")) return "PGlite WebAssembly (Postgres itself)";
  const nodeModules = url.lastIndexOf("node_modules/");
  if (nodeModules >= 0) {
    const parts = url.slice(nodeModules + "node_modules/".length).split("/");
    return parts[0].startsWith("@") ? `${parts[0]}/${parts[1]}` : parts[0];
  }
  if (url.startsWith("node:")) return "node core";
  for (const area of ["apps/server/src/", "packages/shared/src/", "bench/"]) {
    const at = url.indexOf(area);
    if (at >= 0)
      return area === "apps/server/src/"
        ? `server: ${url
            .slice(at + area.length)
            .split("/")
            .slice(0, 2)
            .join("/")}`
        : area;
  }
  return path.basename(url);
}

type CpuProfile = { nodes: ProfileNode[]; samples?: number[]; timeDeltas?: number[] };

function summarizeProfiles(profiles: CpuProfile[]): void {
  const selfMs = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let total = 0;
  for (const profile of profiles) {
    const byId = new Map(profile.nodes.map((node) => [node.id, node]));
    const deltas = profile.timeDeltas ?? [];
    (profile.samples ?? []).forEach((id, index) => {
      const node = byId.get(id);
      if (!node) return;
      const ms = (deltas[index] ?? 0) / 1000;
      total += ms;
      const key = packageOf(node.callFrame.url, node.callFrame.functionName);
      selfMs.set(key, (selfMs.get(key) ?? 0) + ms);
      const name = `${node.callFrame.functionName || "(anonymous)"} (${key})`;
      byFunction.set(name, (byFunction.get(name) ?? 0) + ms);
    });
  }
  log(`    CPU profile of the main thread during the app's runs (${(total / 1000).toFixed(1)} s sampled), self time by package:`);
  for (const [key, ms] of [...selfMs].sort((a, b) => b[1] - a[1]).slice(0, 14)) {
    log(`      ${key}: ${((ms / total) * 100).toFixed(1)} %`);
  }
  log("    largest single functions by self time:");
  for (const [key, ms] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, 8)) {
    log(`      ${key}: ${((ms / total) * 100).toFixed(1)} %`);
  }
}

async function variant(kind: Kind, label: string, setup: (databaseUrl?: string) => Parameters<typeof runIngest>[0]["hooks"]) {
  let scratch: Awaited<ReturnType<typeof createScratchPostgres>> = null;
  if (kind === "postgres") {
    scratch = await createScratchPostgres(POSTGRES_ADMIN_URL);
    if (!scratch) {
      log(`${kind}, ${label}: skipped (no PostgreSQL server)`);
      return null;
    }
    dropScratch = scratch.drop;
  }
  try {
    const hooks = setup(scratch?.url);
    const result = await runIngest({ kind, databaseUrl: scratch?.url, freePort, log, measureSeconds: MEASURE_SECONDS, hooks });
    log(`${kind}, ${label}:`);
    log(describeIngest("    POST /api/response", result.app));
    log(describeIngest("    bare route", result.bare));
    log(
      `    ratio ${(result.app.perSecond / result.bare.perSecond).toFixed(2)} of the limit's throughput, p99 ${(result.app.p99Ms / result.bare.p99Ms).toFixed(2)}× the limit's`,
    );
    return result;
  } finally {
    dropScratch = null;
    await scratch?.drop();
  }
}

/** Each step of a response alone, one at a time on the idle app: service time without queueing. */
async function sequentialTimings(ctx: AppContext, seeded: { tenantId: string; surveyId: string; body: string }): Promise<void> {
  const [{ findSurveyForRespondent, insertResponse }, { submitResponse }] = await Promise.all([
    import("../apps/server/src/modules/surveys/surveys.repo.js"),
    import("../apps/server/src/modules/surveys/surveys.service.js"),
  ]);
  const { db, sql } = ctx.database;
  const input = JSON.parse(seeded.body) as { surveyId: string; data: Record<string, string> };
  const day = new Date().toISOString().slice(0, 10);
  const rounds = 300;
  const time = async (label: string, run: () => Promise<unknown>) => {
    for (let i = 0; i < 30; i += 1) await run();
    const started = performance.now();
    for (let i = 0; i < rounds; i += 1) await run();
    log(`    ${label}: ${((performance.now() - started) / rounds).toFixed(2)} ms`);
  };
  log(`  ${ctx.database.kind}: one request's steps, one at a time (mean of ${rounds}):`);
  await time("bare insert, one statement (the limit's work)", () =>
    sql.executeSql(INSERT_SQL, [seeded.tenantId, input.surveyId, JSON.stringify(input.data), day]),
  );
  await time("rate limit check (upsert of the per-IP counter)", () =>
    ctx.rateLimiter.consume({ key: "profile:ip:127.0.0.1", limit: 1_000_000_000, windowSeconds: 60 }),
  );
  await time("survey lookup, whole row (findSurveyForRespondent)", () => findSurveyForRespondent(db, input.surveyId));
  await time("survey lookup, only tenant and open state (no fields)", () =>
    sql.executeSql("select tenant_id, archived, draft, end_date from survey where id = $1", [input.surveyId]),
  );
  await time("response insert (insertResponse, one prepared statement)", () =>
    insertResponse(db, sql, seeded.tenantId, { surveyId: input.surveyId, answers: input.data, submittedOn: day, tokenHash: null }),
  );
  await time("submitResponse (lookup + validation + insert, no rate limit, no HTTP)", () =>
    submitResponse(ctx, input, {
      sessionOfViewer: async () => false,
      browserToken: randomBytes(32).toString("base64url"),
      networkPrefix: "203.0.113.0/24",
    }),
  );
}

async function microTimings(): Promise<void> {
  const shared = await import("@hearth/shared");
  const fields = shared.listPresetFields("PulseValidation");
  const data = Object.fromEntries(
    fields.map((field) => [field.key, field.answerType === "Radio" ? field.radioOptions[0] : "Clear goals and kind colleagues."]),
  );
  const body = JSON.stringify({ surveyId: "x".repeat(22), data });
  const time = (label: string, run: () => unknown) => {
    for (let i = 0; i < 500; i += 1) run();
    const rounds = 5_000;
    const started = performance.now();
    for (let i = 0; i < rounds; i += 1) run();
    log(`    ${label}: ${(((performance.now() - started) / rounds) * 1000).toFixed(1)} µs per call`);
  };
  log(`CPU per request outside the database (${fields.length} questions, ${body.length}-byte body):`);
  time("JSON.parse of the body", () => JSON.parse(body));
  time("responseInputSchema.safeParse (zod, route input)", () => shared.responseInputSchema.safeParse(JSON.parse(body)));
  time("validateResponse (every answer against the survey)", () => shared.validateResponse(fields, data));
}

async function cpuProfileVariant(kind: Kind): Promise<void> {
  const session = new Session();
  session.connect();
  try {
    await session.post("Profiler.enable");
    await session.post("Profiler.setSamplingInterval", { interval: 500 });
    let profiling = false;
    const profiles: CpuProfile[] = [];
    await variant(kind, "CPU profile", () => ({
      beforeRun: async (target) => {
        if (target !== "app") return;
        await session.post("Profiler.start");
        profiling = true;
      },
      afterRun: async () => {
        if (!profiling) return;
        profiling = false;
        const { profile } = await session.post("Profiler.stop");
        profiles.push(profile as unknown as CpuProfile);
      },
    }));
    summarizeProfiles(profiles);
  } finally {
    session.disconnect();
  }
}

async function main(): Promise<void> {
  await microTimings();
  for (const kind of ["pglite", "postgres"] as const) {
    let counter: ReturnType<typeof countStatements> | undefined;
    let waits: ReturnType<typeof sampleWaits> | undefined;
    let inside: ReturnType<typeof timeInsideServer> | undefined;
    const counted = await variant(kind, "as benched, statements counted", (databaseUrl) => ({
      ready: async (ctx, seeded, app) => {
        await sequentialTimings(ctx, seeded);
        inside = timeInsideServer(app);
        counter = countStatements((ctx.database.db as unknown as { $client: { query: () => Promise<unknown> } }).$client);
        if (databaseUrl) waits = sampleWaits(databaseUrl);
      },
      beforeRun: async (target) => {
        counter?.record(target);
        inside?.record(target === "app");
        if (target === "app") await waits?.start();
      },
      afterRun: async (target) => {
        counter?.record(null);
        inside?.record(false);
        if (target === "app" && waits) {
          const done = waits;
          waits = undefined;
          await done.stop();
        }
      },
    }));
    if (counted && counter) reportStatements(counter.counts, counted);
    inside?.report();

    await variant(kind, "rate limiter check replaced by a no-op", () => ({
      ready: (ctx) => {
        ctx.rateLimiter.enforce = async () => undefined;
      },
    }));

    await cpuProfileVariant(kind);
  }
}

main()
  .then(() => process.exit(0))
  .catch((error) => {
    console.error(`ingest profile failed: ${error instanceof Error ? (error.stack ?? error.message) : error}`);
    process.exit(1);
  });
