import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { formatDollars, planPrice } from "@hearth/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MIGRATIONS_FOLDER } from "../../db/client.js";
import { type Session, type TestApp, addMember, call, createTestApp, registerCompany, signIn } from "../../test/harness.js";
import { createLowiSurvey } from "../comments/comments.test-helpers.js";
import { insertTenant } from "../company/company.repo.js";
import { DEMO_ADMIN_EMAIL, DEMO_PASSWORD, seedDemoData } from "../../seed/demo.js";
import { createInternalUser } from "../internal/internal-users.service.js";
import { listTenantDeals } from "./billing.repo.js";
import { readEffectivePlan } from "./billing.service.js";
import { pdfText } from "../../test/pdf-text.js";

const DAY = 24 * 60 * 60 * 1000;
const monthsAgo = (months: number) => {
  const date = new Date();
  date.setUTCMonth(date.getUTCMonth() - months);
  return date.toISOString();
};
const dealsUrl = (tenantId: string) => `/api/internal/tenants/${tenantId}/deals`;

describe("deals and the effective plan", () => {
  let testApp: TestApp;
  let internalCookie: string;
  beforeAll(async () => {
    testApp = await createTestApp();
    await createInternalUser(testApp.ctx.database.db, {
      email: "deals@hearth.example",
      password: "Operator-Pass-1!",
      firstName: "Dee",
      lastName: "Ops",
    });
    internalCookie = await signIn(testApp.app, "deals@hearth.example", "Operator-Pass-1!");
  });
  afterAll(() => testApp.close());

  const recordDeal = (tenantId: string, body: Record<string, unknown>, cookie = internalCookie) =>
    call(testApp.app, "POST", dealsUrl(tenantId), { cookie, body });
  const me = async (session: Session) => (await call(testApp.app, "GET", "/api/me", { cookie: session.cookie })).json();
  /** The data export needs Bronze: 403 PLAN_UPGRADE_REQUIRED before the survey is looked up, 404 (unknown survey) past the gate. */
  const exportStatus = async (session: Session) =>
    (await call(testApp.app, "GET", "/api/export/survey?surveyId=AAAAAAAAAAAAAAAAAAAAAA&format=csv", { cookie: session.cookie }))
      .statusCode;

  it("a new company has no deal: /api/me shows Free, with no deal", async () => {
    const owner = await registerCompany(testApp.app);
    const body = await me(owner);
    expect(body.tenant).toMatchObject({ plan: "Free", effectivePlan: "Free", deal: null });
  });

  it("a deal within its year gives its plan: /api/me shows the effective plan and the deal, and features follow", async () => {
    const owner = await registerCompany(testApp.app);
    const activatedDate = new Date(Date.now() - DAY).toISOString();
    const created = await recordDeal(owner.tenantId, { plan: "Silver", dealId: "CRM-1", activatedDate, isActive: true });
    expect(created.statusCode).toBe(201);
    const deal = created.json();
    expect(deal).toMatchObject({ plan: "Silver", dealId: "CRM-1", isActive: true, forceActivate: false, expiryDate: null, activatedDate });
    const body = await me(owner);
    // The stored plan is a record only; every check reads the effective plan.
    expect(body.tenant).toMatchObject({ plan: "Free", effectivePlan: "Silver", deal });
    expect(body.tenant.features).toEqual(expect.arrayContaining(["SentimentReport", "SocialAmplification"]));
    expect(body.tenant.features).not.toContain("CustomQuestions");
    expect(await exportStatus(owner)).toBe(404); // allowed: past the gate, the survey is unknown
  });

  it("an expired deal gives Free: features are locked and a Silver feature answers 403; a current deal unlocks it", async () => {
    const owner = await registerCompany(testApp.app);
    const { surveyId } = await createLowiSurvey(testApp, owner, "Free");
    await recordDeal(owner.tenantId, {
      plan: "Silver",
      dealId: "CRM-2",
      activatedDate: new Date(Date.now() - 30 * DAY).toISOString(),
      expiryDate: new Date(Date.now() - DAY).toISOString(),
      forceActivate: true,
      isActive: true,
    });
    const body = await me(owner);
    expect(body.tenant).toMatchObject({ effectivePlan: "Free", deal: null });
    expect(body.tenant.features).not.toContain("SentimentReport");
    const sentiment = () => call(testApp.app, "GET", `/api/reports/${surveyId}/sentiment`, { cookie: owner.cookie });
    const quotes = async () => (await call(testApp.app, "GET", "/api/amplification/quotes", { cookie: owner.cookie })).json();
    const locked = await sentiment();
    expect(locked.statusCode).toBe(403);
    expect(locked.json().error).toMatchObject({ code: "PLAN_UPGRADE_REQUIRED", fields: { feature: "SentimentReport" } });
    expect((await quotes()).canDownload).toBe(false);
    expect(await exportStatus(owner)).toBe(403);

    await recordDeal(owner.tenantId, { plan: "Silver", dealId: "CRM-2b", activatedDate: new Date().toISOString(), isActive: true });
    expect((await sentiment()).statusCode).not.toBe(403);
    expect((await quotes()).canDownload).toBe(true);
    expect(await exportStatus(owner)).toBe(404); // allowed: past the gate, the survey is unknown
  });

  it("the upgrade request reads the effective plan; the one-year window closes the plan a year after activation", async () => {
    const owner = await registerCompany(testApp.app);
    const upgradeRefused = async () => {
      const response = await call(testApp.app, "POST", "/api/plan_update_request", {
        cookie: owner.cookie,
        body: { requestedPlan: "Silver" },
      });
      return response.statusCode === 400;
    };
    // On Free a Silver request is an upgrade; on an effective Silver it is not.
    expect(await upgradeRefused()).toBe(false);
    await recordDeal(owner.tenantId, { plan: "Silver", dealId: "CRM-3", activatedDate: new Date().toISOString(), isActive: true });
    expect(await upgradeRefused()).toBe(true);
    const now = new Date();
    expect((await readEffectivePlan(testApp.ctx.database.db, owner.tenantId, now)).plan).toBe("Silver");
    expect((await readEffectivePlan(testApp.ctx.database.db, owner.tenantId, new Date(now.getTime() + 300 * DAY))).plan).toBe("Silver");
    expect((await readEffectivePlan(testApp.ctx.database.db, owner.tenantId, new Date(now.getTime() + 366 * DAY))).plan).toBe("Free");
  });

  it("a deal activated 13 months ago and not forced gives Free; the same deal forced gives its plan", async () => {
    const notForced = await registerCompany(testApp.app);
    await recordDeal(notForced.tenantId, { plan: "Gold", dealId: "CRM-4", activatedDate: monthsAgo(13), isActive: true });
    expect((await me(notForced)).tenant).toMatchObject({ effectivePlan: "Free", deal: null });
    expect(await exportStatus(notForced)).toBe(403);

    const forced = await registerCompany(testApp.app);
    const deal = (
      await recordDeal(forced.tenantId, { plan: "Gold", activatedDate: monthsAgo(13), forceActivate: true, isActive: true })
    ).json();
    expect((await me(forced)).tenant).toMatchObject({ effectivePlan: "Gold", deal: { id: deal.id, forceActivate: true, dealId: null } });
    expect((await me(forced)).tenant.features).toContain("CustomQuestions");
  });

  it("the deal rule's other branches: inactive, no activation date, no id without force give Free", async () => {
    const owner = await registerCompany(testApp.app);
    await recordDeal(owner.tenantId, { plan: "Gold", dealId: "CRM-5", activatedDate: new Date().toISOString(), isActive: false });
    await recordDeal(owner.tenantId, { plan: "Gold", dealId: "CRM-6", forceActivate: true, isActive: true });
    await recordDeal(owner.tenantId, { plan: "Gold", activatedDate: new Date().toISOString(), isActive: true });
    expect((await me(owner)).tenant).toMatchObject({ effectivePlan: "Free", deal: null });
    expect(await listTenantDeals(testApp.ctx.database.db, owner.tenantId)).toHaveLength(3);
  });

  it("with several deals the highest plan wins", async () => {
    const owner = await registerCompany(testApp.app);
    const today = new Date().toISOString();
    await recordDeal(owner.tenantId, { plan: "Bronze", dealId: "B", activatedDate: today, isActive: true });
    const gold = (await recordDeal(owner.tenantId, { plan: "Gold", dealId: "G", activatedDate: today, isActive: true })).json();
    await recordDeal(owner.tenantId, { plan: "Silver", dealId: "S", activatedDate: today, isActive: true });
    expect((await me(owner)).tenant).toMatchObject({ effectivePlan: "Gold", deal: { id: gold.id } });
  });

  it("only internal accounts may record a deal: 401 signed out, 403 for Admin and Staff, even for their own company", async () => {
    const owner = await registerCompany(testApp.app);
    const staff = await addMember(testApp, owner.tenantId, "Staff");
    const body = { plan: "Gold", dealId: "X", activatedDate: new Date().toISOString(), isActive: true };
    expect((await call(testApp.app, "POST", dealsUrl(owner.tenantId), { body })).statusCode).toBe(401);
    expect((await recordDeal(owner.tenantId, body, owner.cookie)).statusCode).toBe(403);
    expect((await recordDeal(owner.tenantId, body, staff.cookie)).statusCode).toBe(403);
    expect(await listTenantDeals(testApp.ctx.database.db, owner.tenantId)).toHaveLength(0);
    expect((await me(owner)).tenant.effectivePlan).toBe("Free");
  });

  it("404 for an unknown company; 400 for a malformed id and bad input, storing nothing", async () => {
    const owner = await registerCompany(testApp.app);
    const good = { plan: "Gold", dealId: "X", activatedDate: new Date().toISOString(), isActive: true };
    expect((await recordDeal("00000000-0000-4000-8000-000000000000", good)).statusCode).toBe(404);
    expect((await recordDeal("not-a-uuid", good)).statusCode).toBe(400);
    for (const bad of [
      { ...good, plan: "Platinum" },
      { ...good, plan: undefined },
      { ...good, isActive: undefined },
      { ...good, isActive: "yes" },
      { ...good, activatedDate: "next week" },
      { ...good, activatedDate: "2026-03-01T10:00" },
      { ...good, expiryDate: 12 },
      { ...good, dealId: "" },
      { ...good, forceActivate: "true" },
      { ...good, tenantId: owner.tenantId },
    ]) {
      const response = await recordDeal(owner.tenantId, bad);
      expect(response.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect(await listTenantDeals(testApp.ctx.database.db, owner.tenantId)).toHaveLength(0);
  });

  it("cross-tenant: a deal recorded for one company changes no other company's plan", async () => {
    const first = await registerCompany(testApp.app);
    const second = await registerCompany(testApp.app);
    await recordDeal(first.tenantId, { plan: "Premium", dealId: "P", activatedDate: new Date().toISOString(), isActive: true });
    expect((await me(first)).tenant.effectivePlan).toBe("Premium");
    expect((await me(second)).tenant).toMatchObject({ effectivePlan: "Free", deal: null });
    expect(await listTenantDeals(testApp.ctx.database.db, second.tenantId)).toHaveLength(0);
    // The internal account's own company is untouched too.
    expect((await call(testApp.app, "GET", "/api/me", { cookie: internalCookie })).json().tenant.deal).toBeNull();
  });
});

describe("the demo seed", () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(() => testApp.close());

  it("gives the demo company its Gold plan through a paid order: the order, its invoice and the deal it activated", async () => {
    await seedDemoData(testApp.ctx.database.db);
    const cookie = await signIn(testApp.app, DEMO_ADMIN_EMAIL, DEMO_PASSWORD);
    const orders = (await call(testApp.app, "GET", "/api/billing/orders", { cookie })).json();
    expect(orders.total).toBe(1);
    const [order] = orders.items;
    const gold = planPrice("Gold", "Medium", "yearly");
    expect(order).toMatchObject({ status: "paid", billingCycle: "yearly", total: gold?.cents, subtotal: gold?.cents });
    expect(order.number).toMatch(/^HRT-\d{4}-\d{6}$/);
    // Placed, then paid a few days later, both in the past; the invoice was due after the payment.
    const placed = Date.parse(order.createdAt);
    const paid = Date.parse(order.paidAt);
    expect(placed).toBeLessThan(paid);
    expect(paid).toBeLessThan(Date.now());
    expect(Date.parse(order.dueAt)).toBeGreaterThan(paid);
    const body = (await call(testApp.app, "GET", "/api/me", { cookie })).json();
    expect(body.tenant).toMatchObject({
      plan: "Gold",
      effectivePlan: "Gold",
      deal: { plan: "Gold", isActive: true, dealId: order.number },
    });
    const invoice = await call(testApp.app, "GET", `/api/billing/orders/${order.id}/invoice.pdf`, { cookie });
    expect(invoice.statusCode).toBe(200);
    const text = pdfText(invoice.rawPayload);
    expect(text).toContain(order.number);
    expect(text).toContain("Demo Company, Inc.");
    expect(text).toContain(formatDollars(order.total));
  });
});

describe("migration 0010_billing_deals: existing companies keep their plan", () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(() => testApp.close());

  it("gives every tenant on a paid plan one forced, active deal for it with no expiry, and none to a Free tenant", async () => {
    const db = testApp.ctx.database.db;
    const gold = await insertTenant(db, { companyName: "Old Gold", plan: "Gold" });
    const silver = await insertTenant(db, { companyName: "Old Silver", plan: "Silver" });
    const free = await insertTenant(db, { companyName: "Old Free", plan: "Free" });
    // The migration's data step, as written in the migration file (its last statement).
    const file = readFileSync(path.join(MIGRATIONS_FOLDER, "0010_billing_deals.sql"), "utf8");
    const dataStep = file.split("--> statement-breakpoint").at(-1) ?? "";
    expect(dataStep).toMatch(/INSERT INTO "deal"/);
    const before = Date.now();
    await db.execute(sql.raw(dataStep));

    for (const [tenant, plan] of [
      [gold, "Gold"],
      [silver, "Silver"],
    ] as const) {
      const deals = await listTenantDeals(db, tenant.id);
      expect(deals).toHaveLength(1);
      expect(deals[0]).toMatchObject({ plan, isActive: true, forceActivate: true, expiryDate: null, dealId: null });
      expect(Math.abs((deals[0].activatedDate?.getTime() ?? 0) - before)).toBeLessThan(60_000);
      expect((await readEffectivePlan(db, tenant.id)).plan).toBe(plan);
      // Forced with no expiry: the plan holds past the year and across 1 January.
      expect((await readEffectivePlan(db, tenant.id, new Date(Date.now() + 400 * DAY))).plan).toBe(plan);
    }
    expect(await listTenantDeals(db, free.id)).toHaveLength(0);
    expect((await readEffectivePlan(db, free.id)).plan).toBe("Free");
  });
});
