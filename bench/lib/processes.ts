import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createServer } from "node:net";
import path from "node:path";
import { request } from "./http.js";
import { sleep } from "./stats.js";

export const ROOT = path.resolve(import.meta.dirname, "../..");
export const POLL_INTERVAL_MS = 25;
const STOP_GRACE_MS = 10_000;
const LOG_TAIL_CHARS = 4_000;

export interface Launch {
  label: string;
  command: string;
  args: string[];
  env: Record<string, string>;
}

export interface Spawned {
  child: ChildProcess;
  port: number;
  url: string;
  /** Milliseconds from spawn() to the first 200 on the health URL. */
  msToHealthy: number;
  log: () => string;
  stop: () => Promise<void>;
}

const running = new Set<ChildProcess>();

/** Kills every process this bench started and has not stopped yet (used on errors and at exit). */
export function killAll(signal: NodeJS.Signals = "SIGKILL"): void {
  for (const child of running) {
    if (child.exitCode === null && child.signalCode === null && child.pid) {
      try {
        process.kill(-child.pid, signal);
      } catch {
        try {
          child.kill(signal);
        } catch {
          // already gone
        }
      }
    }
  }
  running.clear();
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

/** The environment of the Hearth server under test: embedded PGlite, demo data, captcha off, generous rate limits. */
export function hearthEnv(port: number, dataDir: string): Record<string, string> {
  return {
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    SEED_DEMO: "true",
    CAPTCHA: "off",
    LOG_LEVEL: "warn",
    // production refuses demo seeding; development with an explicit secret is the closest honest setting
    NODE_ENV: "development",
    AUTH_SECRET: randomBytes(32).toString("hex"),
    APP_URL: `http://127.0.0.1:${port}`,
    RATE_LIMIT_SIGN_IN_PER_EMAIL: "1000000",
    RATE_LIMIT_AUTH_PER_IP: "1000000",
  };
}

/** The compiled server `npm start` runs (scripts/build-server.mjs writes it). */
export const SERVER_BUNDLE = "apps/server/dist/main.mjs";
let serverBuilt = false;

/**
 * Builds the server from the current sources once per bench process (about a second), so the measures always run
 * the code in the tree, as `npm start` would after a change. BENCH_SKIP_SERVER_BUILD=true uses the build as it is.
 */
export function ensureServerBuild(): void {
  if (serverBuilt || process.env.BENCH_SKIP_SERVER_BUILD === "true") return;
  execFileSync(process.execPath, [path.join(ROOT, "scripts/build-server.mjs")], { cwd: ROOT, stdio: ["ignore", "ignore", "inherit"] });
  serverBuilt = true;
}

/**
 * How the server is started. By default exactly what `npm start` runs after its build step:
 * `node --enable-source-maps apps/server/dist/main.mjs`, the server compiled to JavaScript (built first, see
 * ensureServerBuild). BENCH_LAUNCHER=tsx runs the TypeScript sources through tsx's loader in one process (what
 * `npm start` ran before the build existed, and what `npm run dev` runs); tsx-cli or npx compare other ways.
 */
export function hearthLaunch(port: number, dataDir: string): Launch {
  const env = hearthEnv(port, dataDir);
  const entry = "apps/server/src/main.ts";
  switch (process.env.BENCH_LAUNCHER ?? "compiled") {
    case "tsx":
      return { label: "node --import tsx apps/server/src/main.ts", command: process.execPath, args: ["--import", "tsx", entry], env };
    case "tsx-cli":
      return { label: "tsx apps/server/src/main.ts", command: path.join(ROOT, "node_modules/.bin/tsx"), args: [entry], env };
    case "npx":
      return { label: "npx tsx apps/server/src/main.ts", command: "npx", args: ["tsx", entry], env };
    default:
      ensureServerBuild();
      return {
        label: `node --enable-source-maps ${SERVER_BUNDLE}`,
        command: process.execPath,
        args: ["--enable-source-maps", SERVER_BUNDLE],
        env,
      };
  }
}

export function minimalLaunch(port: number): Launch {
  return {
    label: "node bench/baseline/minimal-server.mjs",
    command: process.execPath,
    args: [path.join(ROOT, "bench/baseline/minimal-server.mjs")],
    env: { PORT: String(port), HOST: "127.0.0.1" },
  };
}

/** Environment of the parent without anything that would change the server's configuration. */
function childEnvironment(extra: Record<string, string>): Record<string, string> {
  const base: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value === undefined || key === "DATABASE_URL" || key === "SMTP_URL" || key.startsWith("npm_")) continue;
    base[key] = value;
  }
  return { ...base, ...extra };
}

/**
 * Spawns a process and polls GET healthPath every 25 ms (a fresh connection each time) until it answers 200.
 * The clock starts just before spawn() and stops when the 200 arrives.
 */
export async function spawnUntilHealthy(launch: Launch, port: number, healthPath: string, timeoutMs: number): Promise<Spawned> {
  const url = `http://127.0.0.1:${port}`;
  let logText = "";
  const append = (chunk: Buffer) => {
    logText = (logText + chunk.toString("utf8")).slice(-LOG_TAIL_CHARS);
  };
  const t0 = performance.now();
  const child = spawn(launch.command, launch.args, {
    cwd: ROOT,
    env: childEnvironment(launch.env),
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  running.add(child);
  child.stdout?.on("data", append);
  child.stderr?.on("data", append);
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once("exit", () => resolve());
  });
  child.on("error", (error) => append(Buffer.from(`spawn error: ${error.message}\n`)));

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null && child.pid) {
      try {
        process.kill(-child.pid, "SIGTERM");
      } catch {
        child.kill("SIGTERM");
      }
      await Promise.race([exited, sleep(STOP_GRACE_MS)]);
      if (child.exitCode === null && child.signalCode === null) {
        try {
          process.kill(-child.pid, "SIGKILL");
        } catch {
          // already gone
        }
        await Promise.race([exited, sleep(2_000)]);
      }
    }
    running.delete(child);
  };

  const deadline = t0 + timeoutMs;
  while (performance.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      running.delete(child);
      throw new Error(`${launch.label} exited (code ${child.exitCode}, signal ${child.signalCode}) before it was healthy:\n${logText}`);
    }
    const attempt = performance.now();
    try {
      const response = await request({ url: `${url}${healthPath}`, timeoutMs: 2_000 });
      if (response.status === 200) {
        const msToHealthy = performance.now() - t0;
        return { child, port, url, msToHealthy, log: () => logText, stop };
      }
    } catch {
      // not listening yet
    }
    await sleep(Math.max(0, POLL_INTERVAL_MS - (performance.now() - attempt)));
  }
  await stop();
  throw new Error(`${launch.label} did not answer ${healthPath} with 200 within ${timeoutMs / 1000} s:\n${logText}`);
}
