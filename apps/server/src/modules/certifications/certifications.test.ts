import { and, eq } from "drizzle-orm";
import { additionalAreaPrice, awardBadgeId, certificationPrice, GROUP_AREAS, listPresetFields } from "@hearth/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { issuedBadge } from "../../db/schema-certifications.js";
import { survey, tenant } from "../../db/schema.js";
import { type Session, type TestApp, addMember, call, createTestApp, registerCompany, signIn } from "../../test/harness.js";
import { createInternalUser } from "../internal/internal-users.service.js";
import { insertClosedLowiSurvey } from "./test-lowi-survey.js";

const YEAR = new Date().getUTCFullYear();
const CURRENT = `certification-${YEAR}`;
const PREVIOUS = `certification-${YEAR - 1}`;
const CARDS = "/api/certifications/cards";

interface Card {
  id: string;
  status: string;
  eligibility: boolean;
  reasons: string[];
  type: string;
  prices: { digitalorprint: number; unlimiteduse: number };
}

describe("certification and award cards", () => {
  let testApp: TestApp;
  let owner: Session;
  let other: Session;
  let staff: Session;
  let internalCookie: string;
  const db = () => testApp.ctx.database.db;

  /**
   * A published LOWI survey that closed this year (January 15) with `responses` responses, visibility threshold 3,
   * every agree item Strongly Agree and every area Do Well, so it passes the score and award rules (decision 0035).
   */
  async function lowiSurvey(tenantId: string, responses: number, endDate?: Date) {
    const best = Object.fromEntries(
      listPresetFields("PulseValidation").flatMap((field) => {
        if (field.answerType !== "Radio") return [];
        return [
          [field.key, field.radioOptions.find((option) => option === "Strongly Agree" || option === "Do Well") ?? field.radioOptions[0]],
        ];
      }),
    );
    return insertClosedLowiSurvey(
      db(),
      tenantId,
      Array.from({ length: responses }, () => best),
      endDate,
    );
  }

  const cards = async (cookie: string) => {
    const response = await call(testApp.app, "GET", CARDS, { cookie });
    expect(response.statusCode).toBe(200);
    return response.json() as { years: number[]; cards: Card[]; requiredResponses: number | null; responsesByYear: Record<string, number> };
  };
  const card = async (cookie: string, id: string) => (await cards(cookie)).cards.find((candidate) => candidate.id === id) as Card;
  const addToCart = (cookie: string, body: unknown) => call(testApp.app, "POST", "/api/cart/items", { cookie, body });

  beforeAll(async () => {
    testApp = await createTestApp();
    owner = await registerCompany(testApp.app, { companyName: "Kiln Collective" });
    other = await registerCompany(testApp.app, { companyName: "Other Kiln" });
    staff = await addMember(testApp, owner.tenantId, "Staff");
    await createInternalUser(db(), { email: "cards-ops@hearth.example", password: "Operator-Pass-1!", firstName: "Cy", lastName: "Ops" });
    internalCookie = await signIn(testApp.app, "cards-ops@hearth.example", "Operator-Pass-1!");
  });
  afterAll(async () => {
    await testApp.close();
  });

  it("lists a certification and one award per area for this year and last, priced for the company's size", async () => {
    const body = await cards(owner.cookie);
    expect(body.years).toEqual([YEAR, YEAR - 1]);
    expect(body.cards).toHaveLength(2 * (1 + GROUP_AREAS.length));
    expect(body.cards.every((one) => one.status === "Available" && !one.eligibility)).toBe(true);
    const certification = body.cards.find((one) => one.id === CURRENT) as Card;
    expect(certification.prices).toEqual({
      digitalorprint: certificationPrice("Medium", "digitalorprint")?.cents,
      unlimiteduse: certificationPrice("Medium", "unlimiteduse")?.cents,
    });
    const award = body.cards.find((one) => one.type === "award") as Card;
    expect(award.prices.digitalorprint).toBe(additionalAreaPrice("Medium", "digitalorprint")?.cents);
  });

  it("makes a year eligible when one closed LOWI survey ending in it meets the response and score rules", async () => {
    await db().update(tenant).set({ headcount: 9, companySize: "Small" }).where(eq(tenant.id, owner.tenantId));
    await lowiSurvey(owner.tenantId, 2);
    await lowiSurvey(owner.tenantId, 2); // two surveys of two responses each do not add up to three
    const short = await card(owner.cookie, CURRENT);
    expect(short).toMatchObject({ eligibility: false, reasons: expect.arrayContaining(["1 more response needed"]) });
    // Still open: the rules ask for a closed survey (decision 0035).
    const open = await lowiSurvey(owner.tenantId, 3, new Date(Date.now() + 86_400_000));
    if (new Date(Date.now() + 86_400_000).getUTCFullYear() === YEAR) {
      expect((await card(owner.cookie, CURRENT)).reasons).toEqual(["The survey is still open: close it or wait for its end date."]);
    }
    await db().update(survey).set({ archived: true }).where(eq(survey.id, open));
    await lowiSurvey(owner.tenantId, 3);
    const body = await cards(owner.cookie);
    // Headcount 9: 3 responses needed (the threshold is 3 too, so the score can be read).
    expect(body).toMatchObject({ requiredResponses: 3, responsesByYear: { [YEAR]: 3 } });
    expect(body.cards.find((one) => one.id === CURRENT)?.eligibility).toBe(true);
    expect(body.cards.find((one) => one.id === PREVIOUS)?.eligibility).toBe(false);
    // Drafts and archived surveys do not count.
    const draft = await lowiSurvey(other.tenantId, 0);
    await db().update(survey).set({ draft: true }).where(eq(survey.id, draft));
  });

  let orderId: string;

  it("with Silver in the cart the eligible certification is plan-included and the ineligible one goes to sales", async () => {
    expect((await addToCart(owner.cookie, { kind: "plan", plan: "Silver" })).statusCode).toBe(200);
    expect((await addToCart(owner.cookie, { kind: "badge", badgeId: CURRENT, licenceType: "digitalorprint" })).statusCode).toBe(200);
    const cart = (await addToCart(owner.cookie, { kind: "badge", badgeId: PREVIOUS, licenceType: "DigitalOrPrint" })).json();
    const current = cart.lines.find((line: { badgeId: string }) => line.badgeId === CURRENT);
    const previous = cart.lines.find((line: { badgeId: string }) => line.badgeId === PREVIOUS);
    expect(current).toMatchObject({
      price: 0,
      isPlanIncluded: true,
      eligibility: true,
      originalPrice: certificationPrice("Small", "digitalorprint")?.cents,
    });
    expect(previous).toMatchObject({ eligibility: false, payable: false, message: "Not Eligible" });
    const checkout = await call(testApp.app, "POST", "/api/certifications/aquire", {
      cookie: owner.cookie,
      body: {
        companyId: owner.tenantId,
        certifications: cart.lines.map((line: { kind: string; plan: string; badgeId: string; licenceType: string }) => line),
      },
    });
    expect(checkout.statusCode).toBe(200);
    const { order, salesRequest } = checkout.json();
    expect(
      order.lines.map((line: { kind: string; badgeId: string | null; unitPrice: number }) => [line.kind, line.badgeId, line.unitPrice]),
    ).toEqual([
      ["plan", null, order.total],
      ["badge", CURRENT, 0],
    ]);
    expect(salesRequest.items).toEqual([expect.objectContaining({ badgeId: PREVIOUS, message: "Not Eligible" })]);
    orderId = order.id;
    // The order's page reads the sales request the same checkout made; another company cannot read either.
    const detail = (await call(testApp.app, "GET", `/api/billing/orders/${order.id}`, { cookie: owner.cookie })).json();
    expect(detail.salesRequest).toMatchObject({ id: salesRequest.id, items: [expect.objectContaining({ badgeId: PREVIOUS })] });
    expect((await call(testApp.app, "GET", `/api/billing/orders/${order.id}`, { cookie: other.cookie })).statusCode).toBe(404);
  });

  it("a badge on an order awaiting payment is Requested and cannot be added again", async () => {
    expect((await card(owner.cookie, CURRENT)).status).toBe("Requested");
    const again = await addToCart(owner.cookie, { kind: "badge", badgeId: CURRENT, licenceType: "digitalorprint" });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.fields).toHaveProperty("badgeId");
    // The other company's card for the same year is its own.
    expect((await card(other.cookie, CURRENT)).status).toBe("Available");
    // The operator console lists the request on the company's page, eligible by the same rules as the card.
    const console = (await call(testApp.app, "GET", `/api/admin/companies/${owner.tenantId}`, { cookie: internalCookie })).json();
    expect(console.certificationRequests).toEqual([
      expect.objectContaining({ orderId, badgeId: CURRENT, year: YEAR, licenceType: "digitalorprint", eligible: true, reasons: [] }),
    ]);
    expect(console.heldCertifications).toEqual([]);
    const elsewhere = (await call(testApp.app, "GET", `/api/admin/companies/${other.tenantId}`, { cookie: internalCookie })).json();
    expect(elsewhere.certificationRequests).toEqual([]);
  });

  it("recording the payment makes it Certified once and uses one certification licence", async () => {
    const url = `/api/internal/orders/${orderId}/payment`;
    const body = { paidAt: new Date().toISOString(), reference: "WIRE-CARDS-1" };
    expect((await call(testApp.app, "POST", url, { cookie: internalCookie, body })).statusCode).toBe(200);
    expect((await call(testApp.app, "POST", url, { cookie: internalCookie, body })).statusCode).toBe(409);
    expect((await card(owner.cookie, CURRENT)).status).toBe("Certified");
    const rows = await db()
      .select()
      .from(issuedBadge)
      .where(and(eq(issuedBadge.tenantId, owner.tenantId), eq(issuedBadge.badgeId, CURRENT)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ type: "certification", year: YEAR, licenceType: "digitalorprint", orderId });
    const console = (await call(testApp.app, "GET", `/api/admin/companies/${owner.tenantId}`, { cookie: internalCookie })).json();
    expect(console.certificationRequests).toEqual([]);
    expect(console.heldCertifications).toEqual([
      expect.objectContaining({ badgeId: CURRENT, year: YEAR, orderNumber: expect.any(String) }),
    ]);
    const overview = (await call(testApp.app, "GET", "/api/billing/overview", { cookie: owner.cookie })).json();
    expect(overview.licences.find((licence: { kind: string }) => licence.kind === "certification")).toEqual({
      kind: "certification",
      used: 1,
      limit: 4,
    });
    expect((await card(other.cookie, CURRENT)).status).toBe("Available");
    // A Certified badge is held: it cannot be bought again.
    const again = await addToCart(owner.cookie, { kind: "badge", badgeId: CURRENT, licenceType: "unlimiteduse" });
    expect(again.statusCode).toBe(400);
  });

  it("Silver's four certification licences: three more are included, the fifth badge goes to sales, never to an order", async () => {
    const awards = GROUP_AREAS.slice(0, 4).map((area) => awardBadgeId(area.name, YEAR));
    let cart: { lines: { badgeId: string; isPlanIncluded: boolean; payable: boolean; message: string | null }[] } = { lines: [] };
    for (const badgeId of awards) cart = (await addToCart(owner.cookie, { kind: "badge", badgeId, licenceType: "digitalorprint" })).json();
    const current = cart.lines.filter((line) => awards.includes(line.badgeId));
    expect(current.filter((line) => line.isPlanIncluded)).toHaveLength(3);
    expect(current.filter((line) => !line.payable).map((line) => line.message)).toEqual(["Exceeds the amount included in the plan"]);
    const checkout = await call(testApp.app, "POST", "/api/certifications/aquire", {
      cookie: owner.cookie,
      body: { companyId: owner.tenantId, certifications: current },
    });
    expect(checkout.statusCode).toBe(200);
    const { order, salesRequest } = checkout.json();
    expect(order.total).toBe(0);
    expect(order.lines).toHaveLength(3);
    expect(salesRequest.items).toEqual([expect.objectContaining({ message: "Exceeds the amount included in the plan" })]);
    // Nothing to pay: the order is settled at checkout and the included badges are Certified at once.
    expect(order).toMatchObject({ status: "paid", paymentReference: "Included in the plan" });
    expect((await card(owner.cookie, awards[0])).status).toBe("Certified");
    const again = await call(testApp.app, "POST", `/api/internal/orders/${order.id}/payment`, {
      cookie: internalCookie,
      body: { paidAt: new Date().toISOString(), reference: "INCLUDED" },
    });
    expect(again.statusCode).toBe(409);
    const overview = (await call(testApp.app, "GET", "/api/billing/overview", { cookie: owner.cookie })).json();
    expect(overview.licences.find((licence: { kind: string }) => licence.kind === "certification")).toEqual({
      kind: "certification",
      used: 4,
      limit: 4,
    });
    // The licences are used up: the badge left over can only go to sales, so there is nothing to pay for.
    const leftover = current.find((line) => !line.payable) as { badgeId: string };
    const refused = await call(testApp.app, "POST", "/api/certifications/aquire", {
      cookie: owner.cookie,
      body: { companyId: owner.tenantId, certifications: [{ kind: "badge", badgeId: leftover.badgeId, licenceType: "digitalorprint" }] },
    });
    expect(refused.statusCode).toBe(400);
    expect(await db().select().from(issuedBadge).where(eq(issuedBadge.tenantId, owner.tenantId))).toHaveLength(4);
  });

  it("a cancelled order puts its badges back on offer", async () => {
    await db().update(tenant).set({ headcount: 3 }).where(eq(tenant.id, other.tenantId));
    await lowiSurvey(other.tenantId, 3);
    await addToCart(other.cookie, { kind: "plan", plan: "Bronze" });
    const cart = (await addToCart(other.cookie, { kind: "badge", badgeId: CURRENT, licenceType: "unlimiteduse" })).json();
    const checkout = await call(testApp.app, "POST", "/api/certifications/aquire", {
      cookie: other.cookie,
      body: { companyId: other.tenantId, certifications: cart.lines },
    });
    expect(checkout.statusCode).toBe(200);
    expect((await card(other.cookie, CURRENT)).status).toBe("Requested");
    const cancel = await call(testApp.app, "POST", `/api/internal/orders/${checkout.json().order.id}/cancel`, { cookie: internalCookie });
    expect(cancel.statusCode).toBe(200);
    expect((await card(other.cookie, CURRENT)).status).toBe("Available");
  });

  it("refuses a badge id that is not on offer, from another year or malformed, and a bad licence type", async () => {
    for (const body of [
      { kind: "badge", badgeId: `certification-${YEAR - 2}`, licenceType: "digitalorprint" },
      { kind: "badge", badgeId: `certification-${YEAR + 1}`, licenceType: "digitalorprint" },
      { kind: "badge", badgeId: "award-not-an-area-2026", licenceType: "digitalorprint" },
      { kind: "badge", badgeId: CURRENT, licenceType: "forever" },
      { kind: "badge", badgeId: "", licenceType: "digitalorprint" },
    ]) {
      const response = await addToCart(other.cookie, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error.fields).toBeTruthy();
    }
  });

  it("answers only users who manage the company: Staff 403, signed out 401", async () => {
    expect((await call(testApp.app, "GET", CARDS, { cookie: staff.cookie })).statusCode).toBe(403);
    expect((await call(testApp.app, "GET", CARDS)).statusCode).toBe(401);
  });
});
