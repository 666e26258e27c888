import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addMember, createTestApp, type TestApp } from "../../test/harness.js";
import { ACTION_PLANS_CSV_HEADER } from "./action-plans-export.service.js";
import { PLAN, planCalls } from "./action-plans.test-helpers.js";

describe("the action plans CSV export (decision 0078)", () => {
  let testApp: TestApp;
  let api: ReturnType<typeof planCalls>;
  const download = (session: Parameters<typeof api.send>[0]) => api.send(session, "GET", "/api/action-plans/export.csv");
  const rowsOf = (text: string) => Papa.parse<string[]>(text.replace(/^\uFEFF/, "").trimEnd(), { newline: "\r\n" }).data;

  beforeAll(async () => {
    testApp = await createTestApp();
    api = planCalls(testApp);
  });
  afterAll(() => testApp.close());

  it("writes one row per action, one row for a plan without actions, the labels, and guards formulas", async () => {
    const admin = await api.company();
    const staff = await addMember(testApp, admin.tenantId, "Staff");
    const trust = (
      await api.create(admin, { ...PLAN, ownerUserId: admin.userId, startDate: "2026-01-10", endDate: "2026-03-01", source: "suggested" })
    ).json();
    await api.addAction(admin, trust.id, { title: '=HYPERLINK("x")', ownerUserId: staff.userId, dueDate: "2026-02-01" });
    const second = (await api.addAction(admin, trust.id, { title: "Share what we heard" })).json();
    await api.patchAction(admin, trust.id, second.id, { status: "done" });
    await api.create(admin, { title: "Quieter meetings", focusKey: "Fewer meetings", ownerUserId: staff.userId, endDate: "2026-12-31" });

    const answer = await download(admin);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(answer.headers["content-disposition"]).toMatch(/^attachment; filename="action-plans-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(answer.body.startsWith("\uFEFF")).toBe(true);
    expect(rowsOf(answer.body)).toEqual([
      [...ACTION_PLANS_CSV_HEADER],
      [
        PLAN.title,
        "Trust",
        "Olive Owner",
        "Whole company",
        "Active",
        '\'=HYPERLINK("x")',
        "Staff Member",
        "Not started",
        "2026-02-01",
        "Suggested",
      ],
      [PLAN.title, "Trust", "Olive Owner", "Whole company", "Active", "Share what we heard", "", "Done", "", "Suggested"],
      ["Quieter meetings", "Fewer meetings", "Staff Member", "Whole company", "Active", "", "", "", "", "Custom"],
    ]);
    expect(ACTION_PLANS_CSV_HEADER).toEqual([
      "Plan",
      "Focus",
      "Owner",
      "Scope",
      "Status",
      "Action",
      "Action owner",
      "Action status",
      "Due",
      "Source",
    ]);
  });

  it("holds only the company's plans, archived ones too for Managers, and only theirs for Staff", async () => {
    const admin = await api.company();
    const other = await api.company("Silver", "Elsewhere Co");
    await api.create(other, { title: "Not yours", focusKey: "lowi_trust", ownerUserId: other.userId });
    const manager = await addMember(testApp, admin.tenantId, "Manager");
    const staff = await addMember(testApp, admin.tenantId, "Staff");
    const owned = (await api.create(admin, { title: "Owned by staff", focusKey: "lowi_trust", ownerUserId: staff.userId })).json();
    const holding = (await api.create(admin, { title: "Staff holds an action", focusKey: "lowi_trust", ownerUserId: admin.userId })).json();
    await api.addAction(admin, holding.id, { title: "Staff's action", ownerUserId: staff.userId });
    await api.addAction(admin, holding.id, { title: "Someone else's action", ownerUserId: admin.userId });
    await api.create(admin, { title: "Hidden from staff", focusKey: "lowi_trust", ownerUserId: admin.userId });
    const archived = (await api.create(admin, { title: "Put away", focusKey: "lowi_trust", ownerUserId: admin.userId })).json();
    await api.archive(admin, archived.id);

    const plansIn = (text: string) =>
      [
        ...new Set(
          rowsOf(text)
            .slice(1)
            .map((row) => row[0]),
        ),
      ].sort();
    expect(plansIn((await download(manager)).body)).toEqual(["Hidden from staff", "Owned by staff", "Put away", "Staff holds an action"]);
    const staffRows = rowsOf((await download(staff)).body).slice(1);
    expect([...new Set(staffRows.map((row) => row[0]))].sort()).toEqual([owned.title, holding.title].sort());
    // The list's rule: a plan Staff may see is shown whole, with every action.
    expect(staffRows.filter((row) => row[0] === holding.title).map((row) => row[5])).toEqual(["Staff's action", "Someone else's action"]);
    expect(plansIn((await download(other)).body)).toEqual(["Not yours"]);
  });

  it("answers 403 below Silver and 401 signed out", async () => {
    const bronze = await api.company("Bronze", "Small Co");
    const refused = await download(bronze);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({ code: "PLAN_UPGRADE_REQUIRED", fields: { feature: "TransformationPlans" } });
    expect((await download(null)).statusCode).toBe(401);
  });
});
