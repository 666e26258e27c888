/**
 * Senders and the sending allowance (issue 23 M2, item 5; docs/decisions/0056): an unverified account sends no
 * email to anyone, a company sends at most its daily allowance (counted under a lock, tested in parallel on
 * PostgreSQL), an operator can raise it (in the activity log), and the endpoints refuse other companies, other roles
 * and bad input.
 */
import { randomUUID } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { SENDER_MESSAGES, SENDING_ALLOWANCE_PER_DAY, sendingDay, sendingDayResetsAt } from "@hearth/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailOutbox, invitationDelivery, invitee, user } from "../../db/schema.js";
import { type Session, type TestApp, addMember, call, createTestApp, registerCompany } from "../../test/harness.js";
import { operatorCookie, setSendingAllowance, verifyAddress } from "../../test/senders.js";
import { invitationBody, wallClockIn } from "../invitations/invitations.test-helpers.js";
import { sendInvitationEmail } from "../invitations/invitation-delivery.service.js";
import { completeProfileAndSetPlan, lowiInput } from "../surveys/surveys.test-helpers.js";

const PHISHING = {
  subject: "Your account will be closed",
  content: '<p>Your account will be closed today.</p><p><a href="https://phish.example/login">Keep my account</a> {{survey_link}}</p>',
};

