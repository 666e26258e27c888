import { eq } from "drizzle-orm";
import { describePlanPrice, formatOrderFormDate, SELLER_NOT_SET } from "@hearth/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tenant } from "../../db/schema.js";
import { type Session, type TestApp, addMember, call, createTestApp, registerCompany, signIn } from "../../test/harness.js";
import { pdfText } from "../../test/pdf-text.js";
import { createInternalUser } from "../internal/internal-users.service.js";
import { insertOrder } from "../orders/orders.repo.js";
import { orderDueAt } from "../orders/orders.service.js";

const SETTINGS = "/api/admin/seller-settings";
const CHECKOUT = "/api/certifications/aquire";
const SELLER_ENV = {
  SELLER_NAME: "Hearth Services LLC",
  SELLER_ADDRESS: "12 Harbor Road\\nTampa, FL 33602",
  SELLER_TAX_ID: "EIN 12-3456789",
  SELLER_REMITTANCE: "Wire to First Coast Bank, account 000111222, routing 063000047.",
};
/** The PDF's text with its line breaks folded, so a wrapped sentence reads whole. */
const flat = (bytes: Buffer) => pdfText(bytes).replace(/\s+/g, " ");

async function signInOperator(testApp: TestApp, email: string) {
  await createInternalUser(testApp.ctx.database.db, { email, password: "Operator-Pass-1!", firstName: "Sam", lastName: "Seller" });
  return signIn(testApp.app, email, "Operator-Pass-1!");
}

async function orderPlan(testApp: TestApp, session: Session, plan: string) {
  const response = await call(testApp.app, "POST", CHECKOUT, {
    cookie: session.cookie,
    body: { companyId: session.tenantId, certifications: [{ kind: "plan", plan }] },
  });
  expect(response.statusCode).toBe(200);
  return response.json().order as { id: string; number: string; total: number; dueAt: string };
}

