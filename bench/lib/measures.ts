/**
 * Turning what a bench part measured into result entries: pure mappings kept out of run.ts (the web entries also
 * take their measurement here, given where the built app is and a scratch directory).
 */
import { existsSync } from "node:fs";
import path from "node:path";
import type { IngestResult } from "./ingest.js";
import { type InviteAcceptResult, summarize } from "./invitations.js";
import type { LoadResult } from "./load.js";
import { ROOT } from "./processes.js";
import { type Measure, measure } from "./report.js";
import { describeRouteWeight, measureRouteWeights } from "./web-budget.js";

export function ingestMeasures(result: IngestResult): Measure[] {
  return [
    measure(`response_ingest_${result.kind}`, result.app.perSecond, "req/s", "higher", result.bare.perSecond),
    measure(`response_ingest_${result.kind}_p99`, result.app.p99Ms, "ms", "lower", result.bare.p99Ms),
  ];
}

export function ingestNotes(result: IngestResult): string[] {
  const notes: string[] = [];
  for (const [label, stats] of [
    ["POST /api/response", result.app],
    ["the bare route", result.bare],
  ] as const) {
    const other = Object.entries(stats.non2xx).map(([status, count]) => `${count.toLocaleString("en-US")} × HTTP ${status}`);
    if (stats.errors) other.push(`${stats.errors} connection errors`);
    if (stats.timeouts) other.push(`${stats.timeouts} timeouts`);
    if (other.length)
      notes.push(
        `Response ingest on ${result.kind}, ${label}: besides ${stats.ok.toLocaleString("en-US")} × 2xx, ${other.join(", ")} (not counted).`,
      );
  }
  return notes;
}

export function acceptEntryName(kind: InviteAcceptResult["kind"]): string {
  return kind === "pglite" ? "invite_accept_100k" : "invite_accept_100k_postgres";
}

export function acceptMeasures(result: InviteAcceptResult): Measure[] {
  const server = summarize(result.server);
  const raw = summarize(result.raw);
  const name = acceptEntryName(result.kind);
  return [
    measure(name, server.seconds, "s", "lower", raw.seconds),
    measure(`${name}_rate`, server.perSecond, "invitations/s", "higher", raw.perSecond),
    measure(`${name}_batch_p50`, server.p50Ms, "ms", "lower", raw.p50Ms),
    measure(`${name}_batch_p99`, server.p99Ms, "ms", "lower", raw.p99Ms),
  ];
}

/** web_js_*: the compressed scripts a browser downloads for /login, /dashboard and the public survey page. */
export async function webMeasures(
  notes: string[],
  webDist: string,
  scratchDir: string,
  log: (message: string) => void,
): Promise<Measure[]> {
  if (!existsSync(path.join(webDist, "index.html"))) {
    const note = `web_js_* skipped: ${path.relative(ROOT, webDist)} is not built (run \`npm run build\` first).`;
    log(note);
    notes.push(note);
    return [];
  }
  try {
    const [login, dashboard, survey] = await measureRouteWeights(scratchDir, webDist);
    for (const weight of [login, dashboard, survey]) log(describeRouteWeight(weight));
    return [
      measure("web_js_login_kb", login.transferredBytes / 1000, "kB", "lower"),
      measure("web_js_dashboard_kb", dashboard.transferredBytes / 1000, "kB", "lower"),
      measure("web_js_survey_kb", survey.transferredBytes / 1000, "kB", "lower"),
    ];
  } catch (error) {
    const note = `web_js_* failed: ${error instanceof Error ? error.message.split("\n")[0] : error}`;
    log(note);
    notes.push(note);
    return [];
  }
}

/** One line on a closed-loop load run (sign-in, /me and their floors). */
export const describeLoad = (label: string, result: LoadResult) =>
  `${label}: ${result.ok} ok, ${result.failed} failed in ${(result.elapsedMs / 1000).toFixed(1)} s → ${result.perSecond.toFixed(1)}/s, p50 ${result.p50Ms.toFixed(1)} ms, p95 ${result.p95Ms.toFixed(1)} ms${result.failures.length ? ` (failures: ${result.failures.join("; ")})` : ""}`;

/** A load run that got no successful answer is a failed measure, not a figure. */
export function requireSuccess(label: string, result: LoadResult): void {
  if (result.ok === 0) throw new Error(`${label}: no successful request (${result.failures.join("; ") || "nothing ran"})`);
}
