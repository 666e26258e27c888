import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tenant } from "../../db/schema.js";
import { addMember, call, createTestApp, type TestApp } from "../../test/harness.js";
import { putTenantOnPlan } from "../billing/billing.test-helpers.js";
import { completeProfileAndSetPlan, lowiInput } from "../surveys/surveys.test-helpers.js";
import { PLAN, planCalls } from "./action-plans.test-helpers.js";

const MISSING = "00000000-0000-4000-8000-000000000000";

describe("action plans (decision 0078)", () => {
  let testApp: TestApp;
  let api: ReturnType<typeof planCalls>;

  beforeAll(async () => {
    testApp = await createTestApp();
    api = planCalls(testApp);
  });
  afterAll(() => testApp.close());

  it("creates a plan with its defaults, lists it, reads it with three free check-in slots and logs it", async () => {
    const admin = await api.company();
    const manager = await addMember(testApp, admin.tenantId, "Manager");
    const created = await api.create(admin, {
      ...PLAN,
      ownerUserId: manager.userId,
      startDate: "2026-01-10",
      target: "Trust at 4.0 or more",
    });
    expect(created.statusCode).toBe(201);
    const plan = created.json();
    expect(plan).toMatchObject({
      title: PLAN.title,
      focusKey: "lowi_trust",
      focusLabel: "Trust",
      ownerUserId: manager.userId,
      ownerName: "Manager Member",
      scope: null,
      status: "active",
      source: "custom",
      startDate: "2026-01-10",
      endDate: "2026-04-10",
      target: "Trust at 4.0 or more",
      actionsDone: 0,
      actionsTotal: 0,
      overdueActions: 0,
      nextCheckinSlot: 0,
      createdByName: "Olive Owner",
      actions: [],
      can: { edit: true, changeOwner: true, archive: true, manageActions: true, addCheckin: true },
    });
    const free = {
      surveyId: null,
      surveyName: null,
      draft: false,
      sendAt: null,
      invitedAt: null,
      invitedCount: null,
      inviteError: null,
      askComparison: false,
    };
    // Day 30, 60 and 90 of a plan that started in January have passed: each would be sent today, and none is next.
    expect(plan.checkins).toEqual([0, 1, 2].map((slot) => ({ slot, ...free, suggestedSendDay: plan.today, endsAt: null, closed: false })));
    expect(plan.nextCheckin).toBeNull();

    const listed = (await api.list(admin)).json();
    expect(listed).toMatchObject({ canCreate: true, plans: [{ id: plan.id, title: PLAN.title, ownerName: "Manager Member" }] });
    expect((await api.read(admin, plan.id)).json()).toEqual(plan);
    const [entry] = await api.logged(admin.tenantId, "create_action_plan");
    expect(entry).toMatchObject({ userId: admin.userId, data: { planId: plan.id, title: PLAN.title, focus: "Trust" } });
  });

  it("starts today in the company's zone and ends 90 days later when no days are sent; a suggested plan keeps its focus", async () => {
    const admin = await api.company();
    await testApp.ctx.database.db.update(tenant).set({ timeZone: "Pacific/Auckland" }).where(eq(tenant.id, admin.tenantId));
    const created = (
      await api.create(admin, { title: "Love the manager", focusKey: "lowi_love_manager", ownerUserId: admin.userId, source: "suggested" })
    ).json();
    const today = (await api.list(admin)).json().today;
    expect(created).toMatchObject({ startDate: today, focusLabel: "Love of Manager", source: "suggested" });
    const days = (Date.parse(created.endDate) - Date.parse(created.startDate)) / 86_400_000;
    expect(days).toBe(90);
    const custom = (await api.create(admin, { title: "Quieter meetings", focusKey: "Fewer meetings", ownerUserId: admin.userId })).json();
    expect(custom).toMatchObject({ focusKey: "Fewer meetings", focusLabel: "Fewer meetings" });
  });

  it("changes only what a PATCH sends, logs the fields that changed, and logs nothing when nothing differs", async () => {
    const admin = await api.company();
    const staff = await addMember(testApp, admin.tenantId, "Staff");
    const plan = (await api.create(admin, { ...PLAN, ownerUserId: admin.userId, startDate: "2026-03-01", endDate: "2026-05-31" })).json();

    const changed = await api.patch(admin, plan.id, { target: "Everyone knows the plan", ownerUserId: staff.userId });
    expect(changed.statusCode).toBe(200);
    const { updatedAt: _before, ownerUserId: _o, ownerName: _n, target: _t, can: _c, ...rest } = plan;
    const after = changed.json();
    expect(after).toMatchObject({ ...rest, updatedAt: expect.any(String), target: "Everyone knows the plan", ownerUserId: staff.userId });
    expect(after.ownerName).toBe("Staff Member");
    const [logged] = await api.logged(admin.tenantId, "update_action_plan");
    expect(logged.data).toMatchObject({ planId: plan.id, changes: ["ownerUserId", "target"] });

    expect((await api.patch(admin, plan.id, { target: "Everyone knows the plan" })).statusCode).toBe(200);
    expect(await api.logged(admin.tenantId, "update_action_plan")).toHaveLength(1);

    const moved = (await api.patch(admin, plan.id, { endDate: "2026-06-30", status: "completed" })).json();
    expect(moved).toMatchObject({ startDate: "2026-03-01", endDate: "2026-06-30", status: "completed", title: PLAN.title });
  });

  it("answers bad input field by field and changes nothing", async () => {
    const admin = await api.company();
    const other = await api.company("Silver", "Elsewhere Co");
    const bad = await api.create(admin, {
      title: "",
      focusKey: "f".repeat(121),
      ownerUserId: admin.userId,
      startDate: "2026-02-30",
      endDate: "tomorrow",
      scopeCohortKey: "department",
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe("VALIDATION_FAILED");
    expect(Object.keys(bad.json().error.fields).sort()).toEqual(["endDate", "focusKey", "scopeCohortValue", "startDate", "title"]);
    const backwards = await api.create(admin, { ...PLAN, ownerUserId: admin.userId, startDate: "2026-05-01", endDate: "2026-04-30" });
    expect(backwards.json().error.fields).toEqual({ endDate: "The end date must be on or after the start date." });
    const foreignOwner = await api.create(admin, { ...PLAN, ownerUserId: other.userId });
    expect(foreignOwner.statusCode).toBe(400);
    expect(foreignOwner.json().error.fields).toEqual({ ownerUserId: "Choose a member of your company." });
    await completeProfileAndSetPlan(testApp, other.tenantId, "Silver");
    const foreignSurvey = (await call(testApp.app, "POST", "/api/surveys", { cookie: other.cookie, body: lowiInput() })).json().id;
    const badBaseline = await api.create(admin, { ...PLAN, ownerUserId: admin.userId, baselineSurveyId: foreignSurvey });
    expect(Object.keys(badBaseline.json().error.fields)).toEqual(["baselineSurveyId"]);
    expect(await api.storedPlans(admin.tenantId)).toBe(0);

    const plan = (await api.create(admin, { ...PLAN, ownerUserId: admin.userId, startDate: "2026-03-01", endDate: "2026-04-01" })).json();
    const tooEarly = await api.patch(admin, plan.id, { endDate: "2026-02-01" });
    expect(tooEarly.json().error.fields).toEqual({ endDate: "The end date must be on or after the start date." });
    const tooLate = await api.patch(admin, plan.id, { startDate: "2026-05-01" });
    expect(tooLate.json().error.fields).toEqual({ startDate: "The start date must be on or before the end date." });
    const empty = await api.patch(admin, plan.id, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields).toEqual({ _: "Send at least one field to change." });
    const several = await api.patch(admin, plan.id, { title: " ", status: "paused", target: "t".repeat(501), ownerUserId: other.userId });
    expect(Object.keys(several.json().error.fields).sort()).toEqual(["status", "target", "title"]);
    expect((await api.patch(admin, plan.id, { ownerUserId: other.userId })).json().error.fields).toEqual({
      ownerUserId: "Choose a member of your company.",
    });
    expect((await api.read(admin, plan.id)).json()).toEqual(plan);
    expect(await api.logged(admin.tenantId, "update_action_plan")).toHaveLength(0);
    expect((await api.read(admin, "not-a-uuid")).statusCode).toBe(400);
  });

  it("archives on DELETE: listed only among the archived, still readable, made active again by PATCH", async () => {
    const admin = await api.company();
    const plan = (await api.create(admin, { ...PLAN, ownerUserId: admin.userId })).json();
    const archived = await api.archive(admin, plan.id);
    expect(archived.statusCode).toBe(200);
    expect(archived.json()).toMatchObject({ status: "archived", can: { edit: true, manageActions: false } });
    expect((await api.archive(admin, plan.id)).statusCode).toBe(200);
    expect(await api.logged(admin.tenantId, "archive_action_plan")).toHaveLength(1);
    expect((await api.list(admin)).json().plans).toEqual([]);
    expect((await api.list(admin, "?archived=true")).json().plans).toMatchObject([{ id: plan.id, status: "archived" }]);
    expect((await api.read(admin, plan.id)).json().status).toBe("archived");
    expect((await api.patch(admin, plan.id, { status: "active" })).json().status).toBe("active");
    expect((await api.list(admin)).json().plans).toHaveLength(1);
    expect((await api.list(admin, "?archived=maybe")).statusCode).toBe(400);
  });

  it("leaves an archived plan to Admins and Managers: its Staff owner neither revives nor edits it", async () => {
    const admin = await api.company();
    const owner = await addMember(testApp, admin.tenantId, "Staff");
    const plan = (await api.create(admin, { ...PLAN, ownerUserId: owner.userId })).json();
    expect((await api.patch(owner, plan.id, { title: "Owner's words" })).statusCode).toBe(200);
    expect((await api.archive(admin, plan.id)).statusCode).toBe(200);
    for (const change of [{ status: "active" }, { title: "Back again" }]) {
      const refused = await api.patch(owner, plan.id, change);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.message).toBe("Only Admins and Managers can change an archived plan or make it active again.");
    }
    const read = (await api.read(owner, plan.id)).json();
    expect(read).toMatchObject({ status: "archived", title: "Owner's words", can: { archive: false, addCheckin: false } });
    expect((await api.patch(admin, plan.id, { status: "active" })).json().status).toBe("active");
  });

  it("keeps every company's plans its own: 404 on every route for another company, and nothing listed", async () => {
    const admin = await api.company("Silver", "Owner Co");
    const other = await api.company("Gold", "Other Co");
    const plan = (await api.create(admin, { ...PLAN, ownerUserId: admin.userId })).json();
    const action = (await api.addAction(admin, plan.id, { title: "Monthly open forum" })).json();
    expect((await api.list(other)).json().plans).toEqual([]);
    const answers = [
      await api.read(other, plan.id),
      await api.patch(other, plan.id, { title: "Taken over" }),
      await api.archive(other, plan.id),
      await api.addAction(other, plan.id, { title: "Sneaky" }),
      await api.patchAction(other, plan.id, action.id, { status: "done" }),
      await api.deleteAction(other, plan.id, action.id),
      await api.reorder(other, plan.id, [action.id]),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual([404, 404, 404, 404, 404, 404, 404]);
    expect(answers[0].json().error.message).toBe("This action plan does not exist, or it is not shared with you.");
    const after = (await api.read(admin, plan.id)).json();
    expect(after).toMatchObject({ title: PLAN.title, status: "active", actions: [{ id: action.id, status: "not_started" }] });
    expect((await api.read(admin, MISSING)).statusCode).toBe(404);
  });

  it("refuses every route below Silver with PLAN_UPGRADE_REQUIRED naming Transformation Plans", async () => {
    const silver = await api.company("Silver");
    const plan = (await api.create(silver, { ...PLAN, ownerUserId: silver.userId })).json();
    const action = (await api.addAction(silver, plan.id, { title: "Kick-off" })).json();
    for (const level of ["Free", "Bronze"]) {
      const owner = await api.company(level);
      const answers = [
        await api.list(owner),
        await api.create(owner, { ...PLAN, ownerUserId: owner.userId }),
        await api.read(owner, plan.id),
        await api.patch(owner, plan.id, { title: "x" }),
        await api.archive(owner, plan.id),
        await api.addAction(owner, plan.id, { title: "x" }),
        await api.patchAction(owner, plan.id, action.id, { status: "done" }),
        await api.deleteAction(owner, plan.id, action.id),
        await api.reorder(owner, plan.id, [action.id]),
      ];
      for (const answer of answers) {
        expect(answer.statusCode, level).toBe(403);
        expect(answer.json().error).toMatchObject({ code: "PLAN_UPGRADE_REQUIRED", fields: { feature: "TransformationPlans" } });
      }
      expect(await api.storedPlans(owner.tenantId)).toBe(0);
    }
    // the company moved down to Bronze keeps its plan but may not use it
    await putTenantOnPlan(api.db(), silver.tenantId, "Bronze");
    expect((await api.read(silver, plan.id)).statusCode).toBe(403);
    await putTenantOnPlan(api.db(), silver.tenantId, "Silver");
    expect((await api.read(silver, plan.id)).json().actionsTotal).toBe(1);
  });

  it("needs Department Insights as well for a plan scoped to one cohort", async () => {
    const granted = await api.company("Bronze", "Granted Co");
    await api
      .db()
      .update(tenant)
      .set({ features: ["TransformationPlans"] })
      .where(eq(tenant.id, granted.tenantId));
    const whole = await api.create(granted, { ...PLAN, ownerUserId: granted.userId });
    expect(whole.statusCode).toBe(201);
    const scoped = { ...PLAN, ownerUserId: granted.userId, scopeCohortKey: "department", scopeCohortValue: "Sales" };
    const refused = await api.create(granted, scoped);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({ code: "PLAN_UPGRADE_REQUIRED", fields: { feature: "DepartmentInsights" } });
    const narrowed = await api.patch(granted, whole.json().id, { scopeCohortKey: "department", scopeCohortValue: "Sales" });
    expect(narrowed.json().error.fields).toEqual({ feature: "DepartmentInsights" });
    expect(await api.storedPlans(granted.tenantId)).toBe(1);

    const silver = await api.company("Silver");
    const made = await api.create(silver, { ...scoped, ownerUserId: silver.userId });
    expect(made.statusCode).toBe(201);
    expect(made.json().scope).toEqual({ key: "department", value: "Sales", label: "Department" });
    const cleared = await api.patch(silver, made.json().id, { scopeCohortKey: null, scopeCohortValue: null });
    expect(cleared.json().scope).toBeNull();
    expect((await api.patch(silver, made.json().id, { scopeCohortKey: "team" })).json().error.fields).toEqual({
      scopeCohortValue: "Send the cohort's key and value together.",
    });
  });

  it("answers 401 on every route when signed out", async () => {
    const answers = [
      await api.list(null),
      await api.create(null, PLAN),
      await api.read(null, MISSING),
      await api.patch(null, MISSING, { title: "x" }),
      await api.archive(null, MISSING),
      await api.addAction(null, MISSING, { title: "x" }),
      await api.patchAction(null, MISSING, MISSING, { status: "done" }),
      await api.deleteAction(null, MISSING, MISSING),
      await api.reorder(null, MISSING, []),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(9).fill(401));
  });
});
