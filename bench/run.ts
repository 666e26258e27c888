/**
 * `npm run bench`: measures Hearth's server against physical-limit baselines taken in the same run and
 * writes bench/results/latest.json and the results table of docs/benchmarks.md. Loads go to 127.0.0.1 only;
 * every loop is bounded in time and count; every spawned process is stopped at the end, also on errors.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import {
  DEFAULT_POSTGRES_URL,
  INGEST_CONNECTIONS,
  type IngestResult,
  createScratchPostgres,
  describeIngest,
  runIngest,
} from "./lib/ingest.js";
import { INVITE_ACCEPT_TOTAL, type InviteAcceptResult, describeAccept, runInviteAccept } from "./lib/invitations.js";
import { measureAnalysisThroughput } from "../packages/analysis/src/index.js";
import { LAG_RATE_PER_SECOND, measureAnalysisLag } from "./lib/analysis-lag.js";
import { type ReportBenchResult, describeReports, runReportBench } from "./lib/reports.js";
import { badgesPart } from "./lib/badges.js";
import { billingPart } from "./lib/billing.js";
import { dataImportPart } from "./lib/data-import.js";
import { notificationsPart } from "./lib/notifications.js";
import { credentialBombPart } from "./lib/credential-bomb.js";
import { httpMeasures } from "./lib/http-measures.js";
import { ROOT, type Spawned, freePort, hearthLaunch, killAll, minimalLaunch, spawnUntilHealthy } from "./lib/processes.js";
import {
  type Machine,
  type Measure,
  describeMiss,
  isBusy,
  measure,
  mergeResults,
  misses,
  readResults,
  textTable,
  updateDocs,
  writeResults,
} from "./lib/report.js";
import { type Part, parseSelection } from "./lib/selection.js";
import { type SmtpDeliveryResult, describeDelivery, runSmtpDelivery } from "./lib/smtp.js";
import { median } from "./lib/stats.js";
import { acceptEntryName, acceptMeasures, ingestMeasures, ingestNotes, webMeasures } from "./lib/measures.js";
import { entryJavaScriptSize } from "./lib/web-size.js";

const START_RUNS = 3;
const COLD_TIMEOUT_MS = 60_000;
const WATCHDOG_MS = 840_000;
/** BENCH_POSTGRES_URL=off skips the PostgreSQL measures; any other value is the server to create a scratch database on. */
const POSTGRES_ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? DEFAULT_POSTGRES_URL;
const WEB_DIST = path.resolve(process.env.BENCH_WEB_DIST ?? path.join(import.meta.dirname, "../apps/web/dist"));

const RESULTS_FILE = path.join(ROOT, "bench/results/latest.json");
const DOCS_FILE = path.join(ROOT, "docs/benchmarks.md");

const tempDirs: string[] = [];
/** Asynchronous clean-ups still owed (the scratch PostgreSQL database); run, bounded, before any exit. */
const pendingCleanups = new Set<() => Promise<void>>();
const log = (message: string) => process.stdout.write(`${message}\n`);

function cleanup(): void {
  killAll("SIGKILL");
  for (const dir of tempDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}
async function cleanupAndExit(code: number): Promise<never> {
  const owed = [...pendingCleanups].map((run) => run().catch((error) => console.error(`bench: clean-up failed: ${error}`)));
  pendingCleanups.clear();
  await Promise.race([Promise.all(owed), new Promise((resolve) => setTimeout(resolve, 10_000).unref())]);
  cleanup();
  process.exit(code);
}
process.on("exit", cleanup);
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => void cleanupAndExit(130));
}
const watchdog = setTimeout(() => {
  console.error(`bench: still running after ${WATCHDOG_MS / 1000} s; stopping everything`);
  void cleanupAndExit(1);
}, WATCHDOG_MS);
watchdog.unref();

const ms = (values: number[]) => `${values.map((value) => value.toFixed(0)).join(", ")} ms`;

const freshDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), "hearth-bench-"));
  tempDirs.push(dir);
  return dir;
};

/** Spawn-to-first-200 of the minimal node:http process: the floor for both start measures. */
async function minimalStart(): Promise<number> {
  const port = await freePort();
  const spawned = await spawnUntilHealthy(minimalLaunch(port), port, "/api/health", 10_000);
  await spawned.stop();
  return spawned.msToHealthy;
}

