import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addMember, createTestApp, type TestApp } from "../../test/harness.js";
import { PLAN, planCalls } from "./action-plans.test-helpers.js";

describe("the actions of an action plan, and who may do what (decision 0078)", () => {
  let testApp: TestApp;
  let api: ReturnType<typeof planCalls>;

  beforeAll(async () => {
    testApp = await createTestApp();
    api = planCalls(testApp);
  });
  afterAll(() => testApp.close());

  it("adds actions in order, counts progress and overdue actions, and logs each change", async () => {
    const admin = await api.company();
    const staff = await addMember(testApp, admin.tenantId, "Staff");
    const plan = (await api.create(admin, { ...PLAN, ownerUserId: admin.userId })).json();
    const first = await api.addAction(admin, plan.id, {
      title: "Hold a listening session",
      ownerUserId: staff.userId,
      dueDate: "2020-01-15",
    });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      title: "Hold a listening session",
      ownerUserId: staff.userId,
      ownerName: "Staff Member",
      dueDate: "2020-01-15",
      status: "not_started",
      notes: "",
      position: 0,
      doneAt: null,
      overdue: true,
      canEdit: true,
      canUpdateStatus: true,
    });
    const second = (
      await api.addAction(admin, plan.id, { title: "Share what we heard", dueDate: "2999-01-01", notes: "In the all-hands." })
    ).json();
    expect(second).toMatchObject({ position: 1, ownerUserId: null, overdue: false, notes: "In the all-hands." });

    const done = await api.patchAction(admin, plan.id, first.json().id, { status: "done" });
    expect(done.json()).toMatchObject({ status: "done", overdue: false, doneAt: expect.any(String), title: "Hold a listening session" });
    const listed = (await api.list(admin)).json().plans[0];
    expect(listed).toMatchObject({ actionsDone: 1, actionsTotal: 2, overdueActions: 0, nextDueDate: "2999-01-01" });
    const reopened = (await api.patchAction(admin, plan.id, first.json().id, { status: "in_progress" })).json();
    expect(reopened).toMatchObject({ status: "in_progress", doneAt: null, overdue: true });
    expect((await api.list(admin)).json().plans[0]).toMatchObject({ actionsDone: 0, overdueActions: 1, nextDueDate: "2020-01-15" });

    expect((await api.logged(admin.tenantId, "create_plan_action")).map((entry) => entry.data.actionTitle)).toEqual([
      "Hold a listening session",
      "Share what we heard",
    ]);
    const updates = await api.logged(admin.tenantId, "update_plan_action");
    expect(updates.map((entry) => entry.data.status)).toEqual(["done", "in_progress"]);
  });

  it("changes only what an action PATCH sends and refuses bad input field by field", async () => {
    const admin = await api.company();
    const other = await api.company("Silver", "Another Co");
    const plan = (await api.create(admin, { ...PLAN, ownerUserId: admin.userId })).json();
    const action = (
      await api.addAction(admin, plan.id, { title: "Train the managers", dueDate: "2026-09-01", notes: "Two sessions." })
    ).json();
    const noted = (await api.patchAction(admin, plan.id, action.id, { notes: "Three sessions." })).json();
    expect(noted).toMatchObject({ title: "Train the managers", dueDate: "2026-09-01", status: "not_started", notes: "Three sessions." });

    const bad = await api.patchAction(admin, plan.id, action.id, {
      title: "",
      dueDate: "2026-13-01",
      status: "finished",
      notes: "n".repeat(2001),
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields).sort()).toEqual(["dueDate", "notes", "status", "title"]);
    expect((await api.patchAction(admin, plan.id, action.id, {})).json().error.fields).toEqual({ _: "Send at least one field to change." });
    const foreign = await api.patchAction(admin, plan.id, action.id, { ownerUserId: other.userId });
    expect(foreign.json().error.fields).toEqual({ ownerUserId: "Choose a member of your company." });
    const badNew = await api.addAction(admin, plan.id, { title: "t".repeat(121), ownerUserId: other.userId });
    expect(Object.keys(badNew.json().error.fields)).toEqual(["title"]);
    expect((await api.addAction(admin, plan.id, { title: "Fine", ownerUserId: other.userId })).json().error.fields).toEqual({
      ownerUserId: "Choose a member of your company.",
    });
    expect(await api.storedActions(admin.tenantId)).toBe(1);
    expect((await api.read(admin, plan.id)).json().actions).toEqual([noted]);
    expect((await api.patchAction(admin, plan.id, "00000000-0000-4000-8000-000000000000", { status: "done" })).statusCode).toBe(404);
  });

  it("reorders only with every action of the plan exactly once, and keeps the order whole after a removal", async () => {
    const admin = await api.company();
    const plan = (await api.create(admin, { ...PLAN, ownerUserId: admin.userId })).json();
    const ids: string[] = [];
    for (const title of ["One", "Two", "Three"]) ids.push((await api.addAction(admin, plan.id, { title })).json().id);
    const titles = async () => (await api.read(admin, plan.id)).json().actions.map((action: { title: string }) => action.title);

    for (const wrong of [[ids[0], ids[1]], [ids[0], ids[0], ids[1]], [...ids, "00000000-0000-4000-8000-000000000000"], "one,two"]) {
      const refused = await api.reorder(admin, plan.id, wrong);
      expect(refused.statusCode).toBe(400);
      expect(Object.keys(refused.json().error.fields)[0]).toMatch(/^actionIds/);
    }
    expect(await titles()).toEqual(["One", "Two", "Three"]);
    const reordered = await api.reorder(admin, plan.id, [ids[2], ids[0], ids[1]]);
    expect(reordered.statusCode).toBe(200);
    expect(reordered.json().actions.map((action: { title: string; position: number }) => [action.title, action.position])).toEqual([
      ["Three", 0],
      ["One", 1],
      ["Two", 2],
    ]);
    expect(await api.logged(admin.tenantId, "reorder_plan_actions")).toHaveLength(1);

    const removed = await api.deleteAction(admin, plan.id, ids[0]);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().actions.map((action: { title: string; position: number }) => [action.title, action.position])).toEqual([
      ["Three", 0],
      ["Two", 1],
    ]);
    expect((await api.logged(admin.tenantId, "delete_plan_action"))[0].data).toMatchObject({ actionTitle: "One" });
    expect((await api.deleteAction(admin, plan.id, ids[0])).statusCode).toBe(404);
  });

  it("lets Staff see only plans they own or hold an action of, and an action's owner change only its status and notes", async () => {
    const admin = await api.company();
    const actor = await addMember(testApp, admin.tenantId, "Staff");
    const bystander = await addMember(testApp, admin.tenantId, "Staff");
    const plan = (await api.create(admin, { ...PLAN, ownerUserId: admin.userId })).json();
    const hidden = (await api.create(admin, { title: "Hidden plan", focusKey: "Respect", ownerUserId: admin.userId })).json();
    const mine = (await api.addAction(admin, plan.id, { title: "Run the survey debrief", ownerUserId: actor.userId })).json();
    const theirs = (await api.addAction(admin, plan.id, { title: "Book the room" })).json();

    const list = (await api.list(actor)).json();
    expect(list).toMatchObject({ canCreate: false });
    expect(list.plans.map((entry: { id: string }) => entry.id)).toEqual([plan.id]);
    expect((await api.list(bystander)).json().plans).toEqual([]);
    expect((await api.read(bystander, plan.id)).statusCode).toBe(404);
    expect((await api.read(actor, hidden.id)).statusCode).toBe(404);
    expect((await api.patch(actor, hidden.id, { title: "Mine now" })).statusCode).toBe(404);

    const seen = (await api.read(actor, plan.id)).json();
    expect(seen.can).toEqual({ edit: false, changeOwner: false, archive: false, manageActions: false, addCheckin: false });
    expect(seen.actions.map((action: { canEdit: boolean; canUpdateStatus: boolean }) => [action.canEdit, action.canUpdateStatus])).toEqual([
      [false, true],
      [false, false],
    ]);
    const updated = await api.patchAction(actor, plan.id, mine.id, { status: "in_progress", notes: "Booked for Friday." });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ status: "in_progress", notes: "Booked for Friday.", title: mine.title });

    const refusals = [
      await api.patchAction(actor, plan.id, mine.id, { title: "Renamed", status: "done" }),
      await api.patchAction(actor, plan.id, mine.id, { dueDate: "2026-12-24" }),
      await api.patchAction(actor, plan.id, theirs.id, { status: "done" }),
      await api.deleteAction(actor, plan.id, mine.id),
      await api.addAction(actor, plan.id, { title: "Extra" }),
      await api.reorder(actor, plan.id, [theirs.id, mine.id]),
      await api.patch(actor, plan.id, { title: "Renamed plan" }),
      await api.archive(actor, plan.id),
      await api.create(actor, { ...PLAN, ownerUserId: actor.userId }),
    ];
    expect(refusals.map((answer) => answer.statusCode)).toEqual(Array(9).fill(403));
    expect(refusals[0].json().error.message).toBe("You can change only the status and notes of an action you own.");
    const after = (await api.read(admin, plan.id)).json();
    expect(after.title).toBe(PLAN.title);
    expect(after.actions.map((action: { title: string; status: string }) => [action.title, action.status])).toEqual([
      ["Run the survey debrief", "in_progress"],
      ["Book the room", "not_started"],
    ]);
    expect(await api.storedPlans(admin.tenantId)).toBe(2);
  });

  it("lets a plan's owner edit it and its actions, but only Admins and Managers hand it on or archive it", async () => {
    const admin = await api.company();
    const owner = await addMember(testApp, admin.tenantId, "Staff");
    const manager = await addMember(testApp, admin.tenantId, "Manager");
    const plan = (await api.create(manager, { ...PLAN, ownerUserId: owner.userId })).json();
    expect(plan.createdByName).toBe("Manager Member");
    expect((await api.read(owner, plan.id)).json().can).toEqual({
      edit: true,
      changeOwner: false,
      archive: false,
      manageActions: true,
      addCheckin: false,
    });
    expect((await api.patch(owner, plan.id, { title: "Trust, rebuilt", endDate: "2999-01-01" })).json().title).toBe("Trust, rebuilt");
    const added = await api.addAction(owner, plan.id, { title: "Owner's own action", ownerUserId: owner.userId });
    expect(added.statusCode).toBe(201);
    expect((await api.patchAction(owner, plan.id, added.json().id, { title: "Owner's first action" })).statusCode).toBe(200);
    expect((await api.patch(owner, plan.id, { ownerUserId: admin.userId })).json().error.message).toBe(
      "Only Admins and Managers can give a plan to someone else.",
    );
    expect((await api.patch(owner, plan.id, { status: "archived" })).statusCode).toBe(403);
    expect((await api.archive(owner, plan.id)).statusCode).toBe(403);
    expect((await api.read(admin, plan.id)).json()).toMatchObject({ ownerUserId: owner.userId, status: "active" });

    // Managers do everything with any plan
    expect((await api.patch(manager, plan.id, { ownerUserId: admin.userId })).json().ownerUserId).toBe(admin.userId);
    expect((await api.deleteAction(manager, plan.id, added.json().id)).statusCode).toBe(200);
    expect((await api.archive(manager, plan.id)).json().status).toBe("archived");
    // the former owner, holding no action, no longer sees it
    expect((await api.read(owner, plan.id)).statusCode).toBe(404);
  });

  it("keeps an archived plan's actions as they are until it is active again", async () => {
    const admin = await api.company();
    const plan = (await api.create(admin, { ...PLAN, ownerUserId: admin.userId })).json();
    const action = (await api.addAction(admin, plan.id, { title: "Keep me" })).json();
    await api.archive(admin, plan.id);
    const refused = [
      await api.addAction(admin, plan.id, { title: "Too late" }),
      await api.patchAction(admin, plan.id, action.id, { status: "done" }),
      await api.deleteAction(admin, plan.id, action.id),
      await api.reorder(admin, plan.id, [action.id]),
    ];
    expect(refused.map((answer) => answer.statusCode)).toEqual([409, 409, 409, 409]);
    expect(refused[0].json().error.message).toBe("This plan is archived, so its actions cannot change. Make the plan active again first.");
    await api.patch(admin, plan.id, { status: "active" });
    expect((await api.patchAction(admin, plan.id, action.id, { status: "done" })).json().status).toBe("done");
  });
});
