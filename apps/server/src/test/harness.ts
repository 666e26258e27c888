import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import pg from "pg";
import { inject } from "vitest";
import type { Role } from "@hearth/shared";
import { type BuiltApp, buildApp } from "../app.js";
import { openDatabase } from "../db/client.js";
import type { StripeApiAddress } from "../modules/stripe/stripe.client.js";
import { createPasswordUser } from "../seed/users.js";
import { withDatabase } from "./global-setup.js";
import { testEnv } from "./test-env.js";

export const TEST_ORIGIN = "http://hearth.test";
export const STRONG_PASSWORD = "Correct-Horse-42!";

export interface TestApp extends BuiltApp {
  close(): Promise<void>;
}

/**
 * When the suite runs on PostgreSQL (TEST_DATABASE_URL): a new database cloned from the migrated template, for a
 * test that runs the server in a child process. Null on the embedded database.
 */
export async function clonePostgresTestDatabase(): Promise<{ url: string; drop: () => Promise<void> } | null> {
  const provided = inject("testDatabase");
  if (provided.kind !== "postgres") return null;
  const name = `${provided.clonePrefix}${randomUUID().replaceAll("-", "").slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: provided.url });
  await admin.connect();
  await admin.query(`create database ${name} template ${provided.template}`);
  await admin.end();
  return {
    url: withDatabase(provided.url, name),
    async drop() {
      const cleanup = new pg.Client({ connectionString: provided.url });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`).catch(() => undefined);
      await cleanup.end();
    },
  };
}

/** A fresh app on its own copy of the migrated database (PGlite dump, or a PostgreSQL clone of the template). */
export async function createTestApp(
  options: { env?: Record<string, string | undefined>; runJobWorkers?: boolean; serveWeb?: boolean; stripeApi?: StripeApiAddress } = {},
): Promise<TestApp> {
  const provided = inject("testDatabase");
  let databaseUrl: string | undefined;
  let dropDatabase: (() => Promise<void>) | undefined;
  let database: Awaited<ReturnType<typeof openDatabase>>;
  if (provided.kind === "postgres") {
    const clone = await clonePostgresTestDatabase();
    databaseUrl = clone?.url;
    database = await openDatabase({ databaseUrl, poolSize: 5 });
    dropDatabase = clone?.drop;
  } else {
    const dump = new Blob([readFileSync(provided.dumpFile)]);
    database = await openDatabase({ dataDir: "memory://", loadDataDir: dump });
  }
  const built = await buildApp({
    env: testEnv({ ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}), ...options.env }),
    database,
    runJobWorkers: options.runJobWorkers ?? false,
    jobPollingIntervalSeconds: 0.5,
    logger: false,
    // serveWeb: true serves env.WEB_DIST (the static-web test's own files)
    serveWeb: options.serveWeb ?? false,
    stripeApi: options.stripeApi,
  });
  return {
    ...built,
    async close() {
      await built.shutdown();
      await dropDatabase?.();
    },
  };
}

export interface Session {
  cookie: string;
  userId: string;
  tenantId: string;
  email: string;
}

function cookieFrom(response: LightMyRequestResponse): string {
  const header = response.headers["set-cookie"];
  const list = Array.isArray(header) ? header : header ? [header] : [];
  return list.map((cookie) => cookie.split(";")[0]).join("; ");
}

/** Sends a request the way the browser app does: same origin, JSON, with the session cookie. */
let respondentNetworks = 0;
/**
 * A client address on a network of its own (10.a.b.7, a new /24 each call): tests that post many answers stand for
 * many people, and responses from one network within the burst window count once (decision 0052).
 */
export function nextRespondentAddress(): string {
  respondentNetworks += 1;
  return `10.${(respondentNetworks >> 8) & 255}.${respondentNetworks & 255}.7`;
}

/**
 * One request through inject. `POST /api/response` without a `remoteAddress` comes from a network of its own and
 * without the respondent cookie, i.e. as a different person each time; tests of one browser or one network say so.
 */
export function call(
  app: FastifyInstance,
  method: InjectOptions["method"],
  url: string,
  options: { cookie?: string; body?: unknown; headers?: Record<string, string>; remoteAddress?: string } = {},
) {
  return app.inject({
    method,
    url,
    remoteAddress: options.remoteAddress ?? (url === "/api/response" ? nextRespondentAddress() : undefined),
    headers: {
      origin: TEST_ORIGIN,
      ...(options.body !== undefined ? { "content-type": "application/json" } : {}),
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...options.headers,
    },
    payload: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
}

export const uniqueEmail = (prefix = "user") => `${prefix}-${randomUUID().slice(0, 8)}@example.com`;

/** Registers a new company through the public sign-up endpoint; the user is its Admin and Company Leader. */
export async function registerCompany(app: FastifyInstance, input: { email?: string; companyName?: string } = {}): Promise<Session> {
  const email = input.email ?? uniqueEmail("owner");
  const response = await call(app, "POST", "/api/auth/sign-up/email", {
    body: {
      email,
      password: STRONG_PASSWORD,
      name: "Olive Owner",
      firstName: "Olive",
      lastName: "Owner",
      companyName: input.companyName ?? "Acme Testing",
      acceptTerms: true,
    },
  });
  if (response.statusCode !== 200) throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  const cookie = cookieFrom(response);
  const me = (await call(app, "GET", "/api/me", { cookie })).json();
  return { cookie, userId: me.user.id, tenantId: me.tenant.id, email };
}

export async function signIn(app: FastifyInstance, email: string, password = STRONG_PASSWORD): Promise<string> {
  const response = await call(app, "POST", "/api/auth/sign-in/email", { body: { email, password } });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  return cookieFrom(response);
}

/** Adds a verified member with the given role to a company and signs them in. */
export async function addMember(testApp: TestApp, tenantId: string, role: Role): Promise<Session> {
  const email = uniqueEmail(role.toLowerCase());
  const userId = await createPasswordUser(testApp.ctx.database.db, {
    tenantId,
    email,
    password: STRONG_PASSWORD,
    firstName: role,
    lastName: "Member",
    role,
  });
  return { cookie: await signIn(testApp.app, email), userId, tenantId, email };
}

export { cookieFrom };
