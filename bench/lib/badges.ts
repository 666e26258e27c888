/**
 * Badge images (issue 13 item 3, docs/decisions/0036), on the app built in this process over embedded PGlite:
 *
 * - `badge_png_render_p95`: the PNG of a badge rendered again and again with no cache (`renderBadgeFile`, what the
 *   embed endpoint calls on a cache miss), after a warm-up that loads satori, resvg and the fonts;
 * - `badge_embed_cached`: GET /api/certifications/embed once the image is in the server's cache, in requests per
 *   second, next to the limit: the same bytes as a static file served by the same process (@fastify/static, the
 *   web app's file server, from a WEB_DIST made for the run). Loads A-B-B-A from an autocannon worker thread.
 *
 * The certified company signs up through the app and is given the year's certification as an `issued_badge` row,
 * the way a paid order issues it (docs/decisions/0034).
 */
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type IngestStats, LoadWorker, type WorkerJob, combine, describeIngest } from "./ingest.js";
import { freePort } from "./processes.js";
import { type Measure, measure } from "./report.js";
import { percentile } from "./stats.js";

export const RENDER_WARMUP = 10;
export const RENDER_ITERATIONS = 200;
export const EMBED_CONNECTIONS = 10;
export const EMBED_WARMUP_SECONDS = 2;
/** Measured time per target, as two halves in A-B-B-A order. */
export const EMBED_MEASURE_SECONDS = 10;
const BADGE_NAME = "Hearth Certified Workplace";
const COMPANY_NAME = "Bench Badge Co";

export interface BadgeBenchResult {
  render: { iterations: number; p50Ms: number; p95Ms: number; pngBytes: number };
  embed: IngestStats;
  staticFile: IngestStats;
  bytes: number;
}

const cookieOf = (header: string | string[] | number | undefined) =>
  (Array.isArray(header) ? header : header ? [String(header)] : []).map((line) => line.split(";")[0]).join("; ");

