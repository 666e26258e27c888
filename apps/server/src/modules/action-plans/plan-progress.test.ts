/**
 * A plan's progress (decision 0078): the focus at baseline and at each published check-in equals a direct computation
 * over each survey's published responses (the first ⌊n / k⌋ · k); a check-in below the threshold gives the reports'
 * hidden notice and no number; a draft says so; other companies and Staff who may not see the plan get 404.
 */
import { AGREE_SCALE, confidenceInterval95, PROGRESS_REASONS, roundTo, type SurveyField } from "@hearth/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { survey } from "../../db/schema.js";
import { addMember, call, createTestApp, type TestApp } from "../../test/harness.js";
import { insertResponse } from "../surveys/surveys.repo.js";
import { answerAll, completeProfileAndSetPlan, lowiInput } from "../surveys/surveys.test-helpers.js";
import { answerTrust, PLAN, planCalls, publishSurvey } from "./action-plans.test-helpers.js";
import { PROGRESS_HIDDEN_NOTICE } from "./plan-progress.service.js";

/** Mean, n and 95% interval of the agree answers, computed here from the answers themselves. */
function direct(values: readonly number[]) {
  const n = values.length;
  const sum = values.reduce((total, value) => total + value, 0);
  const sumSq = values.reduce((total, value) => total + value * value, 0);
  const mean = sum / n;
  return { mean, score: roundTo(mean, 2), n, ci: confidenceInterval95({ n, sum, sumSq }, mean) };
}

