import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailOutbox } from "../../db/schema.js";
import { type TestApp, createTestApp } from "../../test/harness.js";
import { renderEmail } from "./email.layout.js";

interface Received {
  to: string[];
  raw: string;
}

/** A real SMTP server on loopback that can be told to refuse the next messages. */
async function startSmtpServer() {
  const received: Received[] = [];
  const state = { refuseNext: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        if (state.refuseNext > 0) {
          state.refuseNext -= 1;
          const error = new Error("Mailbox temporarily unavailable") as Error & { responseCode: number };
          error.responseCode = 451;
          return callback(error);
        }
        received.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw: Buffer.concat(chunks).toString("utf8") });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;
  return { server, port, received, state, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const waitFor = async (check: () => Promise<boolean> | boolean, timeoutMs = 15_000) => {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("timed out waiting");
};

describe("email delivery over SMTP through the job queue", () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let testApp: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    testApp = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}` }, runJobWorkers: true });
  });
  afterAll(async () => {
    await testApp.close();
    await smtp.close();
  });
  const statusOf = async (id: string) => (await testApp.ctx.database.db.select().from(emailOutbox).where(eq(emailOutbox.id, id)))[0];

  it("sends a queued message once, with its Message-ID, and records it as sent", async () => {
    const id = await testApp.ctx.email.queue({
      ...renderEmail("Hello there", [{ type: "text", text: "First line" }]),
      to: "one@example.com",
      kind: "test",
    });
    await waitFor(async () => (await statusOf(id)).status === "sent");
    const delivered = smtp.received.filter((message) => message.to.includes("one@example.com"));
    expect(delivered).toHaveLength(1);
    expect(delivered[0].raw).toContain("Subject: Hello there");
    expect(delivered[0].raw).toContain((await statusOf(id)).messageId);
    await testApp.ctx.email.deliver(id);
    await testApp.ctx.email.enqueueDelivery(id);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(smtp.received.filter((message) => message.to.includes("one@example.com"))).toHaveLength(1);
  });

  it("records the SMTP reason when a send fails, and sends it on the retry", async () => {
    smtp.state.refuseNext = 1;
    const id = await testApp.ctx.email.queue({
      ...renderEmail("Retry me", [{ type: "text", text: "Body" }]),
      to: "two@example.com",
      kind: "test",
    });
    await waitFor(async () => (await statusOf(id)).status === "failed");
    expect((await statusOf(id)).lastError).toContain("Mailbox temporarily unavailable");
    await testApp.ctx.email.deliver(id);
    expect((await statusOf(id)).status).toBe("sent");
    expect(smtp.received.filter((message) => message.to.includes("two@example.com"))).toHaveLength(1);
  });

  it("re-enqueues a message whose job was lost", async () => {
    const row = await testApp.ctx.database.db
      .insert(emailOutbox)
      .values({
        toAddress: "three@example.com",
        subject: "Lost job",
        text: "t",
        html: "<p>t</p>",
        kind: "test",
        messageId: "<lost@hearth.test>",
        createdAt: new Date(Date.now() - 5 * 60_000),
      })
      .returning();
    expect(await testApp.ctx.email.sweep()).toBeGreaterThanOrEqual(1);
    await waitFor(async () => (await statusOf(row[0].id)).status === "sent");
    expect(smtp.received.filter((message) => message.to.includes("three@example.com"))).toHaveLength(1);
  });
});
