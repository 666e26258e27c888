import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FEATURES, listPlanFeatures } from "@hearth/shared";
import { activityLog, tenant } from "../../db/schema.js";
import { tenantSwitch } from "../../db/schema-operator.js";
import { billingOrder, billingOrderLine } from "../../db/schema-orders.js";
import { STRONG_PASSWORD, type TestApp, addMember, call, createTestApp, registerCompany, signIn, uniqueEmail } from "../../test/harness.js";
import { createInternalUser } from "../internal/internal-users.service.js";
import { SWITCHED_REQUEST_ACTION } from "./tenant-switch.service.js";

const SAMPLE_ID = "00000000-0000-4000-8000-000000000000";

describe("operator console: visibility and tenant switch", () => {
  let testApp: TestApp;
  const db = () => testApp.ctx.database.db;

  async function internalAccount() {
    const email = uniqueEmail("staff");
    const userId = await createInternalUser(db(), { email, password: STRONG_PASSWORD, firstName: "Hearth", lastName: "Operator" });
    return { email, userId, cookie: await signIn(testApp.app, email) };
  }
  const me = async (cookie: string) => (await call(testApp.app, "GET", "/api/me", { cookie })).json();
  const switchTo = (cookie: string, newTenantId: unknown) =>
    call(testApp.app, "POST", "/api/switch-tenant", { cookie, body: { newTenantId } });

  beforeAll(async () => {
    testApp = await createTestApp();
    await testApp.app.ready();
  });
  afterAll(() => testApp.close());

  it("answers 404 to every caller but an internal account on every /api/admin/* and switch route", async () => {
    const owner = await registerCompany(testApp.app);
    const manager = await addMember(testApp, owner.tenantId, "Manager");
    const staff = await addMember(testApp, owner.tenantId, "Staff");
    const spec = testApp.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const operations = Object.entries(spec.paths)
      .filter(([path]) => path.startsWith("/api/admin/") || path.startsWith("/api/switch-tenant"))
      .flatMap(([path, methods]) =>
        Object.keys(methods).map((method) => ({ method: method.toUpperCase(), path: path.replace(/\{[^}]+\}/g, SAMPLE_ID) })),
      );
    expect(operations.length).toBeGreaterThanOrEqual(4);
    for (const session of [owner, manager, staff]) {
      for (const { method, path } of operations) {
        const body = method === "GET" ? undefined : { newTenantId: owner.tenantId, userId: session.userId, currentState: "Gold" };
        const response = await call(testApp.app, method as "GET" | "POST", path, { cookie: session.cookie, body });
        expect(response.statusCode, `${method} ${path}`).toBe(404);
        expect(response.json().error.code).toBe("NOT_FOUND");
      }
    }
    expect((await me(owner.cookie)).tenant.id).toBe(owner.tenantId);
  });

  it("switches into the chosen company only, records every write there, refuses passwords and payment methods, and returns", async () => {
    const operator = await internalAccount();
    const home = (await me(operator.cookie)).tenant.id;
    const company = await registerCompany(testApp.app, { companyName: "Switch Target" });
    const other = await registerCompany(testApp.app, { companyName: "Someone Else" });

    expect((await switchTo(operator.cookie, SAMPLE_ID)).json()).toEqual({ success: false, error: expect.any(String) });
    expect((await switchTo(operator.cookie, "not-a-uuid")).statusCode).toBe(400);
    expect((await switchTo(operator.cookie, home)).json()).toEqual({ success: true, error: null });
    expect((await me(operator.cookie)).tenant.id).toBe(home);

    expect((await switchTo(operator.cookie, company.tenantId)).json()).toEqual({ success: true, error: null });
    const switched = await me(operator.cookie);
    expect(switched.tenant).toMatchObject({ id: company.tenantId, companyName: "Switch Target" });
    const state = (await call(testApp.app, "GET", "/api/switch-tenant", { cookie: operator.cookie })).json();
    expect(state.active).toMatchObject({ tenantId: company.tenantId, companyName: "Switch Target" });
    expect(new Date(state.active.expiresAt).getTime() - new Date(state.active.startedAt).getTime()).toBe(60 * 60_000);

    // A write lands in the chosen company and is recorded there with the operator's identity.
    const write = await call(testApp.app, "PUT", "/api/company/visibility-threshold", {
      cookie: operator.cookie,
      body: { visibilityThreshold: 9 },
    });
    expect(write.statusCode).toBe(200);
    const [target] = await db().select().from(tenant).where(eq(tenant.id, company.tenantId));
    const [untouched] = await db().select().from(tenant).where(eq(tenant.id, other.tenantId));
    expect(target.visibilityThreshold).toBe(9);
    expect(untouched.visibilityThreshold).toBe(5);
    // A refused write is recorded too: the entry is written before the handler runs.
    const refusedWrite = await call(testApp.app, "PUT", "/api/company/visibility-threshold", {
      cookie: operator.cookie,
      body: { visibilityThreshold: 1 },
    });
    expect(refusedWrite.statusCode).toBe(400);
    const audit = await db()
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.tenantId, company.tenantId), eq(activityLog.action, SWITCHED_REQUEST_ACTION)));
    expect(audit).toHaveLength(2);
    expect(audit[0].data).toMatchObject({ operatorEmail: operator.email, method: "PUT", route: "/api/company/visibility-threshold" });
    expect(audit[0].userId).toBe(operator.userId);
    const elsewhere = await db().select().from(activityLog).where(eq(activityLog.tenantId, other.tenantId));
    expect(elsewhere.filter((entry) => entry.userId === operator.userId)).toEqual([]);

    // Passwords, emails and payment methods are refused while switched.
    for (const [path, body] of [
      ["/api/auth/change-password", { currentPassword: STRONG_PASSWORD, newPassword: "Another-Horse-43!" }],
      ["/api/auth/change-email", { newEmail: uniqueEmail("moved") }],
      ["/api/auth/update-user", { firstName: "Renamed" }],
    ] as const) {
      const refused = await call(testApp.app, "POST", path, { cookie: operator.cookie, body });
      expect(refused.statusCode, path).toBe(403);
    }
    expect(await signIn(testApp.app, operator.email)).toBeTruthy();
    expect((await call(testApp.app, "GET", "/api/billing/session", { cookie: operator.cookie })).statusCode).toBe(403);
    expect((await call(testApp.app, "POST", "/api/certifications/aquire", { cookie: operator.cookie, body: {} })).statusCode).toBe(403);

    // The company's Admin reads the entries, marked as Hearth staff's.
    const log = (await call(testApp.app, "GET", "/api/activity-log", { cookie: company.cookie })).json();
    const staffEntries = log.entries.filter((entry: { byHearthStaff: boolean }) => entry.byHearthStaff);
    expect(staffEntries.map((entry: { action: string }) => entry.action)).toEqual(
      expect.arrayContaining(["hearth_staff_switched_in", SWITCHED_REQUEST_ACTION]),
    );
    expect(staffEntries[0]).toMatchObject({ userEmail: operator.email, userName: "Hearth Operator", who: "Hearth Operator" });
    const staffMember = await addMember(testApp, company.tenantId, "Staff");
    expect((await call(testApp.app, "GET", "/api/activity-log", { cookie: staffMember.cookie })).statusCode).toBe(403);

    // Another session of the same account is not switched: the switch belongs to the session that asked for it.
    const secondCookie = await signIn(testApp.app, operator.email);
    expect((await me(secondCookie)).tenant.id).toBe(home);

    // Switching elsewhere replaces the first switch; returning ends it.
    expect((await switchTo(operator.cookie, other.tenantId)).json().success).toBe(true);
    expect((await me(operator.cookie)).tenant.id).toBe(other.tenantId);
    const rows = await db().select().from(tenantSwitch).where(eq(tenantSwitch.operatorUserId, operator.userId));
    expect(rows.find((row) => row.tenantId === company.tenantId)?.endReason).toBe("replaced");
    expect((await call(testApp.app, "POST", "/api/switch-tenant/return", { cookie: operator.cookie })).json()).toEqual({ success: true });
    expect((await me(operator.cookie)).tenant.id).toBe(home);
    expect((await call(testApp.app, "GET", "/api/switch-tenant", { cookie: operator.cookie })).json().active).toBeNull();
    const logged = await db()
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.tenantId, other.tenantId), eq(activityLog.action, "hearth_staff_returned")));
    expect(logged).toHaveLength(1);
  });

  it("lists customer companies by name with their counts, never Hearth's own", async () => {
    const operator = await internalAccount();
    const company = await registerCompany(testApp.app, { companyName: "Listed 100% Company" });
    await addMember(testApp, company.tenantId, "Staff");
    const list = async (query: string) =>
      (await call(testApp.app, "GET", `/api/admin/companies${query}`, { cookie: operator.cookie })).json();
    const found = await list(`?search=${encodeURIComponent("listed 100%")}`);
    expect(found.total).toBe(1);
    expect(found.companies[0]).toMatchObject({
      id: company.tenantId,
      companyName: "Listed 100% Company",
      plan: "Free",
      effectivePlan: "Free",
      dealId: null,
      hasDeal: false,
      users: 2,
      surveys: 0,
      responses: 0,
    });
    expect((await list("?search=%25")).companies.every((row: { companyName: string }) => row.companyName.includes("%"))).toBe(true);
    const all = await list("");
    expect(all.companies.some((row: { companyName: string }) => row.companyName === "Hearth Operations")).toBe(false);
    expect((await call(testApp.app, "GET", "/api/admin/companies?page=0", { cookie: operator.cookie })).statusCode).toBe(400);
  });

  it("shows a company's deals and upgrade requests, and marks a request addressed once with the requester notified", async () => {
    const operator = await internalAccount();
    const company = await registerCompany(testApp.app, { companyName: "Requests Company" });
    const other = await registerCompany(testApp.app);
    expect(
      (await call(testApp.app, "POST", "/api/plan_update_request", { cookie: company.cookie, body: { requestedPlan: "Gold" } })).statusCode,
    ).toBe(200);
    const deal = await call(testApp.app, "POST", `/api/internal/tenants/${company.tenantId}/deals`, {
      cookie: operator.cookie,
      body: { plan: "Silver", dealId: "crm-42", isActive: true, forceActivate: true, activatedDate: new Date().toISOString() },
    });
    expect(deal.statusCode).toBe(201);

    const detailOf = async (tenantId: string) => call(testApp.app, "GET", `/api/admin/companies/${tenantId}`, { cookie: operator.cookie });
    const detail = (await detailOf(company.tenantId)).json();
    expect(detail.company).toMatchObject({ companyName: "Requests Company", effectivePlan: "Silver", dealId: "crm-42", hasDeal: true });
    expect(detail.deals).toEqual([expect.objectContaining({ dealId: "crm-42", plan: "Silver" })]);
    expect(detail.upgradeRequests).toEqual([
      expect.objectContaining({ planRequested: "Gold", hasBeenAddressed: false, requestedBy: company.email }),
    ]);
    expect((await detailOf(SAMPLE_ID)).statusCode).toBe(404);

    const requestId = detail.upgradeRequests[0].id;
    const address = (tenantId: string) =>
      call(testApp.app, "POST", `/api/admin/companies/${tenantId}/upgrade-requests/${requestId}/addressed`, { cookie: operator.cookie });
    expect((await address(other.tenantId)).statusCode).toBe(404);
    expect((await address(company.tenantId)).json()).toEqual({ ok: true });
    expect((await address(company.tenantId)).statusCode).toBe(404);
    expect((await detailOf(company.tenantId)).json().upgradeRequests[0].hasBeenAddressed).toBe(true);
    const notices = (await call(testApp.app, "GET", "/api/notifications", { cookie: company.cookie })).json();
    expect(JSON.stringify(notices)).toContain("Your request for Gold has been handled");
    const log = (
      await call(testApp.app, "GET", `/api/admin/companies/${company.tenantId}/activity-log`, { cookie: operator.cookie })
    ).json();
    expect(log.entries[0]).toMatchObject({ action: "upgrade_request_addressed", byHearthStaff: true, userEmail: operator.email });
    expect(
      (await call(testApp.app, "GET", `/api/admin/companies/${company.tenantId}/activity-log`, { cookie: company.cookie })).statusCode,
    ).toBe(404);
  });

  it("activates, forces, stops forcing and expires a deal in place, logged with the operator; the effective plan follows", async () => {
    const operator = await internalAccount();
    const company = await registerCompany(testApp.app, { companyName: "Deal Company" });
    const other = await registerCompany(testApp.app);
    const dealsUrl = (tenantId: string) => `/api/admin/companies/${tenantId}/deals`;
    const plan = async () => (await me(company.cookie)).tenant.effectivePlan;
    const planOf = async () =>
      (await call(testApp.app, "GET", `/api/admin/companies/${company.tenantId}`, { cookie: operator.cookie })).json();

    const recorded = await call(testApp.app, "POST", dealsUrl(company.tenantId), {
      cookie: operator.cookie,
      body: { plan: "Gold", dealId: null, isActive: false },
    });
    expect(recorded.statusCode).toBe(201);
    const dealRecordId = recorded.json().id;
    const badDeal = await call(testApp.app, "POST", dealsUrl(company.tenantId), {
      cookie: operator.cookie,
      body: { plan: "Platinum", isActive: true },
    });
    expect(badDeal.statusCode).toBe(400);
    expect(badDeal.json().error.fields).toHaveProperty("plan");
    const nowhere = await call(testApp.app, "POST", dealsUrl(SAMPLE_ID), {
      cookie: operator.cookie,
      body: { plan: "Gold", isActive: true },
    });
    expect(nowhere.statusCode).toBe(404);
    // Hearth's own company is not a customer: the console records no deal for it.
    const home = (await me(operator.cookie)).tenant.id;
    const hearthOwn = await call(testApp.app, "POST", dealsUrl(home), { cookie: operator.cookie, body: { plan: "Gold", isActive: true } });
    expect(hearthOwn.statusCode).toBe(404);
    expect((await planOf()).deals).toHaveLength(1);
    expect((await planOf()).company.effectivePlan).toBe("Free");
    const act = (tenantId: string, action: unknown, cookie = operator.cookie, id = dealRecordId) =>
      call(testApp.app, "POST", `${dealsUrl(tenantId)}/${id}/actions`, { cookie, body: { action } });

    // Without a CRM id the rule would keep it inactive: activation is refused with the reason, and nothing changes.
    const refused = await act(company.tenantId, "activate");
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe("A deal needs a CRM deal id, or to be forced, before it can be activated.");
    // Bad input and another company's path change nothing.
    expect((await act(company.tenantId, "delete")).statusCode).toBe(400);
    expect(
      (
        await call(testApp.app, "POST", `${dealsUrl(company.tenantId)}/${dealRecordId}/actions`, {
          cookie: operator.cookie,
          body: { action: "force", extra: 1 },
        })
      ).statusCode,
    ).toBe(400);
    expect((await act(other.tenantId, "force")).statusCode).toBe(404);
    expect((await act(company.tenantId, "force", company.cookie)).statusCode).toBe(404);
    expect((await planOf()).deals[0]).toMatchObject({ isActive: false, forceActivate: false });

    const forced = await act(company.tenantId, "force");
    expect(forced.statusCode).toBe(200);
    expect(forced.json()).toMatchObject({ isActive: true, forceActivate: true, activatedDate: expect.any(String) });
    expect((await planOf()).company.effectivePlan).toBe("Gold");
    expect((await act(company.tenantId, "force")).statusCode).toBe(409);

    expect((await act(company.tenantId, "unforce")).json()).toMatchObject({ forceActivate: false });
    expect((await planOf()).company.effectivePlan).toBe("Free");
    expect((await act(company.tenantId, "force")).statusCode).toBe(200);

    const expired = await act(company.tenantId, "expire");
    expect(expired.json().expiryDate).toEqual(expect.any(String));
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await planOf()).company.effectivePlan).toBe("Free");
    expect((await act(company.tenantId, "expire")).statusCode).toBe(409);
    // Activation renews it from now and clears the expiry that passed.
    expect((await act(company.tenantId, "activate")).json()).toMatchObject({ isActive: true, expiryDate: null });
    expect((await planOf()).company.effectivePlan).toBe("Gold");
    expect(await plan()).toBe("Gold");

    const log = (
      await call(testApp.app, "GET", `/api/admin/companies/${company.tenantId}/activity-log`, { cookie: operator.cookie })
    ).json();
    expect(log.entries.map((entry: { action: string }) => entry.action).slice(0, 6)).toEqual([
      "deal_activate",
      "deal_expire",
      "deal_force",
      "deal_unforce",
      "deal_force",
      "deal_recorded",
    ]);
    expect(log.entries[0]).toMatchObject({
      byHearthStaff: true,
      userEmail: operator.email,
      data: expect.objectContaining({ plan: "Gold" }),
    });
    // The company's own Admins read the same entries.
    const own = (await call(testApp.app, "GET", "/api/activity-log", { cookie: company.cookie })).json();
    expect(own.entries.some((entry: { action: string }) => entry.action === "deal_force")).toBe(true);
    const untouched = (await call(testApp.app, "GET", "/api/activity-log", { cookie: other.cookie })).json();
    expect(untouched.entries.some((entry: { action: string }) => entry.action.startsWith("deal_"))).toBe(false);
  });

  it("lists a company's certification requests with their eligibility now, and none of another company's", async () => {
    const operator = await internalAccount();
    const company = await registerCompany(testApp.app, { companyName: "Certification Requests" });
    const other = await registerCompany(testApp.app);
    const [order] = await db()
      .insert(billingOrder)
      .values({
        tenantId: company.tenantId,
        number: `HRT-TEST-${Date.now()}`,
        subtotal: 100,
        total: 100,
        billingCycle: "yearly",
        dueAt: new Date(Date.now() + 86_400_000),
      })
      .returning();
    const year = new Date().getUTCFullYear();
    await db()
      .insert(billingOrderLine)
      .values({
        orderId: order.id,
        tenantId: company.tenantId,
        position: 0,
        kind: "badge",
        name: `Certified Hearth Workplace ${year}`,
        badgeId: `certification-${year}`,
        year,
        licenceType: "digitalorprint",
        quantity: 1,
        unitPrice: 100,
        originalPrice: 100,
      });
    const detail = (await call(testApp.app, "GET", `/api/admin/companies/${company.tenantId}`, { cookie: operator.cookie })).json();
    expect(detail.certificationRequests).toEqual([
      expect.objectContaining({ orderId: order.id, orderNumber: order.number, badgeId: `certification-${year}`, eligible: false }),
    ]);
    expect(detail.certificationRequests[0].reasons.length).toBeGreaterThan(0);
    expect(detail.heldCertifications).toEqual([]);
    const elsewhere = (await call(testApp.app, "GET", `/api/admin/companies/${other.tenantId}`, { cookie: operator.cookie })).json();
    expect(elsewhere.certificationRequests).toEqual([]);
  });

  it("ends by itself after 60 minutes", async () => {
    const operator = await internalAccount();
    const home = (await me(operator.cookie)).tenant.id;
    const company = await registerCompany(testApp.app);
    expect((await switchTo(operator.cookie, company.tenantId)).json().success).toBe(true);
    expect((await me(operator.cookie)).tenant.id).toBe(company.tenantId);
    await db()
      .update(tenantSwitch)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(tenantSwitch.operatorUserId, operator.userId));
    expect((await me(operator.cookie)).tenant.id).toBe(home);
    const write = await call(testApp.app, "PUT", "/api/company/visibility-threshold", {
      cookie: operator.cookie,
      body: { visibilityThreshold: 8 },
    });
    expect(write.statusCode).toBe(200);
    const [target] = await db().select().from(tenant).where(eq(tenant.id, company.tenantId));
    expect(target.visibilityThreshold).toBe(5);
  });

  it("toggles visibility between Gold and User, and /api/me's features follow", async () => {
    const operator = await internalAccount();
    const company = await registerCompany(testApp.app);
    expect((await switchTo(operator.cookie, company.tenantId)).json().success).toBe(true);
    expect((await me(operator.cookie)).tenant.features).toEqual([...FEATURES]);

    const toggle = (body: unknown) =>
      call(testApp.app, "POST", "/api/admin/dashboard/changeInternalAccount", { cookie: operator.cookie, body });
    const toUser = await toggle({ userId: operator.userId, currentState: "Gold" });
    expect(toUser.json()).toEqual({ ok: true, internalVisibility: "User" });
    expect((await me(operator.cookie)).tenant.features).toEqual(listPlanFeatures("Free"));
    expect((await call(testApp.app, "GET", "/api/switch-tenant", { cookie: operator.cookie })).json().internalVisibility).toBe("User");

    expect((await toggle({ userId: operator.userId, currentState: "Gold" })).statusCode).toBe(409);
    expect((await toggle({ userId: company.userId, currentState: "User" })).statusCode).toBe(404);
    expect((await toggle({ userId: operator.userId, currentState: "Platinum" })).statusCode).toBe(400);
    expect((await toggle({})).statusCode).toBe(400);

    expect((await toggle({ userId: operator.userId, currentState: "User" })).json()).toEqual({ ok: true, internalVisibility: "Gold" });
    expect((await me(operator.cookie)).tenant.features).toEqual([...FEATURES]);
    // A company's own people never get features from the flag.
    expect((await me(company.cookie)).tenant.features).toEqual(listPlanFeatures("Free"));
  });
});
