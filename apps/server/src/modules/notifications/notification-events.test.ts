/**
 * Events that notify (decision 0047): each creates rows for the right people once, in its own transaction, and
 * another company never sees them.
 */
import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client.js";
import { emailOutbox, invitee, notification } from "../../db/schema.js";
import {
  type Session,
  type TestApp,
  STRONG_PASSWORD,
  addMember,
  call,
  createTestApp,
  registerCompany,
  uniqueEmail,
} from "../../test/harness.js";
import { verifyAddress } from "../../test/senders.js";
import { insertDeal } from "../billing/billing.repo.js";
import { issueOrderBadges } from "../certifications/certifications.service.js";
import { answerAll, completeProfileAndSetPlan, lowiInput } from "../surveys/surveys.test-helpers.js";
import { CLOSED_NOTICE_WINDOW_MS, sendSurveyNotices } from "./notifications.jobs.js";

const DAY = 24 * 60 * 60 * 1000;

describe("notifications created by events", () => {
  let testApp: TestApp;
  let owner: Session;
  let manager: Session;
  let staff: Session;
  let other: Session;
  const db = () => testApp.ctx.database.db;

  /** Who holds a notification of this kind, by title, in a company. */
  const holders = async (tenantId: string, kind: string) =>
    (
      await db()
        .select({ userId: notification.userId, title: notification.title, eventKey: notification.eventKey })
        .from(notification)
        .where(and(eq(notification.tenantId, tenantId), eq(notification.kind, kind)))
    ).sort((a, b) => `${a.eventKey}${a.userId}`.localeCompare(`${b.eventKey}${b.userId}`));
  const ids = (rows: { userId: string | null }[]) => rows.map((row) => row.userId).sort();
  const createSurvey = async (session: Session, overrides: Record<string, unknown> = {}) => {
    const response = await call(testApp.app, "POST", "/api/surveys", { cookie: session.cookie, body: lowiInput(overrides) });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { id: string; name: string; fields: Parameters<typeof answerAll>[0] };
  };

  beforeAll(async () => {
    testApp = await createTestApp();
    owner = await registerCompany(testApp.app, { companyName: "Notice Co" });
    other = await registerCompany(testApp.app, { companyName: "Other Notice Co" });
    manager = await addMember(testApp, owner.tenantId, "Manager");
    staff = await addMember(testApp, owner.tenantId, "Staff");
    await completeProfileAndSetPlan(testApp, owner.tenantId, "Gold");
    await completeProfileAndSetPlan(testApp, other.tenantId, "Gold");
    await verifyAddress(testApp, owner);
  });
  afterAll(() => testApp.close());

  it("a survey published tells everyone in the company but its publisher, once, and no one elsewhere", async () => {
    const draft = await createSurvey(owner, { draft: true, name: "Pulse in spring" });
    expect(await holders(owner.tenantId, "survey-published")).toEqual([]);
    const body = { ...lowiInput({ name: "Pulse in spring" }), draft: false };
    const published = await call(testApp.app, "PUT", `/api/surveys/${draft.id}`, { cookie: owner.cookie, body });
    expect(published.statusCode, published.body).toBe(200);
    // an edit of the published survey is no second publication
    expect((await call(testApp.app, "PUT", `/api/surveys/${draft.id}`, { cookie: owner.cookie, body })).statusCode).toBe(200);
    const rows = await holders(owner.tenantId, "survey-published");
    expect(ids(rows)).toEqual([manager.userId, staff.userId].sort());
    expect(rows[0]?.title).toBe("Survey published: Pulse in spring");
    const list = (await call(testApp.app, "GET", "/api/notifications", { cookie: staff.cookie })).json();
    expect(list.items[0]).toMatchObject({ title: "Survey published: Pulse in spring", link: `/dashboard/surveys/lowi/${draft.id}` });
    expect(await holders(other.tenantId, "survey-published")).toEqual([]);
    const otherList = (await call(testApp.app, "GET", "/api/notifications", { cookie: other.cookie })).json();
    expect(otherList.items.map((item: { title: string }) => item.title)).not.toContain("Survey published: Pulse in spring");
    // archived so the next tests may publish another LOWI survey
    expect((await call(testApp.app, "POST", `/api/surveys/${draft.id}/archive`, { cookie: owner.cookie })).statusCode).toBe(200);
  });

  it("a survey refused at publication notifies no one", async () => {
    const before = (await holders(owner.tenantId, "survey-published")).length;
    const refused = await call(testApp.app, "POST", "/api/surveys", {
      cookie: owner.cookie,
      body: lowiInput({ endDate: Date.now() - DAY }),
    });
    expect(refused.statusCode).toBe(400);
    expect(await holders(owner.tenantId, "survey-published")).toHaveLength(before);
  });

  it("the sweep tells of a survey closing in 2 days, its threshold, its close, and bounced invitations, once each", async () => {
    // a survey runs for at least 7 days: the sweep is run as if a day before its end
    const endDate = Date.now() + 8 * DAY;
    const created = await createSurvey(manager, { name: "Quarterly check", endDate });
    // everyone but the manager who published it heard of the publication
    expect(ids((await holders(owner.tenantId, "survey-published")).filter((row) => row.title.includes("Quarterly")))).toEqual(
      [owner.userId, staff.userId].sort(),
    );
    for (let index = 0; index < 5; index++) {
      const answered = await call(testApp.app, "POST", "/api/response", {
        body: { surveyId: created.id, data: answerAll(created.fields) },
      });
      expect(answered.statusCode, answered.body).toBe(200);
    }
    // the response path itself notifies no one
    expect(await holders(owner.tenantId, "survey-threshold-reached")).toEqual([]);
    await db()
      .insert(invitee)
      .values([
        { tenantId: owner.tenantId, surveyId: created.id, email: uniqueEmail("bounce"), sendStatus: "Failed" },
        { tenantId: owner.tenantId, surveyId: created.id, email: uniqueEmail("fine"), sendStatus: "Sent" },
      ]);

    const now = new Date(endDate - DAY);
    expect(await sendSurveyNotices(testApp.ctx, new Date())).toBeGreaterThan(0);
    // a week before the end it was not closing soon yet
    expect(await holders(owner.tenantId, "survey-closing-soon")).toEqual([]);
    expect(await sendSurveyNotices(testApp.ctx, now)).toBe(2);
    expect(await sendSurveyNotices(testApp.ctx, now)).toBe(0);
    const closing = await holders(owner.tenantId, "survey-closing-soon");
    expect(ids(closing)).toEqual([manager.userId, owner.userId].sort());
    expect(closing[0]?.title).toBe("Quarterly check closes in 2 days");
    const threshold = await holders(owner.tenantId, "survey-threshold-reached");
    expect(ids(threshold)).toEqual([manager.userId, owner.userId, staff.userId].sort());
    const bounced = await holders(owner.tenantId, "invitations-failed");
    expect(ids(bounced)).toEqual([manager.userId, owner.userId].sort());
    expect(await holders(owner.tenantId, "survey-closed")).toEqual([]);

    // two runs at once after the end date: one notice each
    const later = new Date(endDate + 60_000);
    await Promise.all([sendSurveyNotices(testApp.ctx, later), sendSurveyNotices(testApp.ctx, later)]);
    const closed = await holders(owner.tenantId, "survey-closed");
    expect(ids(closed)).toEqual([manager.userId, owner.userId, staff.userId].sort());
    expect(closed[0]?.title).toBe("Quarterly check has closed");
    // long after, nothing more
    expect(await sendSurveyNotices(testApp.ctx, new Date(endDate + CLOSED_NOTICE_WINDOW_MS + DAY))).toBe(0);
    for (const kind of ["survey-closing-soon", "survey-threshold-reached", "survey-closed", "invitations-failed"]) {
      expect(await holders(other.tenantId, kind), kind).toEqual([]);
    }
  });

  it("a certification issued tells Admins and Managers, once however often the payment is replayed", async () => {
    const paid = {
      orderId: null,
      paidAt: new Date(),
      lines: [
        { kind: "badge", badgeId: "certification-2026", name: "Certified Great Workplace 2026", year: 2026, licenceType: "digitalorprint" },
      ],
    } as unknown as Parameters<typeof issueOrderBadges>[2];
    for (let run = 0; run < 2; run++) {
      await db().transaction(async (tx) => issueOrderBadges(tx as unknown as Database, owner.tenantId, paid));
    }
    const rows = await holders(owner.tenantId, "certification-granted");
    expect(ids(rows)).toEqual([manager.userId, owner.userId].sort());
    expect(rows[0]?.title).toBe("Certified Great Workplace 2026 granted");
    expect(await holders(other.tenantId, "certification-granted")).toEqual([]);
  });

  it("a team member joining tells the Admins, in the acceptance's transaction", async () => {
    await insertDeal(db(), owner.tenantId, {
      plan: "Bronze",
      dealId: null,
      isActive: true,
      activatedDate: new Date(Date.now() - 1000),
      expiryDate: null,
      forceActivate: true,
    });
    const email = uniqueEmail("joiner");
    const invited = await call(testApp.app, "POST", "/api/team/invitations", { cookie: owner.cookie, body: { email, role: "Staff" } });
    expect(invited.statusCode, invited.body).toBe(201);
    const [message] = await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, email)).orderBy(desc(emailOutbox.createdAt));
    const token = (message?.text.match(/\/invite\/([A-Za-z0-9_-]{43})/) ?? [])[1] as string;
    const accept = (password: string) =>
      call(testApp.app, "POST", "/api/team/invitations/accept", { body: { token, firstName: "Nia", lastName: "New", password } });
    expect((await accept("short")).statusCode).toBe(400);
    expect(await holders(owner.tenantId, "team-member-joined")).toEqual([]);
    expect((await accept(STRONG_PASSWORD)).statusCode).toBe(200);
    expect((await accept(STRONG_PASSWORD)).statusCode).toBeGreaterThanOrEqual(400);
    const rows = await holders(owner.tenantId, "team-member-joined");
    expect(ids(rows)).toEqual([owner.userId]);
    expect(rows[0]?.title).toBe("Nia New joined your team");
    expect(await holders(other.tenantId, "team-member-joined")).toEqual([]);
  });
});
