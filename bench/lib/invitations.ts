/**
 * Invitations: POST /api/invite on a spawned Hearth server, and what it is measured against. Shared helpers for
 * both invitation measures (sign-in, the demo company's open survey, recipients, the request body), then the
 * 100,000-invitation accept measure with its raw-write baseline (bench/lib/smtp.ts has the delivery measure).
 */
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { INVITE_BATCH_SIZE } from "../../packages/shared/src/invitations/constants.js";
import { MAX_OPERATOR_SENDING_ALLOWANCE } from "../../packages/shared/src/invitations/sending-allowance.js";
import { keepAliveAgent, request, sessionCookie, signInDemo } from "./http.js";
import { type Launch, type Spawned, freePort, hearthLaunch, spawnUntilHealthy } from "./processes.js";
import { percentile } from "./stats.js";

/** The demo's operator account (apps/server/src/seed/demo.ts, DEMO_INTERNAL_EMAIL), with the demo password. */
const DEMO_OPERATOR_EMAIL = "internal@hearth.test";

/** The product's batch size (the browser sends at most this many recipients per request). */
export const INVITE_BATCH = INVITE_BATCH_SIZE;
export const INVITE_ACCEPT_TOTAL = 100_000;
/** Each POST /api/invite may take this long; the whole accept measure (both halves) at most ACCEPT_DEADLINE_MS. */
const BATCH_TIMEOUT_MS = 120_000;
const ACCEPT_DEADLINE_MS = 240_000;
const SPAWN_TIMEOUT_MS = 90_000;
const TIME_ZONE = "America/New_York";

const FIRST_NAMES = ["Ada", "Ben", "Chloé", "Dmitri", "Esi", "Farid", "Grace", "Hiro", "Ines", "Jonas", "Kemi", "Luca"];
const LAST_NAMES = ["Okafor", "Lindqvist", "García", "Nakamura", "Smith", "Haddad", "Novak", "Mbeki", "O'Brien", "Rossi"];
const DEPARTMENTS = ["Engineering", "Sales", "Support", "Finance", "People", "Marketing", "Operations", "Legal"];

/** The invitation's HTML as the editor writes it: the preset-style greeting, two paragraphs, the link, the signature. */
export const INVITATION_CONTENT = [
  "<p>Hi {{first_name}},</p>",
  "<p>We moved to three office days a month ago. Before we decide what comes next, we would like to hear how it works for you and your team at {{company_name}}.</p>",
  "<p>The survey has three short questions and one optional comment. Your answers are anonymous.</p>",
  "<p>It takes about 2-3 minutes.</p>",
  '<p><a href="{{survey_link}}">Take Survey</a></p>',
  "<p>Thank you,<br>{{sender_name}}</p>",
].join("\n");
export const INVITATION_SUBJECT = "How is hybrid work going at {{company_name}}?";

export interface Recipient {
  email: string;
  firstName: string;
  lastName: string;
  department: string;
}

/** Recipient `index` of a run: distinct addresses under `domain`, names and a department cycling through small lists. */
export function recipient(index: number, domain: string): Recipient {
  return {
    email: `person-${String(index).padStart(6, "0")}@${domain}`,
    firstName: FIRST_NAMES[index % FIRST_NAMES.length],
    lastName: LAST_NAMES[(index * 7) % LAST_NAMES.length],
    department: DEPARTMENTS[(index * 3) % DEPARTMENTS.length],
  };
}

export const recipients = (start: number, count: number, domain: string) =>
  Array.from({ length: count }, (_, offset) => recipient(start + offset, domain));

/** "YYYY-MM-DDT13:00" for tomorrow in `timeZone` (what the invite screen's schedule picker sends). */
export function tomorrowAt13(timeZone: string, now = Date.now()): string {
  const parts = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).formatToParts(now);
  const part = (type: string) => Number(parts.find((entry) => entry.type === type)?.value);
  const tomorrow = new Date(Date.UTC(part("year"), part("month") - 1, part("day") + 1));
  return `${tomorrow.toISOString().slice(0, 10)}T13:00`;
}

