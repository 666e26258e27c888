/**
 * comment_analysis_lag_s: how long after arrival a response's written answers are analysed, at 300 responses per
 * second. The seeded app of the ingest bench (comment analysis on, as in production) takes complete LOWI answers at
 * an open rate of 300/s for 10 s from autocannon on a worker thread; every 250 ms this thread counts the stored
 * responses and the analysed ones (responses with an excerpt). Analysis goes in seq order, so the k-th analysed
 * response is the k-th stored one: its lag is when the analysed count reached k minus when the stored count did.
 * The figure is the largest lag over all responses (to the 250 ms sampling step), measured until all are analysed.
 */
import { LoadWorker, type IngestOptions, startSeededApp } from "./ingest.js";

export const LAG_RATE_PER_SECOND = 300;
export const LAG_POST_SECONDS = 10;
const SAMPLE_MS = 250;
/** After the load: waiting longer than this for the last analyses counts as a miss (the figure is then this bound). */
const DRAIN_LIMIT_MS = 60_000;
const CONNECTIONS = 150;

export interface AnalysisLagResult {
  kind: "pglite" | "postgres";
  /** Largest time from a response stored to its answers analysed, in seconds. */
  lagSeconds: number;
  /** Responses stored (2xx and in flight at the end). */
  posted: number;
  postedPerSecond: number;
  excerpts: number;
  /** False when not every response was analysed within the drain limit. */
  complete: boolean;
}

interface Sample {
  at: number;
  stored: number;
  analysed: number;
}

/** The largest (time analysed count reached k) − (time stored count reached k) over k = 1..total. */
function largestLag(samples: readonly Sample[], total: number): number {
  let largest = 0;
  let storedIndex = 0;
  let analysedIndex = 0;
  for (let k = 1; k <= total; k++) {
    while (storedIndex < samples.length && samples[storedIndex].stored < k) storedIndex++;
    while (analysedIndex < samples.length && samples[analysedIndex].analysed < k) analysedIndex++;
    if (storedIndex >= samples.length || analysedIndex >= samples.length) break;
    largest = Math.max(largest, samples[analysedIndex].at - samples[storedIndex].at);
  }
  return largest / 1000;
}

export async function measureAnalysisLag(
  options: Pick<IngestOptions, "kind" | "databaseUrl" | "freePort" | "log">,
): Promise<AnalysisLagResult> {
  const seeded = await startSeededApp(options);
  const loader = new LoadWorker();
  try {
    const { sql } = seeded.database;
    const count = async () => {
      const { rows } = await sql.executeSql(
        "select (select count(*) from survey_response)::int as stored, (select count(distinct response_id) from comment_excerpt)::int as analysed",
      );
      const row = rows[0] as { stored: number | string; analysed: number | string };
      return { at: performance.now(), stored: Number(row.stored), analysed: Number(row.analysed) };
    };
    // Warm-up: one response analysed before the clock starts (the analyzer thread starts with the first analysis).
    const warm = await fetch(`${seeded.appUrl}/api/response`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: seeded.appUrl },
      body: seeded.body,
    });
    if (warm.status !== 200) throw new Error(`comment analysis lag: POST /api/response answered ${warm.status}`);
    const warmStarted = performance.now();
    while ((await count()).analysed < 1) {
      if (performance.now() - warmStarted > DRAIN_LIMIT_MS)
        throw new Error("comment analysis lag: the warm-up response was never analysed");
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const samples: Sample[] = [await count()];
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        await new Promise((resolve) => setTimeout(resolve, SAMPLE_MS));
        samples.push(await count());
      }
    })();
    const run = await loader.run({
      url: `${seeded.appUrl}/api/response`,
      headers: { "content-type": "application/json", origin: seeded.appUrl },
      body: seeded.body,
      connections: CONNECTIONS,
      durationSeconds: LAG_POST_SECONDS,
      timeoutSeconds: 10,
      overallRate: LAG_RATE_PER_SECOND,
    });
    const loadEnded = performance.now();
    let complete = false;
    while (performance.now() - loadEnded < DRAIN_LIMIT_MS) {
      const last = samples[samples.length - 1];
      if (last.stored > 0 && last.analysed >= last.stored) {
        complete = true;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, SAMPLE_MS));
    }
    sampling = false;
    await sampler;
    const last = samples[samples.length - 1];
    // A batch's excerpts are written in statements of their own: the last response may have its first excerpt
    // and not yet its second when the sampler sees it analysed. Wait (briefly) for the writes to settle.
    const countExcerpts = async () => {
      const { rows } = await sql.executeSql("select count(*)::int as n from comment_excerpt");
      return Number((rows[0] as { n: number | string }).n);
    };
    // A request still in flight when the load ended may store its response after the last sample: compare with the
    // responses stored now, not with that sample.
    let stored = (await count()).stored;
    let excerpts = await countExcerpts();
    const settleStarted = performance.now();
    while (complete && excerpts !== stored * seeded.openAnswers && performance.now() - settleStarted < 10_000) {
      await new Promise((resolve) => setTimeout(resolve, SAMPLE_MS));
      stored = (await count()).stored;
      excerpts = await countExcerpts();
    }
    if (complete && excerpts !== stored * seeded.openAnswers) {
      throw new Error(`comment analysis lag: ${excerpts} excerpts for ${stored} responses × ${seeded.openAnswers} written answers`);
    }
    const ok = Object.entries(run.statusCounts)
      .filter(([status]) => status.startsWith("2"))
      .reduce((sum, [, n]) => sum + n, 0);
    return {
      kind: options.kind,
      lagSeconds: complete ? largestLag(samples, last.stored) : DRAIN_LIMIT_MS / 1000 + LAG_POST_SECONDS,
      posted: last.stored,
      postedPerSecond: run.elapsedMs > 0 ? ok / (run.elapsedMs / 1000) : 0,
      excerpts,
      complete,
    };
  } finally {
    await loader.close().catch(() => undefined);
    await seeded.close().catch((error) => options.log(`closing the app failed: ${error}`));
  }
}