async function startHearth(dataDir: string): Promise<Spawned> {
  const port = await freePort();
  return spawnUntilHealthy(hearthLaunch(port, dataDir), port, "/api/health", COLD_TIMEOUT_MS);
}

/** POST /api/response on one database kind next to the bare one-insert route; null when PostgreSQL is not reachable. */
async function ingest(kind: "pglite" | "postgres"): Promise<IngestResult | null> {
  let scratch: Awaited<ReturnType<typeof createScratchPostgres>> = null;
  if (kind === "postgres") {
    if (POSTGRES_ADMIN_URL === "off") {
      log("response ingest on PostgreSQL: skipped (BENCH_POSTGRES_URL=off)");
      return null;
    }
    scratch = await createScratchPostgres(POSTGRES_ADMIN_URL);
    if (!scratch) {
      log(`response ingest on PostgreSQL: skipped, no server answers at ${new URL(POSTGRES_ADMIN_URL).host}`);
      return null;
    }
    pendingCleanups.add(scratch.drop);
  }
  try {
    const result = await runIngest({ kind, databaseUrl: scratch?.url, freePort, log });
    log(
      `response ingest, ${kind}${scratch ? ` (scratch database ${scratch.name})` : ""}: ${result.questions} questions, ${result.bodyBytes}-byte body, ${INGEST_CONNECTIONS} connections`,
    );
    log(describeIngest("  POST /api/response", result.app));
    log(describeIngest("  limit: bare route, one insert", result.bare));
    log(
      `  rows stored ${result.rowsStored}, 2xx answers counted ${result.answered2xx} (in-flight requests dropped at the end of each run also store a row)`,
    );
    if (result.app.ok === 0 || result.bare.ok === 0) throw new Error(`response ingest on ${kind}: no successful request`);
    if (result.rowsStored < result.answered2xx) throw new Error(`response ingest on ${kind}: fewer rows stored than 2xx answers`);
    return result;
  } finally {
    if (scratch) {
      pendingCleanups.delete(scratch.drop);
      await scratch.drop();
    }
  }
}

/** A scratch PostgreSQL database for one measure (dropped by the caller, or at exit), or null with a printed reason. */
async function scratchPostgres(label: string) {
  if (POSTGRES_ADMIN_URL === "off") {
    log(`${label} on PostgreSQL: skipped (BENCH_POSTGRES_URL=off)`);
    return null;
  }
  const scratch = await createScratchPostgres(POSTGRES_ADMIN_URL);
  if (!scratch) {
    log(`${label} on PostgreSQL: skipped, no server answers at ${new URL(POSTGRES_ADMIN_URL).host}`);
    return null;
  }
  pendingCleanups.add(scratch.drop);
  return scratch;
}

/** 100,000 invitations through POST /api/invite next to raw INSERTs of the same rows; null when skipped or failed (noted). */
async function inviteAccept(kind: "pglite" | "postgres", notes: string[]): Promise<InviteAcceptResult | null> {
  const scratch = kind === "postgres" ? await scratchPostgres("invite accept") : null;
  if (kind === "postgres" && !scratch) return null;
  try {
    const result = await runInviteAccept({ kind, databaseUrl: scratch?.url, dataDir: freshDir(), log });
    for (const line of describeAccept(result)) log(line);
    const { inviteesAdded, dispatching, rawRows } = result;
    if (inviteesAdded !== INVITE_ACCEPT_TOTAL || Object.values(rawRows).some((rows) => rows !== INVITE_ACCEPT_TOTAL) || dispatching !== 0) {
      throw new Error(
        `the server added ${inviteesAdded} invitees (${dispatching} dispatching), the baseline wrote ${rawRows.invitees}/${rawRows.deliveries}/${rawRows.jobs} rows; expected ${INVITE_ACCEPT_TOTAL} each and none dispatching`,
      );
    }
    return result;
  } catch (error) {
    const note = `${acceptEntryName(kind)} failed: ${error instanceof Error ? error.message.split("\n")[0] : error}`;
    log(note);
    notes.push(note);
    return null;
  } finally {
    if (scratch) {
      pendingCleanups.delete(scratch.drop);
      await scratch.drop();
    }
  }
}