describe("a plan's progress (decision 0078)", () => {
  let testApp: TestApp;
  let api: ReturnType<typeof planCalls>;
  const _db = () => testApp.ctx.database.db;

  beforeAll(async () => {
    testApp = await createTestApp();
    api = planCalls(testApp);
  });
  afterAll(() => testApp.close());

  it("shows the focus at baseline and after each check-in as a direct computation does, hiding a small check-in", async () => {
    const admin = await api.company();
    await completeProfileAndSetPlan(testApp, admin.tenantId, "Silver");
    const baselineId = (await call(testApp.app, "POST", "/api/surveys", { cookie: admin.cookie, body: lowiInput() })).json().id;
    // 12 answers: the published state holds the first 10 (threshold 5).
    const baselineTrust = [2, 3, 2, 1, 4, 3, 2, 2, 5, 3, 5, 5];
    await answerTrust(testApp, admin.tenantId, baselineId, baselineTrust);
    const owner = await addMember(testApp, admin.tenantId, "Staff");
    const plan = (await api.create(admin, { ...PLAN, ownerUserId: owner.userId, baselineSurveyId: baselineId })).json();
    expect(plan.progress).toMatchObject({ reason: null, checkins: [] });

    const first = (await api.send(admin, "POST", `/api/action-plans/${plan.id}/checkins`)).json().checkins[0].surveyId;
    const second = (await api.send(admin, "POST", `/api/action-plans/${plan.id}/checkins`)).json().checkins[1].surveyId;
    const third = (await api.send(admin, "POST", `/api/action-plans/${plan.id}/checkins`)).json().checkins[2].surveyId;
    await publishSurvey(testApp, admin, first);
    await publishSurvey(testApp, admin, second);
    const firstTrust = [4, 3, 4, 5, 3, 1, 1];
    await answerTrust(testApp, admin.tenantId, first, firstTrust);
    await answerTrust(testApp, admin.tenantId, second, [5, 5, 5]);

    const progress = (await api.read(admin, plan.id)).json().progress;
    const baseline = direct(baselineTrust.slice(0, 10));
    const checkin = direct(firstTrust.slice(0, 5));
    expect(progress.reason).toBeNull();
    expect(progress.baseline).toEqual({
      slot: null,
      surveyId: baselineId,
      surveyName: "Culture check 2026",
      score: baseline.score,
      n: 10,
      ci: baseline.ci,
      change: null,
      notice: null,
    });
    expect(progress.checkins[0]).toMatchObject({ slot: 0, surveyId: first, score: checkin.score, n: 5, ci: checkin.ci, notice: null });
    expect(progress.checkins[0].change).toBe(roundTo(checkin.score - baseline.score, 2));
    expect(progress.checkins[1]).toEqual({
      slot: 1,
      surveyId: second,
      surveyName: `${PLAN.title}: check-in 2`,
      score: null,
      n: null,
      ci: null,
      change: null,
      notice: PROGRESS_HIDDEN_NOTICE,
    });
    expect(PROGRESS_HIDDEN_NOTICE).toBe("Scores are hidden as the number available falls below the visibility threshold.");
    expect(progress.checkins[2]).toMatchObject({ slot: 2, surveyId: third, score: null, notice: PROGRESS_REASONS.draft });

    // The plan's Staff owner sees the plan's progress, with the check-ins their survey access lets them read.
    const ownView = (await api.read(owner, plan.id)).json().progress;
    expect(ownView.baseline).toEqual(progress.baseline);
    expect(ownView.checkins[0]).toMatchObject({ score: null, notice: PROGRESS_REASONS.unreadable });
    // Staff who may not see the plan, and other companies, get 404 and nothing else.
    const stranger = await addMember(testApp, admin.tenantId, "Staff");
    expect((await api.read(stranger, plan.id)).statusCode).toBe(404);
    const other = await api.company("Silver", "Other Co");
    const elsewhere = await api.read(other, plan.id);
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.body).not.toContain("progress");
  });

  it("says why when progress cannot be measured", async () => {
    const admin = await api.company();
    const custom = (await api.create(admin, { title: "Quieter meetings", focusKey: "Fewer meetings", ownerUserId: admin.userId })).json();
    expect(custom.progress).toEqual({ reason: PROGRESS_REASONS.focus, baseline: null, checkins: [], comparison: null });
    const noBaseline = (await api.create(admin, { ...PLAN, ownerUserId: admin.userId })).json();
    expect(noBaseline.progress).toEqual({ reason: PROGRESS_REASONS.noBaseline, baseline: null, checkins: [], comparison: null });

    await completeProfileAndSetPlan(testApp, admin.tenantId, "Silver");
    const draftId = (await call(testApp.app, "POST", "/api/surveys", { cookie: admin.cookie, body: lowiInput({ draft: true }) })).json().id;
    const onDraft = (await api.create(admin, { ...PLAN, ownerUserId: admin.userId, baselineSurveyId: draftId })).json();
    expect(onDraft.progress.baseline).toMatchObject({ surveyId: draftId, score: null, notice: PROGRESS_REASONS.baselineDraft });

    const sparkPlan = (await api.create(admin, { ...PLAN, focusKey: "SystemicCollaboration", ownerUserId: admin.userId })).json();
    expect(sparkPlan.progress.reason).toBe(PROGRESS_REASONS.noBaseline);
  });
});

