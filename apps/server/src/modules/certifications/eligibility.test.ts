import { awardBadgeId, listPresetFields } from "@hearth/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tenant } from "../../db/schema.js";
import { addMember, call, createTestApp, registerCompany, type Session, type TestApp } from "../../test/harness.js";
import { insertClosedLowiSurvey } from "./test-lowi-survey.js";

const YEAR = new Date().getUTCFullYear();
const CERTIFICATION = `certification-${YEAR}`;
const WOMEN = awardBadgeId("Women", YEAR);
const VETERANS = awardBadgeId("Veterans", YEAR);
const PARENTS = awardBadgeId("Parents and Caregivers", YEAR);

interface Card {
  id: string;
  eligibility: boolean;
  reasons: string[];
}

describe("certification eligibility on the server", () => {
  let testApp: TestApp;
  let owner: Session;
  let other: Session;
  const db = () => testApp.ctx.database.db;

  /** A closed LOWI survey (January 15 this year, threshold 3) with the given answers, one object per response. */
  const closedLowi = (tenantId: string, answers: Record<string, string>[]) => insertClosedLowiSurvey(db(), tenantId, answers);

  /** Every agree item answered `agree`; Women and Veterans as given; every other area left unanswered. */
  function answer(agree: string, women: string | null, veterans: string | null): Record<string, string> {
    const result: Record<string, string> = {};
    for (const field of listPresetFields("PulseValidation")) {
      if (field.radioOptions.includes("Strongly Agree")) result[field.key] = agree;
    }
    if (women) result.lowi_rec_women = women;
    if (veterans) result.lowi_rec_veterans = veterans;
    return result;
  }

  const cards = async (session: Session) => {
    const response = await call(testApp.app, "GET", "/api/certifications/cards", { cookie: session.cookie });
    expect(response.statusCode).toBe(200);
    return (response.json() as { cards: Card[] }).cards;
  };
  const card = async (session: Session, id: string) => (await cards(session)).find((one) => one.id === id) as Card;

  beforeAll(async () => {
    testApp = await createTestApp();
    owner = await registerCompany(testApp.app, { companyName: "Eligible Kiln" });
    other = await registerCompany(testApp.app, { companyName: "Other Eligible Kiln" });
    await db().update(tenant).set({ headcount: 9 }).where(eq(tenant.id, owner.tenantId));
    await db().update(tenant).set({ headcount: 9 }).where(eq(tenant.id, other.tenantId));
  });
  afterAll(async () => {
    await testApp.close();
  });

  it("a survey with 2 positive of 3 respondents' answers (67%) is below the bar, and says so", async () => {
    await closedLowi(owner.tenantId, [
      answer("Strongly Agree", "Do Well", null),
      answer("Agree", "Do Well", null),
      answer("Neutral", "Do Better", null),
    ]);
    const certification = await card(owner, CERTIFICATION);
    expect(certification.eligibility).toBe(false);
    expect(certification.reasons).toEqual(["Score below the bar: 66.7% of answers are positive, 70% needed."]);
    // Women: 2 Do Well of 3 (66%) ≥ 60% with 3 answers (the threshold): eligible without the certification's score.
    expect(await card(owner, WOMEN)).toMatchObject({ eligibility: true, reasons: [] });
    // Veterans: nobody answered, below the threshold: only that is said.
    expect((await card(owner, VETERANS)).reasons).toEqual(["Too few answers about Veterans to read (fewer than 3)."]);
  });

  it("the survey that meets every rule makes the certification eligible; an area with 2 answers stays unread", async () => {
    await closedLowi(owner.tenantId, [
      answer("Strongly Agree", "Do Better", "Do Well"),
      answer("Agree", "Do Better", "Do Well"),
      answer("Strongly Agree", "Not Sure", null),
    ]);
    expect(await card(owner, CERTIFICATION)).toMatchObject({ eligibility: true, reasons: [] });
    // Women stays eligible through the first survey; Veterans has 2 answers in the second (below 3): nothing is read.
    expect((await card(owner, WOMEN)).eligibility).toBe(true);
    expect(await card(owner, VETERANS)).toMatchObject({
      eligibility: false,
      reasons: ["Too few answers about Veterans to read (fewer than 3)."],
    });
    expect((await card(owner, PARENTS)).eligibility).toBe(false);
  });

  it("another company's surveys never count", async () => {
    expect((await cards(other)).every((one) => !one.eligibility)).toBe(true);
    expect((await card(other, CERTIFICATION)).reasons).toEqual([`No LOWI survey ends in ${YEAR}.`]);
  });

  it("the cart reads the same verdicts: the eligible certification can be plan-included, the others are Not Eligible", async () => {
    await call(testApp.app, "POST", "/api/cart/items", { cookie: owner.cookie, body: { kind: "plan", plan: "Silver" } });
    await call(testApp.app, "POST", "/api/cart/items", {
      cookie: owner.cookie,
      body: { kind: "badge", badgeId: CERTIFICATION, licenceType: "digitalorprint" },
    });
    const cart = (
      await call(testApp.app, "POST", "/api/cart/items", {
        cookie: owner.cookie,
        body: { kind: "badge", badgeId: VETERANS, licenceType: "digitalorprint" },
      })
    ).json() as { lines: { badgeId: string; eligibility: boolean; isPlanIncluded: boolean; message: string | null }[] };
    expect(cart.lines.find((line) => line.badgeId === CERTIFICATION)).toMatchObject({ eligibility: true, isPlanIncluded: true });
    expect(cart.lines.find((line) => line.badgeId === VETERANS)).toMatchObject({ eligibility: false, message: "Not Eligible" });
  });

  it("the dashboard shows each rule met and leads to the billing cards", async () => {
    const dashboard = (await call(testApp.app, "GET", "/api/dashboard", { cookie: owner.cookie })).json();
    expect(dashboard.certification).toMatchObject({
      year: YEAR,
      eligible: true,
      nextStep: { label: "Get certified: see your certification cards", href: "/dashboard/billing" },
    });
    expect(dashboard.certification.checks.map((check: { rule: string; met: boolean }) => [check.rule, check.met])).toEqual([
      ["closed", true],
      ["responses", true],
      ["score", true],
    ]);
    // Staff cannot open the billing page: they read who takes the step, with no link.
    const staff = await addMember(testApp, owner.tenantId, "Staff");
    const read = (await call(testApp.app, "GET", "/api/dashboard", { cookie: staff.cookie })).json();
    expect(read.certification.nextStep).toEqual({
      label: "Your company leader can now get the certification from the billing page.",
      href: null,
    });
  });
});
