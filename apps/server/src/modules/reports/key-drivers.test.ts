import {
  AGREE_SCALE,
  COHORT_DRIVER_MIN_RESPONSES,
  createRandom,
  DRIVER_SCOPE_NOTES,
  DRIVERS_NEED_CLOSED_SURVEY,
  LOWI_DRIVER_KEYS,
  lowiDriverVectorFromAnswers,
  RECOMMEND_OPTIONS,
  type SurveyField,
} from "@hearth/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { survey } from "../../db/schema.js";
import { addMember, call, type TestApp, createTestApp, registerCompany } from "../../test/harness.js";
import { insertResponse } from "../surveys/surveys.repo.js";
import { answerAll, completeProfileAndSetPlan, lowiInput } from "../surveys/surveys.test-helpers.js";

const LOVE_KEYS = LOWI_DRIVER_KEYS.slice(15, 20);
const clampAgree = (value: number) => Math.min(5, Math.max(1, Math.round(value)));

interface Company {
  cookie: string;
  tenantId: string;
  surveyId: string;
  answers: Record<string, string>[];
}

/**
 * A LOWI survey with `count` responses whose answers move together: each respondent has a level, every agree item is
 * that level plus noise (Teamwork and Trust follow it closely, the rest loosely), and the recommend answer follows the
 * love items. Cohort `lowi_demo_job_type`: the first `managers` respondents are "Manager of Others".
 */
async function companyWithDrivers(testApp: TestApp, count: number, managers: number, plan = "Gold", closed = true): Promise<Company> {
  const owner = await registerCompany(testApp.app);
  await completeProfileAndSetPlan(testApp, owner.tenantId, plan);
  const created = await call(testApp.app, "POST", "/api/surveys", { cookie: owner.cookie, body: lowiInput() });
  expect(created.statusCode).toBe(201);
  const surveyId = created.json().id as string;
  const db = testApp.ctx.database.db;
  const [row] = await db.select({ fields: survey.fields }).from(survey).where(eq(survey.id, surveyId));
  const fields = row.fields as SurveyField[];
  const next = createRandom(count * 31 + managers);
  const answers: Record<string, string>[] = [];
  for (let index = 0; index < count; index++) {
    const answer = answerAll(fields);
    const level = 1 + next() * 4;
    for (const field of fields) {
      if (field.answerType !== "Radio") continue;
      if (field.group === "demographic") delete answer[field.key];
      if (field.group !== "agree") continue;
      const tight = field.key === "lowi_teamwork" || field.key === "lowi_trust";
      answer[field.key] = AGREE_SCALE[clampAgree(level + (next() - 0.5) * (tight ? 1 : 4)) - 1];
    }
    const love = LOVE_KEYS.reduce((sum, key) => sum + AGREE_SCALE.indexOf(answer[key] as (typeof AGREE_SCALE)[number]) + 1, 0) / 5;
    // 1 = Very Likely: the more a respondent loves the company, the lower the answer.
    answer.lowi_recommend = RECOMMEND_OPTIONS[Math.min(9, Math.max(0, Math.round(10 - love * 2 + (next() - 0.5) * 2)))];
    answer.lowi_demo_job_type = index < managers ? "Manager of Others" : "Individual Contributor";
    answers.push(answer);
    await insertResponse(db, testApp.ctx.database.sql, owner.tenantId, {
      surveyId,
      answers: answer,
      submittedOn: "2026-11-20",
      tokenHash: null,
    });
  }
  if (closed)
    await db
      .update(survey)
      .set({ endDate: new Date(Date.now() - 86_400_000) })
      .where(eq(survey.id, surveyId));
  return { cookie: owner.cookie, tenantId: owner.tenantId, surveyId, answers };
}

