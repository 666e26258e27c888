import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailOutbox, invitation, invitationDelivery, invitee } from "../../db/schema.js";
import { addMember, call, type TestApp, createTestApp } from "../../test/harness.js";
import { decodeQuotedPrintable, type SmtpSink, startSmtpSink } from "../../test/smtp-sink.js";
import { answerAll } from "../surveys/surveys.test-helpers.js";
import { sendInvitationEmail } from "./invitation-delivery.service.js";
import { companyWithOpenSurvey, invitationBody, wallClockIn } from "./invitations.test-helpers.js";

const waitFor = async (check: () => Promise<boolean> | boolean, timeoutMs = 20_000) => {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("timed out waiting");
};

describe("invitations over SMTP", () => {
  let smtp: SmtpSink;
  let testApp: TestApp;
  let company: Awaited<ReturnType<typeof companyWithOpenSurvey>>;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    testApp = await createTestApp({ env: { SMTP_URL: smtp.url }, runJobWorkers: true });
    company = await companyWithOpenSurvey(testApp);
  });
  afterAll(async () => {
    await testApp.close();
    await smtp.close();
  });

  it("sends each recipient one personal email with a signed link and List-Unsubscribe; the CC gets one copy", async () => {
    const recipients = [
      { email: "Ana@Example.com", firstName: "Ana", department: "Sales", favouriteColour: "blue" },
      { email: "ben@example.com", meta: { location: "Lisbon" } },
      { email: "cy@example.com", lastName: "Cy" },
    ];
    const response = await call(testApp.app, "POST", "/api/invite", {
      cookie: company.owner.cookie,
      body: { invitation: invitationBody(company.surveyId), recipients },
    });
    expect(response.statusCode).toBe(200);
    const result = response.json();
    expect(result.invitees.map((row: { email: string }) => row.email).sort()).toEqual([
      "ana@example.com",
      "ben@example.com",
      "cy@example.com",
    ]);
    expect(result.duplicateInvitees).toEqual([]);
    expect(result.senderAddress).toBe("no-reply@hearth.test");

    await waitFor(() =>
      ["ana@example.com", "ben@example.com", "cy@example.com", "olive.copy@example.com"].every((to) => smtp.messagesTo(to).length === 1),
    );
    const ana = decodeQuotedPrintable(smtp.messagesTo("ana@example.com")[0].raw);
    expect(ana).toContain("Hi Ana,");
    expect(ana).toMatch(/^List-Unsubscribe:\s+<http:\/\/hearth\.test\/api\/unsubscribe\?t=/m);
    expect(ana).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
    expect(ana).toMatch(/Subject: How does it feel to work at Acme Testing\?/);
    const ben = decodeQuotedPrintable(smtp.messagesTo("ben@example.com")[0].raw);
    expect(ben).toContain("Hi there,");
    const copy = decodeQuotedPrintable(smtp.messagesTo("olive.copy@example.com")[0].raw);
    expect(copy).toContain("This is your copy of the invitation");
    expect(copy).not.toContain("?r=");

    const rows = await testApp.ctx.database.db.select().from(invitee).where(eq(invitee.surveyId, company.surveyId));
    const anaRow = rows.find((row) => row.email === "ana@example.com");
    expect(anaRow?.meta).toEqual({ department: "Sales" });
    expect(rows.find((row) => row.email === "ben@example.com")?.meta).toEqual({ location: "Lisbon" });
    await waitFor(async () => {
      const list = (await call(testApp.app, "GET", `/api/surveys/${company.surveyId}/invitees`, { cookie: company.owner.cookie })).json();
      return list.invitees.every((row: { sendStatus: string }) => row.sendStatus === "Sent") && list.dispatching === 0;
    });

    // Following the link answers as that invitee: Replied turns Yes, and the link works once.
    const link = /href="(http:\/\/hearth\.test\/s\/[^"]+)"/.exec(ana)?.[1]?.replaceAll("&amp;", "&");
    expect(link).toBeTruthy();
    const r = new URL(link as string).searchParams.get("r");
    const publicSurvey = (await call(testApp.app, "GET", `/api/public/surveys/${company.surveyId}`)).json();
    const answer = await call(testApp.app, "POST", "/api/response", {
      body: { surveyId: company.surveyId, data: answerAll(publicSurvey.fields), r },
    });
    expect(answer.statusCode).toBe(200);
    const list = (await call(testApp.app, "GET", `/api/surveys/${company.surveyId}/invitees`, { cookie: company.owner.cookie })).json();
    const sent = Object.fromEntries(
      list.invitees.map((row: { email: string; replied: boolean; firstEmail: number | null }) => [row.email, row]),
    );
    expect(sent["ana@example.com"].replied).toBe(true);
    expect(sent["ben@example.com"].replied).toBe(false);
    expect(sent["ana@example.com"].firstEmail).toEqual(expect.any(Number));
  });

  it("reports people already invited, listed twice or already answered, and a reminder goes only to non-responders", async () => {
    const copiesBefore = smtp.messagesTo("olive.copy@example.com").length;
    const again = await call(testApp.app, "POST", "/api/invite", {
      cookie: company.owner.cookie,
      body: {
        invitation: invitationBody(company.surveyId),
        recipients: [
          { email: "ana@example.com" },
          { email: "ben@example.com" },
          { email: "dee@example.com" },
          { email: "dee@example.com" },
        ],
      },
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().invitees.map((row: { email: string }) => row.email)).toEqual(["dee@example.com"]);
    expect(again.json().duplicateInvitees).toEqual(
      expect.arrayContaining([
        { email: "dee@example.com", reason: "listed-twice" },
        { email: "ana@example.com", reason: "already-responded" },
        { email: "ben@example.com", reason: "already-invited" },
      ]),
    );
    const dedupe = await call(testApp.app, "POST", "/api/surveys/dedupe", {
      cookie: company.owner.cookie,
      body: { survey: company.surveyId, emails: ["ana@example.com", "ben@example.com", "new@example.com"] },
    });
    expect(dedupe.json().invitees.map((row: { email: string }) => row.email)).toEqual(["ana@example.com", "ben@example.com"]);
    const reminderDedupe = await call(testApp.app, "POST", "/api/surveys/dedupe", {
      cookie: company.owner.cookie,
      body: { survey: company.surveyId, emails: ["ana@example.com", "ben@example.com"], reminder: true },
    });
    expect(reminderDedupe.json().invitees.map((row: { email: string }) => row.email)).toEqual(["ana@example.com"]);

    await waitFor(() => smtp.messagesTo("dee@example.com").length === 1);
    const before = smtp.messagesTo("ben@example.com").length;
    const reminder = await call(testApp.app, "POST", "/api/invite", {
      cookie: company.owner.cookie,
      body: {
        invitation: invitationBody(company.surveyId, { subject: "Reminder: a few minutes for us?", sendReminder: true }),
        recipients: [{ email: "ana@example.com" }, { email: "ben@example.com" }],
      },
    });
    expect(reminder.json().invitees.map((row: { email: string }) => row.email)).toEqual(["ben@example.com"]);
    expect(reminder.json().duplicateInvitees).toEqual([{ email: "ana@example.com", reason: "already-responded" }]);
    await waitFor(() => smtp.messagesTo("ben@example.com").length === before + 1);
    expect(smtp.messagesTo("ana@example.com")).toHaveLength(1);
    // each of the two invitations sends the CC one copy (through the outbox, which may lag the invitations)
    await waitFor(() => smtp.messagesTo("olive.copy@example.com").length === copiesBefore + 2);
  });

  it("a retried batch of the same invitation sends nobody twice", async () => {
    const id = crypto.randomUUID();
    const copiesBefore = smtp.messagesTo("olive.copy@example.com").length;
    const body = {
      invitation: { ...invitationBody(company.surveyId), id },
      recipients: [{ email: "retry-1@example.com" }, { email: "retry-2@example.com" }],
    };
    const first = await call(testApp.app, "POST", "/api/invite", { cookie: company.owner.cookie, body });
    const second = await call(testApp.app, "POST", "/api/invite", { cookie: company.owner.cookie, body });
    expect(first.json().invitees).toHaveLength(2);
    expect(second.json().invitees).toHaveLength(0);
    expect(second.json().duplicateInvitees.map((row: { reason: string }) => row.reason)).toEqual(["already-invited", "already-invited"]);
    await waitFor(() => smtp.messagesTo("retry-2@example.com").length === 1);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(smtp.messagesTo("retry-1@example.com")).toHaveLength(1);
    expect(smtp.messagesTo("olive.copy@example.com")).toHaveLength(copiesBefore + 1);
  });

  it("a job that runs twice sends once", async () => {
    const response = await call(testApp.app, "POST", "/api/invite", {
      cookie: company.owner.cookie,
      body: {
        invitation: invitationBody(company.surveyId, { sendDate: wallClockIn(60), timeZone: "America/New_York" }),
        recipients: [{ email: "twice@example.com" }],
      },
    });
    const [delivery] = await testApp.ctx.database.db
      .select()
      .from(invitationDelivery)
      .where(eq(invitationDelivery.inviteeId, response.json().invitees[0].id));
    await Promise.all([
      sendInvitationEmail(testApp.ctx, delivery.id, { retryCount: 0, retryLimit: 6 }),
      sendInvitationEmail(testApp.ctx, delivery.id, { retryCount: 0, retryLimit: 6 }),
    ]);
    await sendInvitationEmail(testApp.ctx, delivery.id, { retryCount: 0, retryLimit: 6 });
    expect(smtp.messagesTo("twice@example.com")).toHaveLength(1);
  });

  it("records a permanent refusal as Failed with the server's reason, and retries a temporary one", async () => {
    smtp.refuseNext(1, 550);
    const failed = await call(testApp.app, "POST", "/api/invite", {
      cookie: company.owner.cookie,
      body: { invitation: invitationBody(company.surveyId, { cc: "cc-550@example.com" }), recipients: [{ email: "bounce@example.com" }] },
    });
    expect(failed.statusCode).toBe(200);
    await waitFor(async () => {
      const [row] = await testApp.ctx.database.db.select().from(invitee).where(eq(invitee.email, "bounce@example.com"));
      return row?.sendStatus === "Failed" || row?.sendStatus === "Sent";
    });
    const rows = await testApp.ctx.database.db.select().from(invitee).where(eq(invitee.email, "bounce@example.com"));
    // The CC copy and the invitation race for the refusal; whichever got it, the invitee's row tells the truth.
    if (smtp.messagesTo("bounce@example.com").length === 0) {
      expect(rows[0].sendStatus).toBe("Failed");
      expect(rows[0].lastError).toContain("550");
      const list = (await call(testApp.app, "GET", `/api/surveys/${company.surveyId}/invitees`, { cookie: company.owner.cookie })).json();
      expect(list.invitees.find((row: { email: string }) => row.email === "bounce@example.com").failureReason).toContain("550");
    } else {
      expect(rows[0].sendStatus).toBe("Sent");
    }
  });
});

