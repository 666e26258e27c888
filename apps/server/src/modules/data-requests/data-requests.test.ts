import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activityLog, notification } from "../../db/schema.js";
import { customDataRequest } from "../../db/schema-data-requests.js";
import { type Session, type TestApp, addMember, call, createTestApp, registerCompany } from "../../test/harness.js";
import { countEmailsTo, latestEmailTo } from "../../test/outbox.js";
import { operatorCookie, verifyAddress } from "../../test/senders.js";
import { putTenantOnPlan } from "../billing/billing.test-helpers.js";
import { completeProfileAndSetPlan, lowiInput } from "../surveys/surveys.test-helpers.js";

const REQUEST = { title: "Turnover by department", description: "How does the intent to stay differ between departments this year?" };

describe("custom data requests (decision 0074)", () => {
  let testApp: TestApp;
  const db = () => testApp.ctx.database.db;
  const file = (session: Session, body: unknown = REQUEST) =>
    call(testApp.app, "POST", "/api/data-requests", { cookie: session.cookie, body });
  const list = async (session: Session) => (await call(testApp.app, "GET", "/api/data-requests", { cookie: session.cookie })).json();
  const stored = async (tenantId: string) =>
    Number((await db().select({ n: count() }).from(customDataRequest).where(eq(customDataRequest.tenantId, tenantId)))[0].n);
  const move = async (requestId: string, body: unknown, cookie?: string) =>
    call(testApp.app, "POST", `/api/admin/data-requests/${requestId}/status`, { cookie: cookie ?? (await operatorCookie(testApp)), body });
  async function company(plan: string, name = "Data Hungry Co") {
    const owner = await registerCompany(testApp.app, { companyName: name });
    await putTenantOnPlan(db(), owner.tenantId, plan);
    return owner;
  }

  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(() => testApp.close());

  it("files a request about one of the company's surveys, lists it with its status, logs it and counts it on Billing", async () => {
    const owner = await registerCompany(testApp.app, { companyName: "Survey Data Co" });
    await completeProfileAndSetPlan(testApp, owner.tenantId, "Gold");
    const survey = await call(testApp.app, "POST", "/api/surveys", { cookie: owner.cookie, body: lowiInput() });
    expect(survey.statusCode).toBe(201);
    const surveyId = survey.json().id as string;

    const response = await file(owner, { ...REQUEST, surveyId });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      ...REQUEST,
      surveyId,
      surveyName: "Culture check 2026",
      status: "submitted",
      operatorNote: null,
    });
    const listed = await list(owner);
    expect(listed).toMatchObject({ plan: "Gold", limit: 6, used: 1, upgradePlan: null });
    expect(listed.requests).toEqual([response.json()]);
    const [logged] = await db()
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.tenantId, owner.tenantId), eq(activityLog.action, "request_custom_data")));
    expect(logged).toMatchObject({ userId: owner.userId, data: { requestId: response.json().id, title: REQUEST.title } });
    const support = await latestEmailTo(db(), "support@hearth.test");
    expect(support).toMatchObject({ kind: "custom-data-request", subject: `[Data request] ${REQUEST.title}` });
    expect(support.text).toContain(`${owner.email} filed a custom data request (1 of 6 on Gold).`);
    const overview = (await call(testApp.app, "GET", "/api/billing/overview", { cookie: owner.cookie })).json();
    expect(overview.licences).toContainEqual({ kind: "customDataRequest", used: 1, limit: 6 });
  });

  it("refuses the request past the plan's allowance with the reason, and a declined request gives its place back", async () => {
    const owner = await company("Silver");
    const ids: string[] = [];
    for (let index = 0; index < 4; index++) ids.push((await file(owner, { ...REQUEST, title: `Request ${index + 1}` })).json().id);
    const refused = await file(owner);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({
      code: "PLAN_UPGRADE_REQUIRED",
      message: "The Silver plan includes 4 custom data requests, and all are in use (a declined request does not count). Gold includes 6.",
    });
    expect(await stored(owner.tenantId)).toBe(4);

    expect((await move(ids[0], { status: "declined", note: "Outside what we can measure." })).statusCode).toBe(200);
    expect(await list(owner)).toMatchObject({ used: 3, limit: 4 });
    expect((await file(owner)).statusCode).toBe(201);
    expect(await list(owner)).toMatchObject({ used: 4 });
    expect((await file(owner)).statusCode).toBe(403);

    // Reopening the declined request would take a fifth place: refused, nothing changes.
    const reopened = await move(ids[0], { status: "in_progress" });
    expect(reopened.statusCode).toBe(409);
    expect(reopened.json().error.message).toBe(
      "This company's Silver plan has 4 of 4 custom data requests in use, so a declined request cannot be reopened. Decline another first, or move the company to a plan with more.",
    );
    expect(await list(owner)).toMatchObject({ used: 4 });
    expect((await move(ids[1], { status: "declined" })).statusCode).toBe(200);
    expect((await move(ids[0], { status: "in_progress" })).statusCode).toBe(200);
    expect(await list(owner)).toMatchObject({ used: 4 });
  });

  it("refuses Free and Bronze companies with a message naming the plans that include them", async () => {
    for (const plan of ["Free", "Bronze"]) {
      const owner = await company(plan);
      const refused = await file(owner);
      expect(refused.statusCode, plan).toBe(403);
      expect(refused.json().error.message).toBe(
        `The ${plan} plan includes no custom data requests. Silver includes 4 and Gold 6: upgrade to ask for one.`,
      );
      expect(await list(owner)).toEqual({ plan, limit: 0, used: 0, upgradePlan: "Silver", requests: [] });
    }
  });

  it("keeps a company's requests from every other company: not listed, not movable, its surveys not choosable", async () => {
    const owner = await company("Gold", "Owner Co");
    const other = await company("Gold", "Other Co");
    const created = (await file(owner)).json();
    expect((await list(other)).requests).toEqual([]);
    // the operator routes do not exist for a company's Admin, whichever company the request is of
    expect((await move(created.id, { status: "declined" }, other.cookie)).statusCode).toBe(404);
    expect((await move(created.id, { status: "declined" }, owner.cookie)).statusCode).toBe(404);
    await completeProfileAndSetPlan(testApp, owner.tenantId, "Gold");
    const ownersSurvey = (await call(testApp.app, "POST", "/api/surveys", { cookie: owner.cookie, body: lowiInput() })).json().id;
    const foreign = await file(other, { ...REQUEST, surveyId: ownersSurvey });
    expect(foreign.statusCode).toBe(400);
    expect(Object.keys(foreign.json().error.fields)).toEqual(["surveyId"]);
    expect(await stored(other.tenantId)).toBe(0);
    expect((await list(owner)).requests).toMatchObject([{ id: created.id, status: "submitted" }]);
  });

  it("lets only Admins file and read them: Staff and Managers 403, signed out 401, the console 404 to all but Hearth staff", async () => {
    const owner = await company("Gold");
    for (const role of ["Staff", "Manager"] as const) {
      const member = await addMember(testApp, owner.tenantId, role);
      expect((await file(member)).statusCode, role).toBe(403);
      expect((await call(testApp.app, "GET", "/api/data-requests", { cookie: member.cookie })).statusCode, role).toBe(403);
      expect((await call(testApp.app, "GET", "/api/admin/data-requests", { cookie: member.cookie })).statusCode, role).toBe(404);
    }
    expect((await call(testApp.app, "POST", "/api/data-requests", { body: REQUEST })).statusCode).toBe(401);
    expect((await call(testApp.app, "GET", "/api/data-requests")).statusCode).toBe(401);
    expect((await call(testApp.app, "GET", "/api/admin/data-requests", { cookie: owner.cookie })).statusCode).toBe(404);
    expect(await stored(owner.tenantId)).toBe(0);
  });

  it("answers bad input field by field and stores nothing", async () => {
    const owner = await company("Gold");
    const bad = await file(owner, { title: "", description: "short", surveyId: "x".repeat(101) });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields).sort()).toEqual(["description", "surveyId", "title"]);
    const tooLong = await file(owner, { title: "t".repeat(201), description: "d".repeat(5001) });
    expect(Object.keys(tooLong.json().error.fields).sort()).toEqual(["description", "title"]);
    expect(await stored(owner.tenantId)).toBe(0);

    const created = (await file(owner)).json();
    const badStatus = await move(created.id, { status: "lost", note: "n".repeat(2001) });
    expect(badStatus.statusCode).toBe(400);
    expect(Object.keys(badStatus.json().error.fields).sort()).toEqual(["note", "status"]);
    expect((await list(owner)).requests[0]).toMatchObject({ status: "submitted", operatorNote: null });
    expect((await move("00000000-0000-4000-8000-000000000000", { status: "delivered" })).statusCode).toBe(404);
  });

  it("lists every company's requests to the operator and tells the requester of each status change once", async () => {
    const owner = await company("Gold", "Notified Co");
    await verifyAddress(testApp, owner);
    const created = (await file(owner)).json();
    const cookie = await operatorCookie(testApp);
    const all = (await call(testApp.app, "GET", "/api/admin/data-requests", { cookie })).json();
    expect(all).toContainEqual(expect.objectContaining({ id: created.id, companyName: "Notified Co", requesterEmail: owner.email }));
    const submitted = (await call(testApp.app, "GET", "/api/admin/data-requests?status=delivered", { cookie })).json();
    expect(submitted.map((row: { id: string }) => row.id)).not.toContain(created.id);

    const moved = await move(created.id, { status: "in_progress", note: "We are pulling the figures." });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ status: "in_progress", operatorNote: "We are pulling the figures." });
    // the same call again changes nothing and tells no one
    expect((await move(created.id, { status: "in_progress", note: "We are pulling the figures." })).statusCode).toBe(200);
    const notices = await db()
      .select()
      .from(notification)
      .where(and(eq(notification.userId, owner.userId), eq(notification.kind, "custom-data-request-status")));
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ title: `Data request in progress: ${REQUEST.title}`, link: "/dashboard/data-requests" });
    const email = await latestEmailTo(db(), owner.email);
    expect(email).toMatchObject({ kind: "custom-data-request-status", subject: `Your data request is in progress: ${REQUEST.title}` });
    expect(email.text).toContain("Note from our team: We are pulling the figures.");
    expect(await countEmailsTo(db(), owner.email)).toBe(2); // the sign-up code, then this

    expect((await move(created.id, { status: "delivered" })).json()).toMatchObject({ status: "delivered" });
    expect(await countEmailsTo(db(), owner.email)).toBe(3);
    expect((await list(owner)).requests[0]).toMatchObject({ status: "delivered", operatorNote: "We are pulling the figures." });
    const logged = await db()
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.tenantId, owner.tenantId), eq(activityLog.action, "custom_data_request_status")));
    expect(logged).toHaveLength(2);
  });

  it("notifies an unverified requester in the app but sends them no email", async () => {
    const owner = await company("Gold", "Unverified Co");
    const created = (await file(owner)).json();
    const before = await countEmailsTo(db(), owner.email);
    expect((await move(created.id, { status: "declined" })).statusCode).toBe(200);
    expect(await countEmailsTo(db(), owner.email)).toBe(before);
    const notices = await db().select().from(notification).where(eq(notification.userId, owner.userId));
    expect(notices.map((row) => row.kind)).toContain("custom-data-request-status");
  });

  it("takes the last place once when many requests arrive at the same moment", async () => {
    const owner = await company("Silver", "Parallel Co");
    for (let index = 0; index < 3; index++) expect((await file(owner)).statusCode).toBe(201);
    const answers = await Promise.all(Array.from({ length: 8 }, (_, index) => file(owner, { ...REQUEST, title: `At once ${index}` })));
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes).toEqual([201, 403, 403, 403, 403, 403, 403, 403]);
    expect(await stored(owner.tenantId)).toBe(4);
    expect(await list(owner)).toMatchObject({ used: 4, limit: 4 });
  });
});