/** Pearson r straight from the answers of complete respondents: variable `a` against the mean of the love items. */
function directCorrelation(answers: readonly Record<string, string>[], key: string): number {
  const pairs = answers
    .map((answer) => lowiDriverVectorFromAnswers(answer))
    .filter((vector): vector is number[] => vector !== null)
    .map((vector) => [vector[LOWI_DRIVER_KEYS.indexOf(key)], vector.slice(15, 20).reduce((sum, value) => sum + value, 0) / 5]);
  const mean = (index: number) => pairs.reduce((sum, pair) => sum + pair[index], 0) / pairs.length;
  const [mx, my] = [mean(0), mean(1)];
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (const [x, y] of pairs) {
    sxy += (x - mx) * (y - my);
    sxx += (x - mx) ** 2;
    syy += (y - my) ** 2;
  }
  return sxy / Math.sqrt(sxx * syy);
}

describe("key drivers (issue 26 item 1, decision 0077)", () => {
  let testApp: TestApp;
  let company: Company;
  beforeAll(async () => {
    testApp = await createTestApp();
    company = await companyWithDrivers(testApp, 80, 40);
  });
  afterAll(() => testApp.close());

  const drivers = (surveyId: string, cookie: string, query = "") =>
    call(testApp.app, "GET", `/api/reports/${surveyId}/drivers${query}`, { cookie });

  it("gives every driver's correlation, interval and weight on both outcomes, equal to a direct computation", async () => {
    const response = await drivers(company.surveyId, company.cookie);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      hidden: false,
      scope: "company",
      scopeNote: null,
      responses: 80,
      n: 80,
      method: "pearson-fisher90+johnson-rw",
    });
    expect(body.outcomes.map((outcome: { outcome: string }) => outcome.outcome)).toEqual(["love", "recommend"]);
    const love = body.outcomes[0];
    expect(love.drivers).toHaveLength(26);
    const teamwork = love.drivers.find((driver: { key: string }) => driver.key === "lowi_teamwork");
    expect(teamwork).toMatchObject({ label: "Teamwork", kind: "item", n: 80 });
    expect(teamwork.r).toBeCloseTo(directCorrelation(company.answers, "lowi_teamwork"), 2);
    expect(teamwork.low).toBeLessThan(teamwork.r);
    expect(teamwork.high).toBeGreaterThan(teamwork.r);
    const itemWeights = love.drivers
      .filter((driver: { kind: string }) => driver.kind === "item")
      .map((driver: { weight: number }) => driver.weight);
    expect(itemWeights.reduce((sum: number, weight: number) => sum + weight, 0)).toBeCloseTo(100, 0);
    // Love areas on the love score: correlated with the other four love items, with no weight.
    expect(
      love.drivers
        .filter((driver: { kind: string }) => driver.kind === "loveArea")
        .every((driver: { weight: null }) => driver.weight === null),
    ).toBe(true);
    expect(love.strengths.length).toBeLessThanOrEqual(3);
    expect(love.opportunities.length).toBeLessThanOrEqual(3);
    for (const driver of [...love.strengths, ...love.opportunities]) expect(driver.low).toBeGreaterThan(0);
    for (const driver of love.strengths) expect(driver.scorePercent).toBeGreaterThanOrEqual(body.averagePercent);
    for (const driver of love.opportunities) expect(driver.scorePercent).toBeLessThan(body.averagePercent);
  });

  it("gives a cohort its own drivers from max(30, threshold) complete responses, and the company's below that", async () => {
    const own = (await drivers(company.surveyId, company.cookie, "?filter=lowi_demo_job_type:Manager%20of%20Others")).json();
    expect(own).toMatchObject({ scope: "cohort", scopeNote: null, responses: 40, n: 40 });

    const small = await companyWithDrivers(testApp, 60, COHORT_DRIVER_MIN_RESPONSES - 1, "Gold");
    // 29 managers: readable (above the threshold of 5) but short of 30 complete responses.
    const answer = (await drivers(small.surveyId, small.cookie, "?filter=lowi_demo_job_type:Manager%20of%20Others")).json();
    expect(answer).toMatchObject({ scope: "company", scopeNote: DRIVER_SCOPE_NOTES.tooFew(30), n: 60 });
  });

  it("hides a cohort below the threshold with the reports' notice, and shows no new group size", async () => {
    const few = await companyWithDrivers(testApp, 40, 3);
    const hidden = (await drivers(few.surveyId, few.cookie, "?filter=lowi_demo_job_type:Manager%20of%20Others")).json();
    expect(hidden).toEqual({
      hidden: true,
      threshold: 5,
      filters: [{ key: "lowi_demo_job_type", value: "Manager of Others" }],
      notice: "Key drivers are hidden as the number available falls below the visibility threshold.",
    });
    // Every group the drivers answer for has the size its company report shows: the drivers tell an attacker nothing new.
    for (const query of ["", "?filter=lowi_demo_job_type:Individual%20Contributor", "?filter=lowi_demo_job_type:Manager%20of%20Others"]) {
      const report = (await call(testApp.app, "GET", `/api/reports/${few.surveyId}/company${query}`, { cookie: few.cookie })).json();
      const read = (await drivers(few.surveyId, few.cookie, query)).json();
      expect(read.hidden).toBe(report.hidden);
      if (!read.hidden && read.scope === "cohort") expect(read.responses).toBe(report.responses);
    }
  });

  it("waits for the survey to close, needs Transformation Plans, and answers LOWI surveys only", async () => {
    const open = await companyWithDrivers(testApp, 10, 0, "Gold", false);
    const waiting = await drivers(open.surveyId, open.cookie);
    expect(waiting.statusCode).toBe(409);
    expect(waiting.json().error.message).toBe(DRIVERS_NEED_CLOSED_SURVEY);

    const bronze = await companyWithDrivers(testApp, 10, 0, "Bronze");
    const locked = await drivers(bronze.surveyId, bronze.cookie);
    expect(locked.statusCode).toBe(403);
    expect(locked.json().error).toMatchObject({ code: "PLAN_UPGRADE_REQUIRED", fields: { feature: "TransformationPlans" } });

    const custom = await call(testApp.app, "POST", "/api/surveys", {
      cookie: company.cookie,
      body: {
        surveyPreset: "Custom",
        name: "Planning pulse",
        description: "How the new planning rhythm works for you.",
        metaFields: {},
        fields: [
          {
            key: "custom_1",
            question: "Which team are you on?",
            questionType: "Text",
            answerType: "Radio",
            radioOptions: ["North", "South"],
            topic: null,
            required: false,
            filter: true,
            isDefault: false,
            group: "custom",
          },
        ],
        draft: false,
        endDate: Date.now() + 30 * 24 * 3600 * 1000,
      },
    });
    expect(custom.statusCode, custom.body).toBe(201);
    const notLowi = await drivers(custom.json().id, company.cookie);
    expect(notLowi.statusCode).toBe(404);
    expect(notLowi.json().error.message).toBe("This survey has no key drivers: only LOWI surveys do.");
  });

  it("keeps each company's drivers to itself, lets Staff read them, and refuses bad input", async () => {
    const other = await registerCompany(testApp.app);
    expect((await drivers(company.surveyId, other.cookie)).statusCode).toBe(404);
    expect((await call(testApp.app, "GET", `/api/reports/${company.surveyId}/drivers`)).statusCode).toBe(401);
    const staff = await addMember(testApp, company.tenantId, "Staff");
    expect((await drivers(company.surveyId, staff.cookie)).statusCode).toBe(200);
    const two = await drivers(company.surveyId, company.cookie, "?filter=lowi_demo_job_type:Executive&filter=lowi_demo_gender:Woman");
    expect(two.statusCode).toBe(400);
    expect((await drivers(company.surveyId, company.cookie, "?filter=nonsense")).statusCode).toBe(400);
    expect((await drivers("bad id!", company.cookie)).statusCode).toBe(400);
  });
});
