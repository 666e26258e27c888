import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PLAN_REQUEST_RECEIVED } from "@hearth/shared";
import { type Session, type TestApp, addMember, call, createTestApp, registerCompany } from "../../test/harness.js";
import { latestEmailTo } from "../../test/outbox.js";
import { putTenantOnPlan } from "../billing/billing.test-helpers.js";

describe("plan upgrade requests", () => {
  let testApp: TestApp;
  let owner: Session;
  beforeAll(async () => {
    testApp = await createTestApp();
    owner = await registerCompany(testApp.app, { companyName: "Upgrade Me" });
    await putTenantOnPlan(testApp.ctx.database.db, owner.tenantId, "Silver");
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

  it("refuses Staff and Managers, who lack the company-profile permission, and files nothing for them (issue #11 item 7)", async () => {
    const company = await registerCompany(testApp.app, { companyName: "Permission Co" });
    for (const role of ["Staff", "Manager"] as const) {
      const member = await addMember(testApp, company.tenantId, role);
      const response = await call(testApp.app, "POST", "/api/plan_update_request", {
        cookie: member.cookie,
        body: { requestedPlan: "Gold" },
      });
      expect(response.statusCode, role).toBe(403);
      expect(response.json().error.code).toBe("FORBIDDEN");
      expect((await call(testApp.app, "GET", "/api/plan_update_request", { cookie: member.cookie })).json(), role).toEqual([]);
    }
    const ownerRequest = await call(testApp.app, "POST", "/api/plan_update_request", {
      cookie: company.cookie,
      body: { requestedPlan: "Gold" },
    });
    expect(ownerRequest.statusCode).toBe(200);
  });
});
