/**
 * Credential verification under decompression bombs (issue 23 H2, docs/decisions/0054), on the compiled server
 * started as `npm start` runs it, over embedded PGlite, loopback only:
 *
 * - `credential_bomb_refusal_ms`: the slowest answer of POST /api/credentials/verify to a 1 MB PNG whose compressed
 *   credential inflates to 1 GiB and to a 500 kB one inflating to 500 MiB (under the upload bound, so the inflation
 *   bound stops it), three of each in turn; every answer must be a 413;
 * - `credential_bomb_health_wait_ms`: the longest GET /api/health took meanwhile (polled one at a time, 20 ms apart);
 * - `credential_bomb_rss_growth_mb`: the server's peak resident set during the bombs minus its figure just before
 *   (read from /proc/<pid>/status every 20 ms).
 * No baseline: the goals are absolute (refused in under 2 s, health under 1 s, growth under 300 MB).
 */
import { readFileSync } from "node:fs";
import { deflatedZeros, pngWithCompressedCredential } from "../../apps/server/src/modules/credentials/test-png.js";
import { freePort, hearthLaunch, spawnUntilHealthy } from "./processes.js";
import { type Measure, measure } from "./report.js";

const MiB = 1024 * 1024;
const ROUNDS = 3;
const HEALTH_POLL_MS = 20;

const rssMb = (pid: number) => {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return match ? Number(match[1]) / 1024 : Number.NaN;
};

export interface CredentialBombResult {
  refusalMs: number;
  healthWaitMs: number;
  rssGrowthMb: number;
  statuses: number[];
}

export async function runCredentialBomb(dataDir: string, log: (line: string) => void): Promise<CredentialBombResult> {
  const bombs = [pngWithCompressedCredential(await deflatedZeros(1024 * MiB)), pngWithCompressedCredential(await deflatedZeros(500 * MiB))];
  log(`credential bombs: ${bombs.map((bomb) => `${bomb.length} bytes`).join(" and ")} (inflating to 1 GiB and 500 MiB)`);
  const port = await freePort();
  const server = await spawnUntilHealthy(hearthLaunch(port, dataDir), port, "/api/health", 60_000);
  try {
    const pid = server.child.pid as number;
    const verify = async (body: string) => {
      const response = await fetch(`${server.url}/api/credentials/verify`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: server.url },
        body,
      });
      await response.arrayBuffer();
      return response.status;
    };
    // a running server has its reader thread warm
    const warm = await verify(JSON.stringify({ credential: "{}" }));
    // the bodies are made before the clock runs, so this process's own work never delays the health poll
    const bodies = bombs.map((bomb) => JSON.stringify({ file: bomb.toString("base64") }));
    if (warm !== 200) throw new Error(`the warm-up verification answered ${warm}`);
    const rssBefore = rssMb(pid);
    let peakRss = rssBefore;
    let healthWaitMs = 0;
    let polling = true;
    const poller = (async () => {
      for (let i = 0; polling && i < 100_000; i += 1) {
        const started = performance.now();
        await (await fetch(`${server.url}/api/health`)).arrayBuffer();
        healthWaitMs = Math.max(healthWaitMs, performance.now() - started);
        peakRss = Math.max(peakRss, rssMb(pid));
        await new Promise((resolve) => setTimeout(resolve, HEALTH_POLL_MS));
      }
    })();
    let refusalMs = 0;
    const statuses: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const body of bodies) {
        const started = performance.now();
        statuses.push(await verify(body));
        refusalMs = Math.max(refusalMs, performance.now() - started);
      }
    }
    polling = false;
    await poller;
    peakRss = Math.max(peakRss, rssMb(pid));
    if (statuses.some((status) => status !== 413)) throw new Error(`the bombs were answered ${statuses.join(", ")}, not 413 each`);
    return { refusalMs, healthWaitMs, rssGrowthMb: peakRss - rssBefore, statuses };
  } finally {
    await server.stop();
  }
}

export async function credentialBombPart(dataDir: string, log: (line: string) => void, notes: string[]): Promise<Measure[]> {
  try {
    const result = await runCredentialBomb(dataDir, log);
    log(
      `credential bombs, ${result.statuses.length} requests: slowest refusal ${result.refusalMs.toFixed(0)} ms, longest /api/health ${result.healthWaitMs.toFixed(0)} ms, RSS growth ${result.rssGrowthMb.toFixed(1)} MB`,
    );
    return [
      measure("credential_bomb_refusal_ms", result.refusalMs, "ms", "lower"),
      measure("credential_bomb_health_wait_ms", result.healthWaitMs, "ms", "lower"),
      measure("credential_bomb_rss_growth_mb", result.rssGrowthMb, "MB", "lower"),
    ];
  } catch (error) {
    const note = `credential_bomb_refusal_ms failed: ${error instanceof Error ? error.message.split("\n")[0] : error}`;
    log(note);
    notes.push(note);
    process.exitCode = 1;
    return [];
  }
}
