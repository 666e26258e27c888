/**
 * A closed check-in tells its plan's owner the result (decision 0079): the figure the plan page shows that owner,
 * the reports' hidden notice when the check-in is below the threshold, once however often the job runs, and an email
 * only to a verified address.
 */
import { AGREE_SCALE, type SurveyField } from "@hearth/shared";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailOutbox, notification, survey, user } from "../../db/schema.js";
import { addMember, call, createTestApp, type Session, type TestApp } from "../../test/harness.js";
import { insertResponse } from "../surveys/surveys.repo.js";
import { answerAll, completeProfileAndSetPlan, lowiInput } from "../surveys/surveys.test-helpers.js";
import { PLAN, planCalls } from "./action-plans.test-helpers.js";
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

  async function respond(tenantId: string, surveyId: string, trust: readonly number[]) {
    const [row] = await db().select({ fields: survey.fields }).from(survey).where(eq(survey.id, surveyId));
    for (const level of trust) {
      const answers = answerAll(row.fields as SurveyField[]);
      answers.lowi_trust = AGREE_SCALE[level - 1];
      await insertResponse(db(), testApp.ctx.database.sql, tenantId, { surveyId, answers, submittedOn: "2026-11-20", tokenHash: null });
    }
  }

  /** A plan owned by a Manager, its baseline answered by 10, its first check-in published and answered, then closed. */
  async function closedCheckin(name: string, checkinTrust: readonly number[]) {
    const admin = await api.company("Silver", name);
    await completeProfileAndSetPlan(testApp, admin.tenantId, "Silver");
    const owner = await addMember(testApp, admin.tenantId, "Manager");
    const baselineId = (await call(testApp.app, "POST", "/api/surveys", { cookie: admin.cookie, body: lowiInput() })).json().id;
    await respond(admin.tenantId, baselineId, [2, 3, 2, 1, 4, 3, 2, 2, 5, 3]);
    const plan = (await api.create(admin, { ...PLAN, ownerUserId: owner.userId, baselineSurveyId: baselineId })).json();
    const checkinId = (await api.send(admin, "POST", `/api/action-plans/${plan.id}/checkins`)).json().checkins[0].surveyId;
    const stored = (await call(testApp.app, "GET", `/api/surveys/${checkinId}`, { cookie: admin.cookie })).json();
    expect(
      (await call(testApp.app, "PUT", `/api/surveys/${checkinId}`, { cookie: admin.cookie, body: { ...stored, draft: false } })).statusCode,
    ).toBe(200);
    await respond(admin.tenantId, checkinId, checkinTrust);
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
