/**
 * H2 of issue 23 (docs/decisions/0054): POST /api/credentials/verify under hostile uploads. A 1 MB PNG whose
 * compressed credential inflates to 1 GiB, and one just under the upload bound inflating to 500 MiB, are refused
 * in under 2 s with our own 4xx while /api/health, polled over real HTTP on loopback, never waits 1 s and the
 * process grows by less than 300 MB; a pathological SVG is cut off by the reader's time limit; JSON credentials are
 * bounded in size and depth; the rate limit counts per address.
 */
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, TEST_ORIGIN } from "../../test/harness.js";
import { CREDENTIAL_MAX_BYTES, VERIFY_FILE_MAX_BYTES } from "./credential-reading.js";
import { clearOfWindowBoundary } from "../../test/rate-window.js";
import { deflatedZeros, pngWithCompressedCredential } from "./test-png.js";

const MiB = 1024 * 1024;

interface Watch {
  maxHealthWaitMs: number;
  peakRssGrowthMb: number;
  stop: () => Promise<void>;
}

/** Polls /api/health one request at a time and samples RSS until stopped. */
function watchHealth(base: string): Watch {
  const rssBefore = process.memoryUsage().rss;
  const watch: Watch = { maxHealthWaitMs: 0, peakRssGrowthMb: 0, stop: async () => undefined };
  let running = true;
  const loop = (async () => {
    for (let i = 0; running && i < 10_000; i += 1) {
      const started = performance.now();
      const response = await fetch(`${base}/api/health`);
      await response.arrayBuffer();
      watch.maxHealthWaitMs = Math.max(watch.maxHealthWaitMs, performance.now() - started);
      watch.peakRssGrowthMb = Math.max(watch.peakRssGrowthMb, (process.memoryUsage().rss - rssBefore) / MiB);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  watch.stop = async () => {
    running = false;
    await loop;
    watch.peakRssGrowthMb = Math.max(watch.peakRssGrowthMb, (process.memoryUsage().rss - rssBefore) / MiB);
  };
  return watch;
}

describe("credential verification bounds (decompression bombs, size, depth, time)", () => {
  let testApp: TestApp;
  let base: string;
  let bomb1GiB: Buffer;
  let bomb500MiB: Buffer;

  const post = async (body: unknown) => {
    const text = typeof body === "string" ? body : JSON.stringify(body);
    const started = performance.now();
    const response = await fetch(`${base}/api/credentials/verify`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: TEST_ORIGIN },
      body: text,
    });
    const json = (await response.json()) as { error?: { code: string; message: string; fields?: Record<string, string> } };
    return { status: response.status, json, ms: performance.now() - started };
  };

  beforeAll(async () => {
    testApp = await createTestApp();
    await testApp.app.listen({ host: "127.0.0.1", port: 0 });
    base = `http://127.0.0.1:${(testApp.app.server.address() as AddressInfo).port}`;
    bomb1GiB = pngWithCompressedCredential(await deflatedZeros(1024 * MiB));
    bomb500MiB = pngWithCompressedCredential(await deflatedZeros(500 * MiB));
    // the reader's thread is started once per process, as a running server has it warm
    expect((await post({ credential: "{}" })).status).toBe(200);
  }, 120_000);
  afterAll(async () => {
    await testApp.close();
  });

  it("refuses a 1 MB PNG inflating to 1 GiB, and a 500 kB one inflating to 500 MiB, in under 2 s each while /api/health waits under 1 s and the process grows under 300 MB", async () => {
    expect(bomb1GiB.length).toBeGreaterThan(1_000_000);
    expect(bomb500MiB.length).toBeLessThan(VERIFY_FILE_MAX_BYTES);
    // the bodies are made before the watch starts, so the test's own work never delays the health poll
    const bodies = [bomb1GiB, bomb500MiB, bomb1GiB, bomb500MiB].map((bomb) => JSON.stringify({ file: bomb.toString("base64") }));
    const watch = watchHealth(base);
    const answers = [];
    for (const body of bodies) answers.push(await post(body));
    await watch.stop();
    for (const answer of answers) {
      expect(answer.status).toBe(413);
      expect(answer.ms).toBeLessThan(2000);
      expect(answer.json.error?.code).toBe("PAYLOAD_TOO_LARGE");
      expect(JSON.stringify(answer.json)).not.toMatch(/0x1fffffe8|Cannot create|RangeError|ERR_|zlib/i);
    }
    // the 500 MiB one passed the upload bound and was stopped by the inflation bound
    expect(answers[1]?.json.error?.fields?.credential).toMatch(/32 KiB at most/);
    expect(watch.maxHealthWaitMs).toBeLessThan(1000);
    expect(watch.peakRssGrowthMb).toBeLessThan(300);
  }, 60_000);

  it("cuts off an SVG that would take long to read and answers a 400 of ours; the next verification works", async () => {
    // many openings of the credential element and no closing one: linear now, and the time limit covers the rest
    const svg = `<svg xmlns="http://www.w3.org/2000/svg">${"<openbadges:credential ".repeat(20_000)}</svg>`;
    const answer = await post({ file: Buffer.from(svg).toString("base64") });
    expect(answer.status).toBe(400);
    expect(answer.ms).toBeLessThan(2000);
    expect(answer.json.error?.message).toMatch(/no Open Badges credential|took too long/);
    expect((await post({ credential: "{}" })).status).toBe(200);
  });

  it("bounds JSON credentials: 32 KiB, 16 levels, a JSON object; every message is ours", async () => {
    const large = await post({ credential: JSON.stringify({ padding: "x".repeat(CREDENTIAL_MAX_BYTES) }) });
    expect(large.status).toBe(400);
    expect(large.json.error?.fields?.["credential"] ?? JSON.stringify(large.json)).toMatch(/32 KiB/);
    const largeObject = await post({ credential: { padding: "x".repeat(CREDENTIAL_MAX_BYTES) } });
    expect(largeObject.status).toBe(413);
    expect(largeObject.ms).toBeLessThan(2000);
    const deep = await post({ credential: `${"[".repeat(40)}${"]".repeat(40)}` });
    expect(deep.status).toBe(400);
    expect(deep.json.error?.fields?.credential).toMatch(/nested too deeply/);
    const array = await post({ credential: "[1, 2]" });
    expect(array.json.error?.fields?.credential).toMatch(/JSON object/);
    const broken = await post({ credential: '{"a": ' });
    expect(broken.json.error?.fields?.credential).toMatch(/not JSON/);
    expect(JSON.stringify([large, deep, array, broken].map((answer) => answer.json))).not.toMatch(/Unexpected|position|SyntaxError/);
  });

  it("counts verifications per address in the database: the 21st in a minute answers 429", async () => {
    const ip = "203.0.113.77";
    await clearOfWindowBoundary(20);
    const statuses: number[] = [];
    for (let i = 0; i < 21; i += 1) {
      const response = await testApp.app.inject({
        method: "POST",
        url: "/api/credentials/verify",
        remoteAddress: ip,
        headers: { origin: TEST_ORIGIN, "content-type": "application/json" },
        payload: JSON.stringify({ credential: "{}" }),
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 20).every((status) => status !== 429)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});
