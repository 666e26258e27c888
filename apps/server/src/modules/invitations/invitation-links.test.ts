/**
 * Issue 11 item 6: a link whose address is a placeholder must not carry a `javascript:` (or data:, vbscript:)
 * value into the email that is sent. Placeholders are filled first, then the result is sanitized.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invitation, invitationDelivery } from "../../db/schema.js";
import { call, type TestApp, createTestApp, registerCompany } from "../../test/harness.js";
import { verifyAddress } from "../../test/senders.js";
import { decodeQuotedPrintable, type SmtpSink, startSmtpSink } from "../../test/smtp-sink.js";
import { completeProfileAndSetPlan, lowiInput } from "../surveys/surveys.test-helpers.js";
import { sendInvitationEmail } from "./invitation-delivery.service.js";
import { invitationBody, wallClockIn } from "./invitations.test-helpers.js";

const waitFor = async (check: () => boolean, timeoutMs = 20_000) => {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

/** Every href in the HTML part of a raw message, entities decoded as a mail client would. */
function sentHrefs(raw: string): string[] {
  const decoded = decodeQuotedPrintable(raw);
  const html = decoded.slice(decoded.indexOf("<!doctype html>"));
  return [...html.matchAll(/href\s*=\s*"([^"]*)"/gi)].map((match) =>
    match[1]
      .replace(/&#x([0-9a-f]+);?/gi, (_, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)))
      .replace(/&#(\d+);?/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, "&"),
  );
}

function expectOnlyHttpLinks(raw: string, label: string) {
  const hrefs = sentHrefs(raw);
  expect(hrefs.length, label).toBeGreaterThan(0);
  for (const href of hrefs) expect(href, `${label}: ${JSON.stringify(href)}`).toMatch(/^https?:\/\/[^\s/]/i);
  expect(decodeQuotedPrintable(raw), label).not.toMatch(/href\s*=\s*"\s*(javascript|vbscript|data)\s*:/i);
}

describe("links filled from placeholders in sent invitations", () => {
  let smtp: SmtpSink;
  let testApp: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    testApp = await createTestApp({ env: { SMTP_URL: smtp.url }, runJobWorkers: true });
  });
  afterAll(async () => {
    await testApp.close();
    await smtp.close();
  });

  async function surveyWithCompanyName(companyName: string) {
    const owner = await registerCompany(testApp.app, { companyName: "Linked Co" });
    await verifyAddress(testApp, owner);
    await completeProfileAndSetPlan(testApp, owner.tenantId, "Gold");
    const created = await call(testApp.app, "POST", "/api/surveys", {
      cookie: owner.cookie,
      body: lowiInput({ metaFields: { company_name: companyName } }),
    });
    expect(created.statusCode).toBe(201);
    return { owner, surveyId: created.json().id as string };
  }

  it('a template with <a href="{{company_name}}"> and the meta field javascript:alert(1) sends no javascript: link', async () => {
    const { owner, surveyId } = await surveyWithCompanyName("javascript:alert(1)");
    const response = await call(testApp.app, "POST", "/api/invite", {
      cookie: owner.cookie,
      body: {
        invitation: invitationBody(surveyId, {
          content:
            '<p>Hi {{first_name}}, see <a href="{{company_name}}">{{company_name}}</a>.</p><p><a href="{{survey_link}}">Take Survey</a></p>',
        }),
        recipients: [{ email: "link-api@example.com", firstName: "Ana" }],
      },
    });
    expect(response.statusCode).toBe(200);
    const [stored] = await testApp.ctx.database.db.select().from(invitation).where(eq(invitation.surveyId, surveyId));
    expect(stored.content).not.toContain('href="{{company_name}}"');
    await waitFor(() => smtp.messagesTo("link-api@example.com").length === 1);
    const raw = smtp.messagesTo("link-api@example.com")[0].raw;
    expectOnlyHttpLinks(raw, "api");
    // the value is still shown, as text
    expect(decodeQuotedPrintable(raw)).toContain("see <a>javascript:alert(1)</a>.");
  });

  it("an invitation stored before the fix, with placeholder links, is sanitized after filling for every spelling", async () => {
    const { owner, surveyId } = await surveyWithCompanyName("JaVaScRiPt:alert(1)");
    // Names carry the other spellings: each recipient's {{first_name}} and {{last_name}} are link addresses below.
    const spellings = [
      "&#106;avascript:alert(1)",
      "&#x6A;avascript:alert(1)",
      " \t javascript:alert(1)",
      "\u0001javascript:alert(1)",
      "java\tscript:alert(1)",
      "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
      "vbscript:msgbox(1)",
      'https://ok.example/" onmouseover="alert(1)',
    ];
    const recipients = spellings.map((spelling, index) => ({
      email: `link-${index}@example.com`,
      firstName: spelling,
      lastName: spellings[(index + 1) % spellings.length],
    }));
    const response = await call(testApp.app, "POST", "/api/invite", {
      cookie: owner.cookie,
      body: { invitation: invitationBody(surveyId, { sendDate: wallClockIn(120), timeZone: "America/New_York" }), recipients },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().invitees).toHaveLength(spellings.length);
    // As a template saved before links were limited to http(s) after filling would hold them:
    await testApp.ctx.database.db
      .update(invitation)
      .set({
        content:
          '<p><a href="{{company_name}}">Company</a> <a href="{{first_name}}">First</a> <a href=" {{last_name}}">Last</a> <a href="&#106;avascript:{{meeting_name}}">Meeting</a></p><p><a href="{{survey_link}}">Take Survey</a></p>',
      })
      .where(eq(invitation.surveyId, surveyId));
    for (const row of response.json().invitees as { id: string }[]) {
      const [delivery] = await testApp.ctx.database.db.select().from(invitationDelivery).where(eq(invitationDelivery.inviteeId, row.id));
      await sendInvitationEmail(testApp.ctx, delivery.id, { retryCount: 0, retryLimit: 6 });
    }
    for (const [index, spelling] of spellings.entries()) {
      const messages = smtp.messagesTo(`link-${index}@example.com`);
      expect(messages, spelling).toHaveLength(1);
      expectOnlyHttpLinks(messages[0].raw, spelling);
      expect(decodeQuotedPrintable(messages[0].raw)).toContain('<a href="http://hearth.test/s/');
    }
    // the only http(s) spelling stays a link, its quote kept inside the attribute
    const kept = decodeQuotedPrintable(smtp.messagesTo(`link-${spellings.length - 1}@example.com`)[0].raw);
    expect(kept).toContain('href="https://ok.example/&quot; onmouseover=&quot;alert(1)"');
    expect(kept.slice(kept.indexOf("<!doctype html>"))).not.toMatch(/\sonmouseover="/);
  });
});
