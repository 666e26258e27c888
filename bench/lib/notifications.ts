/**
 * Live notifications (issue 15): `notification_fanout`, the time from a survey's publication to its notification
 * reaching 1,000 connected clients over server-sent events, against the compiled server on embedded PGlite.
 *
 * 1,000 Staff accounts of the demo company, each with its own session, are stored before the server starts (the
 * server's seeding helper, apps/server/src/seed/signed-in-users.ts: signing 1,000 people in through the API would
 * spend minutes hashing passwords). Each opens GET /api/notifications/stream on its own connection and waits for its
 * first message; then the demo Admin publishes a survey through the API, which notifies every Staff member in its
 * transaction. A client's time runs from just before the publish request is sent, so it covers the request's own
 * work and the commit too: an upper bound on commit-to-message. Rounds are repeated; each round's survey is archived.
 */
import { randomBytes } from "node:crypto";
import http from "node:http";
import { createCustomField, defaultEndDate } from "@hearth/shared";
import { DEMO_PASSWORD, keepAliveAgent, request, sessionCookie, signInDemo } from "./http.js";
import { type Spawned, freePort, hearthLaunch, spawnUntilHealthy } from "./processes.js";
import { type Measure, measure } from "./report.js";
import { percentile } from "./stats.js";

export const FANOUT_CLIENTS = 1_000;
export const FANOUT_WARMUP_ROUNDS = 1;
export const FANOUT_ROUNDS = 3;
const SPAWN_TIMEOUT_MS = 60_000;
const MESSAGE_TIMEOUT_MS = 20_000;

interface StreamClient {
  /** Resolves with the performance.now() of the next message whose unread count is above `above`. */
  next(above: number): Promise<number>;
  unread: number;
  close(): void;
}

/** One EventSource-like client over node:http: parses `event: notifications` messages and keeps the latest count. */
function openStream(url: string, cookie: string): Promise<StreamClient> {
  return new Promise((resolve, reject) => {
    let buffer = "";
    let waiter: { above: number; resolve: (at: number) => void } | null = null;
    let first: (() => void) | null = null;
    const client: StreamClient = {
      unread: -1,
      next(above) {
        return new Promise((done) => {
          waiter = { above, resolve: done };
        });
      },
      close: () => req.destroy(),
    };
    const req = http.get(`${url}/api/notifications/stream`, { headers: { cookie, accept: "text/event-stream" }, agent: false }, (res) => {
      if (res.statusCode !== 200) {
        reject(new Error(`the stream answered ${res.statusCode}`));
        res.resume();
        return;
      }
      res.setEncoding("utf8");
      first = () => resolve(client);
      res.on("data", (chunk: string) => {
        const at = performance.now();
        buffer += chunk;
        let end = buffer.indexOf("\n\n");
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          end = buffer.indexOf("\n\n");
          const data = block.split("\n").find((line) => line.startsWith("data: "));
          if (!block.startsWith("event: notifications") || !data) continue;
          client.unread = (JSON.parse(data.slice(6)) as { unreadCount: number }).unreadCount;
          first?.();
          first = null;
          if (waiter && client.unread > waiter.above) {
            waiter.resolve(at);
            waiter = null;
          }
        }
      });
    });
    req.on("error", reject);
  });
}

