import { eq } from "drizzle-orm";
import { ORDER_FORM_SERVICE_DESCRIPTIONS, formatOrderFormDate } from "@hearth/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tenant, user } from "../../db/schema.js";
import { type Session, type TestApp, addMember, call, createTestApp, registerCompany } from "../../test/harness.js";
import { putTenantOnPlan } from "../billing/billing.test-helpers.js";
import { pdfText } from "../../test/pdf-text.js";

describe("the company's Order Form (GET /api/legal/order-form and .pdf)", () => {
  let testApp: TestApp;
  let gold: Session;
  let silver: Session;
  beforeAll(async () => {
    testApp = await createTestApp();
    const db = testApp.ctx.database.db;
    gold = await registerCompany(testApp.app, { companyName: "Golden Hearth" });
    await db.update(tenant).set({ address: "1 Gold Street, Miami, FL", phone: "555-0001" }).where(eq(tenant.id, gold.tenantId));
    await db.update(user).set({ phone: "555-1111" }).where(eq(user.id, gold.userId));
    await putTenantOnPlan(db, gold.tenantId, "Gold");
    silver = await registerCompany(testApp.app, { companyName: "Silver Birch" });
    await db.update(tenant).set({ address: "2 Silver Road, Tampa, FL", phone: "555-0002" }).where(eq(tenant.id, silver.tenantId));
    await putTenantOnPlan(db, silver.tenantId, "Silver");
  });
  afterAll(() => testApp.close());

  const acceptedOn = async (userId: string) => {
    const [row] = await testApp.ctx.database.db.select({ at: user.termsAndConditionsAcceptDate }).from(user).where(eq(user.id, userId));
    return row.at!;
  };

  it("fills the form from the owner's record, the company's address, phone and plan, and the plan's yearly price for its size (no order yet)", async () => {
    const response = await call(testApp.app, "GET", "/api/legal/order-form", { cookie: gold.cookie });
    expect(response.statusCode).toBe(200);
    const { form } = response.json();
    expect(form.values).toMatchObject({
      customer: "Olive Owner",
      contact: "555-1111",
      address: "1 Gold Street, Miami, FL",
      phone: "555-0001",
      orderFormDate: formatOrderFormDate(await acceptedOn(gold.userId)),
      email: gold.email,
      services: ORDER_FORM_SERVICE_DESCRIPTIONS.Gold,
      additionalTerms: "None",
    });
    expect(form.values.serviceFeesAndPayment).toMatch(/^\$35,000\. /);
    expect(form.fields.map((field: { label: string }) => field.label)).toContain("Service Fees and Method of Payment");
  });

  it("shows each company its own form only", async () => {
    const { form } = (await call(testApp.app, "GET", "/api/legal/order-form", { cookie: silver.cookie })).json();
    expect(form.values).toMatchObject({
      address: "2 Silver Road, Tampa, FL",
      email: silver.email,
      services: ORDER_FORM_SERVICE_DESCRIPTIONS.Silver,
    });
    expect(form.values.serviceFeesAndPayment).toMatch(/^\$18,000\. /);
    expect(JSON.stringify(form)).not.toContain("Gold Street");
    const pdf = await call(testApp.app, "GET", "/api/legal/order-form.pdf", { cookie: silver.cookie });
    expect(pdfText(pdf.rawPayload)).not.toContain("Gold Street");
  });

  it("shows the owner's details to another admin of the company", async () => {
    const admin = await addMember(testApp, gold.tenantId, "Admin");
    const { form } = (await call(testApp.app, "GET", "/api/legal/order-form", { cookie: admin.cookie })).json();
    expect(form.values).toMatchObject({ customer: "Olive Owner", email: gold.email });
  });

  it("serves the same form as a PDF", async () => {
    const response = await call(testApp.app, "GET", "/api/legal/order-form.pdf", { cookie: gold.cookie });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/pdf");
    expect(response.headers["content-disposition"]).toBe('attachment; filename="order-form.pdf"');
    expect(response.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    const text = pdfText(response.rawPayload);
    for (const expected of ["Order Form", "Golden Hearth", "Olive Owner", "1 Gold Street, Miami, FL", "$35,000.", "legally binding"]) {
      expect(text).toContain(expected);
    }
  });

  it("refuses users without the company-profile permission, and signed-out callers", async () => {
    const staff = await addMember(testApp, gold.tenantId, "Staff");
    for (const path of ["/api/legal/order-form", "/api/legal/order-form.pdf"]) {
      expect((await call(testApp.app, "GET", path, { cookie: staff.cookie })).statusCode).toBe(403);
      expect((await call(testApp.app, "GET", path)).statusCode).toBe(401);
    }
  });
});
