/**
 * Issue 14 item 4 (docs/decisions/0045): imported attributes become the cohort fields of an invitation, a response
 * through the personal link counts in those cohorts, and every threshold and differencing rule of the reports applies to
 * them: the brute-force attacker, run on everything the API shows, isolates nobody.
 */
import {
  type CohortFilter,
  cohortDimensionsFromFields,
  createRandom,
  inviteeCohortFields,
  respondentCohortsOf,
  type SurveyField,
} from "@hearth/shared";
import { differencingAttack, listQueryableGroups } from "@hearth/shared/testing/differencing-attack";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invitee, survey, surveyResponse } from "../../db/schema.js";
import { employeeAttribute } from "../../db/schema-data.js";
import { call, createTestApp, type Session, type TestApp } from "../../test/harness.js";
import { generateLowiAnswers } from "../../seed/demo-surveys.js";
import { putTenantOnPlan } from "../billing/billing.test-helpers.js";
import { buildPersonalSurveyLink } from "../invitations/invitation-email.js";
import { companyWithOpenSurvey, invitationBody } from "../invitations/invitations.test-helpers.js";
import { submitResponse } from "../surveys/surveys.service.js";
import { independentRespondent } from "../surveys/surveys.test-helpers.js";
import { filterQuery, groupName, readGroupSizes } from "./report-attacker.test-helpers.js";
import { flushSurveyState } from "./survey-state.js";

const DEPARTMENTS: [string, number][] = [
  ["Harbour Logistics", 38],
  ["Finance", 30],
  ["Office of the CEO", 1],
  ["Legal", 20],
  ["Studio", 12],
  ["Data", 8],
  ["Research", 5],
  ["Audit", 4],
];
const LOCATIONS = ["Oslo", "Lima", "Rome"];

/** People as an import job leaves them in `employee_attribute`. */
async function importPeople(
  testApp: TestApp,
  tenantId: string,
  people: { email: string; firstName?: string; attributes: Record<string, string> }[],
) {
  await testApp.ctx.database.db
    .insert(employeeAttribute)
    .values(
      people.map((person) => ({ tenantId, email: person.email, firstName: person.firstName ?? null, attributes: person.attributes })),
    );
}

async function setThreshold(testApp: TestApp, owner: Session, visibilityThreshold: number) {
  const response = await call(testApp.app, "PUT", "/api/company/visibility-threshold", {
    cookie: owner.cookie,
    body: { visibilityThreshold },
  });
  expect(response.statusCode).toBe(200);
}