export interface InviteSession {
  url: string;
  cookie: string;
  surveyId: string;
  surveyName: string;
  agent: ReturnType<typeof keepAliveAgent>;
}

/**
 * Spawns the server (PGlite in a fresh temp dir unless DATABASE_URL is given) with demo data and quiet logs.
 * `nodeArgs` go before the launcher's own arguments (bench/invite-profile.ts passes --cpu-prof).
 */
export async function startInviteServer(dataDir: string, extraEnv: Record<string, string>, nodeArgs: string[] = []): Promise<Spawned> {
  const port = await freePort();
  const launch = hearthLaunch(port, dataDir);
  const quiet: Launch = { ...launch, args: [...nodeArgs, ...launch.args], env: { ...launch.env, LOG_LEVEL: "silent", ...extraEnv } };
  return spawnUntilHealthy(quiet, port, "/api/health", SPAWN_TIMEOUT_MS);
}

/**
 * The measures invite far more people than a company's daily allowance (decision 0056: 20,000 for the demo's paid
 * plan; a scheduled send counts on its own day), so the demo's operator account raises it to the most an operator
 * may set, through the operator's own endpoint, before anything is timed.
 */
async function raiseSendingAllowance(url: string, agent: InviteSession["agent"], adminCookie: string): Promise<void> {
  const me = await request({ url: `${url}/api/me`, headers: { cookie: adminCookie }, agent, keepBody: true });
  const tenantId = (JSON.parse(me.body) as { tenant: { id: string } }).tenant.id;
  const operator = await signInDemo(url, agent, DEMO_OPERATOR_EMAIL);
  if (operator.status !== 200) throw new Error(`the operator's sign-in answered ${operator.status}: ${operator.body.slice(0, 300)}`);
  const raised = await request({
    url: `${url}/api/admin/companies/${tenantId}/sending-allowance`,
    method: "PUT",
    headers: { "content-type": "application/json", origin: url, cookie: sessionCookie(operator) },
    body: JSON.stringify({ dailyLimit: MAX_OPERATOR_SENDING_ALLOWANCE, reason: "benchmark volume" }),
    agent,
    keepBody: true,
  });
  if (raised.status !== 200) throw new Error(`raising the sending allowance answered ${raised.status}: ${raised.body.slice(0, 300)}`);
}

/** Signs in as the demo admin (with the app's origin, as the browser sends it) and finds the company's open survey. */
export async function openInviteSession(url: string): Promise<InviteSession> {
  const agent = keepAliveAgent(1);
  const signIn = await signInDemo(url, agent);
  if (signIn.status !== 200) throw new Error(`sign-in answered ${signIn.status}: ${signIn.body.slice(0, 300)}`);
  const cookie = sessionCookie(signIn);
  await raiseSendingAllowance(url, agent, cookie);
  const list = await request({ url: `${url}/api/surveys`, headers: { cookie }, agent, keepBody: true });
  if (list.status !== 200) throw new Error(`GET /api/surveys answered ${list.status}: ${list.body.slice(0, 300)}`);
  const surveys = JSON.parse(list.body) as { id: string; name: string; status: string }[];
  const active = surveys.filter((survey) => survey.status === "Active");
  const survey = active.find((entry) => entry.name === "Hybrid work check-in") ?? active[0];
  if (!survey)
    throw new Error(`the demo company has no Active survey (${surveys.map((entry) => `${entry.name}: ${entry.status}`).join(", ")})`);
  return { url, cookie, surveyId: survey.id, surveyName: survey.name, agent };
}

export interface InviteBatchOptions {
  invitationId: string;
  /** Wall-clock "YYYY-MM-DDTHH:mm" in America/New_York; absent: send now. */
  sendDate?: string;
  cc: string;
}

