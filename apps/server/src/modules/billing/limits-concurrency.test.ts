/**
 * Counted limits under concurrency (issue 23 M1 and L1, item 4; docs/decisions/0055): badge licences at checkout,
 * survey slots and team licences are counted and taken under the company row's lock, so parallel requests settle
 * exactly as many as the limit allows, and another company's requests never wait for that lock. Meaningful on
 * PostgreSQL (TEST_DATABASE_URL); on PGlite, one connection, the same requests run one after the other and the
 * counts must hold as well.
 */
import { eq } from "drizzle-orm";
import { listPresetFields } from "@hearth/shared";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { issuedBadge } from "../../db/schema-certifications.js";
import { survey, tenant, user } from "../../db/schema.js";
import { type Session, type TestApp, call, createTestApp, registerCompany } from "../../test/harness.js";
import { insertClosedLowiSurvey } from "../certifications/test-lowi-survey.js";
import { completeProfileAndSetPlan, lowiInput } from "../surveys/surveys.test-helpers.js";
import { putTenantOnPlan } from "./billing.test-helpers.js";

const YEAR = new Date().getUTCFullYear();
const CHECKOUT = "/api/certifications/aquire";

describe("counted limits under parallel requests", () => {
  let testApp: TestApp;
  let gold: Session;
  let neighbour: Session;
  const db = () => testApp.ctx.database.db;
  const onPostgres = () => testApp.ctx.database.kind === "postgres";

  /** A closed LOWI survey with three best answers: the certification and the awards of this year are eligible. */
  async function makeEligible(tenantId: string) {
    await db().update(tenant).set({ headcount: 9, companySize: "Small" }).where(eq(tenant.id, tenantId));
    const best = Object.fromEntries(
      listPresetFields("PulseValidation").flatMap((field) =>
        field.answerType === "Radio"
          ? [[field.key, field.radioOptions.find((option) => option === "Strongly Agree" || option === "Do Well") ?? field.radioOptions[0]]]
          : [],
      ),
    );
    await insertClosedLowiSurvey(db(), tenantId, [best, best, best]);
  }

  async function eligibleBadgesOfThisYear(cookie: string): Promise<string[]> {
    const response = await call(testApp.app, "GET", "/api/certifications/cards", { cookie });
    expect(response.statusCode).toBe(200);
    const cards = response.json().cards as { id: string; eligibility: boolean; status: string }[];
    return cards.filter((card) => card.eligibility && card.status === "Available" && card.id.endsWith(String(YEAR))).map((card) => card.id);
  }

  const checkoutOne = (session: Session, badgeId: string) =>
    call(testApp.app, "POST", CHECKOUT, {
      cookie: session.cookie,
      body: { companyId: session.tenantId, certifications: [{ kind: "badge", badgeId, licenceType: "digitalorprint" }] },
    });

  beforeAll(async () => {
    testApp = await createTestApp();
    gold = await registerCompany(testApp.app, { companyName: "Gold Parallel" });
    neighbour = await registerCompany(testApp.app, { companyName: "Gold Neighbour" });
    for (const session of [gold, neighbour]) {
      await putTenantOnPlan(db(), session.tenantId, "Gold");
      await makeEligible(session.tenantId);
    }
  });
  afterAll(async () => {
    await testApp.close();
  });

  it("M1: 13 parallel checkouts with 7 of Gold's 8 licences left settle exactly 7; the other 6 get the sales answer", async () => {
    const badges = await eligibleBadgesOfThisYear(gold.cookie);
    expect(badges.length).toBeGreaterThanOrEqual(14);
    // One licence used first, so 7 are left.
    expect((await checkoutOne(gold, badges[0])).statusCode).toBe(200);
    const answers = await Promise.all(badges.slice(1, 14).map((badgeId) => checkoutOne(gold, badgeId)));
    const settled = answers.filter((answer) => answer.statusCode === 200);
    const refused = answers.filter((answer) => answer.statusCode !== 200);
    expect(settled).toHaveLength(7);
    for (const answer of settled) expect(answer.json().order).toMatchObject({ status: "paid", total: 0 });
    expect(refused).toHaveLength(6);
    for (const answer of refused) {
      expect(answer.statusCode).toBe(400);
      expect(answer.json().error.message).toBe("Nothing in this checkout can be paid for: the items need our sales team.");
    }
    expect(await db().select().from(issuedBadge).where(eq(issuedBadge.tenantId, gold.tenantId))).toHaveLength(8);
    const overview = (await call(testApp.app, "GET", "/api/billing/overview", { cookie: gold.cookie })).json();
    expect(overview.licences.find((licence: { kind: string }) => licence.kind === "certification")).toEqual({
      kind: "certification",
      used: 8,
      limit: 8,
    });
  });

  it("a second company's checkout is not held by the first company's lock (measured)", async () => {
    if (!onPostgres()) return; // one connection: PGlite runs every transaction one after the other by design
    const url = testApp.ctx.database.connectionString as string;
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    try {
      // Hold the Gold company's row as a checkout would, for as long as this test wants.
      await holder.query("begin");
      await holder.query("select id from tenant where id = $1 for update", [gold.tenantId]);
      let goldDone = false;
      const goldCheckout = checkoutOne(gold, `certification-${YEAR}`).then((answer) => {
        goldDone = true;
        return answer;
      });
      const [badgeId] = await eligibleBadgesOfThisYear(neighbour.cookie);
      const started = performance.now();
      const other = await checkoutOne(neighbour, badgeId);
      const tookMs = performance.now() - started;
      expect(other.statusCode).toBe(200);
      expect(other.json().order).toMatchObject({ status: "paid", total: 0 });
      // The neighbour's checkout finished while the first company's lock was still held, and quickly.
      expect(goldDone).toBe(false);
      expect(tookMs).toBeLessThan(5_000);
      console.info(`checkout of another company while the first is locked: ${Math.round(tookMs)} ms`);
      await holder.query("rollback");
      expect((await goldCheckout).statusCode).toBe(400); // Gold's licences are used up (previous test)
    } finally {
      await holder.end();
    }
  });

  it("L1: 8 parallel survey creations leave exactly the three slots in use", async () => {
    const company = await registerCompany(testApp.app, { companyName: "Slots Parallel" });
    await completeProfileAndSetPlan(testApp, company.tenantId, "Free");
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        call(testApp.app, "POST", "/api/surveys", { cookie: company.cookie, body: lowiInput({ name: `Draft ${index}`, draft: true }) }),
      ),
    );
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(3);
    const full = answers.filter((answer) => answer.statusCode !== 201);
    expect(full).toHaveLength(5);
    for (const answer of full) expect(answer.json().error).toMatchObject({ code: "SURVEY_SLOTS_FULL" });
    expect(await db().select().from(survey).where(eq(survey.tenantId, company.tenantId))).toHaveLength(3);
  });

  it("L1: restoring an archived survey into full slots is refused", async () => {
    const company = await registerCompany(testApp.app, { companyName: "Slots Restore" });
    await completeProfileAndSetPlan(testApp, company.tenantId, "Free");
    const create = (name: string) =>
      call(testApp.app, "POST", "/api/surveys", { cookie: company.cookie, body: lowiInput({ name, draft: true }) });
    const first = (await create("First")).json().id as string;
    const archive = (archived: boolean) =>
      call(testApp.app, "POST", `/api/surveys/${first}/${archived ? "archive" : "restore"}`, { cookie: company.cookie });
    const archived = await archive(true);
    expect(archived.statusCode).toBe(200);
    for (const name of ["Second", "Third", "Fourth"]) expect((await create(name)).statusCode).toBe(201);
    const restored = await archive(false);
    expect(restored.statusCode).toBe(409);
    expect(restored.json().error.code).toBe("SURVEY_SLOTS_FULL");
  });

  it("8 parallel team invitations as Admin on Bronze never exceed its 5 admin licences", async () => {
    const company = await registerCompany(testApp.app, { companyName: "Team Parallel" });
    await putTenantOnPlan(db(), company.tenantId, "Bronze");
    await db().update(user).set({ emailVerified: true }).where(eq(user.id, company.userId));
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        call(testApp.app, "POST", "/api/team/invitations", {
          cookie: company.cookie,
          body: { email: `parallel-admin-${index}@example.com`, role: "Admin" },
        }),
      ),
    );
    // The Company Leader holds one of the five.
    expect(answers.filter((answer) => answer.statusCode === 201 || answer.statusCode === 200)).toHaveLength(4);
    const refused = answers.filter((answer) => answer.statusCode >= 400);
    expect(refused).toHaveLength(4);
    for (const answer of refused) expect(answer.json().error.code).toBe("PLAN_UPGRADE_REQUIRED");
    const overview = (await call(testApp.app, "GET", "/api/billing/overview", { cookie: company.cookie })).json();
    expect(overview.licences.find((licence: { kind: string }) => licence.kind === "admin")).toEqual({ kind: "admin", used: 5, limit: 5 });
  });
});