describe("a cohort plan's progress (decision 0078)", () => {
  let testApp: TestApp;
  let api: ReturnType<typeof planCalls>;
  beforeAll(async () => {
    testApp = await createTestApp();
    api = planCalls(testApp);
  });
  afterAll(() => testApp.close());

  it("reads the plan's cohort group of the baseline, and shows no number for an empty cohort", async () => {
    const admin = await api.company();
    await completeProfileAndSetPlan(testApp, admin.tenantId, "Silver");
    const surveyId = (await call(testApp.app, "POST", "/api/surveys", { cookie: admin.cookie, body: lowiInput() })).json().id;
    const db = testApp.ctx.database.db;
    const [row] = await db.select({ fields: survey.fields }).from(survey).where(eq(survey.id, surveyId));
    // Sales and Operations: 5 answers each (all 10 published); Support: none (an empty group shows no number). The invitees' cohort
    // values, as an import writes them on the survey.
    await db
      .update(survey)
      .set({ inviteeCohorts: { department: ["Sales", "Operations", "Support"] } })
      .where(eq(survey.id, surveyId));
    const rows: [string, number][] = [
      ["Sales", 4],
      ["Sales", 2],
      ["Sales", 5],
      ["Sales", 3],
      ["Sales", 4],
      ...[1, 1, 2, 1, 3].map((level): [string, number] => ["Operations", level]),
    ];
    for (const [department, level] of rows) {
      const answers = { ...answerAll(row.fields as SurveyField[]), lowi_trust: AGREE_SCALE[level - 1], "cohort.department": department };
      await insertResponse(db, testApp.ctx.database.sql, admin.tenantId, { surveyId, answers, submittedOn: "2026-11-20", tokenHash: null });
    }
    const scoped = (name: string) => ({
      ...PLAN,
      ownerUserId: admin.userId,
      baselineSurveyId: surveyId,
      scopeCohortKey: "department",
      scopeCohortValue: name,
    });
    const sales = (await api.create(admin, scoped("Sales"))).json();
    const expected = direct(rows.filter(([department]) => department === "Sales").map(([, level]) => level));
    expect(sales.progress.baseline).toMatchObject({ score: expected.score, n: 5, ci: expected.ci, notice: null });
    const support = (await api.create(admin, scoped("Support"))).json();
    expect(support.progress.baseline).toMatchObject({ score: null, n: null, notice: PROGRESS_REASONS.noAnswers });
    const whole = (await api.create(admin, { ...PLAN, ownerUserId: admin.userId, baselineSurveyId: surveyId })).json();
    expect(whole.progress.baseline).toMatchObject({ n: 10, score: direct(rows.map(([, level]) => level)).score });
    expect(whole.progress.comparison).toBeNull();

    // The Sales plan is compared with Operations (visible, no plan); Support is empty, so it is no comparison.
    const operations = direct([1, 1, 2, 1, 3]);
    const salesRead = (await api.read(admin, sales.id)).json().progress;
    expect(salesRead.comparison).toEqual({
      cohortLabel: "Department",
      more: 0,
      cohorts: [{ value: "Operations", baseline: expect.objectContaining({ score: operations.score, n: 5, notice: null }), checkins: [] }],
    });

    // A check-in answered by both cohorts: each has its score and its own change from its own baseline.
    const checkinId = (await api.send(admin, "POST", `/api/action-plans/${sales.id}/checkins`)).json().checkins[0].surveyId;
    const stored = (await call(testApp.app, "GET", `/api/surveys/${checkinId}`, { cookie: admin.cookie })).json();
    await call(testApp.app, "PUT", `/api/surveys/${checkinId}`, { cookie: admin.cookie, body: { ...stored, draft: false } });
    const [checkinRow] = await db.select({ fields: survey.fields }).from(survey).where(eq(survey.id, checkinId));
    await db
      .update(survey)
      .set({ inviteeCohorts: { department: ["Sales", "Operations"] } })
      .where(eq(survey.id, checkinId));
    const later: [string, number][] = [
      ...[5, 4, 5, 4, 5].map((level): [string, number] => ["Sales", level]),
      ...[1, 2, 1, 2, 3].map((level): [string, number] => ["Operations", level]),
    ];
    for (const [department, level] of later) {
      const answers = {
        ...answerAll(checkinRow.fields as SurveyField[]),
        lowi_trust: AGREE_SCALE[level - 1],
        "cohort.department": department,
      };
      await insertResponse(db, testApp.ctx.database.sql, admin.tenantId, {
        surveyId: checkinId,
        answers,
        submittedOn: "2026-12-20",
        tokenHash: null,
      });
    }
    const after = (await api.read(admin, sales.id)).json().progress;
    const salesLater = direct([5, 4, 5, 4, 5]);
    const operationsLater = direct([1, 2, 1, 2, 3]);
    expect(after.checkins[0]).toMatchObject({ score: salesLater.score, n: 5, change: roundTo(salesLater.score - expected.score, 2) });
    expect(after.comparison.cohorts[0].checkins[0]).toMatchObject({
      slot: 0,
      score: operationsLater.score,
      n: 5,
      change: roundTo(operationsLater.score - operations.score, 2),
    });

    // Once Operations acts on a plan of its own it is no longer a comparison.
    await api.create(admin, scoped("Operations"));
    expect((await api.read(admin, sales.id)).json().progress.comparison).toEqual({ cohortLabel: "Department", more: 0, cohorts: [] });
  });
});
