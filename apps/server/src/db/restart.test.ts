import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.js";
import { call, registerCompany } from "../test/harness.js";
import { testEnv } from "../test/test-env.js";
import { openDatabase } from "./client.js";

// Only meaningful for the embedded database; the PostgreSQL run has no data directory to restart from.
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))("embedded database on disk", () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "hearth-restart-"));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  const start = async () => {
    const database = await openDatabase({ dataDir });
    return buildApp({ env: testEnv({ DATA_DIR: dataDir }), database, runJobWorkers: false, logger: false, serveWeb: false });
  };

  it("keeps companies, users and sessions across a graceful restart", async () => {
    const first = await start();
    const owner = await registerCompany(first.app, { companyName: "Persistent Ltd" });
    await first.shutdown();

    const second = await start();
    const me = await call(second.app, "GET", "/api/me", { cookie: owner.cookie });
    expect(me.statusCode).toBe(200);
    expect(me.json().tenant.companyName).toBe("Persistent Ltd");
    await second.shutdown();
  }, 90_000); // two starts of an on-disk PGlite: 16 s on a quiet machine, over 30 s with both cores busy
});
