import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { supportRequest } from "../../db/schema.js";
import { type Session, type TestApp, addMember, call, createTestApp, registerCompany } from "../../test/harness.js";
import { latestEmailTo } from "../../test/outbox.js";
import { loadEnv } from "../../env.js";

describe("support requests (Need Help and Submit Support Ticket)", () => {
  let testApp: TestApp;
  let owner: Session;
  beforeAll(async () => {
    testApp = await createTestApp();
    owner = await registerCompany(testApp.app, { companyName: "Helpful Co" });
  });
  afterAll(() => testApp.close());
  const stored = async (tenantId: string) =>
    Number((await testApp.ctx.database.db.select({ n: count() }).from(supportRequest).where(eq(supportRequest.tenantId, tenantId)))[0].n);

  it("stores the request and emails the support address", async () => {
    const staff = await addMember(testApp, owner.tenantId, "Staff");
    const response = await call(testApp.app, "POST", "/api/support-requests", {
      cookie: staff.cookie,
      body: { kind: "ticket", subject: "Cannot find the report", message: "Where is last month's report?" },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ kind: "ticket", subject: "Cannot find the report" });
    expect(await stored(owner.tenantId)).toBe(1);
    const email = await latestEmailTo(testApp.ctx.database.db, "support@hearth.test");
    expect(email.subject).toBe("[Support ticket] Cannot find the report");
    expect(email.text).toContain(staff.email);
    expect(email.text).toContain("Helpful Co");
    expect(email.headers).toMatchObject({ "Reply-To": staff.email });
  });

  it("rejects bad input field by field and stores nothing", async () => {
    const response = await call(testApp.app, "POST", "/api/support-requests", {
      cookie: owner.cookie,
      body: { kind: "complaint", subject: "", message: "" },
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().error.fields).sort()).toEqual(["kind", "message", "subject"]);
    expect(await stored(owner.tenantId)).toBe(1);
  });

  it("answers 401 signed out", async () => {
    const response = await call(testApp.app, "POST", "/api/support-requests", { body: { kind: "help", subject: "x", message: "y" } });
    expect(response.statusCode).toBe(401);
  });
});

describe("Need Help's third-party support form (issue 25 item 7)", () => {
  const SUPPORT_FORM_URL = "https://help.example.org/forms/hearth?lang=en";
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({ env: { SUPPORT_FORM_URL } });
  });
  afterAll(() => testApp.close());

  it("publishes the form's address to the web and lets only its origin be framed", async () => {
    const response = await call(testApp.app, "GET", "/api/config");
    expect(response.json().supportFormUrl).toBe(SUPPORT_FORM_URL);
    const policy = String(response.headers["content-security-policy"]);
    expect(policy).toMatch(/frame-src [^;]*https:\/\/help\.example\.org(;|\s)/);
    expect(policy).not.toContain("/forms/hearth");
  });

  it("refuses an address that is not http(s) at start", () => {
    expect(() => loadEnv({ SUPPORT_FORM_URL: "javascript:alert(1)" })).toThrow(/SUPPORT_FORM_URL/);
    expect(loadEnv({}).SUPPORT_FORM_URL).toBeUndefined();
  });
});