describe("imported attributes as report cohorts (issue 14 item 4)", () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(async () => {
    await testApp.close();
  });

  it("counts personal-link responses in imported cohorts, never ties them to anyone, and the attacker isolates nobody", async () => {
    const { db } = testApp.ctx.database;
    const random = createRandom(20_261_124);
    const { owner, surveyId } = await companyWithOpenSurvey(testApp, "Harbourside Imports");
    // The survey keeps the threshold it was published with: publish again after setting 3.
    await setThreshold(testApp, owner, 3);
    await db.update(survey).set({ visibilityThreshold: 3 }).where(eq(survey.id, surveyId));

    // 118 people imported with a department and a location (some with neither), as an import job writes them.
    const people: { email: string; department: string; location: string | null }[] = [];
    for (const [department, size] of DEPARTMENTS) {
      for (let i = 0; i < size; i++) {
        const location = random() < 0.1 ? null : LOCATIONS[Math.min(2, Math.floor(random() ** 1.5 * 3))];
        people.push({ email: `${department.toLowerCase().replace(/\W+/g, ".")}.${i}@harbourside.test`, department, location });
      }
    }
    await importPeople(
      testApp,
      owner.tenantId,
      people.map((person) => ({
        email: person.email,
        firstName: `Person ${person.email.split("@")[0]}`,
        attributes: { department: person.department, ...(person.location ? { location: person.location } : {}), gender: "Woman" },
      })),
    );

    const invited = await call(testApp.app, "POST", "/api/invite", {
      cookie: owner.cookie,
      body: { invitation: invitationBody(surveyId), recipients: people.map((person) => ({ email: person.email, usePreviousMeta: true })) },
    });
    expect(invited.statusCode).toBe(200);
    const invitees = await db
      .select()
      .from(invitee)
      .where(and(eq(invitee.tenantId, owner.tenantId), eq(invitee.surveyId, surveyId)));
    expect(invitees).toHaveLength(people.length);
    const byEmail = new Map(invitees.map((row) => [row.email, row]));
    // The invitation carries the organisational attributes as cohort fields, and the imported name; never the gender.
    const first = byEmail.get(people[0].email);
    expect(first?.meta).toEqual({ department: "Harbour Logistics", ...(people[0].location ? { location: people[0].location } : {}) });
    expect(first?.firstName).toBe(`Person ${people[0].email.split("@")[0]}`);
    const [stored] = await db.select({ cohorts: survey.inviteeCohorts, fields: survey.fields }).from(survey).where(eq(survey.id, surveyId));
    expect(stored.cohorts.department).toEqual(DEPARTMENTS.map(([name]) => name));
    const ownFields = stored.fields as SurveyField[];

    // Everyone answers through their personal link, as the email's link carries it.
    const answers: Record<string, string>[] = [];
    for (const person of people) {
      const row = byEmail.get(person.email);
      if (!row) throw new Error("missing invitee");
      const link = buildPersonalSurveyLink(
        testApp.ctx.env.APP_URL,
        testApp.ctx.env.AUTH_SECRET,
        { id: surveyId, name: "Culture check 2026", surveyPreset: "PulseValidation", metaFields: {} },
        { inviteeId: row.id, email: row.email, firstName: row.firstName, lastName: row.lastName, meta: row.meta },
      );
      const answer = generateLowiAnswers(ownFields, random);
      await submitResponse(testApp.ctx, { surveyId, data: answer, r: new URL(link).searchParams.get("r") }, independentRespondent());
      answers.push({
        ...answer,
        "cohort.department": person.department,
        ...(person.location ? { "cohort.location": person.location } : {}),
      });
    }
    // The stored responses hold the cohort values and the answers: no address, name or invitee id.
    const responses = await db
      .select({ answers: surveyResponse.answers })
      .from(surveyResponse)
      .where(eq(surveyResponse.surveyId, surveyId));
    expect(responses).toHaveLength(people.length);
    const storedKeys = new Set(responses.flatMap((response) => Object.keys(response.answers)));
    expect([...storedKeys].filter((key) => !ownFields.some((field) => field.key === key)).sort()).toEqual([
      "cohort.department",
      "cohort.location",
    ]);
    const storedText = JSON.stringify(responses);
    for (const row of invitees.slice(0, 20)) {
      expect(storedText).not.toContain(row.email);
      expect(storedText).not.toContain(row.id);
    }
    await flushSurveyState(testApp.ctx, owner.tenantId, surveyId);

    // The team report offers the imported cohorts after the survey's own questions; small departments are hidden.
    const team = await call(testApp.app, "GET", `/api/reports/${surveyId}/team?cohort=${encodeURIComponent("cohort.department")}`, {
      cookie: owner.cookie,
    });
    expect(team.statusCode).toBe(200);
    const teamReport = team.json();
    expect(teamReport.cohorts.at(-1).key).toBe("cohort.location");
    expect(teamReport.cohorts.find((cohort: { key: string }) => cohort.key === "cohort.department").label).toBe("Department");
    const rows = new Map(
      (teamReport.rows as { value: string; hidden: boolean; responses: number | null }[]).map((row) => [row.value, row]),
    );
    expect(rows.get("Harbour Logistics")).toMatchObject({ hidden: false, responses: 38 });
    expect(rows.get("Office of the CEO")).toMatchObject({ hidden: true, responses: null });

    // Every group an attacker can ask for, over the survey's own cohort questions and the imported ones.
    const dimensions = cohortDimensionsFromFields([...ownFields, ...inviteeCohortFields(stored.cohorts)]);
    expect(dimensions.map((dimension) => dimension.key)).toEqual(expect.arrayContaining(["cohort.department", "cohort.location"]));
    const getJson = async (url: string) => {
      const response = await call(testApp.app, "GET", url, { cookie: owner.cookie });
      expect(response.statusCode, url).toBe(200);
      return response.json();
    };
    // Asked for no cohort, "Scores by team" opens on the company's departments, not on age (issue 25 item 3).
    expect((await getJson(`/api/reports/${surveyId}/team`)).cohortKey).toBe("cohort.department");
    const { sizes } = await readGroupSizes(testApp.app, owner.cookie, surveyId, dimensions);
    // The published respondents: blocks of 3 by arrival (117 of 118).
    const published = answers.slice(0, Math.floor(answers.length / 3) * 3).map((answer) => respondentCohortsOf(answer, dimensions));
    expect(sizes.get("")).toBe(published.length);
    const sizeOf = (filters: CohortFilter[]) =>
      published.filter((cohorts) => filters.every((filter) => cohorts[filter.key] === filter.value)).length;
    let checked = 0;
    for (const filters of listQueryableGroups(dimensions)) {
      const size = sizes.get(groupName(filters));
      if (typeof size !== "number" || filters.length === 0) continue;
      expect(size, groupName(filters)).toBe(sizeOf(filters));
      checked += 1;
    }
    expect(checked).toBeGreaterThan(50);
    expect([...sizes.entries()].some(([name, size]) => name.includes("cohort.department") && size === null)).toBe(true);
    const shown = (filters: CohortFilter[]) => typeof sizes.get(groupName(filters)) === "number";
    expect(differencingAttack(dimensions, published, 3, shown)).toEqual([]);
    // Not toothless: showing every group of at least 3 (no complementary suppression) lets it isolate someone.
    const naive = (filters: CohortFilter[]) => sizeOf(filters) === 0 || sizeOf(filters) >= 3;
    expect(differencingAttack(dimensions, published, 3, naive).length).toBeGreaterThan(0);

    // Later invitations bring a new department before anyone in it answers: what was readable reads the same.
    const before = await getJson(`/api/reports/${surveyId}/breakdown?${filterQuery([{ key: "cohort.department", value: "Finance" }])}`);
    await importPeople(testApp, owner.tenantId, [
      { email: "new.hire@harbourside.test", attributes: { department: "Field Research", location: "Lima" } },
    ]);
    const again = await call(testApp.app, "POST", "/api/invite", {
      cookie: owner.cookie,
      body: { invitation: invitationBody(surveyId), recipients: [{ email: "new.hire@harbourside.test", usePreviousMeta: true }] },
    });
    expect(again.statusCode).toBe(200);
    const after = await getJson(`/api/reports/${surveyId}/breakdown?${filterQuery([{ key: "cohort.department", value: "Finance" }])}`);
    expect(after.responses).toBe(before.responses);
    const optionsOf = (report: { questions: { key: string; options: unknown }[] }) =>
      report.questions.filter((question) => question.key !== "cohort.department").map((question) => question.options);
    expect(optionsOf(after)).toEqual(optionsOf(before));

    // Custom cohorts are a plan feature: on Bronze the imported cohorts are neither offered nor filterable.
    await putTenantOnPlan(db, owner.tenantId, "Bronze");
    const bronzeTeam = await getJson(`/api/reports/${surveyId}/team`);
    expect(bronzeTeam.cohorts.some((cohort: { key: string }) => cohort.key.startsWith("cohort."))).toBe(false);
    const locked = await call(
      testApp.app,
      "GET",
      `/api/reports/${surveyId}/company?${filterQuery([{ key: "cohort.department", value: "Finance" }])}`,
      {
        cookie: owner.cookie,
      },
    );
    expect(locked.statusCode).toBe(403);
    expect(locked.json().error.code).toBe("PLAN_UPGRADE_REQUIRED");
  }, 120_000);
});
