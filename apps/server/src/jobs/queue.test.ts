import { afterAll, describe, expect, it } from "vitest";
import { type TestApp, createTestApp } from "../test/harness.js";

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
    // Only the health check's own statement is held: background loops (comment analysis) call execute too.
    const isHealthCheck = (query: unknown) => JSON.stringify((query as { queryChunks?: unknown }).queryChunks ?? "").includes("select 1");
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
