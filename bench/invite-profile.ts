/**
 * Where the time of the invitation measures goes (not part of `npm run bench`; run `npx tsx bench/invite-profile.ts`,
 * about 5 minutes). The server's code is unchanged; it is spawned as in the bench, with `--cpu-prof` added:
 *
 * 1. POST /api/invite, 20 batches of 1,500 scheduled for tomorrow, on PGlite and on PostgreSQL: a CPU profile of the
 *    server's main thread for the time the batches took, self time grouped by package and by function;
 * 2. the time drizzle takes to build one batch's statements (no database), next to the baseline's hand-built INSERT;
 * 3. delivery of 3,000 invitations to the local SMTP sink with INVITE_SEND_CONCURRENCY 10 (the default) and 100 (the
 *    maximum), each with a CPU profile of the server while it sends.
 *
 * Loads go to 127.0.0.1 only; every wait is bounded; every spawned process is stopped and the scratch database dropped.
 */
import { randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { DEFAULT_POSTGRES_URL, createScratchPostgres } from "./lib/ingest.js";
import {
  INVITE_BATCH,
  inviteBody,
  openInviteSession,
  postInviteBatch,
  recipients,
  startInviteServer,
  summarize,
  tomorrowAt13,
} from "./lib/invitations.js";
import { killAll } from "./lib/processes.js";
import { describeDelivery, runSmtpDelivery } from "./lib/smtp.js";

const ACCEPT_BATCHES = 20;
const WATCHDOG_MS = 540_000;
const POSTGRES_ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? DEFAULT_POSTGRES_URL;
const log = (message: string) => process.stdout.write(`${message}\n`);

const tempDirs: string[] = [];
let dropScratch: (() => Promise<void>) | null = null;
const freshDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), "hearth-bench-profile-"));
  tempDirs.push(dir);
  return dir;
};
async function finish(code: number): Promise<never> {
  await Promise.race([dropScratch?.().catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 10_000).unref())]);
  killAll("SIGKILL");
  for (const dir of tempDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  process.exit(code);
}
const watchdog = setTimeout(() => {
  console.error(`invite profile: still running after ${WATCHDOG_MS / 1000} s; stopping`);
  void finish(1);
}, WATCHDOG_MS);
watchdog.unref();
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => void finish(130));

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
}
interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  samples?: number[];
  timeDeltas?: number[];
}

function packageOf(url: string, functionName: string): string {
  if (!url) return functionName.startsWith("(") ? functionName : "(native / V8 builtins, syscalls)";
  if (url.startsWith("wasm://")) return "PGlite WebAssembly (Postgres itself)";
  const nodeModules = url.lastIndexOf("node_modules/");
  if (nodeModules >= 0) {
    const parts = url.slice(nodeModules + "node_modules/".length).split("/");
    return parts[0].startsWith("@") ? `${parts[0]}/${parts[1]}` : parts[0];
  }
  if (url.startsWith("node:")) return "node core";
  for (const area of ["apps/server/src/", "packages/shared/src/"]) {
    const at = url.indexOf(area);
    if (at >= 0) return `${area === "apps/server/src/" ? "server" : "shared"}: ${url.slice(at + area.length)}`;
  }
  return path.basename(url);
}

/** Monotonic microseconds, the clock V8's profiler stamps samples with (CLOCK_MONOTONIC on Linux). */
const monotonicUs = () => Number(process.hrtime.bigint() / 1000n);