describe("senders and the daily sending allowance", () => {
  let testApp: TestApp;
  const db = () => testApp.ctx.database.db;
  const onPostgres = () => testApp.ctx.database.kind === "postgres";

  /** A new Free company (the lowest tier) with a complete profile and one published survey. */
  async function freeCompanyWithSurvey(name: string): Promise<{ owner: Session; surveyId: string }> {
    const owner = await registerCompany(testApp.app, { companyName: name });
    await completeProfileAndSetPlan(testApp, owner.tenantId, "Free");
    const created = await call(testApp.app, "POST", "/api/surveys", { cookie: owner.cookie, body: lowiInput() });
    expect(created.statusCode).toBe(201);
    return { owner, surveyId: created.json().id };
  }
  const invite = (cookie: string, invitation: Record<string, unknown>, emails: string[]) =>
    call(testApp.app, "POST", "/api/invite", { cookie, body: { invitation, recipients: emails.map((email) => ({ email })) } });
  const addresses = (prefix: string, count: number) => Array.from({ length: count }, (_, index) => `${prefix}-${index}@strangers.example`);
  const outboxTo = async (emails: string[]) =>
    emails.length === 0 ? [] : db().select().from(emailOutbox).where(inArray(emailOutbox.toAddress, emails));
  const allowance = async (cookie: string) => {
    const response = await call(testApp.app, "GET", "/api/sending-allowance", { cookie });
    expect(response.statusCode).toBe(200);
    return response.json();
  };

  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(async () => {
    await testApp.close();
  });

  it("M2 as found: an unverified sign-up publishes a survey, and its phishing invitation to 3 strangers is refused, nothing sent", async () => {
    const { owner, surveyId } = await freeCompanyWithSurvey("Unverified Co");
    const strangers = addresses("victim", 3);
    const refused = await invite(owner.cookie, invitationBody(surveyId, { ...PHISHING, cc: "copy@strangers.example" }), strangers);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({ code: "EMAIL_NOT_VERIFIED", message: SENDER_MESSAGES.unverified });
    expect(await outboxTo([...strangers, "copy@strangers.example"])).toEqual([]);
    expect(await db().select().from(invitee).where(eq(invitee.tenantId, owner.tenantId))).toEqual([]);
    // A reminder is an invitation too, and a team invitation is refused the same way.
    const reminder = await invite(owner.cookie, invitationBody(surveyId, { ...PHISHING, sendReminder: true }), strangers);
    expect(reminder.statusCode).toBe(403);
    const colleague = await call(testApp.app, "POST", "/api/team/invitations", {
      cookie: owner.cookie,
      body: { email: "colleague@strangers.example", role: "Admin" },
    });
    expect(colleague.statusCode).toBe(403);
    expect(colleague.json().error.code).toBe("EMAIL_NOT_VERIFIED");
    expect(await outboxTo(["colleague@strangers.example"])).toEqual([]);
    expect((await allowance(owner.cookie)).senderVerified).toBe(false);
    // Verified, the same person may send.
    await verifyAddress(testApp, owner);
    expect((await allowance(owner.cookie)).senderVerified).toBe(true);
    expect((await invite(owner.cookie, invitationBody(surveyId), strangers)).statusCode).toBe(200);
  });

  it("the send job refuses too: a delivery whose sender is unverified is marked failed and not sent", async () => {
    const { owner, surveyId } = await freeCompanyWithSurvey("Job Defence Co");
    await verifyAddress(testApp, owner);
    const [address] = addresses("job", 1);
    const sent = await invite(owner.cookie, invitationBody(surveyId), [address]);
    expect(sent.statusCode).toBe(200);
    // As if the address had been unverified after the request (an address change): the stored delivery must not go.
    await db().update(user).set({ emailVerified: false }).where(eq(user.id, owner.userId));
    const [delivery] = await db().select().from(invitationDelivery).where(eq(invitationDelivery.tenantId, owner.tenantId));
    await sendInvitationEmail(testApp.ctx, delivery.id, { retryCount: 0, retryLimit: 3 });
    const [after] = await db().select().from(invitationDelivery).where(eq(invitationDelivery.id, delivery.id));
    expect(after.status).toBe("failed");
    expect(await outboxTo([address])).toEqual([]);
  });

  it("a new company's allowance: reached, the request is refused whole with what is left and when it resets; nothing beyond it sent", async () => {
    const { owner, surveyId } = await freeCompanyWithSurvey("Allowance Co");
    await verifyAddress(testApp, owner);
    const today = sendingDay(Date.now());
    expect(await allowance(owner.cookie)).toMatchObject({
      senderVerified: true,
      tier: "new",
      raisedByOperator: false,
      limit: SENDING_ALLOWANCE_PER_DAY.new,
      used: 0,
      remaining: SENDING_ALLOWANCE_PER_DAY.new,
      day: today,
      resetsAt: sendingDayResetsAt(Date.now()),
    });
    // The operator sets 6 a day so the test stays small: 5 invitees and the cc copy take all of it.
    await setSendingAllowance(testApp, owner.tenantId, 6);
    const invitation = { ...invitationBody(surveyId), id: randomUUID() };
    const first = addresses("first", 5);
    expect((await invite(owner.cookie, invitation, first)).statusCode).toBe(200);
    expect(await allowance(owner.cookie)).toMatchObject({ limit: 6, used: 6, remaining: 0, raisedByOperator: true });
    const more = addresses("more", 2);
    const refused = await invite(owner.cookie, invitation, more);
    expect(refused.statusCode).toBe(429);
    const error = refused.json().error;
    expect(error.code).toBe("SENDING_ALLOWANCE_REACHED");
    expect(error.message).toContain("This would send 2 emails, but your company can send 6 emails a day and none are left");
    expect(error.message).toContain(`resets at ${sendingDay(sendingDayResetsAt(Date.now()))} 00:00 UTC`);
    expect(error.fields).toMatchObject({ remaining: "0", resetsAt: new Date(sendingDayResetsAt(Date.now())).toISOString() });
    expect(await outboxTo(more)).toEqual([]);
    const stored = await db()
      .select()
      .from(invitee)
      .where(and(eq(invitee.tenantId, owner.tenantId), inArray(invitee.email, more)));
    expect(stored).toEqual([]);
    // Team invitations take from the same allowance (Gold, so a seat is free; the operator's figure still rules).
    await completeProfileAndSetPlan(testApp, owner.tenantId, "Gold");
    const colleague = await call(testApp.app, "POST", "/api/team/invitations", {
      cookie: owner.cookie,
      body: { email: "colleague-2@strangers.example", role: "Admin" },
    });
    expect(colleague.statusCode).toBe(429);

    // The operator raises it: the refused batch goes, and both changes are in the company's activity log.
    await setSendingAllowance(testApp, owner.tenantId, 20);
    expect((await invite(owner.cookie, invitation, more)).statusCode).toBe(200);
    expect(await allowance(owner.cookie)).toMatchObject({ limit: 20, used: 8, remaining: 12 });
    const log = await call(testApp.app, "GET", `/api/admin/companies/${owner.tenantId}/activity-log`, {
      cookie: await operatorCookie(testApp),
    });
    const entries = (log.json().entries as { action: string; byHearthStaff: boolean; data: Record<string, unknown> }[]).filter(
      (entry) => entry.action === "set_sending_allowance",
    );
    expect(entries).toHaveLength(2);
    expect(entries.every((entry) => entry.byHearthStaff)).toBe(true);
    expect(entries[0].data).toMatchObject({ from: 6, to: 20, reason: "test set-up" });
  });

  it("a scheduled send is counted on its own UTC day, not today's", async () => {
    const { owner, surveyId } = await freeCompanyWithSurvey("Scheduled Co");
    await verifyAddress(testApp, owner);
    await setSendingAllowance(testApp, owner.tenantId, 3);
    // 48 hours ahead: another UTC day whatever the time now.
    const sendDate = wallClockIn(48 * 60);
    const scheduled = await invite(
      owner.cookie,
      invitationBody(surveyId, { sendDate, timeZone: "America/New_York" }),
      addresses("later", 2),
    );
    expect(scheduled.statusCode).toBe(200);
    expect(await allowance(owner.cookie)).toMatchObject({ used: 0, remaining: 3 });
  });

  it("parallel requests never send past the allowance (counted and taken under the company's lock)", async () => {
    const { owner, surveyId } = await freeCompanyWithSurvey("Parallel Allowance Co");
    await verifyAddress(testApp, owner);
    await setSendingAllowance(testApp, owner.tenantId, 10);
    // Six batches of 3 invitees, each its own invitation (so each also sends its cc copy): 4 emails a batch.
    const batches = Array.from({ length: 6 }, (_, index) => addresses(`parallel-${index}`, 3));
    const answers = await Promise.all(
      batches.map((emails) => invite(owner.cookie, { ...invitationBody(surveyId), id: randomUUID() }, emails)),
    );
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(2);
    const refused = answers.filter((answer) => answer.statusCode !== 200);
    expect(refused).toHaveLength(4);
    for (const answer of refused) expect(answer.json().error.code).toBe("SENDING_ALLOWANCE_REACHED");
    expect(await db().select().from(invitee).where(eq(invitee.tenantId, owner.tenantId))).toHaveLength(6);
    expect(await allowance(owner.cookie)).toMatchObject({ used: 8, remaining: 2 });
    // Team invitations in parallel: 5 asked, 2 left.
    await completeProfileAndSetPlan(testApp, owner.tenantId, "Gold");
    await setSendingAllowance(testApp, owner.tenantId, 10);
    const team = await Promise.all(
      Array.from({ length: 5 }, (_, index) =>
        call(testApp.app, "POST", "/api/team/invitations", {
          cookie: owner.cookie,
          body: { email: `parallel-colleague-${index}@strangers.example`, role: "Staff" },
        }),
      ),
    );
    expect(team.filter((answer) => answer.statusCode < 300)).toHaveLength(2);
    expect(team.filter((answer) => answer.statusCode === 429)).toHaveLength(3);
    if (onPostgres()) console.info("allowance taken in parallel on PostgreSQL: 2 of 6 batches, 2 of 5 team invitations");
  });

  it("the company's allowance endpoint: signed out 401, Staff 403, each company sees only its own", async () => {
    const a = await freeCompanyWithSurvey("Tenant A");
    const b = await freeCompanyWithSurvey("Tenant B");
    await verifyAddress(testApp, a.owner);
    await invite(a.owner.cookie, invitationBody(a.surveyId), addresses("tenant-a", 2));
    expect((await allowance(a.owner.cookie)).used).toBe(3);
    expect((await allowance(b.owner.cookie)).used).toBe(0);
    expect((await call(testApp.app, "GET", "/api/sending-allowance")).statusCode).toBe(401);
    const staff = await addMember(testApp, a.owner.tenantId, "Staff");
    expect((await call(testApp.app, "GET", "/api/sending-allowance", { cookie: staff.cookie })).statusCode).toBe(403);
    const manager = await addMember(testApp, a.owner.tenantId, "Manager");
    expect((await allowance(manager.cookie)).used).toBe(3);
  });

  it("the operator endpoints: 404 to company users, unknown or internal companies; bad input 400 with the field; nothing changed", async () => {
    const { owner } = await freeCompanyWithSurvey("Operator Input Co");
    const url = `/api/admin/companies/${owner.tenantId}/sending-allowance`;
    const put = (cookie: string, body: unknown, to = url) => call(testApp.app, "PUT", to, { cookie, body });
    expect((await put(owner.cookie, { dailyLimit: 100_000, reason: "myself" })).statusCode).toBe(404);
    expect((await call(testApp.app, "GET", url, { cookie: owner.cookie })).statusCode).toBe(404);
    expect((await call(testApp.app, "PUT", url, { body: { dailyLimit: 5, reason: "x" } })).statusCode).toBe(401);
    const operator = await operatorCookie(testApp);
    for (const [body, field] of [
      [{ dailyLimit: -1, reason: "r" }, "dailyLimit"],
      [{ dailyLimit: 1.5, reason: "r" }, "dailyLimit"],
      [{ dailyLimit: "many", reason: "r" }, "dailyLimit"],
      [{ dailyLimit: 2_000_000, reason: "r" }, "dailyLimit"],
      [{ dailyLimit: 10, reason: " " }, "reason"],
      [{ dailyLimit: 10 }, "reason"],
    ] as const) {
      const response = await put(operator, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error.fields[field], JSON.stringify(body)).toEqual(expect.any(String));
    }
    expect(
      (await put(operator, { dailyLimit: 10, reason: "r" }, `/api/admin/companies/${randomUUID()}/sending-allowance`)).statusCode,
    ).toBe(404);
    expect((await put(operator, { dailyLimit: 10, reason: "r" }, "/api/admin/companies/not-a-uuid/sending-allowance")).statusCode).toBe(
      400,
    );
    const operatorsOwn = (await call(testApp.app, "GET", "/api/me", { cookie: operator })).json().tenant.id as string;
    expect(
      (await put(operator, { dailyLimit: 10, reason: "r" }, `/api/admin/companies/${operatorsOwn}/sending-allowance`)).statusCode,
    ).toBe(404);
    const read = await call(testApp.app, "GET", url, { cookie: operator });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ operatorLimit: null, tier: "new", limit: SENDING_ALLOWANCE_PER_DAY.new });
    // Cleared back to the tier.
    expect((await put(operator, { dailyLimit: 50, reason: "trial" })).json()).toMatchObject({ operatorLimit: 50, limit: 50 });
    expect((await put(operator, { dailyLimit: null, reason: "back to the tier" })).json()).toMatchObject({
      operatorLimit: null,
      limit: SENDING_ALLOWANCE_PER_DAY.new,
    });
  });
});