describe("the seller on invoices and order forms, set in the environment", () => {
  let testApp: TestApp;
  let owner: Session;
  let operator: string;

  beforeAll(async () => {
    testApp = await createTestApp({ env: SELLER_ENV });
    owner = await registerCompany(testApp.app, { companyName: "Lantern Labs" });
    await testApp.ctx.database.db.update(tenant).set({ companySize: "Medium" }).where(eq(tenant.id, owner.tenantId));
    operator = await signInOperator(testApp, "seller-ops@hearth.example");
  });
  afterAll(() => testApp.close());

  it("prints the seller, the invoice number, the due date, the reference and how to pay; no raw code", async () => {
    const order = await orderPlan(testApp, owner, "Bronze");
    // A badge line as checkout stores it, with its licence type's code.
    const now = new Date();
    const badgeOrder = await insertOrder(
      testApp.ctx.database.db,
      owner.tenantId,
      {
        number: "HRT-2026-990001",
        status: "awaiting_payment",
        currency: "usd",
        subtotal: 700_000,
        total: 700_000,
        billingCycle: "yearly",
        createdAt: now,
        dueAt: orderDueAt(now),
      },
      [
        {
          position: 0,
          kind: "badge",
          name: "Great Place to Grow",
          plan: null,
          badgeId: "lowi-2026",
          year: 2026,
          licenceType: "digitalorprint",
          quantity: 1,
          unitPrice: 700_000,
          originalPrice: 700_000,
          isPlanIncluded: false,
        },
      ],
    );
    for (const [id, number, dueAt] of [
      [order.id, order.number, new Date(order.dueAt)],
      [badgeOrder.order.id, badgeOrder.order.number, badgeOrder.order.dueAt],
    ] as const) {
      const response = await call(testApp.app, "GET", `/api/billing/orders/${id}/invoice.pdf`, { cookie: owner.cookie });
      expect(response.statusCode).toBe(200);
      const text = flat(response.rawPayload);
      for (const expected of [
        "Hearth Services LLC",
        "12 Harbor Road",
        "Tampa, FL 33602",
        "EIN 12-3456789",
        SELLER_ENV.SELLER_REMITTANCE,
        "Invoice number",
        number,
        "Due date",
        formatOrderFormDate(dueAt),
        "Reference to quote",
        `Quote the reference ${number} with your payment`,
      ]) {
        expect(text).toContain(expected);
      }
      expect(text).not.toMatch(/digitalorprint|unlimiteduse|awaiting_payment|billed yearly/);
      expect(text).not.toContain(SELLER_NOT_SET.slice(0, 30));
    }
    const badgeText = flat(
      (await call(testApp.app, "GET", `/api/billing/orders/${badgeOrder.order.id}/invoice.pdf`, { cookie: owner.cookie })).rawPayload,
    );
    expect(badgeText).toContain("Great Place to Grow (2026, Digital or print licence)");
  });

  it("lists the seller with the company's orders, so Billing can say how to pay", async () => {
    const list = (await call(testApp.app, "GET", "/api/billing/orders", { cookie: owner.cookie })).json();
    expect(list.payable).toBe(true);
    expect(list.payTo).toEqual({
      name: "Hearth Services LLC",
      address: "12 Harbor Road\nTampa, FL 33602",
      taxId: "EIN 12-3456789",
      remittance: SELLER_ENV.SELLER_REMITTANCE,
    });
  });

  it("states on the order form the fee actually ordered, and the seller", async () => {
    const gold = await registerCompany(testApp.app, { companyName: "Gilded Owl" });
    await testApp.ctx.database.db.update(tenant).set({ companySize: "Medium" }).where(eq(tenant.id, gold.tenantId));
    // Before any order: the effective plan (Free) at its price, from the one price function.
    const before = (await call(testApp.app, "GET", "/api/legal/order-form", { cookie: gold.cookie })).json().form;
    expect(before.fee).toBe("$0");
    const order = await orderPlan(testApp, gold, "Gold");
    expect(order.total).toBe(describePlanPrice("Gold", "Medium", "yearly").cents);
    const { form } = (await call(testApp.app, "GET", "/api/legal/order-form", { cookie: gold.cookie })).json();
    expect(form.fee).toBe("$35,000");
    expect(form.values.services).toMatch(/^Gold plan/);
    expect(form.values.additionalTerms).toContain(order.number);
    expect(form.seller).toContainEqual({ label: "Seller", value: "Hearth Services LLC" });
    const pdf = flat((await call(testApp.app, "GET", "/api/legal/order-form.pdf", { cookie: gold.cookie })).rawPayload);
    expect(pdf).toContain("$35,000.");
    expect(pdf).not.toContain("$52,500");
    expect(pdf).toContain("Hearth Services LLC");
    expect(pdf).toContain("First Coast Bank");
  });

  it("lets only an internal account read or change the seller settings", async () => {
    const admin = await addMember(testApp, owner.tenantId, "Admin");
    for (const cookie of [owner.cookie, admin.cookie]) {
      expect((await call(testApp.app, "GET", SETTINGS, { cookie })).statusCode).toBe(404);
      expect((await call(testApp.app, "PATCH", SETTINGS, { cookie, body: { name: "Mallory Inc" } })).statusCode).toBe(404);
    }
    expect((await call(testApp.app, "GET", SETTINGS)).statusCode).toBe(401);
    expect((await call(testApp.app, "PATCH", SETTINGS, { body: { name: "Mallory Inc" } })).statusCode).toBe(401);
    const read = await call(testApp.app, "GET", SETTINGS, { cookie: operator });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ effective: { name: "Hearth Services LLC" }, overrides: { name: null }, payable: true });
  });

  it("refuses bad input with a reason for each field", async () => {
    for (const [body, field] of [
      [{ name: "   " }, "name"],
      [{ taxId: "x".repeat(65) }, "taxId"],
      [{ address: "line\u0000two" }, "address"],
      [{ remittance: 42 }, "remittance"],
    ] as const) {
      const response = await call(testApp.app, "PATCH", SETTINGS, { cookie: operator, body });
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json().error.fields ?? {})).toContain(field);
      expect(response.body).not.toMatch(/at \S+\.ts|ZodError/);
    }
    expect((await call(testApp.app, "PATCH", SETTINGS, { cookie: operator, body: {} })).statusCode).toBe(400);
    expect((await call(testApp.app, "PATCH", SETTINGS, { cookie: operator, body: { bank: "x" } })).statusCode).toBe(400);
  });

  it("PATCH changes only the fields sent; null restores the environment's value", async () => {
    const first = await call(testApp.app, "PATCH", SETTINGS, { cookie: operator, body: { remittance: "Pay by check to PO Box 9, Tampa" } });
    expect(first.statusCode).toBe(200);
    expect(first.json().effective).toEqual({
      name: "Hearth Services LLC",
      address: "12 Harbor Road\nTampa, FL 33602",
      taxId: "EIN 12-3456789",
      remittance: "Pay by check to PO Box 9, Tampa",
    });
    const second = (await call(testApp.app, "PATCH", SETTINGS, { cookie: operator, body: { name: "Hearth Cooperative" } })).json();
    expect(second.effective).toMatchObject({ name: "Hearth Cooperative", remittance: "Pay by check to PO Box 9, Tampa" });
    expect(second.overrides).toEqual({
      name: "Hearth Cooperative",
      address: null,
      taxId: null,
      remittance: "Pay by check to PO Box 9, Tampa",
    });
    const order = await orderPlan(testApp, await registerCompany(testApp.app, { companyName: "Check Payers" }), "Silver");
    expect(order.total).toBeGreaterThan(0);
    const third = (await call(testApp.app, "PATCH", SETTINGS, { cookie: operator, body: { name: null } })).json();
    expect(third.effective.name).toBe("Hearth Services LLC");
    expect(third.overrides.remittance).toBe("Pay by check to PO Box 9, Tampa");
    const invoice = flat(
      (
        await call(testApp.app, "GET", `/api/billing/orders/${(await orderPlan(testApp, owner, "Silver")).id}/invoice.pdf`, {
          cookie: owner.cookie,
        })
      ).rawPayload,
    );
    expect(invoice).toContain("Pay by check to PO Box 9, Tampa");
  });
});