/** Self time by package and by function of the samples taken between fromUs and toUs. */
function summarizeProfile(dir: string, fromUs: number, toUs: number, label: string): void {
  const file = readdirSync(dir).find((name) => name.endsWith(".cpuprofile"));
  if (!file) {
    log(`    ${label}: no CPU profile was written`);
    return;
  }
  const profile = JSON.parse(readFileSync(path.join(dir, file), "utf8")) as CpuProfile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const byPackage = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let at = profile.startTime;
  let total = 0;
  (profile.samples ?? []).forEach((id, index) => {
    const delta = profile.timeDeltas?.[index] ?? 0;
    at += delta;
    const node = byId.get(id);
    if (!node || at < fromUs || at > toUs) return;
    total += delta;
    const key = packageOf(node.callFrame.url, node.callFrame.functionName);
    byPackage.set(key, (byPackage.get(key) ?? 0) + delta);
    const name = `${node.callFrame.functionName || "(anonymous)"} — ${key}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + delta);
  });
  const share = (us: number) => `${((us / total) * 100).toFixed(1)} %`;
  log(`    ${label}: ${(total / 1e6).toFixed(1)} s of the server's main thread sampled (window ${((toUs - fromUs) / 1e6).toFixed(1)} s)`);
  log("      self time by package or file:");
  for (const [key, us] of [...byPackage].sort((a, b) => b[1] - a[1]).slice(0, 14)) log(`        ${key}: ${share(us)}`);
  log("      largest functions by self time:");
  for (const [key, us] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, 12)) log(`        ${key}: ${share(us)}`);
}

async function profileAccept(kind: "pglite" | "postgres"): Promise<void> {
  let databaseUrl: string | undefined;
  if (kind === "postgres") {
    const scratch = POSTGRES_ADMIN_URL === "off" ? null : await createScratchPostgres(POSTGRES_ADMIN_URL);
    if (!scratch) {
      log("accept on PostgreSQL: skipped (no server, or BENCH_POSTGRES_URL=off)");
      return;
    }
    dropScratch = scratch.drop;
    databaseUrl = scratch.url;
  }
  const profileDir = freshDir();
  const server = await startInviteServer(freshDir(), databaseUrl ? { DATABASE_URL: databaseUrl } : {}, [
    "--cpu-prof",
    `--cpu-prof-dir=${profileDir}`,
  ]);
  try {
    const session = await openInviteSession(server.url);
    const invitation = { invitationId: randomUUID(), sendDate: tomorrowAt13("America/New_York"), cc: "hr-copy@copy.bench.hearth.test" };
    const run = { elapsedMs: 0, latencies: [] as number[], rows: 0 };
    const fromUs = monotonicUs();
    for (let index = 0; index < ACCEPT_BATCHES; index += 1) {
      const batch = recipients(index * INVITE_BATCH, INVITE_BATCH, "profile.bench.hearth.test");
      const body = inviteBody(session, invitation, batch);
      run.latencies.push(await postInviteBatch(session, body, batch.length));
      run.rows += batch.length;
    }
    const toUs = monotonicUs();
    run.elapsedMs = (toUs - fromUs) / 1000;
    session.agent.destroy();
    const stats = summarize(run);
    log(
      `accept on ${kind}: ${run.rows} invitations in ${stats.seconds.toFixed(1)} s → ${stats.perSecond.toFixed(0)}/s, per batch p50 ${stats.p50Ms.toFixed(0)} ms, p99 ${stats.p99Ms.toFixed(0)} ms`,
    );
    await server.stop();
    summarizeProfile(profileDir, fromUs, toUs, `CPU profile during the ${ACCEPT_BATCHES} batches`);
  } finally {
    await server.stop();
    if (dropScratch) {
      await dropScratch();
      dropScratch = null;
    }
  }
}

async function profileDelivery(): Promise<void> {
  for (const concurrency of ["10", "100"]) {
    const profileDir = freshDir();
    const result = await runSmtpDelivery({
      dataDir: freshDir(),
      log,
      env: { INVITE_SEND_CONCURRENCY: concurrency },
      nodeArgs: ["--cpu-prof", `--cpu-prof-dir=${profileDir}`],
    });
    log(`delivery with INVITE_SEND_CONCURRENCY=${concurrency}:`);
    for (const line of describeDelivery(result)) log(`  ${line}`);
    summarizeProfile(profileDir, result.serverWindowUs.from, result.serverWindowUs.to, "CPU profile while sending");
  }
}

/**
 * The SQL text and parameters of one 1,500-recipient batch's statements, built by drizzle (as the server's repository
 * functions build them, on a drizzle.mock() without a database) next to the baseline's hand-written multi-row INSERT.
 */
async function queryBuilding(): Promise<void> {
  const [{ drizzle }, { and, eq, inArray }, schema] = await Promise.all([
    import("drizzle-orm/node-postgres"),
    import("drizzle-orm"),
    import("../apps/server/src/db/schema.js"),
  ]);
  const db = drizzle.mock({ schema });
  const tenantId = randomUUID();
  const surveyId = "svy_bench";
  const invitationId = randomUUID();
  const batch = recipients(0, INVITE_BATCH, "build.bench.hearth.test");
  const sendAt = new Date(Date.now() + 86_400_000);
  const inviteeRows = batch.map((person) => ({
    tenantId,
    surveyId,
    email: person.email,
    firstName: person.firstName,
    lastName: person.lastName,
    meta: { department: person.department },
    scheduledDate: sendAt,
    sendStatus: "Pending",
  }));
  const deliveryRows = batch.map(() => {
    const id = randomUUID();
    return { id, tenantId, invitationId, inviteeId: randomUUID(), sendAt, messageId: `<${id}.invitation@127.0.0.1>` };
  });
  const emails = batch.map((person) => person.email);
  const cases: [string, () => unknown][] = [
    [
      "insertInvitees: db.insert(invitee).values(1,500 rows).returning(…)",
      () => db.insert(schema.invitee).values(inviteeRows).returning({ id: schema.invitee.id, email: schema.invitee.email }).toSQL(),
    ],
    [
      "insertDeliveries: db.insert(invitationDelivery).values(1,500 rows).onConflictDoNothing().returning(…)",
      () =>
        db
          .insert(schema.invitationDelivery)
          .values(deliveryRows)
          .onConflictDoNothing()
          .returning({ id: schema.invitationDelivery.id, inviteeId: schema.invitationDelivery.inviteeId })
          .toSQL(),
    ],
    [
      "listInviteesByEmail: select … where email in (1,500 values)",
      () =>
        db
          .select({ id: schema.invitee.id, email: schema.invitee.email })
          .from(schema.invitee)
          .where(and(eq(schema.invitee.tenantId, tenantId), eq(schema.invitee.surveyId, surveyId), inArray(schema.invitee.email, emails)))
          .toSQL(),
    ],
    [
      "baseline: multi-row INSERT text for 1,500 rows × 9 columns, hand-built",
      () =>
        Array.from(
          { length: INVITE_BATCH },
          (_, row) => `(${Array.from({ length: 9 }, (_, column) => `$${row * 9 + column + 1}`).join(",")})`,
        ).join(","),
    ],
  ];
  log("query building for one batch of 1,500, no database (mean of 20 after 3 warm-ups):");
  for (const [label, build] of cases) {
    for (let warm = 0; warm < 3; warm += 1) build();
    const t0 = performance.now();
    for (let run = 0; run < 20; run += 1) build();
    log(`  ${label}: ${((performance.now() - t0) / 20).toFixed(1)} ms`);
  }
}

async function main(): Promise<void> {
  await profileAccept("pglite");
  await profileAccept("postgres");
  await queryBuilding();
  await profileDelivery();
}

main()
  .then(() => finish(0))
  .catch((error) => {
    console.error(`invite profile failed: ${error instanceof Error ? error.stack : error}`);
    return finish(1);
  });
