/**
 * Issue 23 L4 (decision 0058): the window in which a kill -9 sends an invitation twice is only "the mail server
 * accepted the message and the statement recording it has not committed". This measures it over 2,000 invitations
 * to a real SMTP server on loopback: how long each accepted message stayed unrecorded, how many were unrecorded at
 * once (at most INVITE_SEND_CONCURRENCY, the slots), and so how many a kill at a random moment would send again.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, createTestApp, type TestApp } from "../../test/harness.js";
import { type SmtpSink, startSmtpSink } from "../../test/smtp-sink.js";
import { invitationSender } from "./invitation-delivery.service.js";
import { companyWithOpenSurvey, invitationBody } from "./invitations.test-helpers.js";

const INVITEES = 2_000;
const CONCURRENCY = 10;

describe("the accepted-but-unrecorded window of invitation emails", () => {
  let smtp: SmtpSink;
  let testApp: TestApp;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    testApp = await createTestApp({
      env: { SMTP_URL: smtp.url, INVITE_SEND_CONCURRENCY: String(CONCURRENCY) },
      runJobWorkers: true,
    });
  });

  afterAll(async () => {
    await testApp?.close();
    await smtp?.close();
  });

  it("holds at most the sending slots, for milliseconds each", async () => {
    const { owner, surveyId } = await companyWithOpenSurvey(testApp);
    const invitation = { ...invitationBody(surveyId), id: crypto.randomUUID() };
    const recipients = Array.from({ length: INVITEES }, (_, index) => ({ email: `window-${index}@example.com`, firstName: `W${index}` }));
    const started = performance.now();
    for (let start = 0; start < INVITEES; start += 1_000) {
      const response = await call(testApp.app, "POST", "/api/invite", {
        cookie: owner.cookie,
        body: { invitation, recipients: recipients.slice(start, start + 1_000) },
      });
      expect(response.statusCode, response.body).toBe(200);
    }
    const window = invitationSender(testApp.ctx).unrecorded;
    const deadline = Date.now() + 120_000;
    while (window.summary().messages < INVITEES && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
    const elapsedMs = performance.now() - started;
    const summary = window.summary();
    // a kill at a random moment of the sending finds on average totalMs / elapsed messages accepted and unrecorded
    const expectedResends = summary.totalMs / elapsedMs;
    console.info(
      `invitation window: ${summary.messages} emails in ${(elapsedMs / 1000).toFixed(1)} s; accepted→recorded mean ${summary.meanMs.toFixed(1)} ms, ` +
        `p50 ${summary.p50Ms.toFixed(1)} ms, p99 ${summary.p99Ms.toFixed(1)} ms, max ${summary.maxMs.toFixed(1)} ms; at most ${summary.maxAtOnce} unrecorded at once ` +
        `(the bound: ${CONCURRENCY}); a kill at a random moment re-sends ${expectedResends.toFixed(2)} on average`,
    );
    expect(summary.messages).toBe(INVITEES);
    expect(smtp.received.filter((message) => message.to.some((to) => to.startsWith("window-")))).toHaveLength(INVITEES);
    expect(summary.maxAtOnce).toBeLessThanOrEqual(CONCURRENCY);
  }, 180_000);
});