async function api(url: string, cookie: string, agent: http.Agent, method: "POST" | "GET", path: string, body?: unknown) {
  const response = await request({
    url: `${url}${path}`,
    method,
    headers: { cookie, origin: url, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
    agent,
    keepBody: true,
  });
  if (response.status >= 300) throw new Error(`${method} ${path} answered ${response.status}: ${response.body.slice(0, 300)}`);
  return response.body;
}

export interface FanoutResult {
  clients: number;
  rounds: number;
  /** Every client's time in every measured round, publish request sent → message received (ms). */
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  /** The publish request alone (sent → answered), median over the rounds. */
  publishMs: number;
}

async function seedClients(dataDir: string, secret: string) {
  const [{ openDatabase }, { createSignedInStaff }, schema, { eq }] = await Promise.all([
    import("../../apps/server/src/db/client.js"),
    import("../../apps/server/src/seed/signed-in-users.js"),
    import("../../apps/server/src/db/schema.js"),
    import("drizzle-orm"),
  ]);
  const database = await openDatabase({ dataDir });
  try {
    const [demo] = await database.db.select({ id: schema.tenant.id }).from(schema.tenant).where(eq(schema.tenant.isDemo, true));
    if (!demo) throw new Error("the demo company was not seeded");
    return await createSignedInStaff(database.db, {
      tenantId: demo.id,
      count: FANOUT_CLIENTS,
      emailPrefix: `fanout-${randomBytes(3).toString("hex")}`,
      password: DEMO_PASSWORD,
      secret,
    });
  } finally {
    await database.close();
  }
}

export async function runNotificationFanout(dataDir: string, log: (line: string) => void): Promise<FanoutResult> {
  const secret = randomBytes(32).toString("hex");
  const start = async () => {
    const port = await freePort();
    const launch = hearthLaunch(port, dataDir);
    launch.env.AUTH_SECRET = secret;
    return spawnUntilHealthy(launch, port, "/api/health", SPAWN_TIMEOUT_MS);
  };
  // The first start migrates and seeds the demo company; the Staff accounts are stored while the server is down.
  await (await start()).stop();
  const seeded = await seedClients(dataDir, secret);
  let server: Spawned | null = null;
  const clients: StreamClient[] = [];
  try {
    server = await start();
    const { url } = server;
    const agent = keepAliveAgent(4);
    const admin = sessionCookie(await signInDemo(url, agent));
    // 25 at a time: a burst of 1,000 connects would measure the accept queue rather than the fan-out
    for (let index = 0; index < seeded.length; index += 25) {
      clients.push(...(await Promise.all(seeded.slice(index, index + 25).map((person) => openStream(url, person.cookie)))));
    }
    log(`notification fan-out: ${clients.length} streams open`);
    const times: number[] = [];
    const publishTimes: number[] = [];
    for (let round = 0; round < FANOUT_WARMUP_ROUNDS + FANOUT_ROUNDS; round++) {
      const received = clients.map((client) => {
        const above = client.unread;
        return Promise.race([
          client.next(above),
          new Promise<number>((_, reject) => setTimeout(() => reject(new Error("no message within 20 s")), MESSAGE_TIMEOUT_MS).unref()),
        ]);
      });
      const sent = performance.now();
      const survey = JSON.parse(
        await api(url, admin, agent, "POST", "/api/surveys", {
          surveyPreset: "Custom",
          name: `Fan-out round ${round + 1}`,
          description: "A survey published to measure notification fan-out.",
          metaFields: {},
          fields: [createCustomField([], { question: "How is your week going?", answerType: "Text" })],
          draft: false,
          endDate: defaultEndDate(Date.now(), "America/New_York"),
        }),
      ) as { id: string };
      const answered = performance.now();
      const at = await Promise.all(received);
      if (round >= FANOUT_WARMUP_ROUNDS) {
        times.push(...at.map((value) => value - sent));
        publishTimes.push(answered - sent);
      }
      log(
        `  round ${round + 1}${round < FANOUT_WARMUP_ROUNDS ? " (warm-up)" : ""}: publish ${(answered - sent).toFixed(0)} ms, p95 ${percentile(
          at.map((value) => value - sent),
          95,
        ).toFixed(0)} ms, last ${Math.max(...at.map((value) => value - sent)).toFixed(0)} ms`,
      );
      await api(url, admin, agent, "POST", `/api/surveys/${survey.id}/archive`);
    }
    agent.destroy();
    return {
      clients: clients.length,
      rounds: FANOUT_ROUNDS,
      p50Ms: percentile(times, 50),
      p95Ms: percentile(times, 95),
      maxMs: Math.max(...times),
      publishMs: percentile(publishTimes, 50),
    };
  } finally {
    for (const client of clients) client.close();
    await server?.stop();
  }
}

/** The bench part: `notification_fanout` (p95, the goal's figure) with its p50 alongside; a failure is noted, never hidden. */
export async function notificationsPart(dataDir: string, log: (line: string) => void, notes: string[]): Promise<Measure[]> {
  try {
    const result = await runNotificationFanout(dataDir, log);
    log(
      `notification fan-out, ${result.clients} clients × ${result.rounds} rounds: p50 ${result.p50Ms.toFixed(0)} ms, p95 ${result.p95Ms.toFixed(0)} ms, max ${result.maxMs.toFixed(0)} ms (publish request alone ${result.publishMs.toFixed(0)} ms)`,
    );
    return [measure("notification_fanout", result.p95Ms, "ms", "lower"), measure("notification_fanout_p50", result.p50Ms, "ms", "lower")];
  } catch (error) {
    const note = `notification_fanout failed: ${error instanceof Error ? error.message.split("\n")[0] : error}`;
    log(note);
    notes.push(note);
    return [];
  }
}