/** The body of one POST /api/invite, as the invite screen sends it (packages/shared/src/contracts/invitations.ts). */
export function inviteBody(session: InviteSession, options: InviteBatchOptions, batch: Recipient[]): string {
  return JSON.stringify({
    invitation: {
      id: options.invitationId,
      survey: session.surveyId,
      subject: INVITATION_SUBJECT,
      name: "Dana Demo",
      cc: options.cc,
      content: INVITATION_CONTENT,
      ...(options.sendDate ? { sendDate: options.sendDate, timeZone: TIME_ZONE } : {}),
    },
    recipients: batch,
  });
}

/** Sends one batch; resolves with the latency (ms, request to complete answer) or throws with the server's answer. */
export async function postInviteBatch(session: InviteSession, body: string, expected: number): Promise<number> {
  const t0 = performance.now();
  const response = await request({
    url: `${session.url}/api/invite`,
    method: "POST",
    headers: { "content-type": "application/json", origin: session.url, cookie: session.cookie },
    body,
    agent: session.agent,
    timeoutMs: BATCH_TIMEOUT_MS,
    keepBody: true,
  });
  const latency = performance.now() - t0;
  if (response.status !== 200) throw new Error(`POST /api/invite answered ${response.status}: ${response.body.slice(0, 300)}`);
  const answer = JSON.parse(response.body) as { invitees: unknown[]; duplicateInvitees: unknown[] };
  if (answer.invitees.length !== expected || answer.duplicateInvitees.length !== 0) {
    throw new Error(`POST /api/invite invited ${answer.invitees.length} of ${expected} (${answer.duplicateInvitees.length} duplicates)`);
  }
  return latency;
}

// ---------------------------------------------------------------------------------------------------------------
// The accept measure and its baseline: the same rows written with three multi-row INSERTs per batch.

/** Tables shaped like the server's `invitee`, `invitation_delivery` and pg-boss's `job`: same columns, keys and indexes, no foreign keys. */
const RAW_SCHEMA = `
create table raw_invitee (
  id uuid primary key, tenant_id uuid not null, survey_id text not null, email text not null, first_name text, last_name text,
  meta jsonb not null default '{}'::jsonb, scheduled_date timestamptz, first_email timestamptz, most_recent_email timestamptz,
  send_status text not null default 'Pending', replied boolean not null default false, last_error text,
  created_at timestamptz not null default now()
);
create unique index raw_invitee_survey_email_unique on raw_invitee (survey_id, email);
create index raw_invitee_tenant_idx on raw_invitee (tenant_id);
create index raw_invitee_tenant_email_idx on raw_invitee (tenant_id, email);
create table raw_invitation_delivery (
  id uuid primary key, tenant_id uuid not null, invitation_id uuid not null, invitee_id uuid not null,
  status text not null default 'queued', send_at timestamptz not null default now(), attempts integer not null default 0,
  claimed_until timestamptz, message_id text not null, sent_at timestamptz, last_error text, created_at timestamptz not null default now()
);
create unique index raw_invitation_delivery_unique on raw_invitation_delivery (invitation_id, invitee_id);
create index raw_invitation_delivery_invitee_idx on raw_invitation_delivery (invitee_id);
create index raw_invitation_delivery_pending_idx on raw_invitation_delivery (status, send_at);
create table raw_job (
  id uuid not null, name text not null, priority integer not null default 0, data jsonb, state text not null default 'created',
  retry_limit integer not null default 2, retry_count integer not null default 0, retry_delay integer not null default 0,
  retry_backoff boolean not null default false, start_after timestamptz not null default now(), started_on timestamptz,
  singleton_key text, singleton_on timestamp, expire_in interval not null default interval '15 minutes',
  created_on timestamptz not null default now(), completed_on timestamptz,
  keep_until timestamptz not null default now() + interval '14 days', output jsonb, dead_letter text, policy text,
  primary key (name, id)
);
create index raw_job_i5 on raw_job (name, start_after) include (priority, created_on, id) where state = 'created';
`;

