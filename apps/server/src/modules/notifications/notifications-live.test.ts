/** The live stream of notifications: a message after the commit that creates one, none for a rolled-back write. */
import type { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client.js";
import { type Session, type TestApp, TEST_ORIGIN, addMember, call, createTestApp, registerCompany } from "../../test/harness.js";
import { MAX_STREAMS_PER_USER, notify } from "./notifications.service.js";

interface StreamMessage {
  unreadCount: number;
  newest: { id: string; title: string; body: string; link: string | null } | null;
}

/** An open stream through app.inject(): the messages it has sent so far, and a way to wait for the next ones. */
async function openStream(testApp: TestApp, cookie: string) {
  const response = await testApp.app.inject({
    method: "GET",
    url: "/api/notifications/stream",
    headers: { origin: TEST_ORIGIN, cookie },
    payloadAsStream: true,
  });
  const messages: StreamMessage[] = [];
  let raw = "";
  const body = response.stream() as Readable;
  body.setEncoding("utf8");
  body.on("data", (chunk: string) => {
    raw += chunk;
    let end = raw.indexOf("\n\n");
    while (end >= 0) {
      const block = raw.slice(0, end);
      raw = raw.slice(end + 2);
      const data = block.split("\n").find((line) => line.startsWith("data: "));
      if (block.includes("event: notifications") && data) messages.push(JSON.parse(data.slice(6)) as StreamMessage);
      end = raw.indexOf("\n\n");
    }
  });
  const waitFor = async (count: number, timeoutMs = 3_000) => {
    const started = Date.now();
    while (messages.length < count) {
      if (Date.now() - started > timeoutMs) throw new Error(`${messages.length} messages after ${timeoutMs} ms, expected ${count}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return messages;
  };
  return { response, messages, waitFor, close: () => body.destroy() };
}

const settle = (ms = 300) => new Promise((resolve) => setTimeout(resolve, ms));

describe("the notification stream", () => {
  let testApp: TestApp;
  let owner: Session;
  let staff: Session;
  let other: Session;
  beforeAll(async () => {
    testApp = await createTestApp();
    owner = await registerCompany(testApp.app);
    staff = await addMember(testApp, owner.tenantId, "Staff");
    other = await registerCompany(testApp.app);
  });
  afterAll(() => testApp.close());

  const event = (key: string) => ({
    audience: { roles: ["Admin", "Manager", "Staff"] as const },
    kind: "test-event",
    eventKey: key,
    title: `Event ${key}`,
    body: "Something happened.",
    link: "/dashboard/surveys",
  });

  it("answers an event stream with the current count, then a message once a notification commits", async () => {
    const stream = await openStream(testApp, staff.cookie);
    expect(stream.response.statusCode).toBe(200);
    expect(stream.response.headers["content-type"]).toBe("text/event-stream; charset=utf-8");
    expect(stream.response.headers["cache-control"]).toBe("no-cache, no-transform");
    const [first] = await stream.waitFor(1);
    expect(first).toEqual({ unreadCount: 0, newest: null });

    const db = testApp.ctx.database.db;
    await db.transaction(async (tx) => {
      await notify(tx as unknown as Database, owner.tenantId, event("live-1"));
      await settle(100);
      // nothing is announced before the commit
      expect(stream.messages).toHaveLength(1);
    });
    const [, second] = await stream.waitFor(2);
    expect(second).toMatchObject({ unreadCount: 1, newest: { title: "Event live-1", link: "/dashboard/surveys" } });
    stream.close();
  });

  it("sends nothing for a write that rolls back, and nothing about another company", async () => {
    const stream = await openStream(testApp, staff.cookie);
    await stream.waitFor(1);
    const db = testApp.ctx.database.db;
    await expect(
      db.transaction(async (tx) => {
        await notify(tx as unknown as Database, owner.tenantId, event("rolled-back"));
        throw new Error("the event's write failed");
      }),
    ).rejects.toThrow("the event's write failed");
    await db.transaction(async (tx) => notify(tx as unknown as Database, other.tenantId, event("elsewhere")));
    await settle();
    expect(stream.messages).toHaveLength(1);
    const list = (await call(testApp.app, "GET", "/api/notifications", { cookie: staff.cookie })).json();
    expect(list.items.map((item: { title: string }) => item.title)).toEqual(["Event live-1"]);
    stream.close();
  });

  it("tells the stream when the user marks notifications read", async () => {
    const stream = await openStream(testApp, staff.cookie);
    const [first] = await stream.waitFor(1);
    expect(first?.unreadCount).toBe(1);
    expect((await call(testApp.app, "POST", "/api/notifications/read-all", { cookie: staff.cookie })).statusCode).toBe(200);
    const [, second] = await stream.waitFor(2);
    expect(second?.unreadCount).toBe(0);
    stream.close();
  });

  it("notifies each recipient of an event once, however often it fires", async () => {
    const db = testApp.ctx.database.db;
    const first = await db.transaction(async (tx) => notify(tx as unknown as Database, owner.tenantId, event("once")));
    const again = await db.transaction(async (tx) => notify(tx as unknown as Database, owner.tenantId, event("once")));
    expect(first.sort()).toEqual([owner.userId, staff.userId].sort());
    expect(again).toEqual([]);
  });

  it("leaves out the one who caused the event and users of another company named as recipients", async () => {
    const db = testApp.ctx.database.db;
    const byRole = await db.transaction(async (tx) =>
      notify(tx as unknown as Database, owner.tenantId, {
        ...event("except"),
        audience: { roles: ["Admin", "Staff"], except: owner.userId },
      }),
    );
    expect(byRole).toEqual([staff.userId]);
    const named = await db.transaction(async (tx) =>
      notify(tx as unknown as Database, owner.tenantId, { ...event("named"), audience: { userIds: [other.userId, owner.userId] } }),
    );
    expect(named).toEqual([owner.userId]);
    const foreign = (await call(testApp.app, "GET", "/api/notifications", { cookie: other.cookie })).json();
    expect(foreign.items.map((item: { title: string }) => item.title)).not.toContain("Event named");
  });

  it(`refuses a stream beyond ${MAX_STREAMS_PER_USER} per user with 429, frees the place of a client that went, and answers 401 signed out`, async () => {
    // Over a real socket: a client going away is a closed connection, which app.inject() has no way to show.
    const address = await testApp.app.listen({ port: 0, host: "127.0.0.1" });
    const connect = async (cookie: string) => {
      const abort = new AbortController();
      const response = await fetch(`${address}/api/notifications/stream`, { headers: { cookie }, signal: abort.signal });
      return { status: response.status, close: () => abort.abort() };
    };
    const open = [];
    for (let index = 0; index < MAX_STREAMS_PER_USER; index++) open.push(await connect(owner.cookie));
    expect(open.map((stream) => stream.status)).toEqual(Array(MAX_STREAMS_PER_USER).fill(200));
    const refused = await fetch(`${address}/api/notifications/stream`, { headers: { cookie: owner.cookie } });
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("RATE_LIMITED");
    // another user is not affected
    const staffStream = await connect(staff.cookie);
    expect(staffStream.status).toBe(200);
    staffStream.close();
    // a client that closed its connection frees its place
    open.pop()?.close();
    await settle(200);
    const again = await connect(owner.cookie);
    expect(again.status).toBe(200);
    for (const stream of [...open, again]) stream.close();
    expect((await call(testApp.app, "GET", "/api/notifications/stream")).statusCode).toBe(401);
  });
});
