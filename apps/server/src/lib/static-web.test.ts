import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestApp, type TestApp } from "../test/harness.js";
import { IMMUTABLE_CACHE } from "./static-web.js";

/** A built web app as the Vite build leaves it: hashed assets with .br and .gz copies, HTML with its own copies. */
function fakeDist(): { dir: string; script: string; index: string } {
  const dir = mkdtempSync(path.join(tmpdir(), "hearth-static-web-"));
  mkdirSync(path.join(dir, "assets"));
  const script = `export const greeting = ${JSON.stringify("hello ".repeat(400))};\n`;
  const index = `<!doctype html><html><head><title>Hearth</title></head><body><div id="root"></div>${"<!-- padding -->".repeat(80)}</body></html>`;
  const write = (name: string, content: string) => {
    writeFileSync(path.join(dir, name), content);
    writeFileSync(path.join(dir, `${name}.br`), brotliCompressSync(Buffer.from(content)));
    writeFileSync(path.join(dir, `${name}.gz`), gzipSync(Buffer.from(content)));
  };
  write("assets/main-AbC123.js", script);
  write("index.html", index);
  writeFileSync(path.join(dir, "survey.html"), "<!doctype html><title>Survey</title>");
  writeFileSync(path.join(dir, "assets/small-Zz9.js"), "export{};\n");
  return { dir, script, index };
}

describe("static web files", () => {
  let testApp: TestApp;
  let dist: ReturnType<typeof fakeDist>;
  beforeAll(async () => {
    dist = fakeDist();
    testApp = await createTestApp({ env: { WEB_DIST: dist.dir }, serveWeb: true });
  });
  afterAll(async () => {
    await testApp?.close();
    rmSync(dist.dir, { recursive: true, force: true });
  });
  const get = (url: string, acceptEncoding?: string) =>
    testApp.app.inject({ method: "GET", url, headers: acceptEncoding === undefined ? {} : { "accept-encoding": acceptEncoding } });

  test("a hashed asset goes out brotli-encoded to a client that accepts br, cached for a year as immutable", async () => {
    const response = await get("/assets/main-AbC123.js", "gzip, deflate, br");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-encoding"]).toBe("br");
    expect(String(response.headers.vary)).toMatch(/accept-encoding/i);
    expect(response.headers["content-type"]).toMatch(/javascript/);
    expect(response.headers["cache-control"]).toBe(IMMUTABLE_CACHE);
    expect(response.rawPayload.equals(brotliCompressSync(Buffer.from(dist.script)))).toBe(true);
  });

  test("gzip to a client that accepts only gzip, the plain file to one that accepts neither", async () => {
    const gzip = await get("/assets/main-AbC123.js", "gzip");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gzip.rawPayload.equals(gzipSync(Buffer.from(dist.script)))).toBe(true);
    expect(gzip.headers["cache-control"]).toBe(IMMUTABLE_CACHE);

    for (const acceptEncoding of [undefined, "identity", "deflate"]) {
      const plain = await get("/assets/main-AbC123.js", acceptEncoding);
      expect(plain.statusCode).toBe(200);
      expect(plain.headers["content-encoding"]).toBeUndefined();
      expect(plain.body).toBe(dist.script);
      expect(plain.headers["cache-control"]).toBe(IMMUTABLE_CACHE);
    }
  });

  test("a file without compressed copies is sent as it is", async () => {
    const response = await get("/assets/small-Zz9.js", "br, gzip");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-encoding"]).toBeUndefined();
    expect(response.body).toBe("export{};\n");
  });

  test("the app's HTML is revalidated on every load, compressed when accepted; /s/* gets the survey page", async () => {
    for (const url of ["/login", "/dashboard/reports/lowi/x/company", "/index.html"]) {
      const response = await get(url, "br");
      expect(response.statusCode, url).toBe(200);
      expect(response.headers["cache-control"], url).toBe("no-cache");
      expect(response.headers["content-type"], url).toMatch(/text\/html/);
      expect(response.headers["content-encoding"], url).toBe("br");
      expect(String(response.headers.vary), url).toMatch(/accept-encoding/i);
      expect(response.rawPayload.equals(brotliCompressSync(Buffer.from(dist.index))), url).toBe(true);
    }
    const plain = await get("/login");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(dist.index);

    const survey = await get("/s/abc123", "br");
    expect(survey.statusCode).toBe(200);
    expect(survey.headers["cache-control"]).toBe("no-cache");
    expect(survey.body).toContain("<title>Survey</title>");
  });

  test("API paths and unknown assets are not answered with the app", async () => {
    const api = await get("/api/no-such-route", "br");
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ error: { code: "NOT_FOUND" } });
    const missing = await get("/assets/missing-123.js", "br");
    expect(missing.statusCode).toBe(404);
  });

  test("a directory is never listed and no path leaves the build folder", async () => {
    const folder = await get("/assets/", "br");
    expect(folder.statusCode).toBe(404);
    expect(folder.body).not.toContain("main-AbC123.js");
    for (const url of ["/..%2f..%2fetc%2fpasswd", "/assets/..%2f..%2f..%2fetc%2fpasswd", "/%2e%2e/%2e%2e/etc/passwd"]) {
      const escaped = await get(url);
      expect(escaped.body, url).not.toContain("root:");
      expect([200, 400, 403, 404], url).toContain(escaped.statusCode);
      if (escaped.statusCode === 200) expect(escaped.body, url).toBe(dist.index);
    }
  });

  test("a file written after the server started is served (one wildcard route, not a list made at start)", async () => {
    writeFileSync(path.join(dist.dir, "assets/late-Q1.js"), "export const late = 1;\n");
    const late = await get("/assets/late-Q1.js");
    expect(late.statusCode).toBe(200);
    expect(late.body).toBe("export const late = 1;\n");
    expect(late.headers["cache-control"]).toBe(IMMUTABLE_CACHE);
  });
});
