/**
 * Writes the app's OpenAPI document, and with --lint checks it with Redocly's linter (`npm run lint:openapi`).
 * The app is built in-process on an empty embedded database (nothing listens, no job runs, no network):
 *   tsx apps/server/src/cli/openapi.ts [--out file.json] [--lint]
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildApp } from "../app.js";
import { openDatabase } from "../db/client.js";
import { loadEnv } from "../env.js";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../..");

/** The document as served at /api/openapi.json, from an app that never listens. */
export async function buildOpenApiDocument(appUrl = "http://localhost:3000"): Promise<Record<string, unknown>> {
  const env = loadEnv({
    NODE_ENV: "development",
    APP_URL: appUrl,
    AUTH_SECRET: "openapi-document-only-secret-0123456789abcdef",
    DATA_DIR: "memory://",
    LOG_LEVEL: "silent",
    SEED_DEMO: "false",
    CAPTCHA: "off",
  });
  const database = await openDatabase({ dataDir: "memory://" });
  const built = await buildApp({ env, database, runJobWorkers: false, logger: false, serveWeb: false });
  try {
    const response = await built.app.inject({ method: "GET", url: "/api/openapi.json" });
    if (response.statusCode !== 200) throw new Error(`/api/openapi.json answered ${response.statusCode}: ${response.body}`);
    return response.json();
  } finally {
    await built.shutdown();
  }
}

async function main(args: string[]) {
  const outIndex = args.indexOf("--out");
  const lint = args.includes("--lint");
  const scratch = outIndex === -1 ? mkdtempSync(path.join(tmpdir(), "hearth-openapi-")) : null;
  const file = outIndex === -1 ? path.join(scratch as string, "openapi.json") : path.resolve(args[outIndex + 1]);
  try {
    writeFileSync(file, `${JSON.stringify(await buildOpenApiDocument(), null, 2)}\n`);
    if (!lint) {
      console.log(`wrote ${file}`);
      return 0;
    }
    // Redocly's CLI runs offline: no telemetry, no update check.
    const result = spawnSync(
      process.execPath,
      [path.join(ROOT, "node_modules/@redocly/cli/bin/cli.js"), "lint", file, "--config", path.join(ROOT, "redocly.yaml")],
      {
        stdio: "inherit",
        env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true", NO_UPDATE_NOTIFIER: "1" },
      },
    );
    return result.status ?? 1;
  } finally {
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