describe("invitation rules", () => {
  let testApp: TestApp;
  let company: Awaited<ReturnType<typeof companyWithOpenSurvey>>;
  let other: Awaited<ReturnType<typeof companyWithOpenSurvey>>;
  beforeAll(async () => {
    testApp = await createTestApp({ runJobWorkers: false });
    company = await companyWithOpenSurvey(testApp);
    other = await companyWithOpenSurvey(testApp, "Other Corp");
  });
  afterAll(async () => {
    await testApp.close();
  });
  const db = () => testApp.ctx.database.db;
  const invite = (cookie: string, invitationOverrides: Record<string, unknown>, recipients: unknown[], surveyId = company.surveyId) =>
    call(testApp.app, "POST", "/api/invite", { cookie, body: { invitation: invitationBody(surveyId, invitationOverrides), recipients } });
  const countInvitees = async (surveyId: string) => (await db().select().from(invitee).where(eq(invitee.surveyId, surveyId))).length;

  it("refuses bad input with a field reason and stores nothing", async () => {
    const cases: [Record<string, unknown>, unknown[], string][] = [
      [{}, [{ email: "not-an-email" }], "recipients.0.email"],
      [{}, [], "recipients"],
      [{ subject: "" }, [{ email: "a@example.com" }], "invitation.subject"],
      [{ cc: "" }, [{ email: "a@example.com" }], "invitation.cc"],
      [{ name: "  " }, [{ email: "a@example.com" }], "invitation.name"],
      [{ sendDate: "2020-01-01T13:00", timeZone: "America/New_York" }, [{ email: "a@example.com" }], "sendDate"],
      [{ sendDate: "2027-02-31T13:00", timeZone: "America/New_York" }, [{ email: "a@example.com" }], "sendDate"],
      [{ sendDate: wallClockIn(60), timeZone: "Mars/Olympus" }, [{ email: "a@example.com" }], "timeZone"],
      [{ sendDate: wallClockIn(60 * 24 * 60), timeZone: "America/New_York" }, [{ email: "a@example.com" }], "sendDate"],
      [{ content: "<script>alert(1)</script>" }, [{ email: "a@example.com" }], "content"],
    ];
    for (const [overrides, recipients, field] of cases) {
      const response = await invite(company.owner.cookie, overrides, recipients);
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(Object.keys(response.json().error.fields ?? {}), JSON.stringify(overrides)).toContain(field);
    }
    const tooMany = Array.from({ length: 1501 }, (_, index) => ({ email: `p${index}@example.com` }));
    expect((await invite(company.owner.cookie, {}, tooMany)).statusCode).toBe(400);
    const invalid = await invite(company.owner.cookie, { sendDate: "2027-02-31T13:00", timeZone: "America/New_York" }, [
      { email: "a@example.com" },
    ]);
    expect(invalid.json().error.fields.sendDate).toBe("Selected date is invalid");
    expect(await countInvitees(company.surveyId)).toBe(0);
    expect(await db().select().from(invitation)).toHaveLength(0);
  });

  it("sanitizes the email: scripts, event handlers and javascript: links are removed", async () => {
    const response = await invite(
      company.owner.cookie,
      {
        content:
          '<p onclick="steal()">Hello <img src=x onerror="steal()"><a href="javascript:alert(1)">click</a> <a href="https://example.com/x" onmouseover="x()">ok</a></p><script>steal()</script><h5>Small</h5>',
      },
      [{ email: "clean@example.com" }],
    );
    expect(response.statusCode).toBe(200);
    const [row] = await db().select().from(invitation).where(eq(invitation.surveyId, company.surveyId));
    expect(row.content).not.toMatch(/script|onclick|onerror|onmouseover|javascript:|<img/i);
    expect(row.content).toContain('<a href="https://example.com/x" target="_blank" rel="noopener noreferrer">ok</a>');
    expect(row.content).toContain("<h3>Small</h3>");
  });

  it("schedules at the chosen wall-clock time in the chosen zone; Cancel Send touches only Pending scheduled invitees", async () => {
    const sendDate = wallClockIn(90, "Asia/Tokyo");
    const scheduled = await invite(company.owner.cookie, { sendDate, timeZone: "Asia/Tokyo" }, [
      { email: "later-1@example.com" },
      { email: "later-2@example.com" },
    ]);
    expect(scheduled.statusCode).toBe(200);
    expect(Math.abs(scheduled.json().scheduledDate - (Date.now() + 90 * 60_000))).toBeLessThan(61_000);
    const now = await invite(company.owner.cookie, {}, [{ email: "now@example.com" }]);
    const ids = [...scheduled.json().invitees, ...now.json().invitees].map((row: { id: string }) => row.id);

    const fromOther = await call(testApp.app, "POST", "/api/pause-invitees", {
      cookie: other.owner.cookie,
      body: { surveyId: company.surveyId, inviteeIds: ids },
    });
    expect(fromOther.statusCode).toBe(404);
    const sneaky = await call(testApp.app, "POST", "/api/pause-invitees", {
      cookie: other.owner.cookie,
      body: { surveyId: other.surveyId, inviteeIds: ids },
    });
    expect(sneaky.json()).toEqual({ ok: true, paused: 0 });

    const paused = await call(testApp.app, "POST", "/api/pause-invitees", {
      cookie: company.owner.cookie,
      body: { surveyId: company.surveyId, inviteeIds: ids },
    });
    expect(paused.json()).toEqual({ ok: true, paused: 2 });
    const rows = await db().select().from(invitee).where(eq(invitee.surveyId, company.surveyId));
    const status = Object.fromEntries(rows.map((row) => [row.email, row.sendStatus]));
    expect(status["later-1@example.com"]).toBe("Cancelled");
    expect(status["now@example.com"]).toBe("Pending");
    // The cancelled email's job, when its time comes, finds nothing to send.
    const [delivery] = await db()
      .select()
      .from(invitationDelivery)
      .where(eq(invitationDelivery.inviteeId, scheduled.json().invitees[0].id));
    expect(delivery.status).toBe("cancelled");
    await sendInvitationEmail(testApp.ctx, delivery.id, { retryCount: 0, retryLimit: 6 });
    const outbox = await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, "later-1@example.com"));
    expect(outbox).toHaveLength(0);
    // A cancelled invitee can be invited again without reminder mode.
    const again = await invite(company.owner.cookie, {}, [{ email: "later-1@example.com" }]);
    expect(again.json().invitees).toHaveLength(1);
  });

  it("keeps every route to the company's own surveys and invitees", async () => {
    await invite(company.owner.cookie, {}, [{ email: "mine@example.com", department: "Ops" }]);
    const theirs = other.owner.cookie;
    expect((await invite(theirs, {}, [{ email: "x@example.com" }])).statusCode).toBe(404);
    expect(
      (await call(testApp.app, "POST", "/api/surveys/dedupe", { cookie: theirs, body: { survey: company.surveyId } })).statusCode,
    ).toBe(404);
    expect((await call(testApp.app, "GET", `/api/surveys/${company.surveyId}/invitees`, { cookie: theirs })).statusCode).toBe(404);
    expect((await call(testApp.app, "GET", `/api/email-templates?survey=${company.surveyId}`, { cookie: theirs })).statusCode).toBe(404);
    const everyone = (await call(testApp.app, "GET", "/api/invitees", { cookie: theirs })).json();
    expect(everyone.total).toBe(0);
    const byCohort = (await call(testApp.app, "POST", "/api/get-invitees-by-cohort", { cookie: theirs, body: { page: 1 } })).json();
    expect(byCohort.totalInvitees).toBe(0);
    expect((await call(testApp.app, "GET", "/api/invitees/cohorts", { cookie: theirs })).json().cohorts).toEqual([]);
    const mine = (await call(testApp.app, "GET", "/api/invitees/cohorts", { cookie: company.owner.cookie })).json();
    expect(mine.cohorts).toEqual([{ key: "department", label: "Department", values: [{ value: "Ops", count: 1 }] }]);
  });

  it("lets only people who may edit surveys invite, and only invitee viewers list invitees", async () => {
    const staff = await addMember(testApp, company.owner.tenantId, "Staff");
    expect((await invite(staff.cookie, {}, [{ email: "s@example.com" }])).statusCode).toBe(403);
    for (const [method, url, body] of [
      ["POST", "/api/surveys/dedupe", { survey: company.surveyId }],
      ["POST", "/api/pause-invitees", { surveyId: company.surveyId, inviteeIds: [crypto.randomUUID()] }],
      ["GET", `/api/surveys/${company.surveyId}/invitees`, undefined],
      ["GET", "/api/invitees", undefined],
      ["POST", "/api/get-invitees-by-cohort", { page: 1 }],
      ["GET", `/api/email-templates?survey=${company.surveyId}`, undefined],
      ["GET", "/api/invitees/cohorts", undefined],
      ["POST", "/api/email-template/create", { id: crypto.randomUUID(), name: "Mine", content: "<p>x</p>" }],
    ] as const) {
      const response = await call(testApp.app, method, url, { cookie: staff.cookie, body });
      expect(response.statusCode, url).toBe(403);
    }
  });

  it("lists every invitee of the company once, with the last email per survey, by search and cohort, 500 a page for cohorts", async () => {
    const recipients = Array.from({ length: 620 }, (_, index) => ({
      email: `bulk-${String(index).padStart(4, "0")}@example.com`,
      firstName: `Bulk${index}`,
      department: index % 2 === 0 ? "Engineering" : "Sales",
    }));
    expect((await invite(company.owner.cookie, {}, recipients)).statusCode).toBe(200);
    const page1 = (
      await call(testApp.app, "POST", "/api/get-invitees-by-cohort", {
        cookie: company.owner.cookie,
        body: { page: 1, cohortFilter: { key: "department", value: "Engineering" } },
      })
    ).json();
    expect(page1.totalInvitees).toBe(310);
    expect(page1.maxPages).toBe(1);
    const all1 = (
      await call(testApp.app, "POST", "/api/get-invitees-by-cohort", { cookie: company.owner.cookie, body: { page: 1 } })
    ).json();
    const all2 = (
      await call(testApp.app, "POST", "/api/get-invitees-by-cohort", { cookie: company.owner.cookie, body: { page: 2 } })
    ).json();
    expect(all1.maxPages).toBe(2);
    expect(all1.invitees).toHaveLength(500);
    expect(all1.hasFirstName).toBe(true);
    expect(new Set([...all1.invitees, ...all2.invitees].map((row: { email: string }) => row.email)).size).toBe(all1.totalInvitees);
    const search = (await call(testApp.app, "GET", "/api/invitees?search=bulk-0007", { cookie: company.owner.cookie })).json();
    expect(search.invitees).toHaveLength(1);
    expect(search.invitees[0]).toMatchObject({ email: "bulk-0007@example.com", firstName: "Bulk7", meta: { department: "Sales" } });
    expect(
      (await call(testApp.app, "POST", "/api/get-invitees-by-cohort", { cookie: company.owner.cookie, body: { page: 0 } })).statusCode,
    ).toBe(400);
    expect(
      (
        await call(testApp.app, "POST", "/api/get-invitees-by-cohort", {
          cookie: company.owner.cookie,
          body: { page: 1, cohortFilter: { key: "shoe_size", value: "9" } },
        })
      ).statusCode,
    ).toBe(400);
    // Previously invited members come with their earlier cohort fields when usePreviousMeta is set.
    const next = await invite(company.owner.cookie, {}, [{ email: "bulk-0001@example.com", usePreviousMeta: true }], other.surveyId);
    expect(next.statusCode).toBe(404);
  });
});

