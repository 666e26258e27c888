import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import pg from "pg";
import { buildApp } from "../app.js";
import { openDatabase } from "../db/client.js";
import { testEnv } from "./test-env.js";

/**
 * Each run names its databases after a run id of its own (the template and every clone), so two runs on one
 * PostgreSQL server (two worktrees, or CI beside a developer) never drop each other's databases.
 */
const RUN_ID = Math.random().toString(36).slice(2, 8);
export const TEMPLATE_DATABASE = `hearth_test_template_${RUN_ID}`;
export const CLONE_PREFIX = `hearth_t_${RUN_ID}_`;

/**
 * Migrates one database before the suite: on PGlite a dump every test file loads (opening a dump is several
 * times faster than migrating anew); on PostgreSQL (TEST_DATABASE_URL) a template database every test file clones.
 */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${TEMPLATE_DATABASE} with (force)`);
    await admin.query(`create database ${TEMPLATE_DATABASE}`);
    await admin.end();
    const templateUrl = withDatabase(url, TEMPLATE_DATABASE);
    const database = await openDatabase({ databaseUrl: templateUrl, poolSize: 2 });
    const built = await buildApp({
      env: testEnv({ DATABASE_URL: templateUrl }),
      database,
      runJobWorkers: false,
      logger: false,
      serveWeb: false,
    });
    await built.shutdown();
    project.provide("testDatabase", { kind: "postgres", url, template: TEMPLATE_DATABASE, clonePrefix: CLONE_PREFIX });
    return async () => {
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      const { rows } = await cleanup.query<{ datname: string }>("select datname from pg_database where starts_with(datname, $1)", [
        CLONE_PREFIX,
      ]);
      for (const row of rows) await cleanup.query(`drop database if exists ${row.datname} with (force)`).catch(() => undefined);
      await cleanup.query(`drop database if exists ${TEMPLATE_DATABASE} with (force)`).catch(() => undefined);
      await cleanup.end();
    };
  }
  const dir = mkdtempSync(path.join(tmpdir(), "hearth-test-"));
  const database = await openDatabase({ dataDir: "memory://" });
  const built = await buildApp({ env: testEnv(), database, runJobWorkers: false, logger: false, serveWeb: false });
  const dump = await database.pglite?.dumpDataDir("gzip");
  if (!dump) throw new Error("PGlite dump failed");
  const dumpFile = path.join(dir, "migrated.tar.gz");
  writeFileSync(dumpFile, Buffer.from(await dump.arrayBuffer()));
  await built.shutdown();
  project.provide("testDatabase", { kind: "pglite", dumpFile });
  return () => rmSync(dir, { recursive: true, force: true });
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

declare module "vitest" {
  export interface ProvidedContext {
    testDatabase: { kind: "pglite"; dumpFile: string } | { kind: "postgres"; url: string; template: string; clonePrefix: string };
  }
}
