/**
 * What the fault tests (`*.fault.ts`, the `fault` vitest project, a step of .ci/run) share: a PostgreSQL cluster of
 * their own on a free loopback port (created, restarted, crashed and dropped with Debian's pg_*cluster tools, so the
 * machine's main cluster and its test database are never touched), and the server started as a child process that
 * can be killed with SIGKILL and started again on the same database.
 */
import { type ChildProcess, execFile, execFileSync, spawn } from "node:child_process";
import { promisify } from "node:util";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../../../..");

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.on("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` every 200 ms until it holds; throws after `timeoutMs`. */
export async function waitUntil(what: string, check: () => Promise<boolean> | boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await sleep(200);
  }
  throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
}

/** A throwaway PostgreSQL cluster on loopback, trusted, with one database `hearth`. */
export interface FaultCluster {
  url: string;
  /** `pg_ctlcluster … restart`: a fast shutdown (connections terminated) and a start. */
  restart(): Promise<void>;
  /** An immediate stop (the crash of the server: no checkpoint, recovery at start), then a start. */
  crash(): Promise<void>;
  query<T>(text: string, values?: unknown[]): Promise<T[]>;
  drop(): void;
}

const pgVersion = () => {
  const versions = readdirSync("/etc/postgresql").sort();
  if (versions.length === 0) throw new Error("no PostgreSQL cluster configuration in /etc/postgresql");
  return versions[versions.length - 1];
};

