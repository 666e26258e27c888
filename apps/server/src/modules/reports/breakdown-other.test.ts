/**
 * The Breakdown report of surveys other than LOWI (issue 11 item 18): the same endpoint, suppression plan and cohort
 * filters as the LOWI breakdown, checked against counts computed straight from the answers.
 */
import { AGREE_SCALE, createRandom, formatHiddenNotice, type SurveyField } from "@hearth/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { survey } from "../../db/schema.js";
import { call, registerCompany, type TestApp, createTestApp } from "../../test/harness.js";
import { insertResponse } from "../surveys/surveys.repo.js";
import { completeProfileAndSetPlan } from "../surveys/surveys.test-helpers.js";

const TEAMS = ["North", "South", "East"] as const;
/** 25 respondents: a multiple of the default threshold, so an open survey's complete blocks hold them all too. */
const SIZES = { North: 12, South: 10, East: 3 } as const;

/** A Custom survey: a cohort-like choice question (filterable), a rating, a matrix row and a written question. */
const FIELDS: SurveyField[] = [
  {
    key: "custom_1",
    question: "Which team are you in?",
    questionType: "Text",
    answerType: "Radio",
    radioOptions: [...TEAMS],
    topic: null,
    required: false,
    filter: true,
    isDefault: false,
    group: "custom",
  },
  {
    key: "custom_2",
    question: "I enjoy the weekly planning meeting.",
    questionType: "Text",
    answerType: "Radio",
    radioOptions: [...AGREE_SCALE],
    topic: null,
    required: true,
    isDefault: false,
    group: "custom",
  },
  {
    key: "custom_3",
    question: "The office is quiet enough to focus.",
    questionType: "Matrix",
    title: "How much do you agree with each statement?",
    answerType: "Radio",
    radioOptions: [...AGREE_SCALE],
    topic: null,
    required: true,
    isDefault: false,
    group: "custom",
  },
  {
    key: "custom_4",
    question: "What would you change?",
    questionType: "Text",
    answerType: "Text",
    radioOptions: [],
    topic: null,
    required: false,
    isDefault: false,
    group: "custom",
  },
];

interface Company {
  cookie: string;
  tenantId: string;
  surveyId: string;
  answers: Record<string, string>[];
}

