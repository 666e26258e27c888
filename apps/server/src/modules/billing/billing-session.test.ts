import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addMember, call, createTestApp, registerCompany, TEST_ORIGIN, type TestApp } from "../../test/harness.js";

/** The test app's APP_URL is the test origin (test/test-env.ts). */
const BILLING_PAGE = `${TEST_ORIGIN}/dashboard/billing`;

describe("GET /api/billing/session", () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(() => testApp.close());

  it("refuses a signed-out caller with 401", async () => {
    const response = await call(testApp.app, "GET", "/api/billing/session");
    expect(response.statusCode).toBe(401);
    expect(response.headers.location).toBeUndefined();
  });

  it("refuses Staff and Managers (no company-profile permission) with 403", async () => {
    const owner = await registerCompany(testApp.app);
    for (const role of ["Staff", "Manager"] as const) {
      const member = await addMember(testApp, owner.tenantId, role);
      const response = await call(testApp.app, "GET", "/api/billing/session", { cookie: member.cookie });
      expect(response.statusCode, role).toBe(403);
      expect(response.headers.location, role).toBeUndefined();
    }
  });

  it("without Stripe configured, redirects an Admin to the app's billing page", async () => {
    const owner = await registerCompany(testApp.app);
    const response = await call(testApp.app, "GET", "/api/billing/session", { cookie: owner.cookie });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(BILLING_PAGE);
  });

  it("sends an Admin of another company to the same page: the redirect carries nothing of any company", async () => {
    const other = await registerCompany(testApp.app, { companyName: "Other Co" });
    const response = await call(testApp.app, "GET", "/api/billing/session", { cookie: other.cookie });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(BILLING_PAGE);
  });
});
