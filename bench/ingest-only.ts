/**
 * Only the response-ingest entries of `npm run bench` (about a minute per database): `npx tsx bench/ingest-only.ts`.
 * BENCH_INGEST_KINDS=pglite|postgres|pglite,postgres (default both); BENCH_POSTGRES_URL as for the full bench.
 * BENCH_ANALYSIS_LAG=on also measures comment_analysis_lag_s on each database afterwards; =only measures just that.
 * Prints the same lines as the full bench, with the load average before and after each run.
 */
import { loadavg } from "node:os";
import { measureAnalysisLag } from "./lib/analysis-lag.js";
import { DEFAULT_POSTGRES_URL, createScratchPostgres, describeIngest, runIngest } from "./lib/ingest.js";
import { freePort } from "./lib/processes.js";

const POSTGRES_ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? DEFAULT_POSTGRES_URL;
const kinds = (process.env.BENCH_INGEST_KINDS ?? "pglite,postgres").split(",").map((kind) => kind.trim()) as ("pglite" | "postgres")[];
const withLag = process.env.BENCH_ANALYSIS_LAG === "on" || process.env.BENCH_ANALYSIS_LAG === "only";
const withIngest = process.env.BENCH_ANALYSIS_LAG !== "only";
const log = (message: string) => process.stdout.write(`${message}\n`);
const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(", ");

const watchdog = setTimeout(() => {
  console.error("ingest-only: still running after 10 minutes; stopping");
  process.exit(1);
}, 600_000);
watchdog.unref();

async function ingest(kind: "pglite" | "postgres"): Promise<void> {
  const scratch = kind === "postgres" ? await createScratchPostgres(POSTGRES_ADMIN_URL) : null;
  if (kind === "postgres" && !scratch) {
    log(`response ingest on PostgreSQL: skipped, no server answers at ${new URL(POSTGRES_ADMIN_URL).host}`);
    return;
  }
  try {
    log(`${kind}: load average before ${load()}`);
    const result = await runIngest({ kind, databaseUrl: scratch?.url, freePort, log });
    log(describeIngest(`  ${kind} POST /api/response`, result.app));
    log(describeIngest(`  ${kind} limit: bare route, one insert`, result.bare));
    log(
      `  ${kind}: ratio ${(result.app.perSecond / result.bare.perSecond).toFixed(3)}, p99 ${(result.app.p99Ms / result.bare.p99Ms).toFixed(2)}× the bare route's; rows ${result.rowsStored}; load average after ${load()}`,
    );
  } finally {
    await scratch?.drop();
  }
}

async function lag(kind: "pglite" | "postgres"): Promise<void> {
  const scratch = kind === "postgres" ? await createScratchPostgres(POSTGRES_ADMIN_URL) : null;
  if (kind === "postgres" && !scratch) return;
  try {
    log(`${kind}: load average before the analysis lag ${load()}`);
    const result = await measureAnalysisLag({ kind, databaseUrl: scratch?.url, freePort, log });
    log(
      `  ${kind}: comment analysis lag ${result.lagSeconds.toFixed(2)} s${result.complete ? "" : " (not all analysed)"} for ${result.posted} responses posted at ${result.postedPerSecond.toFixed(0)}/s (${result.excerpts} excerpts); load average after ${load()}`,
    );
  } finally {
    await scratch?.drop();
  }
}

for (const kind of kinds) {
  if (withIngest) await ingest(kind);
  if (withLag) await lag(kind);
}
process.exit(0);