/** A Gold company with a closed Custom survey (closed, so every response counts, not only complete blocks). */
async function customSurveyWith(testApp: TestApp, teams: Record<string, number>, seed: number, plan = "Gold"): Promise<Company> {
  const owner = await registerCompany(testApp.app);
  await completeProfileAndSetPlan(testApp, owner.tenantId, plan);
  const created = await call(testApp.app, "POST", "/api/surveys", {
    cookie: owner.cookie,
    body: {
      surveyPreset: "Custom",
      name: "Planning pulse",
      description: "How the new planning rhythm works for you.",
      metaFields: {},
      fields: FIELDS,
      draft: false,
      endDate: Date.now() + 30 * 24 * 3600 * 1000,
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  const surveyId = created.json().id as string;
  const next = createRandom(seed);
  const answers: Record<string, string>[] = [];
  // Arrival order interleaves the teams.
  const order = Object.entries(teams).flatMap(([team, count]) => Array.from({ length: count }, (_, index) => ({ team, index })));
  order.sort((a, b) => a.index - b.index);
  for (const { team } of order) {
    const answer: Record<string, string> = {
      custom_1: team,
      custom_2: AGREE_SCALE[Math.floor(next() * AGREE_SCALE.length)],
      custom_3: AGREE_SCALE[Math.floor(next() * AGREE_SCALE.length)],
      custom_4: "More quiet rooms.",
    };
    answers.push(answer);
    await insertResponse(testApp.ctx.database.db, testApp.ctx.database.sql, owner.tenantId, {
      surveyId,
      answers: answer,
      submittedOn: "2026-11-20",
      tokenHash: null,
    });
  }
  await testApp.ctx.database.db
    .update(survey)
    .set({ endDate: new Date(Date.now() - 24 * 3600 * 1000), updatedAt: new Date() })
    .where(eq(survey.id, surveyId));
  return { cookie: owner.cookie, tenantId: owner.tenantId, surveyId, answers };
}

/** Counts per option, straight from the answers. */
function directCounts(answers: readonly Record<string, string>[], key: string, options: readonly string[]): number[] {
  return options.map((option) => answers.filter((answer) => answer[key] === option).length);
}

interface Question {
  key: string;
  total: number;
  options: { label: string; count: number; share: number }[];
}

describe("breakdown of surveys other than LOWI", () => {
  let testApp: TestApp;
  let company: Company;
  beforeAll(async () => {
    testApp = await createTestApp();
    company = await customSurveyWith(testApp, SIZES, 41);
  });
  afterAll(async () => {
    await testApp.close();
  });

  const get = (url: string, cookie = company.cookie) => call(testApp.app, "GET", url, { cookie });
  const base = () => `/api/reports/${company.surveyId}/breakdown`;

  it("counts every choice and rating question's answers as a direct computation does", async () => {
    const response = await get(base());
    expect(response.statusCode, response.body).toBe(200);
    const report = response.json();
    expect(report.hidden).toBe(false);
    expect(report.responses).toBe(25);
    const byKey = new Map<string, Question>(report.questions.map((question: Question) => [question.key, question]));
    for (const key of ["custom_2", "custom_3"]) {
      const question = byKey.get(key);
      expect(question, key).toBeDefined();
      const expected = directCounts(company.answers, key, AGREE_SCALE);
      expect(question?.options.map((option) => option.label)).toEqual([...AGREE_SCALE]);
      expect(question?.options.map((option) => option.count)).toEqual(expected);
      expect(question?.total).toBe(25);
      for (const [index, option] of (question?.options ?? []).entries()) {
        expect(option.share).toBeCloseTo((expected[index] / 25) * 100, 0);
      }
    }
    // The written question has no distribution of options.
    expect(byKey.get("custom_4")?.options ?? []).toEqual([]);
  });

  it("hides a cohort value below the threshold inside the distribution, and answers a filter on it with the notice", async () => {
    const report = (await get(base())).json();
    const teams = report.questions.find((question: Question) => question.key === "custom_1") as Question;
    const labels = teams.options.map((option) => option.label);
    // East (3) is below the threshold; South (10) is hidden too, since 25 − North − South would give East away.
    expect(labels).toEqual(["North", "Hidden or not answered"]);
    expect(teams.options.map((option) => option.count)).toEqual([12, 13]);

    const east = (await get(`${base()}?filter=custom_1:East`)).json();
    expect(east).toMatchObject({ hidden: true, notice: formatHiddenNotice("Results") });
    expect(JSON.stringify(east)).not.toMatch(/"count"/);
  });

  it("narrows to a visible cohort with the same numbers as the direct computation", async () => {
    const response = await get(`${base()}?filter=custom_1:North`);
    expect(response.statusCode).toBe(200);
    const report = response.json();
    expect(report.hidden).toBe(false);
    expect(report.responses).toBe(12);
    const north = company.answers.filter((answer) => answer.custom_1 === "North");
    const rating = report.questions.find((question: Question) => question.key === "custom_2") as Question;
    expect(rating.options.map((option) => option.count)).toEqual(directCounts(north, "custom_2", AGREE_SCALE));
  });

  it("hides the whole report of a survey with fewer respondents than the threshold", async () => {
    const few = await customSurveyWith(testApp, { North: 4 }, 5);
    const report = (await get(`/api/reports/${few.surveyId}/breakdown`, few.cookie)).json();
    expect(report).toMatchObject({ hidden: true, notice: formatHiddenNotice("Results") });
    expect(report.questions).toBeUndefined();
  });

  it("refuses malformed and unknown filters and ids with 400", async () => {
    const cases = [
      `${base()}?filter=nocolon`,
      `${base()}?filter=custom_9:North`,
      `${base()}?filter=custom_1:West`,
      `${base()}?filter=custom_1:North&filter=custom_1:South`,
      `${base()}?filter=custom_1:North&filter=custom_2:Agree&filter=custom_3:Agree`,
      "/api/reports/not%20an%20id/breakdown",
    ];
    for (const url of cases) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().error.code, url).toBe("VALIDATION_FAILED");
    }
  });

  it("keeps each company's breakdown to itself, asks for sign-in, and needs the Breakdown Report feature", async () => {
    const other = await registerCompany(testApp.app, { companyName: "Elsewhere Co" });
    expect((await get(base(), other.cookie)).statusCode).toBe(404);
    expect((await call(testApp.app, "GET", base())).statusCode).toBe(401);

    // A company moved down to Bronze (no Breakdown Report) may no longer read the breakdown of its Custom survey.
    const bronze = await customSurveyWith(testApp, { North: 6 }, 9);
    await completeProfileAndSetPlan(testApp, bronze.tenantId, "Bronze");
    const locked = await get(`/api/reports/${bronze.surveyId}/breakdown`, bronze.cookie);
    expect(locked.statusCode).toBe(403);
    expect(locked.json().error).toMatchObject({ code: "PLAN_UPGRADE_REQUIRED", fields: { feature: "BreakdownReport" } });
  });
});
