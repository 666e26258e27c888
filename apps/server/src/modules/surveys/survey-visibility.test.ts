/** Staff see only the Transformation (Action Plan Check-In) surveys they authored (spec surveys §6). */
import { randomUUID } from "node:crypto";
import { listPresetFields } from "@hearth/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { survey } from "../../db/schema.js";
import { addMember, call, createTestApp, registerCompany, type Session, type TestApp } from "../../test/harness.js";

describe("Transformation surveys are their authors'", () => {
  let testApp: TestApp;
  let owner: Session;
  let staff: Session;
  let manager: Session;
  let adminPlan = "";
  let staffPlan = "";

  const insertTransformation = async (authorUserId: string, name: string) => {
    const id = `transformation-${randomUUID()}`;
    await testApp.ctx.database.db.insert(survey).values({
      id,
      tenantId: owner.tenantId,
      authorUserId,
      ownerUserId: authorUserId,
      name,
      surveyPreset: "Transformation",
      isLowi: false,
      draft: false,
      endDate: new Date(Date.now() + 10 * 86_400_000),
      fields: listPresetFields("Transformation"),
      visibilityThreshold: 3,
    });
    return id;
  };
  const listed = async (session: Session) =>
    ((await call(testApp.app, "GET", "/api/surveys", { cookie: session.cookie })).json() as { id: string }[]).map((row) => row.id);

  beforeAll(async () => {
    testApp = await createTestApp();
    owner = await registerCompany(testApp.app, { companyName: "Plans Hearth" });
    staff = await addMember(testApp, owner.tenantId, "Staff");
    manager = await addMember(testApp, owner.tenantId, "Manager");
    adminPlan = await insertTransformation(owner.userId, "Admin's check-in");
    staffPlan = await insertTransformation(staff.userId, "Staff's check-in");
  });
  afterAll(() => testApp.close());

  it("lists, opens and reports another person's Transformation survey to everyone but Staff", async () => {
    expect(await listed(owner)).toEqual(expect.arrayContaining([adminPlan, staffPlan]));
    expect(await listed(manager)).toEqual(expect.arrayContaining([adminPlan, staffPlan]));
    const mine = await listed(staff);
    expect(mine).toContain(staffPlan);
    expect(mine).not.toContain(adminPlan);
    expect((await call(testApp.app, "GET", `/api/surveys/${adminPlan}`, { cookie: staff.cookie })).statusCode).toBe(404);
    expect((await call(testApp.app, "GET", `/api/surveys/${staffPlan}`, { cookie: staff.cookie })).statusCode).toBe(200);
    // Reports load the survey through the same gate: Staff are told it does not exist; a Manager reaches the report
    // rules (a Transformation survey has no company report, only LOWI surveys do).
    const staffReport = await call(testApp.app, "GET", `/api/reports/${adminPlan}/company`, { cookie: staff.cookie });
    expect(staffReport.json().error.message).toBe("This survey does not exist.");
    const managerReport = await call(testApp.app, "GET", `/api/reports/${adminPlan}/company`, { cookie: manager.cookie });
    expect(managerReport.json().error.message).toBe("This survey has no company report: only LOWI surveys do.");
    const dashboard = (await call(testApp.app, "GET", "/api/dashboard", { cookie: staff.cookie })).json();
    expect(dashboard.activeSurveys.map((row: { id: string }) => row.id)).not.toContain(adminPlan);
  });
});