const placeholders = (rows: number, columns: number) =>
  Array.from(
    { length: rows },
    (_, row) => `(${Array.from({ length: columns }, (_, column) => `$${row * columns + column + 1}`).join(",")})`,
  ).join(",");

interface RawStatements {
  invitees: string;
  deliveries: string;
  jobs: string;
}

function rawStatements(rows: number): RawStatements {
  return {
    invitees: `insert into raw_invitee (id, tenant_id, survey_id, email, first_name, last_name, meta, scheduled_date, send_status) values ${placeholders(rows, 9)}`,
    deliveries: `insert into raw_invitation_delivery (id, tenant_id, invitation_id, invitee_id, status, send_at, message_id) values ${placeholders(rows, 7)}`,
    jobs: `insert into raw_job (id, name, data, start_after, singleton_key, expire_in, keep_until, retry_limit, retry_delay, retry_backoff, policy) values ${placeholders(rows, 11)}`,
  };
}

/** The parameters of one batch's three INSERTs: ids made here, the same values the server stores. */
function rawParameters(batch: Recipient[], ids: { tenant: string; survey: string; invitation: string }, sendAt: Date) {
  const invitees: unknown[] = [];
  const deliveries: unknown[] = [];
  const jobs: unknown[] = [];
  const keepUntil = new Date(sendAt.getTime() + 14 * 86_400_000);
  for (const person of batch) {
    const inviteeId = randomUUID();
    const deliveryId = randomUUID();
    invitees.push(
      inviteeId,
      ids.tenant,
      ids.survey,
      person.email,
      person.firstName,
      person.lastName,
      JSON.stringify({ department: person.department }),
      sendAt,
      "Pending",
    );
    deliveries.push(deliveryId, ids.tenant, ids.invitation, inviteeId, "queued", sendAt, `<${deliveryId}.invitation@127.0.0.1>`);
    jobs.push(
      randomUUID(),
      "invitation.send",
      JSON.stringify({ deliveryId }),
      sendAt,
      deliveryId,
      "120 seconds",
      keepUntil,
      6,
      15,
      true,
      "standard",
    );
  }
  return { invitees, deliveries, jobs };
}

/** One database the baseline writes to: a bare PGlite in a temp dir, or a pg client on the scratch PostgreSQL database. */
interface RawWriter {
  label: string;
  /** Writes one batch's rows in one transaction. */
  write(statements: RawStatements, parameters: ReturnType<typeof rawParameters>): Promise<void>;
  count(): Promise<{ invitees: number; deliveries: number; jobs: number }>;
  close(): Promise<void>;
}

