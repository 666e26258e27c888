import { type ChildProcess, execSync, spawn } from "node:child_process";
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

export const ROOT = path.resolve(import.meta.dirname, "../..");
const HEALTH_TIMEOUT_MS = 90_000;

export interface RunningServer {
  url: string;
  stop: () => Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

function newestChange(entry: string): number {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const name of readdirSync(entry)) newest = Math.max(newest, newestChange(path.join(entry, name)));
  return newest;
}

/** Builds the server as `npm start` runs it (apps/server/dist; esbuild, a second or two). */
export function buildServer(): void {
  if (process.env.E2E_SERVER === "tsx") return;
  execSync("npm run build:server", { cwd: ROOT, stdio: "inherit" });
}

/** Builds the web app (the server serves apps/web/dist) when the build is missing or older than its sources. */
export function ensureWebBuild(): void {
  const index = path.join(ROOT, "apps/web/dist/index.html");
  const sources = ["apps/web/src", "apps/web/index.html", "apps/web/public", "apps/web/vite.config.ts", "packages/shared/src"];
  const newestSource = Math.max(...sources.map((source) => newestChange(path.join(ROOT, source))));
  if (existsSync(index) && statSync(index).mtimeMs >= newestSource) return;
  execSync("npm run build -w @hearth/web", { cwd: ROOT, stdio: "inherit" });
}

async function waitForHealth(url: string, child: ChildProcess, logFile: string): Promise<void> {
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited with code ${child.exitCode}; see ${logFile}`);
    try {
      const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`The server did not answer /api/health within ${HEALTH_TIMEOUT_MS / 1000} s; see ${logFile}`);
}

/**
 * Starts the real server (embedded PGlite in a fresh temp dir, no SMTP so mail lands in /dev/mail).
 * `env` overrides the defaults; pass `CAPTCHA: undefined` to use the server's default captcha.
 */
export async function startServer(env: Record<string, string | undefined> = {}): Promise<RunningServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), "hearth-e2e-"));
  const logDir = path.join(ROOT, "test-results");
  mkdirSync(logDir, { recursive: true });
  const logFile = path.join(logDir, `e2e-server-${port}.log`);
  const log = createWriteStream(logFile);

  const childEnv: Record<string, string> = {};
  for (const [key, value] of Object.entries({ ...process.env })) {
    if (value !== undefined && key !== "SMTP_URL") childEnv[key] = value;
  }
  const merged: Record<string, string | undefined> = {
    PORT: String(port),
    DATA_DIR: dataDir,
    CAPTCHA: "off",
    SEED_DEMO: "true",
    NODE_ENV: "test",
    APP_URL: url,
    LOG_LEVEL: "warn",
    // Every browser in the suite signs in from 127.0.0.1 with the same demo accounts.
    RATE_LIMIT_SIGN_IN_PER_EMAIL: "200",
    RATE_LIMIT_AUTH_PER_IP: "2000",
    RATE_LIMIT_SIGN_UP_PER_IP: "200",
    // Respondents are told apart by their network (decision 0052): support/respondents.ts names one per answer.
    TRUST_PROXY: "true",
    ...env,
  };
  for (const [key, value] of Object.entries(merged)) {
    if (value === undefined) delete childEnv[key];
    else childEnv[key] = value;
  }

  // The suite drives what `npm start` runs: the compiled server (global setup builds it). E2E_SERVER=tsx runs the
  // TypeScript sources instead, for working on a test without rebuilding.
  const command =
    process.env.E2E_SERVER === "tsx"
      ? { file: path.join(ROOT, "node_modules/.bin/tsx"), args: ["apps/server/src/main.ts"] }
      : { file: process.execPath, args: ["--enable-source-maps", "apps/server/dist/main.mjs"] };
  const child = spawn(command.file, command.args, { cwd: ROOT, env: childEnv, detached: true });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);

  const stop = async () => {
    if (child.exitCode === null && child.pid) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      try {
        process.kill(-child.pid, "SIGTERM");
      } catch {
        child.kill("SIGTERM");
      }
      const timeout = new Promise((resolve) => setTimeout(resolve, 5_000));
      await Promise.race([exited, timeout]);
      if (child.exitCode === null) {
        try {
          process.kill(-child.pid, "SIGKILL");
        } catch {
          // already gone
        }
      }
    }
    log.end();
    rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await waitForHealth(url, child, logFile);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, stop };
}
