/**
 * Licence limits on the server (issue 12 item 3, decision 0027 §5): the N+1th seat or cohort is refused on the
 * company's effective plan, a refusal writes nothing, and GET /api/billing/overview reports the counts.
 */
import { randomUUID } from "node:crypto";
import { licenceLimitMessage, type Role } from "@hearth/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { user } from "../../db/schema.js";
import { assignedCohort } from "../../db/schema-reports.js";
import { addMember, call, createTestApp, registerCompany, type Session, type TestApp, uniqueEmail } from "../../test/harness.js";
import { createLowiSurvey } from "../comments/comments.test-helpers.js";
import { putTenantOnPlan } from "./billing.test-helpers.js";
import { assertLicenceAvailable, countLicencesUsed } from "./licences.service.js";

const WOMAN = { key: "lowi_demo_gender", value: "Woman", label: "" };
const MAN = { key: "lowi_demo_gender", value: "Man", label: "" };
const NON_BINARY = { key: "lowi_demo_gender", value: "Non-binary", label: "" };

describe("licence limits", () => {
  let testApp: TestApp;
  const db = () => testApp.ctx.database.db;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(() => testApp.close());

  /** Users straight into the table (no sign-in needed): they only have to be counted. */
  async function insertUsers(tenantId: string, role: Role, count: number): Promise<void> {
    if (count <= 0) return;
    await db()
      .insert(user)
      .values(
        Array.from({ length: count }, () => ({
          id: randomUUID(),
          name: "Seat Holder",
          email: uniqueEmail(role.toLowerCase()),
          role,
          tenantId,
        })),
      );
  }

  /** A company with a published LOWI survey (gender is its cohort question), then put on `plan`. */
  async function companyOn(plan: string): Promise<{ owner: Session; surveyId: string }> {
    const owner = await registerCompany(testApp.app);
    const { surveyId } = await createLowiSurvey(testApp, owner);
    await putTenantOnPlan(db(), owner.tenantId, plan);
    return { owner, surveyId };
  }

  const preRegister = (owner: Session, surveyId: string, email: string, cohorts = [WOMAN]) =>
    call(testApp.app, "POST", "/api/teams/members/postAssignedCohortsPreRegistration", {
      cookie: owner.cookie,
      body: { email, surveyId, assignedCohorts: cohorts },
    });
  const assign = (owner: Session, surveyId: string, member: Session, cohorts: { key: string; value: string; label: string }[]) =>
    call(testApp.app, "POST", "/api/teams/members/postAssignedCohorts", {
      cookie: owner.cookie,
      body: { userId: member.userId, email: member.email, surveyId, assignedCohorts: cohorts },
    });
  const assignmentsOf = (tenantId: string) => db().select().from(assignedCohort).where(eq(assignedCohort.tenantId, tenantId));
  const overview = (cookie?: string) => call(testApp.app, "GET", "/api/billing/overview", cookie ? { cookie } : {});

  function expectRefusal(response: { statusCode: number; json: () => unknown }, plan: string, kind: string, limit: number) {
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      error: { code: "PLAN_UPGRADE_REQUIRED", message: licenceLimitMessage(plan, kind, limit), fields: { licence: kind } },
    });
  }

  it("on Free: the Company Leader is the one admin, a second admin is refused, and no staff seat is given", async () => {
    const { owner, surveyId } = await companyOn("Free");
    expect((await countLicencesUsed(db(), owner.tenantId)).admin).toBe(1);
    await expect(assertLicenceAvailable(db(), owner.tenantId, "admin")).rejects.toMatchObject({
      code: "PLAN_UPGRADE_REQUIRED",
      userMessage: "The Free plan includes 1 admin licence, and it is in use. Upgrade your plan to add more.",
    });
    const refused = await preRegister(owner, surveyId, uniqueEmail("new"));
    expectRefusal(refused, "Free", "staff", 0);
    expect(await assignmentsOf(owner.tenantId)).toEqual([]);
  });

  it("on Bronze: the 6th admin, the 16th staff seat and the 3rd cohort are refused; a refusal writes nothing", async () => {
    const { owner, surveyId } = await companyOn("Bronze");
    await insertUsers(owner.tenantId, "Admin", 3);
    await expect(assertLicenceAvailable(db(), owner.tenantId, "admin")).resolves.toBeUndefined(); // the 5th
    await insertUsers(owner.tenantId, "Admin", 1);
    await expect(assertLicenceAvailable(db(), owner.tenantId, "admin")).rejects.toMatchObject({
      userMessage: licenceLimitMessage("Bronze", "admin", 5),
    });

    // Staff seats: 13 users (Manager and Staff both hold view licences) plus one address waiting with cohorts.
    await insertUsers(owner.tenantId, "Manager", 2);
    await insertUsers(owner.tenantId, "Staff", 10);
    const staff = await addMember(testApp, owner.tenantId, "Staff");
    const waiting = uniqueEmail("waiting");
    expect((await preRegister(owner, surveyId, waiting)).statusCode).toBe(200); // the 14th
    expect((await preRegister(owner, surveyId, waiting, [MAN])).statusCode).toBe(200); // the same address: no new seat
    expect((await preRegister(owner, surveyId, uniqueEmail("last"))).statusCode).toBe(200); // the 15th
    const before = await assignmentsOf(owner.tenantId);
    const sixteenth = uniqueEmail("sixteenth");
    expectRefusal(await preRegister(owner, surveyId, sixteenth), "Bronze", "staff", 15);
    expect(await assignmentsOf(owner.tenantId)).toEqual(before);
    // Cohorts for an existing member take no seat.
    expect((await assign(owner, surveyId, staff, [WOMAN])).statusCode).toBe(200);

    // Cohorts: Woman and Man are in use; Non-binary would be the 3rd.
    const withTwo = await assignmentsOf(owner.tenantId);
    expectRefusal(await assign(owner, surveyId, staff, [WOMAN, NON_BINARY]), "Bronze", "cohort", 2);
    expect(await assignmentsOf(owner.tenantId)).toEqual(withTwo);
    expect((await assign(owner, surveyId, staff, [WOMAN, MAN])).statusCode).toBe(200);

    const used = await countLicencesUsed(db(), owner.tenantId);
    expect(used).toEqual({ admin: 5, staff: 15, cohort: 2, certification: 0, customDataRequest: 0 });
  });

  it("on Gold: nothing is refused", async () => {
    const { owner, surveyId } = await companyOn("Gold");
    await insertUsers(owner.tenantId, "Admin", 12);
    await insertUsers(owner.tenantId, "Staff", 35);
    await expect(assertLicenceAvailable(db(), owner.tenantId, "admin")).resolves.toBeUndefined();
    await expect(assertLicenceAvailable(db(), owner.tenantId, "staff")).resolves.toBeUndefined();
    expect((await preRegister(owner, surveyId, uniqueEmail("more"), [WOMAN, MAN, NON_BINARY])).statusCode).toBe(200);
    expect((await countLicencesUsed(db(), owner.tenantId)).cohort).toBe(3);
  });

  it("a company over its limit after a move to a lower plan keeps what it has but cannot add more", async () => {
    const { owner, surveyId } = await companyOn("Gold");
    const staff = await addMember(testApp, owner.tenantId, "Staff");
    expect((await assign(owner, surveyId, staff, [WOMAN, MAN, NON_BINARY])).statusCode).toBe(200);
    await putTenantOnPlan(db(), owner.tenantId, "Bronze");
    // Saving the same cohorts again, or fewer, adds none.
    expect((await assign(owner, surveyId, staff, [WOMAN, MAN, NON_BINARY])).statusCode).toBe(200);
    const other = await addMember(testApp, owner.tenantId, "Staff");
    expect((await assign(owner, surveyId, other, [MAN])).statusCode).toBe(200);
    // Once Non-binary is no longer used anywhere, bringing it back is adding a cohort beyond the limit.
    expect((await assign(owner, surveyId, staff, [WOMAN])).statusCode).toBe(200);
    expectRefusal(await assign(owner, surveyId, other, [MAN, NON_BINARY]), "Bronze", "cohort", 2);
    const body = (await overview(owner.cookie)).json();
    expect(body.licences.find((licence: { kind: string }) => licence.kind === "cohort")).toEqual({ kind: "cohort", used: 2, limit: 2 });
  });

  it("the effective plan decides, not the stored plan column", async () => {
    const { owner, surveyId } = await companyOn("Free");
    const { updateTenant } = await import("../company/company.repo.js");
    await updateTenant(db(), owner.tenantId, { plan: "Gold" }); // a stored plan with no deal gives nothing
    expectRefusal(await preRegister(owner, surveyId, uniqueEmail("x")), "Free", "staff", 0);
  });

  describe("GET /api/billing/overview", () => {
    it("answers the caller's company: plans, deal, size and licence usage, per plan", async () => {
      const expected: Record<string, (number | null)[]> = {
        Free: [1, 0, 0, 0, 0],
        Bronze: [5, 15, 2, 1, 0],
        Basic: [5, 15, 2, 1, 0],
        Silver: [10, 30, 4, 4, 4],
        Gold: [null, null, null, 8, 6],
        Premium: [null, null, null, 8, 6],
      };
      for (const [plan, limits] of Object.entries(expected)) {
        const owner = await registerCompany(testApp.app);
        await putTenantOnPlan(db(), owner.tenantId, plan);
        await addMember(testApp, owner.tenantId, "Staff");
        const response = await overview(owner.cookie);
        expect(response.statusCode, plan).toBe(200);
        const body = response.json();
        expect(body).toMatchObject({ plan, effectivePlan: plan, companySize: "Medium" });
        if (plan === "Free") expect(body.deal).toBeNull();
        else expect(body.deal).toMatchObject({ plan, isActive: true, forceActivate: true, expiryDate: null });
        expect(body.licences).toEqual([
          { kind: "admin", used: 1, limit: limits[0] },
          { kind: "staff", used: 1, limit: limits[1] },
          { kind: "cohort", used: 0, limit: limits[2] },
          { kind: "certification", used: 0, limit: limits[3] },
          { kind: "customDataRequest", used: 0, limit: limits[4] },
        ]);
      }
    });

    it("never shows another company's counts, whatever the request names", async () => {
      const big = await registerCompany(testApp.app);
      await putTenantOnPlan(db(), big.tenantId, "Silver");
      await insertUsers(big.tenantId, "Admin", 4);
      await insertUsers(big.tenantId, "Staff", 7);
      const small = await registerCompany(testApp.app);
      const own = (await overview(small.cookie)).json();
      expect(own.plan).toBe("Free");
      expect(own.licences.slice(0, 2)).toEqual([
        { kind: "admin", used: 1, limit: 1 },
        { kind: "staff", used: 0, limit: 0 },
      ]);
      // A company id in the query is not an input: the caller's own company answers.
      const named = await call(testApp.app, "GET", `/api/billing/overview?tenantId=${big.tenantId}`, { cookie: small.cookie });
      expect(named.statusCode).toBe(200);
      expect(named.json()).toEqual(own);
      const theirs = (await overview(big.cookie)).json();
      expect(theirs.licences.slice(0, 2)).toEqual([
        { kind: "admin", used: 5, limit: 10 },
        { kind: "staff", used: 7, limit: 30 },
      ]);
    });

    it("is refused to Staff and Managers (403) and to the signed out (401)", async () => {
      const owner = await registerCompany(testApp.app);
      for (const role of ["Staff", "Manager"] as const) {
        const member = await addMember(testApp, owner.tenantId, role);
        expect((await overview(member.cookie)).statusCode, role).toBe(403);
      }
      expect((await overview()).statusCode).toBe(401);
    });
  });
});