export async function runBadgeBench(log: (line: string) => void): Promise<BadgeBenchResult> {
  const [{ buildApp }, { openDatabase }, { loadEnv }, { issuedBadge }, { renderBadgeFile }] = await Promise.all([
    import("../../apps/server/src/app.js"),
    import("../../apps/server/src/db/client.js"),
    import("../../apps/server/src/env.js"),
    import("../../apps/server/src/db/schema-certifications.js"),
    import("../../apps/server/src/modules/badges/badges.service.js"),
  ]);
  const year = new Date().getUTCFullYear();

  // 1. Warm render, no cache.
  const badge = { companyName: COMPANY_NAME, badgeName: BADGE_NAME, type: "certification" as const, year, orientation: "v" as const };
  for (let i = 0; i < RENDER_WARMUP; i += 1) await renderBadgeFile(badge, "png");
  const times: number[] = [];
  let png: Buffer = Buffer.alloc(0);
  for (let i = 0; i < RENDER_ITERATIONS; i += 1) {
    const t0 = performance.now();
    png = await renderBadgeFile(badge, "png");
    times.push(performance.now() - t0);
  }
  const render = { iterations: times.length, p50Ms: percentile(times, 50), p95Ms: percentile(times, 95), pngBytes: png.length };

  // 2. The app with a web directory holding a static file of the badge's bytes.
  const dataDir = mkdtempSync(path.join(tmpdir(), "hearth-bench-badges-"));
  const webDir = path.join(dataDir, "web");
  mkdirSync(path.join(webDir, "assets"), { recursive: true });
  writeFileSync(path.join(webDir, "index.html"), "<!doctype html><title>bench</title>");
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env = loadEnv({
    NODE_ENV: "development",
    HOST: "127.0.0.1",
    PORT: String(port),
    APP_URL: url,
    DATA_DIR: path.join(dataDir, "data"),
    WEB_DIST: webDir,
    AUTH_SECRET: randomBytes(32).toString("hex"),
    CAPTCHA: "off",
    LOG_LEVEL: "silent",
    SEED_DEMO: "false",
    RATE_LIMIT_BADGE_EMBED_PER_IP: "100000000",
  });
  const database = await openDatabase({ dataDir: env.DATA_DIR });
  let built: Awaited<ReturnType<typeof buildApp>> | undefined;
  const load = new LoadWorker();
  try {
    built = await buildApp({ env, database, runJobWorkers: false, logger: false, serveWeb: true });
    await built.app.listen({ port, host: "127.0.0.1" });
    const signUp = await built.app.inject({
      method: "POST",
      url: "/api/auth/sign-up/email",
      headers: { origin: url, "content-type": "application/json" },
      payload: JSON.stringify({
        email: `bench-badge-${randomBytes(4).toString("hex")}@bench.hearth.test`,
        password: "Bench-Badges-2026!",
        name: "Bea Badge",
        firstName: "Bea",
        lastName: "Badge",
        companyName: COMPANY_NAME,
        acceptTerms: true,
      }),
    });
    if (signUp.statusCode !== 200) throw new Error(`sign-up answered ${signUp.statusCode}: ${signUp.body.slice(0, 300)}`);
    const me = await built.app.inject({ method: "GET", url: "/api/me", headers: { cookie: cookieOf(signUp.headers["set-cookie"]) } });
    const tenantId: string | undefined = me.json()?.tenant?.id;
    if (!tenantId) throw new Error(`GET /api/me answered ${me.statusCode}: ${me.body.slice(0, 300)}`);
    await database.db.insert(issuedBadge).values({
      tenantId,
      badgeId: `certification-${year}`,
      type: "certification",
      name: BADGE_NAME,
      year,
      licenceType: "digitalorprint",
      issuedAt: new Date(),
    });
    const embedUrl = `${url}/api/certifications/embed?${new URLSearchParams({ id: tenantId, certification: BADGE_NAME, year: String(year) })}`;
    const first = await fetch(embedUrl);
    const bytes = Buffer.from(await first.arrayBuffer());
    if (first.status !== 200 || first.headers.get("content-type") !== "image/png") {
      throw new Error(`the embed URL answered ${first.status} ${first.headers.get("content-type")}`);
    }
    writeFileSync(path.join(webDir, "assets", "badge-static.png"), bytes);
    const staticUrl = `${url}/assets/badge-static.png`;
    const staticAnswer = await fetch(staticUrl);
    const staticBytes = Buffer.from(await staticAnswer.arrayBuffer());
    if (staticAnswer.status !== 200 || !staticBytes.equals(bytes)) throw new Error(`the static file answered ${staticAnswer.status}`);

    const job = (target: string, durationSeconds: number): WorkerJob => ({
      url: target,
      method: "GET",
      headers: {},
      connections: EMBED_CONNECTIONS,
      durationSeconds,
      timeoutSeconds: 10,
    });
    await load.run(job(embedUrl, EMBED_WARMUP_SECONDS));
    await load.run(job(staticUrl, EMBED_WARMUP_SECONDS));
    const half = EMBED_MEASURE_SECONDS / 2;
    const embedRuns = [await load.run(job(embedUrl, half))];
    const staticRuns = [await load.run(job(staticUrl, half))];
    staticRuns.push(await load.run(job(staticUrl, half)));
    embedRuns.push(await load.run(job(embedUrl, half)));
    const result = { render, embed: combine(embedRuns), staticFile: combine(staticRuns), bytes: bytes.length };
    for (const line of describeBadges(result)) log(line);
    return result;
  } finally {
    await load.close();
    if (built) await built.shutdown();
    else await database.close().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export function describeBadges(result: BadgeBenchResult): string[] {
  const { render } = result;
  return [
    `badge PNG render, no cache (${render.iterations} after ${RENDER_WARMUP} warm-up): p50 ${render.p50Ms.toFixed(1)} ms, p95 ${render.p95Ms.toFixed(1)} ms (${render.pngBytes.toLocaleString("en-US")} bytes)`,
    describeIngest(
      `cached GET /api/certifications/embed (${result.bytes.toLocaleString("en-US")} bytes, ${EMBED_CONNECTIONS} connections)`,
      result.embed,
    ),
    describeIngest("static file of the same bytes, same process", result.staticFile),
  ];
}

/** `badge_png_render_p95` (ms) and `badge_embed_cached` (requests/s, the static file's rate as its limit). */
export function badgeMeasures(result: BadgeBenchResult): Measure[] {
  return [
    measure("badge_png_render_p95", result.render.p95Ms, "ms", "lower"),
    measure("badge_embed_cached", result.embed.perSecond, "req/s", "higher", result.staticFile.perSecond),
  ];
}

/** The badges part of `npm run bench`; a failure is logged, noted under the table and fails the run. */
export async function badgesPart(log: (line: string) => void, notes: string[]): Promise<Measure[]> {
  try {
    return badgeMeasures(await runBadgeBench(log));
  } catch (error) {
    log(error instanceof Error ? (error.stack ?? error.message) : String(error));
    notes.push(`badge_png_render_p95 and badge_embed_cached failed: ${error instanceof Error ? error.message.split("\n")[0] : error}`);
    process.exitCode = 1;
    return [];
  }
}
