import { eq } from "drizzle-orm";
import { formatDollars, formatOrderFormDate, planPrice } from "@hearth/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tenant } from "../../db/schema.js";
import { type Session, type TestApp, addMember, call, createTestApp, registerCompany, signIn } from "../../test/harness.js";
import { putTenantOnPlan } from "../billing/billing.test-helpers.js";
import { createInternalUser } from "../internal/internal-users.service.js";
import { countOrders, countSalesRequests } from "./orders.repo.js";
import { checkoutCompletedHooks } from "./orders.service.js";
import { pdfText } from "../../test/pdf-text.js";

const CHECKOUT = "/api/certifications/aquire";
const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";
const silverYearly = () => planPrice("Silver", "Medium", "yearly")!.cents;

describe("checkout and orders", () => {
  let testApp: TestApp;
  let owner: Session;
  let other: Session;
  let staff: Session;
  let admin: Session;
  let internalCookie: string;
  const cleared: string[] = [];
  const hook = async (_tx: unknown, tenantId: string) => {
    cleared.push(tenantId);
  };

  beforeAll(async () => {
    testApp = await createTestApp();
    const db = testApp.ctx.database.db;
    owner = await registerCompany(testApp.app, { companyName: "Ember Works" });
    await db.update(tenant).set({ address: "9 Hearth Lane, Austin, TX", companySize: "Medium" }).where(eq(tenant.id, owner.tenantId));
    other = await registerCompany(testApp.app, { companyName: "Other Co" });
    staff = await addMember(testApp, owner.tenantId, "Staff");
    admin = await addMember(testApp, owner.tenantId, "Admin");
    await createInternalUser(db, { email: "orders-ops@hearth.example", password: "Operator-Pass-1!", firstName: "Oz", lastName: "Ops" });
    internalCookie = await signIn(testApp.app, "orders-ops@hearth.example", "Operator-Pass-1!");
    checkoutCompletedHooks.push(hook);
  });
  afterAll(async () => {
    checkoutCompletedHooks.splice(checkoutCompletedHooks.indexOf(hook), 1);
    await testApp.close();
  });

  const stored = async (tenantId: string) => ({
    orders: await countOrders(testApp.ctx.database.db, tenantId),
    sales: await countSalesRequests(testApp.ctx.database.db, tenantId),
  });
  let silverOrder: { id: string; number: string; total: number; createdAt: string; dueAt: string };

  it("checks out Silver at the server's price: a tampered client price is ignored", async () => {
    const response = await call(testApp.app, "POST", CHECKOUT, {
      cookie: owner.cookie,
      body: {
        companyId: owner.tenantId,
        certifications: [{ kind: "plan", plan: "Silver", quantity: 1, price: 1, originalPrice: 1, isPlanIncluded: true }],
        total: 1,
      },
    });
    expect(response.statusCode).toBe(200);
    const { order, salesRequest } = response.json();
    expect(salesRequest).toBeNull();
    expect(order).toMatchObject({ status: "awaiting_payment", currency: "usd", billingCycle: "yearly", total: silverYearly() });
    expect(order.subtotal).toBe(silverYearly());
    expect(order.number).toMatch(/^HRT-\d{4}-\d{6}$/);
    expect(order.lines).toEqual([
      expect.objectContaining({ kind: "plan", plan: "Silver", quantity: 1, unitPrice: silverYearly(), isPlanIncluded: false }),
    ]);
    expect(new Date(order.dueAt).getTime() - new Date(order.createdAt).getTime()).toBe(30 * 24 * 60 * 60 * 1000);
    expect(cleared).toEqual([owner.tenantId]);
    silverOrder = order;
  });

  it("lists the company's orders and reads one with its lines", async () => {
    const list = await call(testApp.app, "GET", "/api/billing/orders", { cookie: owner.cookie });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ total: 1, page: 1, summary: "Showing 1 to 1 of 1 results" });
    expect(list.json().items[0]).toMatchObject({ id: silverOrder.id, number: silverOrder.number });
    const one = await call(testApp.app, "GET", `/api/billing/orders/${silverOrder.id}`, { cookie: owner.cookie });
    expect(one.statusCode).toBe(200);
    expect(one.json().lines).toHaveLength(1);
    expect(one.json().salesRequest).toBeNull();
    expect((await call(testApp.app, "GET", "/api/billing/orders", { cookie: other.cookie })).json()).toMatchObject({ total: 0, items: [] });
  });

  it("serves the invoice PDF with the number, the amount, the due date and the payment terms", async () => {
    const response = await call(testApp.app, "GET", `/api/billing/orders/${silverOrder.id}/invoice.pdf`, { cookie: owner.cookie });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/pdf");
    expect(response.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    const text = pdfText(response.rawPayload);
    for (const expected of [
      silverOrder.number,
      formatDollars(silverOrder.total),
      formatOrderFormDate(new Date(silverOrder.dueAt)),
      formatOrderFormDate(new Date(silverOrder.createdAt)),
      "Ember Works",
      "9 Hearth Lane, Austin, TX",
      "within 30 days",
      "1.5% per month",
    ]) {
      expect(text).toContain(expected);
    }
  });

  it("recording the payment activates Silver once; a second recording is 409", async () => {
    const url = `/api/internal/orders/${silverOrder.id}/payment`;
    const paidAt = new Date().toISOString();
    const first = await call(testApp.app, "POST", url, { cookie: internalCookie, body: { paidAt, reference: "WIRE-0001" } });
    expect(first.statusCode).toBe(200);
    expect(first.json().order).toMatchObject({ status: "paid", paymentReference: "WIRE-0001", paidAt });
    const me = (await call(testApp.app, "GET", "/api/me", { cookie: owner.cookie })).json();
    expect(me.tenant).toMatchObject({ effectivePlan: "Silver", plan: "Silver" });
    expect(me.tenant.deal).toMatchObject({ dealId: silverOrder.number, plan: "Silver", isActive: true });
    const second = await call(testApp.app, "POST", url, { cookie: internalCookie, body: { paidAt, reference: "WIRE-0002" } });
    expect(second.statusCode).toBe(409);
    const cancel = await call(testApp.app, "POST", `/api/internal/orders/${silverOrder.id}/cancel`, { cookie: internalCookie });
    expect(cancel.statusCode).toBe(409);
  });

  it("refuses a plan at or below the effective plan, a badge not on offer, and two plans (400, nothing stored)", async () => {
    const before = await stored(owner.tenantId);
    const cases = [
      [{ kind: "plan", plan: "Bronze" }],
      [{ kind: "plan", plan: "Silver" }],
      [{ kind: "badge", badgeId: "cert-2026", licenceType: "digitalorprint" }],
      [
        { kind: "plan", plan: "Gold" },
        { kind: "plan", plan: "Gold" },
      ],
    ];
    for (const certifications of cases) {
      const response = await call(testApp.app, "POST", CHECKOUT, {
        cookie: owner.cookie,
        body: { companyId: owner.tenantId, certifications },
      });
      expect(response.statusCode, JSON.stringify(certifications)).toBe(400);
      expect(Object.keys(response.json().error.fields).some((key) => key.startsWith("certifications"))).toBe(true);
    }
    expect(await stored(owner.tenantId)).toEqual(before);
  });

  it("cancels an order awaiting payment once; it can then be neither paid nor cancelled again", async () => {
    const { order } = (
      await call(testApp.app, "POST", CHECKOUT, {
        cookie: owner.cookie,
        body: { companyId: owner.tenantId, certifications: [{ kind: "plan", plan: "Gold" }], billingCycle: "monthly" },
      })
    ).json();
    expect(order.total).toBe(planPrice("Gold", "Medium", "monthly")!.cents);
    expect(order.number).not.toBe(silverOrder.number);
    const cancel = await call(testApp.app, "POST", `/api/internal/orders/${order.id}/cancel`, { cookie: internalCookie });
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json().order.status).toBe("cancelled");
    expect((await call(testApp.app, "POST", `/api/internal/orders/${order.id}/cancel`, { cookie: internalCookie })).statusCode).toBe(409);
    const pay = await call(testApp.app, "POST", `/api/internal/orders/${order.id}/payment`, {
      cookie: internalCookie,
      body: { paidAt: new Date().toISOString(), reference: "LATE" },
    });
    expect(pay.statusCode).toBe(409);
    const me = (await call(testApp.app, "GET", "/api/me", { cookie: owner.cookie })).json();
    expect(me.tenant.effectivePlan).toBe("Silver");
  });

  it("refuses bad input with field reasons and stores nothing", async () => {
    const before = await stored(other.tenantId);
    const bodies: [unknown, string][] = [
      [{ companyId: other.tenantId, certifications: [{ kind: "plan", plan: "Platinum" }] }, "certifications.0.plan"],
      [
        { companyId: other.tenantId, certifications: [{ kind: "badge", badgeId: "a\u0000b", licenceType: "digitalorprint" }] },
        "certifications.0.badgeId",
      ],
      [{ companyId: 42, certifications: [{ kind: "plan", plan: "Silver" }] }, "companyId"],
      [{ companyId: other.tenantId, certifications: [] }, "certifications"],
      [{ companyId: other.tenantId, certifications: [{ kind: "plan", plan: "Silver", quantity: 2 }] }, "certifications.0.quantity"],
      [{ companyId: other.tenantId, certifications: [{ kind: "plan", plan: "Silver" }], billingCycle: "weekly" }, "billingCycle"],
    ];
    for (const [body, field] of bodies) {
      const response = await call(testApp.app, "POST", CHECKOUT, { cookie: other.cookie, body });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error.fields, JSON.stringify(body)).toHaveProperty([field]);
    }
    expect((await call(testApp.app, "POST", CHECKOUT, { cookie: other.cookie })).statusCode).toBe(400);
    expect(await stored(other.tenantId)).toEqual(before);
    const payment = `/api/internal/orders/${silverOrder.id}/payment`;
    for (const [body, field] of [
      [{ paidAt: "yesterday", reference: "R" }, "paidAt"],
      [{ paidAt: new Date().toISOString(), reference: "" }, "reference"],
      [{ paidAt: new Date(Date.now() + 86_400_000).toISOString(), reference: "FUTURE" }, "paidAt"],
    ] as const) {
      const response = await call(testApp.app, "POST", payment, { cookie: internalCookie, body });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error.fields).toHaveProperty([field]);
    }
    expect((await call(testApp.app, "GET", "/api/billing/orders/not-a-uuid", { cookie: owner.cookie })).statusCode).toBe(400);
  });

  it("keeps every billing route to its company: Staff 403, another company 404, signed out 401, internal routes 403 for Admin", async () => {
    const companyRoutes: [string, string, unknown?][] = [
      ["POST", CHECKOUT, { companyId: owner.tenantId, certifications: [{ kind: "plan", plan: "Gold" }] }],
      ["GET", "/api/billing/orders"],
      ["GET", `/api/billing/orders/${silverOrder.id}`],
      ["GET", `/api/billing/orders/${silverOrder.id}/invoice.pdf`],
    ];
    const internalRoutes: [string, string, unknown?][] = [
      ["POST", `/api/internal/orders/${silverOrder.id}/payment`, { paidAt: new Date().toISOString(), reference: "X" }],
      ["POST", `/api/internal/orders/${silverOrder.id}/cancel`],
    ];
    const before = await stored(owner.tenantId);
    for (const [method, url, body] of [...companyRoutes, ...internalRoutes]) {
      expect((await call(testApp.app, method as "GET", url, { body })).statusCode, url).toBe(401);
      expect((await call(testApp.app, method as "GET", url, { cookie: staff.cookie, body })).statusCode, url).toBe(403);
    }
    for (const [method, url, body] of internalRoutes) {
      expect((await call(testApp.app, method as "POST", url, { cookie: admin.cookie, body })).statusCode, url).toBe(403);
      expect((await call(testApp.app, method as "POST", url, { cookie: owner.cookie, body })).statusCode, url).toBe(403);
    }
    // another company: the owner's order and company do not exist for it
    for (const [method, url, body] of companyRoutes.filter(([, url]) => url !== "/api/billing/orders")) {
      expect((await call(testApp.app, method as "GET", url, { cookie: other.cookie, body })).statusCode, url).toBe(404);
    }
    expect(await stored(owner.tenantId)).toEqual(before);
    expect(await stored(other.tenantId)).toEqual({ orders: 0, sales: 0 });
    // an unknown order, for the company and for an internal account
    expect((await call(testApp.app, "GET", `/api/billing/orders/${UNKNOWN_ID}`, { cookie: owner.cookie })).statusCode).toBe(404);
    expect((await call(testApp.app, "POST", `/api/internal/orders/${UNKNOWN_ID}/cancel`, { cookie: internalCookie })).statusCode).toBe(404);
  });

  it("a company already on Gold has nothing to buy by plan: the Free company next door can still order Bronze", async () => {
    await putTenantOnPlan(testApp.ctx.database.db, other.tenantId, "Gold");
    const refused = await call(testApp.app, "POST", CHECKOUT, {
      cookie: other.cookie,
      body: { companyId: other.tenantId, certifications: [{ kind: "plan", plan: "Gold" }] },
    });
    expect(refused.statusCode).toBe(400);
    const fresh = await registerCompany(testApp.app, { companyName: "Fresh Co" });
    const ok = await call(testApp.app, "POST", CHECKOUT, {
      cookie: fresh.cookie,
      body: { companyId: fresh.tenantId, certifications: [{ kind: "plan", plan: "Bronze" }] },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().order.total).toBe(planPrice("Bronze", "Medium", "yearly")!.cents);
  });
});
