import { sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, describe, expect, it, vi } from "vitest";
import { openDatabase, rowsOf } from "../db/client.js";
import { type TestApp, createTestApp } from "../test/harness.js";
import { JobQueue } from "./queue.js";

describe("graceful shutdown", () => {
  let testApp: TestApp | undefined;
  afterAll(() => testApp?.close());

  it("finishes a running job and an in-flight request before closing the database", async () => {
    testApp = await createTestApp({ runJobWorkers: true });
    const { app, ctx } = testApp;
    let jobFinished = false;
    let jobStarted!: () => void;
    const jobRunning = new Promise<void>((resolve) => {
      jobStarted = resolve;
    });
    const deliver = ctx.email.deliver.bind(ctx.email);
    ctx.email.deliver = async (id: string) => {
      jobStarted();
      await new Promise((resolve) => setTimeout(resolve, 1200));
      await deliver(id);
      jobFinished = true;
    };
    await ctx.email.queue({ subject: "slow", text: "t", html: "<p>t</p>", to: "slow@example.com", kind: "test" });
    await jobRunning;

    // Hold a request open: the health check's database call takes a second.
    let requestStarted!: () => void;
    const requestRunning = new Promise<void>((resolve) => {
      requestStarted = resolve;
    });
    const db = ctx.database.db as unknown as { execute: (...args: unknown[]) => Promise<unknown> };
    const execute = db.execute.bind(db);
    // Only the health check's own statement is held: background loops (comment analysis, notices) call execute too,
    // and some of their statements contain "select 1" as a subquery, so the statement must be exactly the check's.
    const healthCheck = JSON.stringify(sql`select 1`.queryChunks);
    const isHealthCheck = (query: unknown) => JSON.stringify((query as { queryChunks?: unknown }).queryChunks ?? "") === healthCheck;
    db.execute = async (...args: unknown[]) => {
      if (!isHealthCheck(args[0])) return execute(...args);
      requestStarted();
      await new Promise((resolve) => setTimeout(resolve, 1000));
      return execute(...args);
    };
    const address = await app.listen({ port: 0, host: "127.0.0.1" });
    const inflight = fetch(`${address}/api/health`).then(async (response) => ({ status: response.status, body: await response.json() }));
    await requestRunning;

    await testApp.close();
    testApp = undefined;
    expect(jobFinished).toBe(true);
    expect(await inflight).toEqual({ status: 200, body: { status: "ok", database: expect.any(String) } });
  });
});

describe("starting on a database that already has the queues", () => {
  it("creates only the queues that are missing, keeps the existing ones' settings, and runs their jobs", async () => {
    const database = await openDatabase({ dataDir: "memory://" });
    const log = pino({ level: "silent" });
    const handled: string[] = [];
    const define = (queue: JobQueue, name: string, retryLimit: number) =>
      queue.define<{ n: number }>({
        name,
        retryLimit,
        handle: async (data) => {
          handled.push(`${name}:${data.n}`);
        },
      });
    try {
      const first = new JobQueue(database, log, { runWorkers: false });
      define(first, "hearth-test-first", 2);
      await first.start();
      await first.stop();

      const second = new JobQueue(database, log, { runWorkers: true, pollingIntervalSeconds: 0.5 });
      define(second, "hearth-test-first", 7); // a changed setting does not touch the existing queue (as before)
      define(second, "hearth-test-second", 3);
      await second.start();
      const queues = rowsOf<{ name: string; retry_limit: number }>(
        await database.db.execute(sql`select name, retry_limit from pgboss.queue where name like 'hearth-test-%' order by name`),
      );
      expect(queues).toEqual([
        { name: "hearth-test-first", retry_limit: 2 },
        { name: "hearth-test-second", retry_limit: 3 },
      ]);
      await second.enqueue("hearth-test-first", { n: 1 });
      await second.enqueue("hearth-test-second", { n: 2 });
      await vi.waitFor(() => expect(handled.sort()).toEqual(["hearth-test-first:1", "hearth-test-second:2"]), { timeout: 10_000 });
      await second.stop();
    } finally {
      await database.close();
    }
  });
});

describe("a leased job (issue 23 L2)", () => {
  it("is renewed while it runs, so it runs once past its lease; an unrenewed one is run again", async () => {
    const database = await openDatabase({ dataDir: "memory://" });
    const log = pino({ level: "silent" });
    const starts = new Map<string, number>();
    const slowHandler = (name: string) => async () => {
      starts.set(name, (starts.get(name) ?? 0) + 1);
      await new Promise((resolve) => setTimeout(resolve, 5_000));
    };
    try {
      // the queue exists from before the lease, with a 30-minute expiry
      const before = new JobQueue(database, log, { runWorkers: false });
      before.define({ name: "hearth-test-leased", expireInSeconds: 1800, handle: async () => {} });
      await before.start();
      await before.stop();

      const queue = new JobQueue(database, log, { runWorkers: true, pollingIntervalSeconds: 0.5, maintenanceIntervalSeconds: 1 });
      const common = { retryLimit: 3, retryDelaySeconds: 1 };
      // leased: may run up to 30 minutes in-process, taken for dead 2 s after its last renewal
      queue.define({ name: "hearth-test-leased", ...common, expireInSeconds: 1800, leaseSeconds: 2, handle: slowHandler("leased") });
      queue.define({ name: "hearth-test-unleased", ...common, expireInSeconds: 2, handle: slowHandler("unleased") });
      await queue.start();
      await queue.enqueue("hearth-test-leased", {});
      await queue.enqueue("hearth-test-unleased", {});
      // the leased job's retry delay is its own, not the old queue's 10 s
      const delays = rowsOf<{ name: string; retry_delay: number }>(
        await database.db.execute(sql`select name, retry_delay from pgboss.job where name like 'hearth-test-%leased' order by name`),
      );
      expect(delays).toEqual([
        { name: "hearth-test-leased", retry_delay: 1 },
        { name: "hearth-test-unleased", retry_delay: 1 },
      ]);
      const state = async (name: string) =>
        rowsOf<{ state: string }>(await database.db.execute(sql`select state from pgboss.job where name = ${name}`))[0]?.state;
      await vi.waitFor(async () => expect(await state("hearth-test-leased")).toBe("completed"), { timeout: 20_000, interval: 250 });
      // the unrenewed job passed its 2 s lease at least once during its 5 s run and was started again
      await vi.waitFor(() => expect(starts.get("unleased") ?? 0).toBeGreaterThanOrEqual(2), { timeout: 20_000, interval: 250 });
      expect(starts.get("leased")).toBe(1);
      await queue.stop();
    } finally {
      await database.close();
    }
  }, 60_000);
});
