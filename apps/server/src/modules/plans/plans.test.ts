import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PLAN_REQUEST_RECEIVED } from "@hearth/shared";
import { type Session, type TestApp, call, createTestApp, registerCompany } from "../../test/harness.js";
import { latestEmailTo } from "../../test/outbox.js";
import { updateTenant } from "../company/company.repo.js";

describe("plan upgrade requests", () => {
  let testApp: TestApp;
  let owner: Session;
  beforeAll(async () => {
    testApp = await createTestApp();
    owner = await registerCompany(testApp.app, { companyName: "Upgrade Me" });
    await updateTenant(testApp.ctx.database.db, owner.tenantId, { plan: "Silver" });
  });
  afterAll(() => testApp.close());

  it("records a request for a higher plan with the exact success text and emails sales", async () => {
    const response = await call(testApp.app, "POST", "/api/plan_update_request", { cookie: owner.cookie, body: { requestedPlan: "Gold" } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ success: true, message: PLAN_REQUEST_RECEIVED, planRequested: "Gold" });
    const list = (await call(testApp.app, "GET", "/api/plan_update_request", { cookie: owner.cookie })).json();
    expect(list).toEqual([{ planRequested: "Gold", dateRequested: expect.any(String), hasBeenAddressed: false }]);
    const email = await latestEmailTo(testApp.ctx.database.db, "support@hearth.test");
    expect(email.subject).toBe("Plan upgrade request: Upgrade Me → Gold");
  });

  it("refuses the current plan, a lower one and an unknown one, storing nothing", async () => {
    for (const requestedPlan of ["Silver", "Bronze", "Free", "Platinum"]) {
      const response = await call(testApp.app, "POST", "/api/plan_update_request", { cookie: owner.cookie, body: { requestedPlan } });
      expect(response.statusCode, requestedPlan).toBe(400);
      expect(response.json().error.fields.requestedPlan).toBeDefined();
    }
    expect((await call(testApp.app, "GET", "/api/plan_update_request", { cookie: owner.cookie })).json()).toHaveLength(1);
  });

  it("answers 401 signed out and keeps each user's requests to themselves", async () => {
    expect((await call(testApp.app, "POST", "/api/plan_update_request", { body: { requestedPlan: "Gold" } })).statusCode).toBe(401);
    const other = await registerCompany(testApp.app);
    expect((await call(testApp.app, "GET", "/api/plan_update_request", { cookie: other.cookie })).json()).toEqual([]);
  });
});