/** The entry is `invite_accept_100k` on the embedded database (the default), with a `_postgres` twin on PostgreSQL. */
/** The company report at 1,000 and 100,000 responses next to a raw scan, on a scratch PostgreSQL database; null when skipped or failed. */
async function reportBench(notes: string[]): Promise<ReportBenchResult | null> {
  if (POSTGRES_ADMIN_URL === "off") {
    notes.push("report_company_100k, report_scaling and the key-driver entries skipped: BENCH_POSTGRES_URL=off");
    return null;
  }
  const scratch = await createScratchPostgres(POSTGRES_ADMIN_URL);
  if (!scratch) {
    const note = `report_company_100k, report_scaling and the key-driver entries skipped: no PostgreSQL server at ${POSTGRES_ADMIN_URL}`;
    log(note);
    notes.push(note);
    return null;
  }
  pendingCleanups.add(scratch.drop);
  try {
    const result = await runReportBench(scratch.url, freshDir(), log);
    log(describeReports(result));
    return result;
  } catch (error) {
    const note = `report bench failed: ${error instanceof Error ? error.message.split("\n")[0] : error}`;
    log(note);
    notes.push(note);
    return null;
  } finally {
    pendingCleanups.delete(scratch.drop);
    await scratch.drop();
  }
}

/** Invitation emails to a local SMTP sink next to raw nodemailer; null when it failed or timed out (noted). */
/**
 * Invitation emails to a local SMTP sink next to raw nodemailer, on embedded PGlite or on a scratch PostgreSQL
 * database; null when it failed, timed out or PostgreSQL is unavailable (noted).
 */
async function smtpDelivery(notes: string[], kind: "pglite" | "postgres" = "pglite"): Promise<SmtpDeliveryResult | null> {
  const name = kind === "pglite" ? "invite_smtp_delivery" : "invite_smtp_delivery_postgres";
  let scratch: Awaited<ReturnType<typeof createScratchPostgres>> = null;
  try {
    if (kind === "postgres") {
      scratch = POSTGRES_ADMIN_URL === "off" ? null : await createScratchPostgres(POSTGRES_ADMIN_URL);
      if (!scratch) {
        notes.push(`${name} skipped: no PostgreSQL server`);
        return null;
      }
      pendingCleanups.add(scratch.drop);
    }
    const result = await runSmtpDelivery({ dataDir: freshDir(), log, env: scratch ? { DATABASE_URL: scratch.url } : {} });
    for (const line of describeDelivery(result)) log(`${kind}: ${line}`);
    for (const [label, run] of [
      ["the server", result.server],
      ["raw nodemailer", result.raw],
    ] as const) {
      if (!run.completed) {
        throw new Error(
          `${label} got ${run.delivered} of ${run.expected} messages to the sink within ${(run.elapsedMs / 1000).toFixed(0)} s (${run.perSecond.toFixed(1)}/s)`,
        );
      }
    }
    return result;
  } catch (error) {
    const note = `${name} failed: ${error instanceof Error ? error.message.split("\n")[0] : error}`;
    log(note);
    notes.push(note);
    return null;
  } finally {
    if (scratch) {
      pendingCleanups.delete(scratch.drop);
      await scratch.drop();
    }
  }
}

