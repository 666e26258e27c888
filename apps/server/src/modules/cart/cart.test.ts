/**
 * The company's cart on the server (issue 12 item 5, decision 0028): stored choices, server prices, plan replacement,
 * activity logs in the same change, access, tenancy, refusals that store nothing, and the CRM's abandoned-cart scan.
 */
import { planPrice } from "@hearth/shared";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activityLog } from "../../db/schema.js";
import { cart } from "../../db/schema-cart.js";
import { addMember, call, createTestApp, registerCompany, type Session, signIn, type TestApp } from "../../test/harness.js";
import { putTenantOnPlan } from "../billing/billing.test-helpers.js";
import { ABANDONED_CART_AFTER_MS, listOpenCartsChangedBefore, scanAbandonedCarts } from "../crm/abandoned-cart.js";
import { checkoutCompletedHooks } from "../orders/orders.service.js";
import { clearCart } from "./cart.service.js";

const CART_ACTIONS = ["add_to_cart", "remove_from_cart"];

describe("the cart", () => {
  let testApp: TestApp;
  const db = () => testApp.ctx.database.db;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(() => testApp.close());

  const getCart = (cookie?: string) => call(testApp.app, "GET", "/api/cart", cookie ? { cookie } : {});
  const add = (cookie: string | undefined, body: unknown) => call(testApp.app, "POST", "/api/cart/items", { cookie, body });
  const remove = (cookie: string | undefined, itemId: string) =>
    call(testApp.app, "DELETE", `/api/cart/items/${encodeURIComponent(itemId)}`, cookie ? { cookie } : {});
  const setCycle = (cookie: string | undefined, billingCycle: unknown) =>
    call(testApp.app, "PUT", "/api/cart/cycle", { cookie, body: { billingCycle } });
  const cartRow = async (tenantId: string) => (await db().select().from(cart).where(eq(cart.tenantId, tenantId)))[0];
  const logsOf = (tenantId: string) =>
    db()
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.tenantId, tenantId), inArray(activityLog.action, CART_ACTIONS)))
      .orderBy(activityLog.createdAt);
  const yearly = (plan: "Bronze" | "Silver" | "Gold") => planPrice(plan, "Medium", "yearly")?.cents;

  it("a new company's cart is empty, and reading it writes nothing", async () => {
    const owner = await registerCompany(testApp.app);
    const response = await getCart(owner.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      lines: [],
      total: 0,
      billingCycle: "yearly",
      currentPlan: "Free",
      offer: null,
      updatedAt: null,
    });
    expect(await cartRow(owner.tenantId)).toBeUndefined();
  });

  it("adds a plan at the server's price; a price or flag in the body is ignored and never stored", async () => {
    const owner = await registerCompany(testApp.app);
    const response = await add(owner.cookie, {
      kind: "plan",
      plan: "Silver",
      quantity: 1,
      price: 1,
      originalPrice: 1,
      isPlanIncluded: true,
      eligibility: true,
      payable: false,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.lines).toHaveLength(1);
    expect(body.lines[0]).toMatchObject({
      id: "plan",
      kind: "plan",
      type: "plan",
      name: "Silver",
      plan: "Silver",
      quantity: 1,
      price: yearly("Silver"),
      originalPrice: yearly("Silver"),
      isPlanIncluded: false,
      isNextPlanIncluded: false,
      eligibility: true,
      payable: true,
      message: null,
      tooltip: null,
    });
    expect(body.total).toBe(yearly("Silver"));
    expect((await getCart(owner.cookie)).json()).toEqual(body);
    const row = await cartRow(owner.tenantId);
    expect(row.items).toEqual([{ kind: "plan", plan: "Silver", quantity: 1 }]);
    expect(row.updatedBy).toBe(owner.userId);
  });

  it("a forged field stored in the row is not read either: the price is the server's", async () => {
    const owner = await registerCompany(testApp.app);
    await add(owner.cookie, { kind: "plan", plan: "Bronze" });
    await db()
      .update(cart)
      .set({ items: [{ kind: "plan", plan: "Bronze", quantity: 1, price: 5, isPlanIncluded: true }] })
      .where(eq(cart.tenantId, owner.tenantId));
    const line = (await getCart(owner.cookie)).json().lines[0];
    expect(line).toMatchObject({ price: yearly("Bronze"), isPlanIncluded: false });
  });

  it("a second plan replaces the first (logged as its removal and the new plan's addition); deleting it empties the cart", async () => {
    const owner = await registerCompany(testApp.app);
    expect((await add(owner.cookie, { kind: "plan", plan: "Silver" })).statusCode).toBe(200);
    const replaced = await add(owner.cookie, { kind: "plan", plan: "Gold" });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json().lines.map((line: { name: string }) => line.name)).toEqual(["Gold"]);
    expect(replaced.json().total).toBe(yearly("Gold"));
    expect((await add(owner.cookie, { kind: "plan", plan: "Gold" })).statusCode).toBe(409);

    const removed = await remove(owner.cookie, "plan");
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({ lines: [], total: 0, governingPlan: "Free" });
    expect((await cartRow(owner.tenantId)).items).toEqual([]);
    const again = await remove(owner.cookie, "plan");
    expect(again.statusCode).toBe(404);
    expect(again.json().error.fields).toEqual({ itemId: "This item is not in the cart." });

    const logs = await logsOf(owner.tenantId);
    expect(logs.map((log) => [log.action, log.data.certification, log.data.year])).toEqual([
      ["add_to_cart", "Silver", null],
      ["remove_from_cart", "Silver", null],
      ["add_to_cart", "Gold", null],
      ["remove_from_cart", "Gold", null],
    ]);
    for (const log of logs) {
      expect(log.userId).toBe(owner.userId);
      expect(log.createdAt).toBeInstanceOf(Date);
      expect(log.data).toMatchObject({ itemId: "plan", kind: "plan", licenceType: null });
    }
  });

  it("the monthly/yearly toggle is stored and reprices the plan line; a bad cycle is refused", async () => {
    const owner = await registerCompany(testApp.app);
    await add(owner.cookie, { kind: "plan", plan: "Bronze" });
    const monthly = await setCycle(owner.cookie, "monthly");
    expect(monthly.statusCode).toBe(200);
    expect(monthly.json()).toMatchObject({ billingCycle: "monthly", total: planPrice("Bronze", "Medium", "monthly")?.cents });
    expect((await getCart(owner.cookie)).json().billingCycle).toBe("monthly");
    const bad = await setCycle(owner.cookie, "weekly");
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields)).toEqual(["billingCycle"]);
    expect((await cartRow(owner.tenantId)).billingCycle).toBe("monthly");
    expect((await logsOf(owner.tenantId)).map((log) => log.action)).toEqual(["add_to_cart"]);
  });

  it("only plans above the effective plan can be added", async () => {
    const owner = await registerCompany(testApp.app);
    await putTenantOnPlan(db(), owner.tenantId, "Silver");
    const refused = await add(owner.cookie, { kind: "plan", plan: "Bronze" });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toEqual({ plan: "Choose a plan above your current plan." });
    const gold = await add(owner.cookie, { kind: "plan", plan: "Gold" });
    expect(gold.statusCode).toBe(200);
    expect(gold.json()).toMatchObject({ currentPlan: "Silver", governingPlan: "Gold" });
  });

  it("survives a new session and is the company's: another admin sees and changes the same cart", async () => {
    const owner = await registerCompany(testApp.app);
    await add(owner.cookie, { kind: "plan", plan: "Silver" });
    const newSession = await signIn(testApp.app, owner.email);
    expect(newSession).not.toBe(owner.cookie);
    expect((await getCart(newSession)).json().lines.map((line: { name: string }) => line.name)).toEqual(["Silver"]);

    const admin = await addMember(testApp, owner.tenantId, "Admin");
    expect((await getCart(admin.cookie)).json().lines.map((line: { name: string }) => line.name)).toEqual(["Silver"]);
    expect((await add(admin.cookie, { kind: "plan", plan: "Gold" })).statusCode).toBe(200);
    expect((await getCart(owner.cookie)).json().lines.map((line: { name: string }) => line.name)).toEqual(["Gold"]);
    const logs = await logsOf(owner.tenantId);
    expect(logs.slice(-2).map((log) => [log.action, log.userId])).toEqual([
      ["remove_from_cart", admin.userId],
      ["add_to_cart", admin.userId],
    ]);
  });

  it("Staff and Managers are refused (403); signed out is 401; neither changes anything", async () => {
    const owner = await registerCompany(testApp.app);
    for (const role of ["Staff", "Manager"] as const) {
      const member = await addMember(testApp, owner.tenantId, role);
      expect((await getCart(member.cookie)).statusCode).toBe(403);
      expect((await add(member.cookie, { kind: "plan", plan: "Gold" })).statusCode).toBe(403);
      expect((await remove(member.cookie, "plan")).statusCode).toBe(403);
      expect((await setCycle(member.cookie, "monthly")).statusCode).toBe(403);
    }
    expect((await getCart()).statusCode).toBe(401);
    expect((await add(undefined, { kind: "plan", plan: "Gold" })).statusCode).toBe(401);
    expect((await remove(undefined, "plan")).statusCode).toBe(401);
    expect((await setCycle(undefined, "monthly")).statusCode).toBe(401);
    expect(await cartRow(owner.tenantId)).toBeUndefined();
  });

  it("another company never sees or changes the cart", async () => {
    const owner = await registerCompany(testApp.app);
    const other: Session = await registerCompany(testApp.app, { companyName: "Other Co" });
    await add(owner.cookie, { kind: "plan", plan: "Gold" });
    expect((await getCart(other.cookie)).json().lines).toEqual([]);
    expect((await remove(other.cookie, "plan")).statusCode).toBe(404);
    expect((await setCycle(other.cookie, "monthly")).statusCode).toBe(200);
    expect((await add(other.cookie, { kind: "plan", plan: "Bronze" })).statusCode).toBe(200);
    const mine = (await getCart(owner.cookie)).json();
    expect(mine).toMatchObject({ billingCycle: "yearly", total: yearly("Gold") });
    expect(mine.lines.map((line: { name: string }) => line.name)).toEqual(["Gold"]);
    expect((await logsOf(owner.tenantId)).map((log) => log.userId)).toEqual([owner.userId]);
  });

  it("bad input is refused with 400 naming the field, and nothing is stored", async () => {
    const owner = await registerCompany(testApp.app);
    const cases: [unknown, string][] = [
      [{ kind: "coupon", plan: "Gold" }, "kind"],
      [{ plan: "Gold" }, "kind"],
      [{ kind: "plan", plan: "Platinum" }, "plan"],
      [{ kind: "plan", plan: "Free" }, "plan"],
      [{ kind: "plan", plan: "Premium" }, "plan"],
      [{ kind: "plan" }, "plan"],
      [{ kind: "plan", plan: "Gold", quantity: 2 }, "quantity"],
      [{ kind: "plan", plan: "Gold", quantity: 0 }, "quantity"],
      [{ kind: "plan", plan: "Gold", quantity: "1" }, "quantity"],
      [{ kind: "plan", plan: "Go\u0000ld" }, "plan"],
      [{ kind: "badge", badgeId: "cert-2026", licenceType: "digitalorprint" }, "badgeId"],
      [{ kind: "badge", badgeId: "cert-2026", licenceType: "forever" }, "licenceType"],
      [{ kind: "badge", licenceType: "digitalorprint" }, "kind"],
      ["Gold", "_"],
    ];
    for (const [body, field] of cases) {
      const response = await add(owner.cookie, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(response.json().error.fields ?? {}), JSON.stringify(body)).toContain(field);
    }
    expect((await remove(owner.cookie, "x".repeat(300))).statusCode).toBe(400);
    expect((await remove(owner.cookie, "pl\u0000an")).statusCode).toBe(400);
    const row = await cartRow(owner.tenantId);
    expect(row?.items ?? []).toEqual([]);
    expect(await logsOf(owner.tenantId)).toEqual([]);
  });

  it("a successful checkout empties the cart in its transaction", async () => {
    const owner = await registerCompany(testApp.app);
    await add(owner.cookie, { kind: "plan", plan: "Silver" });
    const checkout = await call(testApp.app, "POST", "/api/certifications/aquire", {
      cookie: owner.cookie,
      body: { companyId: owner.tenantId, certifications: [{ kind: "plan", plan: "Silver", quantity: 1 }] },
    });
    expect(checkout.statusCode, checkout.body).toBeLessThan(300);
    expect((await getCart(owner.cookie)).json().lines).toEqual([]);
  });

  it("the CRM's scan finds a cart left unchanged for 24 h, not an empty or a recent one; clearCart empties it", async () => {
    const left = await registerCompany(testApp.app);
    const recent = await registerCompany(testApp.app);
    const emptied = await registerCompany(testApp.app);
    await add(left.cookie, { kind: "plan", plan: "Gold" });
    await add(recent.cookie, { kind: "plan", plan: "Silver" });
    await add(emptied.cookie, { kind: "plan", plan: "Bronze" });
    await remove(emptied.cookie, "plan");
    const dayAgo = new Date(Date.now() - ABANDONED_CART_AFTER_MS - 60_000);
    await db()
      .update(cart)
      .set({ updatedAt: dayAgo })
      .where(inArray(cart.tenantId, [left.tenantId, emptied.tenantId]));

    const now = new Date();
    const found = await listOpenCartsChangedBefore(db(), new Date(now.getTime() - ABANDONED_CART_AFTER_MS), 1000);
    const ours = found.filter((snapshot) => [left.tenantId, recent.tenantId, emptied.tenantId].includes(snapshot.tenantId));
    const leftRow = await cartRow(left.tenantId);
    expect(ours).toEqual([
      { cartId: leftRow.id, tenantId: left.tenantId, userId: left.userId, updatedAt: dayAgo, closed: false, items: ["Gold plan"] },
    ]);
    expect(await scanAbandonedCarts(testApp.ctx.jobs, db(), now)).toBeGreaterThanOrEqual(1);

    expect(checkoutCompletedHooks).toContain(clearCart);
    await clearCart(db(), left.tenantId);
    expect((await getCart(left.cookie)).json().lines).toEqual([]);
    const after = await listOpenCartsChangedBefore(db(), new Date(), 1000);
    expect(after.some((snapshot) => snapshot.tenantId === left.tenantId)).toBe(false);
  });
});
