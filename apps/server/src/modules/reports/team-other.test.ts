/**
 * The Team and Thematic tabs of surveys other than LOWI (spec surveys §2: "same tab set as LOWI minus company"; issue 25
 * item 7, decision 0073): the team heatmap's columns are the survey's five-point questions, scored 1–5, with the same
 * suppression plan as every other report.
 */
import { AGREE_SCALE, type SurveyField } from "@hearth/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, createTestApp, registerCompany, type Session, type TestApp } from "../../test/harness.js";
import { insertResponse } from "../surveys/surveys.repo.js";
import { completeProfileAndSetPlan } from "../surveys/surveys.test-helpers.js";

const FIELDS: SurveyField[] = [
  {
    key: "custom_1",
    question: "Which office do you work from?",
    questionType: "Text",
    answerType: "Radio",
    radioOptions: ["Leeds", "York", "Hull"],
    topic: null,
    required: false,
    filter: true,
    isDefault: false,
    group: "custom",
  },
  {
    key: "custom_2",
    question: "I can focus when I need to at {{company_name}}.",
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
    question: "Which day suits the team lunch?",
    questionType: "Text",
    answerType: "Radio",
    radioOptions: ["Monday", "Friday"],
    topic: null,
    required: true,
    isDefault: false,
    group: "custom",
  },
  {
    key: "custom_4",
    question: "What would make the office better?",
    questionType: "Text",
    answerType: "Text",
    radioOptions: [],
    topic: null,
    required: false,
    isDefault: false,
    group: "custom",
  },
];

/**
 * Leeds 6 people, York 5, Hull 2 (below the threshold of 5), 2 who did not say: each person's agree answer, by office.
 * 15 in all, three whole blocks of 5, so every response is published.
 */
const PEOPLE: { office: string | null; agree: number }[] = [
  ...[5, 4, 4, 3, 5, 4].map((agree) => ({ office: "Leeds", agree })),
  ...[2, 3, 2, 1, 3].map((agree) => ({ office: "York", agree })),
  ...[5, 5].map((agree) => ({ office: "Hull", agree })),
  ...[4, 2].map((agree) => ({ office: null, agree })),
];
const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

describe("team and thematic reports of other surveys", () => {
  let testApp: TestApp;
  let owner: Session;
  let stranger: Session;
  let surveyId = "";
  const get = (url: string, cookie: string | null = owner.cookie) => call(testApp.app, "GET", url, cookie ? { cookie } : {});

  beforeAll(async () => {
    testApp = await createTestApp();
    owner = await registerCompany(testApp.app);
    stranger = await registerCompany(testApp.app);
    await completeProfileAndSetPlan(testApp, owner.tenantId, "Gold");
    const created = await call(testApp.app, "POST", "/api/surveys", {
      cookie: owner.cookie,
      body: {
        surveyPreset: "Custom",
        name: "Office pulse",
        description: "How the offices work for you.",
        metaFields: {},
        fields: FIELDS,
        draft: false,
        endDate: Date.now() + 30 * 24 * 3600 * 1000,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    surveyId = created.json().id as string;
    for (const person of PEOPLE) {
      await insertResponse(testApp.ctx.database.db, testApp.ctx.database.sql, owner.tenantId, {
        surveyId,
        answers: {
          ...(person.office ? { custom_1: person.office } : {}),
          custom_2: AGREE_SCALE[person.agree - 1],
          custom_3: "Friday",
          custom_4: "Quieter rooms would help.",
        },
        submittedOn: "2026-12-01",
        tokenHash: null,
      });
    }
    const closed = await call(testApp.app, "POST", `/api/surveys/${surveyId}/close`, { cookie: owner.cookie });
    expect(closed.statusCode, closed.body).toBe(200);
  });
  afterAll(async () => {
    await testApp.close();
  });

  it("scores each office on the survey's five-point questions, hides the office below the threshold", async () => {
    const response = await get(`/api/reports/${surveyId}/team?cohort=custom_1`);
    expect(response.statusCode, response.body).toBe(200);
    const report = response.json();
    expect(report.columns).toEqual([{ id: "custom_2", name: "I can focus when I need to at {{company_name}}." }]);
    type Row = { value: string; hidden: boolean; responses: number | null; scores: Record<string, number> | null };
    const rows = report.rows as Row[];
    expect(rows.map((row) => row.value)).toEqual(["Leeds", "York", "Hull"]);
    // Hull (2) is below the threshold; the suppression plan may hide one more office so Hull cannot be derived.
    expect(rows.find((row) => row.value === "Hull")).toMatchObject({ hidden: true, responses: null, scores: null });
    const visible = rows.filter((row) => !row.hidden);
    expect(visible.length).toBeGreaterThan(0);
    for (const row of visible) {
      const answers = PEOPLE.filter((person) => person.office === row.value).map((person) => person.agree);
      expect(row.responses).toBe(answers.length);
      expect(row.scores?.custom_2).toBeCloseTo(mean(answers), 10);
    }
    expect(report.overall.responses).toBe(15);
    expect(report.overall.scores.custom_2).toBeCloseTo(mean(PEOPLE.map((person) => person.agree)), 10);
    expect(report.notice).not.toBeNull();
  });

  it("exports the team table with the questions as respondents read them", async () => {
    const response = await get(`/api/reports/${surveyId}/export/team.csv?cohort=custom_1`);
    expect(response.statusCode, response.body).toBe(200);
    const header = response.body.replace(/^\uFEFF/, "").split(/\r?\n/)[0];
    expect(header).toContain("I can focus when I need to at Acme Testing.");
    expect(header).not.toContain("{{");
  });

  it("answers the Thematic tab for another survey", async () => {
    const response = await get(`/api/reports/${surveyId}/thematic`);
    expect(response.statusCode, response.body).toBe(200);
  });

  it("refuses another company (404), the signed-out (401), an unknown cohort (400), and a plan without the report (403)", async () => {
    expect((await get(`/api/reports/${surveyId}/team`, stranger.cookie)).statusCode).toBe(404);
    expect((await get(`/api/reports/${surveyId}/team`, null)).statusCode).toBe(401);
    const unknown = await get(`/api/reports/${surveyId}/team?cohort=custom_9`);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.fields).toEqual({ cohort: "Unknown cohort" });
    await completeProfileAndSetPlan(testApp, owner.tenantId, "Free");
    const locked = await get(`/api/reports/${surveyId}/team`);
    expect(locked.statusCode).toBe(403);
    await completeProfileAndSetPlan(testApp, owner.tenantId, "Gold");
  });
});