async function main(): Promise<void> {
  const selection = parseSelection(process.argv.slice(2));
  const runs = (part: Part) => selection.parts.has(part);
  const machine: Machine = {
    nproc: availableParallelism(),
    cpu: cpus()[0]?.model?.trim() ?? "unknown CPU",
    node: process.version,
    date: new Date().toISOString().slice(0, 10),
    launcher: hearthLaunch(0, "").label,
    loadStart: loadavg()[0],
    loadEnd: Number.NaN,
  };
  log(`Hearth bench: ${machine.nproc} cores, Node ${machine.node}, ${machine.launcher}, load average ${machine.loadStart.toFixed(2)}`);
  if (!selection.all) log(`only: ${[...selection.parts].join(", ")}`);
  if (isBusy(machine)) log("warning: the machine is busy with other work; the figures will be pessimistic");
  const measures: Measure[] = [];
  const notes: string[] = [];

  // 1. Start to healthy. Each run of the real server follows a run of the floor, so both see the same machine.
  let server: Spawned | undefined;
  if (runs("start")) {
    const coldTimes: number[] = [];
    const coldFloor: number[] = [];
    let dataDir = "";
    for (let run = 0; run < START_RUNS; run += 1) {
      coldFloor.push(await minimalStart());
      dataDir = freshDir();
      const cold = await startHearth(dataDir);
      coldTimes.push(cold.msToHealthy);
      await cold.stop();
    }
    log(`cold start, empty data dir: ${ms(coldTimes)}; floor ${ms(coldFloor)}`);

    // Warm restarts reuse the last cold run's data dir; the last one stays up for the load tests.
    const warmTimes: number[] = [];
    const warmFloor: number[] = [];
    for (let run = 0; run < START_RUNS; run += 1) {
      warmFloor.push(await minimalStart());
      server = await startHearth(dataDir);
      warmTimes.push(server.msToHealthy);
      if (run < START_RUNS - 1 || !runs("http")) await server.stop();
    }
    log(`warm restart, existing data dir: ${ms(warmTimes)}; floor ${ms(warmFloor)}`);
    measures.push(
      measure("start_cold", median(coldTimes), "ms", "lower", median(coldFloor)),
      measure("start_warm", median(warmTimes), "ms", "lower", median(warmFloor)),
    );
  }

  if (runs("http")) {
    server ??= await startHearth(freshDir());
    measures.push(...(await httpMeasures(server, log)));
  }

  // 3b. Billing (issue 12): checkout with its invoice, and the billing page's API calls (bench/lib/billing.ts).
  if (runs("billing")) measures.push(...(await billingPart(freshDir(), log, notes)));
  // 3c. Badge images (issue 13): a render with no cache, cached embeds vs a static file (bench/lib/badges.ts).
  if (runs("badges")) measures.push(...(await badgesPart(log, notes)));
  // 3d. Demographics import (issue 14): 100,000 rows uploaded, parsed, validated and committed (bench/lib/data-import.ts).
  if (runs("data_import")) measures.push(...(await dataImportPart(freshDir(), log, notes)));
  // 3e. Live notifications (issue 15): 1,000 server-sent event streams told of a survey's publication (bench/lib/notifications.ts).
  if (runs("notifications")) measures.push(...(await notificationsPart(freshDir(), log, notes)));
  // 3f. Credential verification under decompression bombs (issue 23 H2): refusal time, health wait, memory (bench/lib/credential-bomb.ts).
  if (runs("credential_bomb")) measures.push(...(await credentialBombPart(freshDir(), log, notes)));

  // 4. Response ingest: the app in this process next to the bare one-insert route, PGlite then PostgreSQL.
  const ingestResults: IngestResult[] = [];
  for (const kind of ["pglite", "postgres"] as const) {
    if (!runs(`ingest_${kind}`)) continue;
    const result = await ingest(kind);
    if (result) ingestResults.push(result);
  }
  notes.push(...ingestResults.flatMap(ingestNotes));
  measures.push(...ingestResults.flatMap(ingestMeasures));
  // 4b. How long after arrival written answers are analysed, at 300 responses per second (bench/lib/analysis-lag.ts).
  for (const kind of ["pglite", "postgres"] as const) {
    if (!runs(`analysis_lag_${kind}`)) continue;
    const scratch = kind === "postgres" ? await scratchPostgres("comment analysis lag") : null;
    if (kind === "postgres" && !scratch) continue;
    try {
      const lag = await measureAnalysisLag({ kind, databaseUrl: scratch?.url, freePort, log });
      log(
        `comment analysis lag, ${kind}: largest ${lag.lagSeconds.toFixed(2)} s over ${lag.posted} responses taken at ${lag.postedPerSecond.toFixed(0)}/s (${lag.excerpts} excerpts)`,
      );
      measures.push(
        measure(kind === "pglite" ? "comment_analysis_lag_s" : "comment_analysis_lag_s_postgres", lag.lagSeconds, "s", "lower"),
      );
      if (!lag.complete) notes.push(`Comment analysis lag on ${kind}: not every response was analysed within 60 s of the load's end.`);
      if (lag.postedPerSecond < LAG_RATE_PER_SECOND * 0.9)
        notes.push(
          `Comment analysis lag on ${kind}: the server took ${lag.postedPerSecond.toFixed(0)} responses/s of the ${LAG_RATE_PER_SECOND} asked.`,
        );
    } finally {
      if (scratch) {
        pendingCleanups.delete(scratch.drop);
        await scratch.drop();
      }
    }
  }

  // 5. Invitations: 100,000 accepted through POST /api/invite (PGlite, then PostgreSQL), then delivery over SMTP.
  for (const kind of ["pglite", "postgres"] as const) {
    if (!runs(`accept_${kind}`)) continue;
    const result = await inviteAccept(kind, notes);
    if (result) measures.push(...acceptMeasures(result));
  }
  for (const kind of ["pglite", "postgres"] as const) {
    if (!runs(`delivery_${kind}`)) continue;
    const name = kind === "pglite" ? "invite_smtp_delivery" : "invite_smtp_delivery_postgres";
    const delivery = await smtpDelivery(notes, kind);
    if (delivery) measures.push(measure(name, delivery.server.perSecond, "messages/s", "higher", delivery.raw.perSecond));
  }

  // 6. Reports: the company report's warm latency at 1,000 and 100,000 responses, against one raw scan; comment analysis.
  const reports = runs("reports") ? await reportBench(notes) : null;
  if (reports) {
    measures.push(
      measure("report_company_100k", reports.large.p95Ms, "ms", "lower", reports.rawScanMs),
      measure("report_scaling", reports.large.p95Ms, "ms", "lower", reports.small.p95Ms),
      measure("report_company_1k_p50", reports.small.p50Ms, "ms", "lower"),
      measure("report_company_100k_p50", reports.large.p50Ms, "ms", "lower"),
      measure("key_drivers_100k", reports.drivers.large.p95Ms, "ms", "lower"),
      measure("key_drivers_scaling", reports.drivers.large.p95Ms, "ms", "lower", reports.drivers.small.p95Ms),
    );
  }
  if (runs("analysis")) {
    const analysis = measureAnalysisThroughput({ durationMs: 3_000 });
    log(
      `comment analysis (local analyzer, one core): ${analysis.comments.toLocaleString("en-US")} comments in ${(analysis.elapsedMs / 1000).toFixed(1)} s → ${analysis.commentsPerSecond.toFixed(0)}/s`,
    );
    measures.push(measure("analysis_comments", analysis.commentsPerSecond, "comments/s", "higher"));
  }

  // 7. The public survey page's JavaScript, gzipped, as built in apps/web/dist (the bench does not build it).
  if (runs("survey_js")) {
    const surveyPage = entryJavaScriptSize(WEB_DIST, "survey.html");
    if (surveyPage) {
      log(
        `public survey page: ${surveyPage.files.join(", ")} → ${(surveyPage.rawBytes / 1000).toFixed(1)} kB, ${(surveyPage.gzipBytes / 1000).toFixed(1)} kB gzipped${surveyPage.lazyFiles.length ? ` (not counted, loaded on demand: ${surveyPage.lazyFiles.join(", ")})` : ""}`,
      );
      measures.push(measure("public_survey_js_gzip_kb", surveyPage.gzipBytes / 1000, "kB", "lower"));
    } else {
      const note = `public_survey_js_gzip_kb skipped: ${path.relative(ROOT, path.join(WEB_DIST, "survey.html"))} does not exist (run \`npm run build\` first).`;
      log(note);
      notes.push(note);
    }
  }

  // 8. What a browser downloads per route: compressed script bytes as served, in headless Chromium.
  if (runs("web")) measures.push(...(await webMeasures(notes, WEB_DIST, freshDir(), log)));

  machine.loadEnd = loadavg()[0];
  const results = selection.all ? measures : mergeResults(readResults(RESULTS_FILE), measures);
  writeResults(RESULTS_FILE, results);
  if (selection.all) updateDocs(DOCS_FILE, measures, machine, notes);
  log("");
  log(textTable(measures));
  for (const note of notes) log(note);
  log(
    `load average: ${machine.loadStart.toFixed(2)} before the run, ${machine.loadEnd.toFixed(2)} at its end, bench included (${machine.nproc} cores)`,
  );
  log("");
  log(
    selection.all
      ? `wrote ${path.relative(ROOT, RESULTS_FILE)} and the table in ${path.relative(ROOT, DOCS_FILE)}`
      : `merged ${measures.length} entries into ${path.relative(ROOT, RESULTS_FILE)} (docs/benchmarks.md is rewritten only by a full run)`,
  );
  const missed = misses(measures);
  if (missed.length > 0) {
    log("");
    log(`${missed.length} ${missed.length === 1 ? "entry misses its goal" : "entries miss their goals"}:`);
    for (const m of missed) log(describeMiss(m));
    process.exitCode = 1;
  } else {
    log(`every measured entry with a goal meets it (${measures.filter((m) => m.meets).length} of ${measures.length} entries have one)`);
  }
}

main()
  .then(() => cleanupAndExit(typeof process.exitCode === "number" ? process.exitCode : 0))
  .catch((error) => {
    console.error(`bench failed: ${error instanceof Error ? error.message : error}`);
    return cleanupAndExit(1);
  });