async function pgliteWriter(): Promise<RawWriter> {
  const dir = mkdtempSync(path.join(tmpdir(), "hearth-bench-raw-"));
  try {
    const db = await PGlite.create({ dataDir: path.join(dir, "pglite") });
    await db.exec(RAW_SCHEMA);
    return {
      label: "bare PGlite (@electric-sql/pglite, on disk in a temp dir, in the bench process)",
      write: (statements, parameters) =>
        db.transaction(async (tx) => {
          await tx.query(statements.invitees, parameters.invitees);
          await tx.query(statements.deliveries, parameters.deliveries);
          await tx.query(statements.jobs, parameters.jobs);
        }),
      count: () => countRows((text) => db.query(text).then((result) => result.rows)),
      close: async () => {
        await db.close().catch(() => undefined);
        rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

async function postgresWriter(databaseUrl: string): Promise<RawWriter> {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5_000 });
  // a lost connection fails the query in flight; without a listener it would also end the process
  client.on("error", () => {});
  await client.connect();
  try {
    await client.query("create schema raw_bench; set search_path to raw_bench");
    await client.query(RAW_SCHEMA);
  } catch (error) {
    await client.end().catch(() => undefined);
    throw error;
  }
  return {
    label: "one pg client on the same scratch database (own schema)",
    write: async (statements, parameters) => {
      await client.query("begin");
      try {
        await client.query(statements.invitees, parameters.invitees);
        await client.query(statements.deliveries, parameters.deliveries);
        await client.query(statements.jobs, parameters.jobs);
        await client.query("commit");
      } catch (error) {
        await client.query("rollback").catch(() => undefined);
        throw error;
      }
    },
    count: () => countRows((text) => client.query(text).then((result) => result.rows)),
    close: () => client.end(),
  };
}

async function countRows(query: (text: string) => Promise<unknown[]>) {
  const [row] = (await query(
    "select (select count(*) from raw_invitee)::int as invitees, (select count(*) from raw_invitation_delivery)::int as deliveries, (select count(*) from raw_job)::int as jobs",
  )) as { invitees: number; deliveries: number; jobs: number }[];
  return row;
}

/** The survey's invitee count and how many of them are being sent now, as the sent-invitee table reads them. */
async function countInvitees(session: InviteSession): Promise<{ total: number; dispatching: number }> {
  const page = await request({
    url: `${session.url}/api/surveys/${encodeURIComponent(session.surveyId)}/invitees?page=1`,
    headers: { cookie: session.cookie },
    agent: session.agent,
    keepBody: true,
    timeoutMs: 60_000,
  });
  if (page.status !== 200) throw new Error(`GET /api/surveys/:id/invitees answered ${page.status}: ${page.body.slice(0, 300)}`);
  return JSON.parse(page.body) as { total: number; dispatching: number };
}

export interface BatchRun {
  /** Wall time of the measured segments, summed (ms). */
  elapsedMs: number;
  /** One latency per batch (ms). */
  latencies: number[];
  rows: number;
}

export interface InviteAcceptResult {
  kind: "pglite" | "postgres";
  surveyName: string;
  sendDate: string;
  batches: number;
  server: BatchRun;
  raw: BatchRun;
  rawLabel: string;
  /** Invitees GET /api/surveys/:id/invitees lists at the end minus those before the run, and the baseline's row counts. */
  inviteesAdded: number;
  /** Pending invitees whose send time has come, at the end minus before: 0 when nothing of the run is being sent. */
  dispatching: number;
  rawRows: { invitees: number; deliveries: number; jobs: number };
  msToHealthy: number;
}

export const summarize = (run: BatchRun) => ({
  seconds: run.elapsedMs / 1000,
  perSecond: run.elapsedMs > 0 ? run.rows / (run.elapsedMs / 1000) : 0,
  p50Ms: percentile(run.latencies, 50),
  p99Ms: percentile(run.latencies, 99),
});

export interface InviteAcceptOptions {
  kind: "pglite" | "postgres";
  /** For PostgreSQL: the scratch database (the server and the baseline share it). */
  databaseUrl?: string;
  dataDir: string;
  log: (message: string) => void;
  total?: number;
}

/**
 * Spawns the server, signs in, and sends `total` distinct recipients in batches of 1,500 to one invitation scheduled
 * for tomorrow 13:00 (so no email goes out while it runs), with no pause between batches. The raw baseline writes
 * the same rows; the two alternate in A-B-B-A order over halves of the batches, so both tables grow alike.
 */
export async function runInviteAccept(options: InviteAcceptOptions): Promise<InviteAcceptResult> {
  const total = options.total ?? INVITE_ACCEPT_TOTAL;
  const batchCount = Math.ceil(total / INVITE_BATCH);
  const half = Math.ceil(batchCount / 2);
  const domain = "accept.bench.hearth.test";
  const sendDate = tomorrowAt13(TIME_ZONE);
  const deadline = performance.now() + ACCEPT_DEADLINE_MS;
  const batchAt = (index: number) => recipients(index * INVITE_BATCH, Math.min(INVITE_BATCH, total - index * INVITE_BATCH), domain);

  const server = await startInviteServer(options.dataDir, options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {});
  let writer: RawWriter | undefined;
  try {
    const session = await openInviteSession(server.url);
    // the demo company may already have invited people to this survey
    const before = await countInvitees(session);
    writer = options.kind === "postgres" ? await postgresWriter(options.databaseUrl!) : await pgliteWriter();
    const raw = writer;
    const invitation: InviteBatchOptions = { invitationId: randomUUID(), sendDate, cc: "hr-copy@copy.bench.hearth.test" };
    const rawIds = { tenant: randomUUID(), survey: session.surveyId, invitation: randomUUID() };
    const rawSendAt = new Date(Date.now() + 86_400_000);
    const runs = {
      server: { elapsedMs: 0, latencies: [], rows: 0 } as BatchRun,
      raw: { elapsedMs: 0, latencies: [], rows: 0 } as BatchRun,
    };

    const segment = async (target: "server" | "raw", from: number, to: number) => {
      const run = runs[target];
      // request bodies and parameters are built before each batch's clock starts; only the write is timed
      const start = performance.now();
      let prepared = 0;
      for (let index = from; index < to; index += 1) {
        if (performance.now() > deadline)
          throw new Error(`invite accept on ${options.kind}: not done within ${ACCEPT_DEADLINE_MS / 1000} s`);
        const batch = batchAt(index);
        const t0 = performance.now();
        if (target === "server") {
          const body = inviteBody(session, invitation, batch);
          const t1 = performance.now();
          prepared += t1 - t0;
          run.latencies.push(await postInviteBatch(session, body, batch.length));
        } else {
          const statements = rawStatements(batch.length);
          const parameters = rawParameters(batch, rawIds, rawSendAt);
          const t1 = performance.now();
          prepared += t1 - t0;
          await raw.write(statements, parameters);
          run.latencies.push(performance.now() - t1);
        }
        run.rows += batch.length;
      }
      run.elapsedMs += performance.now() - start - prepared;
    };
    for (const [target, from, to] of [
      ["server", 0, half],
      ["raw", 0, half],
      ["raw", half, batchCount],
      ["server", half, batchCount],
    ] as const) {
      await segment(target, from, to);
      options.log(`  ${target === "server" ? "POST /api/invite" : "raw INSERTs"}: batches ${from + 1}–${to} done`);
    }

    const listed = await countInvitees(session);
    const rawRows = await raw.count();
    session.agent.destroy();
    return {
      kind: options.kind,
      surveyName: session.surveyName,
      sendDate,
      batches: batchCount,
      server: runs.server,
      raw: runs.raw,
      rawLabel: raw.label,
      inviteesAdded: listed.total - before.total,
      dispatching: listed.dispatching - before.dispatching,
      rawRows,
      msToHealthy: server.msToHealthy,
    };
  } finally {
    await writer?.close().catch((error) => options.log(`closing the raw baseline failed: ${error}`));
    await server.stop();
  }
}

export function describeAccept(result: InviteAcceptResult): string[] {
  const server = summarize(result.server);
  const raw = summarize(result.raw);
  const line = (label: string, stats: ReturnType<typeof summarize>, run: BatchRun) =>
    `  ${label}: ${run.rows.toLocaleString("en-US")} in ${stats.seconds.toFixed(1)} s → ${stats.perSecond.toFixed(0)}/s, per batch p50 ${stats.p50Ms.toFixed(0)} ms, p99 ${stats.p99Ms.toFixed(0)} ms`;
  return [
    `invite accept, ${result.kind}: ${result.batches} batches of ≤ ${INVITE_BATCH} to "${result.surveyName}", scheduled ${result.sendDate} ${TIME_ZONE}, no pause between batches`,
    line("POST /api/invite", server, result.server),
    line(`limit: raw INSERTs, ${result.rawLabel}`, raw, result.raw),
    `  invitees the server lists now, minus those before: ${result.inviteesAdded.toLocaleString("en-US")} (${result.dispatching} more dispatching); raw rows ${result.rawRows.invitees}/${result.rawRows.deliveries}/${result.rawRows.jobs}`,
  ];
}
