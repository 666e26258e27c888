import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailOutbox, notification, user } from "../../db/schema.js";
import { addMember, call, createTestApp, type Session, type TestApp } from "../../test/harness.js";
import { completeProfileAndSetPlan, lowiInput } from "../surveys/surveys.test-helpers.js";
import { answerTrust, PLAN, planCalls } from "./action-plans.test-helpers.js";
import { CHECKIN_CLOSED_KIND, notifyClosedCheckins } from "./plan-checkin-closed.service.js";
import { PROGRESS_HIDDEN_NOTICE } from "./plan-progress.service.js";

describe("a closed check-in's notice to the plan's owner (decision 0079)", () => {
  let testApp: TestApp;
  let api: ReturnType<typeof planCalls>;
  const db = () => testApp.ctx.database.db;
  const noticesOf = (session: Session) =>
    db()
      .select()
      .from(notification)
      .where(and(eq(notification.userId, session.userId), eq(notification.kind, CHECKIN_CLOSED_KIND)));
  const emailsTo = (session: Session) =>
    db()
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, session.email), eq(emailOutbox.kind, CHECKIN_CLOSED_KIND)));

  /** A plan owned by a Manager, its baseline answered by 10, its first check-in published and answered, then closed. */
  async function closedCheckin(name: string, checkinTrust: readonly number[]) {
    const admin = await api.company("Silver", name);
    await completeProfileAndSetPlan(testApp, admin.tenantId, "Silver");
    const owner = await addMember(testApp, admin.tenantId, "Manager");
    const baselineId = (await call(testApp.app, "POST", "/api/surveys", { cookie: admin.cookie, body: lowiInput() })).json().id;
    await answerTrust(testApp, admin.tenantId, baselineId, [2, 3, 2, 1, 4, 3, 2, 2, 5, 3]);
    const plan = (await api.create(admin, { ...PLAN, ownerUserId: owner.userId, baselineSurveyId: baselineId })).json();
    const checkinId = (await api.send(admin, "POST", `/api/action-plans/${plan.id}/checkins`)).json().checkins[0].surveyId;
    const stored = (await call(testApp.app, "GET", `/api/surveys/${checkinId}`, { cookie: admin.cookie })).json();
    expect(
      (await call(testApp.app, "PUT", `/api/surveys/${checkinId}`, { cookie: admin.cookie, body: { ...stored, draft: false } })).statusCode,
    ).toBe(200);
    await answerTrust(testApp, admin.tenantId, checkinId, checkinTrust);
    expect((await call(testApp.app, "POST", `/api/surveys/${checkinId}/close`, { cookie: admin.cookie })).statusCode).toBe(200);
    return { admin, owner, plan };
  }

  beforeAll(async () => {
    testApp = await createTestApp();
    api = planCalls(testApp);
  });
  afterAll(() => testApp.close());

  it("tells the owner the check-in's figure and change as the plan page shows them, once, in-app and by email", async () => {
    const { owner, plan } = await closedCheckin("Closed Notice Co", [4, 4, 5, 3, 4]);
    const page = (await api.read(owner, plan.id)).json();
    const point = page.progress.checkins[0];
    expect(point.score).not.toBeNull();
    await notifyClosedCheckins(testApp.ctx);
    await Promise.all([notifyClosedCheckins(testApp.ctx), notifyClosedCheckins(testApp.ctx)]);
    const notices = await noticesOf(owner);
    expect(notices).toHaveLength(1);
    expect(notices[0].title).toBe(`Check-in 1 of "${PLAN.title}" has closed`);
    const change = point.change > 0 ? `+${point.change.toFixed(2)}` : `−${Math.abs(point.change).toFixed(2)}`;
    expect(notices[0].body).toBe(
      `${page.focusLabel}: ${point.score.toFixed(2)} (n = ${point.n}; 95% interval ${point.ci.low.toFixed(2)}–${point.ci.high.toFixed(2)}), ${change} since baseline.`,
    );
    expect(notices[0].link).toBe(`/dashboard/plans/${plan.id}`);
    expect(await emailsTo(owner)).toHaveLength(1);
  });

  it("gives the hidden notice, never a number, for a check-in below the threshold, and no email to an unverified owner", async () => {
    const { owner } = await closedCheckin("Closed Hidden Co", [5, 5]);
    await db().update(user).set({ emailVerified: false }).where(eq(user.id, owner.userId));
    await notifyClosedCheckins(testApp.ctx);
    const [notice] = await noticesOf(owner);
    expect(notice.body.endsWith(`: ${PROGRESS_HIDDEN_NOTICE}.`)).toBe(true);
    expect(notice.body).toContain(PROGRESS_HIDDEN_NOTICE);
    expect(notice.body).not.toMatch(/\d\.\d\d/);
    expect(await emailsTo(owner)).toHaveLength(0);
  });
});
