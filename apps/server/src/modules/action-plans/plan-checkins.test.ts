/**
 * A plan's check-in surveys (decision 0078): the next free slot, at most three, a draft Action Plan Check-In that asks
 * the plan's LOWI focus item exactly as the LOWI survey does; who may add one; and two requests at once never fill
 * one slot (parallel requests, on PGlite and on PostgreSQL with TEST_DATABASE_URL).
 */
import {
  CHECKIN_LIMIT_MESSAGE,
  LOWI_AGREE_FIELDS,
  checkinEndDay,
  endOfDayInTimeZone,
  listPresetFields,
  resolveTimeZone,
} from "@hearth/shared";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { survey, tenant } from "../../db/schema.js";
import { addMember, call, createTestApp, type Session, type TestApp } from "../../test/harness.js";
import { completeProfileAndSetPlan, lowiInput } from "../surveys/surveys.test-helpers.js";
import { PLAN, planCalls } from "./action-plans.test-helpers.js";
import { CHECKIN_MANAGERS_ONLY } from "./plan-checkins.service.js";

const MISSING = "00000000-0000-4000-8000-000000000000";

describe("check-in surveys of a plan (decision 0078)", () => {
  let testApp: TestApp;
  let api: ReturnType<typeof planCalls>;
  const addCheckin = (session: Session | null, planId: string) => api.send(session, "POST", `/api/action-plans/${planId}/checkins`);
  const readSurvey = (session: Session, surveyId: string) =>
    call(testApp.app, "GET", `/api/surveys/${surveyId}`, { cookie: session.cookie });
  const checkinSurveys = (tenantId: string) =>
    api
      .db()
      .select({ id: survey.id })
      .from(survey)
      .where(and(eq(survey.tenantId, tenantId), eq(survey.surveyPreset, "Transformation")));

  beforeAll(async () => {
    testApp = await createTestApp();
    api = planCalls(testApp);
  });
  afterAll(() => testApp.close());

  it("fills the next free slot with a draft check-in asking the plan's LOWI item, on Silver, and logs it", async () => {
    const admin = await api.company();
    await api.db().update(tenant).set({ timeZone: "Pacific/Auckland" }).where(eq(tenant.id, admin.tenantId));
    const plan = (await api.create(admin, { ...PLAN, ownerUserId: admin.userId, startDate: "2026-01-10", endDate: "2026-12-31" })).json();

    const added = await addCheckin(admin, plan.id);
    expect(added.statusCode, added.body).toBe(201);
    const detail = added.json();
    expect(detail.nextCheckinSlot).toBe(1);
    expect(detail.checkins[0]).toMatchObject({ slot: 0, surveyName: `${PLAN.title}: check-in 1`, draft: true });
    expect(detail.checkins.slice(1).map((slot: { surveyId: string | null }) => slot.surveyId)).toEqual([null, null]);

    const made = (await readSurvey(admin, detail.checkins[0].surveyId)).json();
    const trust = LOWI_AGREE_FIELDS.find((field) => field.key === "lowi_trust");
    expect(made).toMatchObject({
      surveyPreset: "Transformation",
      draft: true,
      status: "Draft",
      metaFields: { company_name: "Plan Makers Co" },
    });
    expect(made.fields).toEqual([trust, ...listPresetFields("Transformation")]);
    expect(made.endDate).toBe(endOfDayInTimeZone(checkinEndDay("2026-01-10", 0), resolveTimeZone("Pacific/Auckland")));
    expect(made.endDate).toBe(endOfDayInTimeZone("2026-02-16", "Pacific/Auckland"));

    const [entry] = await api.logged(admin.tenantId, "add_plan_checkin");
    expect(entry).toMatchObject({ userId: admin.userId, data: { planId: plan.id, slot: 0, surveyId: made.id, surveyName: made.name } });

    const second = (await addCheckin(admin, plan.id)).json();
    expect(second.checkins[1]).toMatchObject({ slot: 1, surveyName: `${PLAN.title}: check-in 2`, draft: true });
    const secondSurvey = (await readSurvey(admin, second.checkins[1].surveyId)).json();
    expect(secondSurvey.endDate).toBe(endOfDayInTimeZone("2026-03-18", "Pacific/Auckland"));
  });

  it("asks only the preset's questions when the focus is not a LOWI agree item", async () => {
    const admin = await api.company();
    const plan = (await api.create(admin, { title: "Quieter meetings", focusKey: "Fewer meetings", ownerUserId: admin.userId })).json();
    const detail = (await addCheckin(admin, plan.id)).json();
    expect((await readSurvey(admin, detail.checkins[0].surveyId)).json().fields).toEqual(listPresetFields("Transformation"));
  });

  it("refuses a fourth with 409 and exactly the limit's sentence, and makes no survey", async () => {
    const admin = await api.company();
    const plan = (await api.create(admin, { ...PLAN, ownerUserId: admin.userId })).json();
    for (let slot = 0; slot < 3; slot++) expect((await addCheckin(admin, plan.id)).statusCode).toBe(201);
    const fourth = await addCheckin(admin, plan.id);
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json().error.message).toBe(CHECKIN_LIMIT_MESSAGE);
    expect(fourth.json().error.message).toBe("A plan holds at most three check-in surveys.");
    expect(await checkinSurveys(admin.tenantId)).toHaveLength(3);
    expect(await api.logged(admin.tenantId, "add_plan_checkin")).toHaveLength(3);
    const read = (await api.read(admin, plan.id)).json();
    expect(read.nextCheckinSlot).toBeNull();
    expect(new Set(read.checkins.map((slot: { surveyId: string }) => slot.surveyId)).size).toBe(3);
  });

  it("takes none of the company's survey slots, and shows the survey's own draft flag once it is published", async () => {
    const admin = await api.company();
    await completeProfileAndSetPlan(testApp, admin.tenantId, "Silver");
    for (const name of ["One", "Two", "Three"]) {
      const made = await call(testApp.app, "POST", "/api/surveys", { cookie: admin.cookie, body: lowiInput({ name, draft: true }) });
      expect(made.statusCode, made.body).toBe(201);
    }
    const full = await call(testApp.app, "POST", "/api/surveys", { cookie: admin.cookie, body: lowiInput({ name: "Four", draft: true }) });
    expect(full.json().error.code).toBe("SURVEY_SLOTS_FULL");

    const plan = (await api.create(admin, { ...PLAN, ownerUserId: admin.userId })).json();
    const first = (await addCheckin(admin, plan.id)).json();
    const second = (await addCheckin(admin, plan.id)).json();
    expect(second.checkins.map((slot: { draft: boolean }) => slot.draft)).toEqual([true, true, false]);

    // Both check-ins published: two Action Plan Check-Ins may be open at once.
    for (const surveyId of [first.checkins[0].surveyId, second.checkins[1].surveyId]) {
      const stored = (await readSurvey(admin, surveyId)).json();
      const body = { ...stored, draft: false };
      const published = await call(testApp.app, "PUT", `/api/surveys/${surveyId}`, { cookie: admin.cookie, body });
      expect(published.statusCode, published.body).toBe(200);
    }
    const read = (await api.read(admin, plan.id)).json();
    expect(read.checkins.map((slot: { draft: boolean }) => slot.draft)).toEqual([false, false, false]);
  });

  it("lets Admins and Managers add one; the plan's Staff owner and others get 403 or 404", async () => {
    const admin = await api.company();
    const manager = await addMember(testApp, admin.tenantId, "Manager");
    const owner = await addMember(testApp, admin.tenantId, "Staff");
    const actionOwner = await addMember(testApp, admin.tenantId, "Staff");
    const stranger = await addMember(testApp, admin.tenantId, "Staff");
    const plan = (await api.create(admin, { ...PLAN, ownerUserId: owner.userId })).json();
    await api.addAction(admin, plan.id, { title: "Town hall", ownerUserId: actionOwner.userId });

    expect((await addCheckin(admin, plan.id)).statusCode).toBe(201);
    expect((await addCheckin(manager, plan.id)).statusCode).toBe(201);
    // A check-in is a survey: the plan's Staff owner, who may not edit or publish surveys, does not make one.
    for (const staff of [owner, actionOwner]) {
      const refused = await addCheckin(staff, plan.id);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.message).toBe(CHECKIN_MANAGERS_ONLY);
    }
    expect((await addCheckin(stranger, plan.id)).statusCode).toBe(404);
    expect((await addCheckin(null, plan.id)).statusCode).toBe(401);
    expect((await api.read(owner, plan.id)).json().can).toMatchObject({ edit: true, addCheckin: false });
    expect((await api.read(manager, plan.id)).json().can).toMatchObject({ addCheckin: true });
    expect(await checkinSurveys(admin.tenantId)).toHaveLength(2);
  });

  it("answers 404 for another company's plan or none, 400 for a bad id, 403 without Transformation Plans, 409 when archived", async () => {
    const admin = await api.company();
    const other = await api.company("Silver", "Other Co");
    const plan = (await api.create(admin, { ...PLAN, ownerUserId: admin.userId })).json();
    expect((await addCheckin(other, plan.id)).statusCode).toBe(404);
    expect((await addCheckin(admin, MISSING)).statusCode).toBe(404);
    const bad = await addCheckin(admin, "not-a-plan");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe("VALIDATION_FAILED");

    const bronze = await api.company("Bronze", "Small Co");
    const gated = await addCheckin(bronze, plan.id);
    expect(gated.statusCode).toBe(403);
    expect(gated.json().error.code).toBe("PLAN_UPGRADE_REQUIRED");

    expect((await api.archive(admin, plan.id)).statusCode).toBe(200);
    const archived = await addCheckin(admin, plan.id);
    expect(archived.statusCode).toBe(409);
    expect(await checkinSurveys(admin.tenantId)).toHaveLength(0);
    expect(await checkinSurveys(other.tenantId)).toHaveLength(0);
  });

  it("never fills one slot twice when requests arrive at once", async () => {
    const admin = await api.company();
    for (let round = 0; round < 3; round++) {
      const plan = (await api.create(admin, { ...PLAN, title: `Race ${round}`, ownerUserId: admin.userId })).json();
      const answers = await Promise.all([0, 1, 2, 3, 4].map(() => addCheckin(admin, plan.id)));
      const codes = answers.map((answer) => answer.statusCode).sort();
      expect(codes, `round ${round}`).toEqual([201, 201, 201, 409, 409]);
      for (const answer of answers.filter((each) => each.statusCode === 409)) {
        expect(answer.json().error.message).toBe(CHECKIN_LIMIT_MESSAGE);
      }
      const read = (await api.read(admin, plan.id)).json();
      const names = read.checkins.map((slot: { surveyName: string }) => slot.surveyName);
      expect(names).toEqual([1, 2, 3].map((n) => `Race ${round}: check-in ${n}`));
    }
    expect(await checkinSurveys(admin.tenantId)).toHaveLength(9);
  });
});