describe("unsubscribe", () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({ runJobWorkers: true });
  });
  afterAll(async () => {
    await testApp.close();
  });

  it("a signed link asks first, the POST unsubscribes, and later invitations skip the address", async () => {
    const company = await companyWithOpenSurvey(testApp);
    await call(testApp.app, "POST", "/api/invite", {
      cookie: company.owner.cookie,
      body: { invitation: invitationBody(company.surveyId), recipients: [{ email: "leave@example.com" }] },
    });
    await waitFor(
      async () =>
        (
          await testApp.ctx.database.db
            .select()
            .from(emailOutbox)
            .where(and(eq(emailOutbox.toAddress, "leave@example.com")))
        ).length === 1,
    );
    const [message] = await testApp.ctx.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, "leave@example.com"));
    const url = new URL((message.headers as Record<string, string>)["List-Unsubscribe"].slice(1, -1));
    const page = await testApp.app.inject({ method: "GET", url: `${url.pathname}${url.search}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("Stop survey invitations from");
    expect((await testApp.app.inject({ method: "POST", url: `${url.pathname}?t=forged.token` })).statusCode).toBe(400);
    const done = await testApp.app.inject({
      method: "POST",
      url: `${url.pathname}${url.search}`,
      payload: "List-Unsubscribe=One-Click",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain("will get no more survey invitations");
    const second = await companyWithOpenSurvey(testApp, "Another");
    const again = await call(testApp.app, "POST", "/api/invite", {
      cookie: company.owner.cookie,
      body: { invitation: invitationBody(company.surveyId, { sendReminder: true }), recipients: [{ email: "leave@example.com" }] },
    });
    expect(again.json().duplicateInvitees).toEqual([{ email: "leave@example.com", reason: "unsubscribed" }]);
    // Another company is not affected by this company's unsubscribe.
    const elsewhere = await call(testApp.app, "POST", "/api/invite", {
      cookie: second.owner.cookie,
      body: { invitation: invitationBody(second.surveyId), recipients: [{ email: "leave@example.com" }] },
    });
    expect(elsewhere.json().invitees).toHaveLength(1);
  });
});