export async function createFaultCluster(): Promise<FaultCluster> {
  const version = pgVersion();
  const name = `hearth_fault_${process.pid}`;
  const port = await freePort();
  const ctl = (...args: string[]) =>
    execFileSync("pg_ctlcluster", ["--skip-systemctl-redirect", version, name, ...args], { stdio: "pipe" });
  execFileSync("pg_createcluster", [version, name, "-p", String(port), "--", "--auth=trust"], { stdio: "pipe" });
  const url = `postgres://postgres@127.0.0.1:${port}/hearth`;
  const ready = async () => {
    await waitUntil(
      "the fault cluster to accept connections",
      async () => {
        const client = new pg.Client({
          connectionString: `postgres://postgres@127.0.0.1:${port}/postgres`,
          connectionTimeoutMillis: 1_000,
        });
        try {
          await client.connect();
          await client.query("select 1");
          return true;
        } catch {
          return false;
        } finally {
          await client.end().catch(() => undefined);
        }
      },
      60_000,
    );
  };
  const drop = () => {
    try {
      execFileSync("pg_dropcluster", ["--stop", version, name], { stdio: "pipe" });
    } catch {
      // already gone
    }
  };
  try {
    ctl("start");
    await ready();
    const admin = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres` });
    await admin.connect();
    await admin.query("create database hearth");
    await admin.end();
  } catch (error) {
    drop();
    throw error;
  }
  // while the cluster restarts the test's own requests keep running: not execFileSync
  const ctlAsync = async (...args: string[]) => {
    await promisify(execFile)("pg_ctlcluster", ["--skip-systemctl-redirect", version, name, ...args]);
  };
  return {
    url,
    restart: () => ctlAsync("restart"),
    async crash() {
      await ctlAsync("stop", "-m", "immediate");
      await ctlAsync("start");
    },
    async query<T>(text: string, values: unknown[] = []) {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        return (await client.query(text, values)).rows as T[];
      } finally {
        await client.end();
      }
    },
    drop,
  };
}

/** The server (API and job workers, `apps/server/src/main.ts`) as a child process on loopback. */
export interface ServerProcess {
  url: string;
  start(): Promise<void>;
  /** SIGKILL: no shutdown, no last write. */
  kill(): Promise<void>;
  /** SIGTERM, waiting for the graceful shutdown. */
  stop(): Promise<void>;
  /** Cleans the data directory (after stop or kill). */
  remove(): void;
  /** Runs one of the server's commands (`apps/server/src/cli/<name>.ts`) on the same database and data directory. */
  runCommand(name: string, args: string[]): Promise<void>;
}

/**
 * `databaseUrl` null runs the server on embedded PGlite in its data directory (what `npm start` does without
 * DATABASE_URL); `env` adds to or overrides the test defaults below.
 */
export async function serverProcess(databaseUrl: string | null, env: Record<string, string> = {}): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), "hearth-fault-"));
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "test",
    PORT: String(port),
    HOST: "127.0.0.1",
    APP_URL: url,
    DATA_DIR: dataDir,
    AUTH_SECRET: "fault-test-secret-that-is-at-least-thirty-two-characters",
    CAPTCHA: "off",
    SEED_DEMO: "false",
    LOG_LEVEL: "error",
    RATE_LIMIT_SIGN_UP_PER_IP: "1000",
    RATE_LIMIT_AUTH_PER_IP: "10000",
    ...env,
  };
  if (databaseUrl) childEnv.DATABASE_URL = databaseUrl;
  else delete childEnv.DATABASE_URL;
  const run = (script: string, args: string[]) =>
    spawn(process.execPath, ["--import", "tsx", path.join(ROOT, "apps/server/src", script), ...args], {
      cwd: ROOT,
      env: childEnv,
      stdio: ["ignore", "ignore", "inherit"],
    });
  let child: ChildProcess | null = null;
  const exit = async (signal: NodeJS.Signals) => {
    const running = child;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const exited = new Promise((resolve) => running.once("exit", resolve));
    running.kill(signal);
    await exited;
  };
  return {
    url,
    async start() {
      const started = run("main.ts", []);
      child = started;
      await waitUntil(
        "the server to answer /api/health",
        async () => {
          if (started.exitCode !== null) throw new Error(`the server exited with ${started.exitCode}`);
          try {
            return (await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) })).status === 200;
          } catch {
            return false;
          }
        },
        90_000,
      );
    },
    kill: () => exit("SIGKILL"),
    stop: () => exit("SIGTERM"),
    remove: () => rmSync(dataDir, { recursive: true, force: true }),
    async runCommand(name, args) {
      const command = run(`cli/${name}.ts`, args);
      const code = await new Promise((resolve) => command.once("exit", resolve));
      if (code !== 0) throw new Error(`${name} exited with ${code}`);
    },
  };
}

/**
 * One fault suite's fixtures: a cluster of its own and the server on it, started before the suite's tests and
 * stopped, cleaned and dropped after them. The getters read what `beforeAll` made.
 */
export function faultSuite(env: Record<string, string> = {}) {
  let cluster: FaultCluster | undefined;
  let server: ServerProcess | undefined;
  beforeAll(async () => {
    cluster = await createFaultCluster();
    server = await serverProcess(cluster.url, env);
    await server.start();
  }, 180_000);
  afterAll(async () => {
    await server?.stop();
    server?.remove();
    cluster?.drop();
  }, 120_000);
  const made = <T>(value: T | undefined, what: string): T => {
    if (!value) throw new Error(`the fault suite's ${what} is made in beforeAll`);
    return value;
  };
  return {
    get cluster() {
      return made(cluster, "cluster");
    },
    get server() {
      return made(server, "server");
    },
  };
}

/** A cookie-keeping JSON client of one server, as a signed-in company user. */
export function apiClient(url: string) {
  let cookie = "";
  const request = async (method: string, pathname: string, body?: unknown, headers: Record<string, string> = {}) => {
    const isJson = body !== undefined && !(body instanceof Uint8Array);
    const response = await fetch(`${url}${pathname}`, {
      method,
      headers: { origin: url, cookie, ...(isJson ? { "content-type": "application/json" } : {}), ...headers },
      body: body === undefined ? undefined : isJson ? JSON.stringify(body) : (body as unknown as BodyInit),
    });
    const setCookie = response.headers.getSetCookie();
    if (setCookie.length > 0) cookie = setCookie.map((value) => value.split(";")[0]).join("; ");
    const text = await response.text();
    if (response.status >= 300) throw new Error(`${method} ${pathname}: ${response.status} ${text.slice(0, 300)}`);
    return text ? JSON.parse(text) : null;
  };
  return {
    request,
    async signUp(email: string, companyName: string) {
      await request("POST", "/api/auth/sign-up/email", {
        email,
        password: "Correct-Horse-42!",
        name: "Fay Owner",
        firstName: "Fay",
        lastName: "Owner",
        companyName,
        acceptTerms: true,
      });
    },
  };
}