describe("documents with no seller set", () => {
  let testApp: TestApp;
  let owner: Session;

  beforeAll(async () => {
    testApp = await createTestApp();
    owner = await registerCompany(testApp.app, { companyName: "Unsold Co" });
  });
  afterAll(() => testApp.close());

  it("say plainly that the operator has not set the seller's details, and name no seller", async () => {
    const order = await orderPlan(testApp, owner, "Bronze");
    const response = await call(testApp.app, "GET", `/api/billing/orders/${order.id}/invoice.pdf`, { cookie: owner.cookie });
    expect(response.statusCode, response.body).toBe(200);
    const invoice = flat(response.rawPayload);
    expect(invoice).toContain(SELLER_NOT_SET);
    expect(invoice).toContain(order.number);
    const list = (await call(testApp.app, "GET", "/api/billing/orders", { cookie: owner.cookie })).json();
    expect(list).toMatchObject({ payable: false, payTo: { name: null, address: null, taxId: null, remittance: null } });
    const form = (await call(testApp.app, "GET", "/api/legal/order-form", { cookie: owner.cookie })).json().form;
    expect(form.seller).toEqual([{ label: "Seller", value: SELLER_NOT_SET }]);
    expect(flat((await call(testApp.app, "GET", "/api/legal/order-form.pdf", { cookie: owner.cookie })).rawPayload)).toContain(
      SELLER_NOT_SET,
    );
  });
});
