/**
 * Scheduling a plan's check-in (decision 0079): publishing it and choosing the day, then the job that makes its
 * invitations through the invitations' own scheduling, to the plan's cohort among the baseline survey's invitees;
 * once, however often the job runs; refusals with their messages; permissions and other companies.
 */
import { addDaysToDay, CHECKIN_SCHEDULE_MESSAGES, checkinSendDay, todayInZone } from "@hearth/shared";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invitation, invitee, invitationDelivery, survey } from "../../db/schema.js";
import { addMember, call, createTestApp, type Session, type TestApp } from "../../test/harness.js";
import { verifyAddress } from "../../test/senders.js";
import { invitationBody } from "../invitations/invitations.test-helpers.js";
import { completeProfileAndSetPlan, lowiInput } from "../surveys/surveys.test-helpers.js";
import { PLAN, planCalls } from "./action-plans.test-helpers.js";
import { CHECKIN_INVITE_JOB, inviteCheckin } from "./plan-checkin-schedule.service.js";

describe("a plan's check-in, scheduled (decision 0079)", () => {
  let testApp: TestApp;
  let api: ReturnType<typeof planCalls>;
  const db = () => testApp.ctx.database.db;

  beforeAll(async () => {
    testApp = await createTestApp();
    api = planCalls(testApp);
  });
  afterAll(() => testApp.close());

  /**
   * A Silver company whose verified Admin invited seven people to its LOWI survey (three in Sales, two in Operations,
   * one in Support, one without a department), and a plan for Sales.
   */
  async function setUp(name: string) {
    const admin = await api.company("Silver", name);
    await verifyAddress(testApp, admin);
    await completeProfileAndSetPlan(testApp, admin.tenantId, "Silver");
    const baselineId = (await call(testApp.app, "POST", "/api/surveys", { cookie: admin.cookie, body: lowiInput() })).json().id;
    const people = [
      { email: "sam@example.com", firstName: "Sam", meta: { department: "Sales" } },
      { email: "sue@example.com", meta: { department: "Sales" } },
      { email: "sid@example.com", meta: { department: "Sales" } },
      { email: "olga@example.com", meta: { department: "Operations" } },
      { email: "otto@example.com", meta: { department: "Operations" } },
      { email: "sky@example.com", meta: { department: "Support" } },
      { email: "nomad@example.com" },
    ];
    const invited = await call(testApp.app, "POST", "/api/invite", {
      cookie: admin.cookie,
      body: { invitation: invitationBody(baselineId), recipients: people },
    });
    expect(invited.statusCode, invited.body).toBe(200);
    const plan = (
      await api.create(admin, {
        ...PLAN,
        ownerUserId: admin.userId,
        baselineSurveyId: baselineId,
        scopeCohortKey: "department",
        scopeCohortValue: "Sales",
      })
    ).json();
    const added = await api.send(admin, "POST", `/api/action-plans/${plan.id}/checkins`);
    expect(added.statusCode, added.body).toBe(201);
    return { admin, plan, baselineId, checkinId: added.json().checkins[0].surveyId as string };
  }

  const schedule = (session: Session | null, planId: string, slot: number | string, body: unknown) =>
    api.send(session, "POST", `/api/action-plans/${planId}/checkins/${slot}/schedule`, body);

  it("publishes the check-in, schedules it on day 30 by default and invites the plan's cohort and the comparable cohorts once, however often the job runs", async () => {
    const { admin, plan, checkinId } = await setUp("Schedule Once Co");
    // Operations acts on a plan of its own, so it is no comparison: only Support is asked beside Sales.
    const operationsPlan = await api.create(admin, {
      ...PLAN,
      ownerUserId: admin.userId,
      scopeCohortKey: "department",
      scopeCohortValue: "Operations",
    });
    expect(operationsPlan.statusCode).toBe(201);
    const before = (await api.read(admin, plan.id)).json();
    const defaultDay = checkinSendDay(plan.startDate, 0);
    expect(before.checkins[0]).toMatchObject({ draft: true, sendAt: null, suggestedSendDay: defaultDay, invitedAt: null });
    expect(before.nextCheckin).toEqual({ slot: 0, day: defaultDay, scheduled: false });

    const scheduled = await schedule(admin, plan.id, 0, { sendDay: defaultDay });
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    const detail = scheduled.json();
    expect(detail.checkins[0].draft).toBe(false);
    expect(detail.checkins[0].sendAt).not.toBeNull();
    expect(detail.nextCheckin).toEqual({ slot: 0, day: defaultDay, scheduled: true });
    const [published] = await db().select({ draft: survey.draft }).from(survey).where(eq(survey.id, checkinId));
    expect(published.draft).toBe(false);
    expect(await api.logged(admin.tenantId, "schedule_plan_checkin")).toHaveLength(1);
    // The job was stored with the schedule (same transaction), so a restart before it runs still runs it.
    const stored = (await db().execute(
      sql`select data from pgboss.job where name = ${CHECKIN_INVITE_JOB} and data->>'planId' = ${plan.id}`,
    )) as unknown as { rows: { data: unknown }[] };
    expect(stored.rows.map((row) => row.data)).toEqual([{ tenantId: admin.tenantId, planId: plan.id, slot: 0 }]);

    // The job, twice in a row, and twice at once: the same three people, one delivery each.
    const job = { tenantId: admin.tenantId, planId: plan.id, slot: 0 };
    await inviteCheckin(testApp.ctx, job);
    await inviteCheckin(testApp.ctx, job);
    await Promise.all([inviteCheckin(testApp.ctx, job), inviteCheckin(testApp.ctx, job)]);
    const invited = await db()
      .select({ email: invitee.email, meta: invitee.meta, firstName: invitee.firstName })
      .from(invitee)
      .where(eq(invitee.surveyId, checkinId));
    expect(invited.map((row) => row.email).sort()).toEqual(["sam@example.com", "sid@example.com", "sky@example.com", "sue@example.com"]);
    expect(invited.find((row) => row.email === "sam@example.com")).toMatchObject({ firstName: "Sam", meta: { department: "Sales" } });
    const invitations = await db().select().from(invitation).where(eq(invitation.surveyId, checkinId));
    expect(invitations).toHaveLength(1);
    expect(invitations[0].subject).toContain("Action Plan Check-In");
    // Sent at 09:00 in the company's zone on the day chosen.
    expect(invitations[0].sendAt?.toISOString()).toBe(detail.checkins[0].sendAt);
    const deliveries = await db().select().from(invitationDelivery).where(eq(invitationDelivery.invitationId, invitations[0].id));
    expect(deliveries).toHaveLength(4);

    const after = (await api.read(admin, plan.id)).json();
    expect(after.checkins[0]).toMatchObject({ invitedCount: 4, inviteError: null, askComparison: true });
    expect(after.checkins[0].invitedAt).not.toBeNull();
    // Scheduled once: a second schedule is refused.
    const again = await schedule(admin, plan.id, 0, { sendDay: defaultDay });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(CHECKIN_SCHEDULE_MESSAGES.alreadyScheduled);
  });

  it("refuses a past day, a day on or after the check-in's end, a free slot and bad input, changing nothing", async () => {
    const { admin, plan, checkinId } = await setUp("Schedule Refusals Co");
    const today = todayInZone("America/New_York");
    const past = await schedule(admin, plan.id, 0, { sendDay: addDaysToDay(today, -2) });
    expect(past.statusCode).toBe(400);
    expect(past.json().error.fields.sendDay).toBe(CHECKIN_SCHEDULE_MESSAGES.pastDay);
    const late = await schedule(admin, plan.id, 0, { sendDay: addDaysToDay(plan.startDate, 400) });
    expect(late.statusCode).toBe(400);
    expect(late.json().error.fields.sendDay).toMatch(/^The check-in closes on /);
    const free = await schedule(admin, plan.id, 1, { sendDay: checkinSendDay(plan.startDate, 1) });
    expect(free.statusCode).toBe(409);
    expect(free.json().error.message).toBe(CHECKIN_SCHEDULE_MESSAGES.notCheckin);
    for (const [slot, body] of [
      [0, { sendDay: "2026-02-30" }],
      [0, {}],
      [0, { sendDay: checkinSendDay(plan.startDate, 0), askComparison: "yes" }],
      [3, { sendDay: checkinSendDay(plan.startDate, 0) }],
      ["x", { sendDay: checkinSendDay(plan.startDate, 0) }],
    ] as const) {
      const response = await schedule(admin, plan.id, slot, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    const [stored] = await db().select({ draft: survey.draft }).from(survey).where(eq(survey.id, checkinId));
    expect(stored.draft).toBe(true);
    expect(await api.logged(admin.tenantId, "schedule_plan_checkin")).toHaveLength(0);
  });

  it("lets only Admins and Managers of the company schedule, and hides the plan from everyone else", async () => {
    const { admin, plan } = await setUp("Schedule Rights Co");
    const day = checkinSendDay(plan.startDate, 0);
    const staff = await addMember(testApp, admin.tenantId, "Staff");
    const ownerStaff = await addMember(testApp, admin.tenantId, "Staff");
    await api.patch(admin, plan.id, { ownerUserId: ownerStaff.userId });
    expect((await schedule(staff, plan.id, 0, { sendDay: day })).statusCode).toBe(404);
    expect((await schedule(ownerStaff, plan.id, 0, { sendDay: day })).statusCode).toBe(403);
    expect((await schedule(null, plan.id, 0, { sendDay: day })).statusCode).toBe(401);
    const other = await api.company("Silver", "Other Schedulers Co");
    expect((await schedule(other, plan.id, 0, { sendDay: day })).statusCode).toBe(404);
    const bronze = await api.company("Bronze", "Bronze Schedulers Co");
    expect((await schedule(bronze, plan.id, 0, { sendDay: day })).statusCode).toBe(403);
    const manager = await addMember(testApp, admin.tenantId, "Manager");
    const byManager = await schedule(manager, plan.id, 0, { sendDay: day });
    expect(byManager.statusCode, byManager.body).toBe(200);
  });

  it("says on the plan why nobody was invited, and lets the check-in be scheduled again", async () => {
    const { admin, plan, checkinId } = await setUp("Schedule Nobody Co");
    await api.patch(admin, plan.id, { scopeCohortKey: "department", scopeCohortValue: "Finance" });
    const day = checkinSendDay(plan.startDate, 0);
    expect((await schedule(admin, plan.id, 0, { sendDay: day, askComparison: false })).statusCode).toBe(200);
    await inviteCheckin(testApp.ctx, { tenantId: admin.tenantId, planId: plan.id, slot: 0 });
    const detail = (await api.read(admin, plan.id)).json();
    expect(detail.checkins[0]).toMatchObject({ invitedCount: 0 });
    expect(detail.checkins[0].inviteError).toMatch(/^Nobody in the plan's scope/);
    expect(
      await db()
        .select()
        .from(invitee)
        .where(and(eq(invitee.surveyId, checkinId))),
    ).toHaveLength(0);
    await api.patch(admin, plan.id, { scopeCohortKey: "department", scopeCohortValue: "Operations" });
    expect((await schedule(admin, plan.id, 0, { sendDay: addDaysToDay(day, 1), askComparison: false })).statusCode).toBe(200);
    await inviteCheckin(testApp.ctx, { tenantId: admin.tenantId, planId: plan.id, slot: 0 });
    const emails = (await db().select({ email: invitee.email }).from(invitee).where(eq(invitee.surveyId, checkinId))).map(
      (row) => row.email,
    );
    expect(emails.sort()).toEqual(["olga@example.com", "otto@example.com"]);
  });
});
