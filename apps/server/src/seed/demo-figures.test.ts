/**
 * One truth on every screen (issue 25 item 1): every place the product shows a LOWI survey's figures — the dashboard,
 * the company report, its PDF, its CSV export, the public profile, the certification checks — writes the same numbers,
 * rounded once by the shared rule (packages/shared/src/reports/figures.ts). Checked on the demo company and on a new
 * company whose survey has responses waiting for their block.
 */
import { formatLowiScore, formatPercent, formatScore } from "@hearth/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLowiSurvey, storeAnonymousResponse } from "../modules/comments/comments.test-helpers.js";
import { answerAll } from "../modules/surveys/surveys.test-helpers.js";
import { pdfText } from "../test/pdf-text.js";
import { type TestApp, call, createTestApp, registerCompany, signIn } from "../test/harness.js";
import { DEMO_ADMIN_EMAIL, DEMO_PASSWORD, seedDemoData } from "./demo.js";
import { DEMO_LOWI_RESPONSES } from "./demo-invitees.js";

type Get = (url: string) => ReturnType<typeof call>;

/** Reads one LOWI survey's figures from every place that shows them, asserts they agree, and returns them. */
async function expectFiguresAgree(get: Get, surveyId: string) {
  const report = (await get(`/api/reports/${surveyId}/company`)).json();
  const love = report.love as { name: string; score: number; percent: number };
  const publication = (await get(`/api/reports/${surveyId}/publication`)).json();

  // The dashboard: the same score object; the count the report reads.
  const dashboard = (await get("/api/dashboard")).json();
  expect(dashboard.latestLowi.surveyId).toBe(surveyId);
  expect(dashboard.latestLowi.love.score).toBe(love.score);
  expect(dashboard.latestLowi.love.percent).toBe(love.percent);
  expect(dashboard.latestLowi.responses).toBe(publication.published);

  // The PDF: the score and its percent as the shared rule writes them.
  const pdf = await get(`/api/reports/${surveyId}/company.pdf`);
  expect(pdf.statusCode).toBe(200);
  const text = pdfText(pdf.rawPayload);
  expect(text).toContain(`${formatScore(love.score)} / 5`);
  expect(text).toContain(formatPercent(love.percent));

  // The CSV: the same row, which rounds to the same figure.
  const csv = (await get(`/api/reports/${surveyId}/export/competencies.csv`)).body.replace(/^\uFEFF/, "");
  const loveRow = csv.split("\r\n").find((line) => line.startsWith(`${love.name},`) || line.startsWith(`"${love.name}",`));
  expect(loveRow, csv.slice(0, 400)).toBeDefined();
  expect(formatScore(Number((loveRow ?? "").split(",").at(-7)))).toBe(formatScore(love.score));

  // The certification checks count the survey's responses, all of them, as the survey list does.
  const surveys = (await get("/api/surveys")).json() as { id: string; completed: number }[];
  const completed = surveys.find((survey) => survey.id === surveyId)?.completed;
  expect(publication.total).toBe(completed);
  expect(dashboard.certification.responses).toBe(completed);
  const checks = dashboard.certification.checks as { rule: string; text: string }[];
  const { required, remaining } = dashboard.certification as { required: number; remaining: number };
  expect(remaining).toBe(Math.max(0, required - (completed ?? 0)));
  const responsesCheck = checks.find((check) => check.rule === "responses")?.text;
  if (remaining === 0) expect(responsesCheck).toContain(`${completed?.toLocaleString("en-US")} response`);
  else expect(responsesCheck).toContain(`${remaining.toLocaleString("en-US")} more response`);
  return { love, publication };
}

describe("a LOWI survey's figures agree everywhere", () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
    await seedDemoData(testApp.ctx.database.db);
  });
  afterAll(async () => {
    await testApp.close();
  });

  it("on the demo company: dashboard, report, PDF, CSV, public profile and certification checks", async () => {
    const cookie = await signIn(testApp.app, DEMO_ADMIN_EMAIL, DEMO_PASSWORD);
    const get: Get = (url) => call(testApp.app, "GET", url, { cookie });
    const surveys = (await get("/api/surveys")).json() as { id: string; isLOWI: boolean }[];
    const surveyId = surveys.find((survey) => survey.isLOWI)?.id ?? "";
    const { love, publication } = await expectFiguresAgree(get, surveyId);
    // Every seeded response is published (320 is a whole number of blocks).
    expect(publication).toMatchObject({ total: DEMO_LOWI_RESPONSES, published: DEMO_LOWI_RESPONSES, note: null });
    // The public profile: the same score, written by formatLowiScore.
    const profile = await call(testApp.app, "GET", "/c/demo-company");
    expect(profile.body).toContain(formatLowiScore(love.score));
  });

  it("on a new company whose last responses wait for their block: the same figures, and the report says why", async () => {
    const owner = await registerCompany(testApp.app, { companyName: "Figures Agree Ltd" });
    const get: Get = (url) => call(testApp.app, "GET", url, { cookie: owner.cookie });
    const { surveyId, fields } = await createLowiSurvey(testApp, owner);
    // 23 people with varied answers: 20 are published (four blocks of 5), 3 wait for the next block.
    for (let index = 0; index < 23; index++) {
      await storeAnonymousResponse(testApp, owner.tenantId, surveyId, answerAll(fields, [3, 4, 2, 4, 3, 1][index % 6]));
    }
    const closed = await call(testApp.app, "POST", `/api/surveys/${surveyId}/close`, { cookie: owner.cookie });
    expect(closed.statusCode, closed.body).toBe(200);
    const { publication } = await expectFiguresAgree(get, surveyId);
    expect(publication).toMatchObject({ total: 23, published: 20 });
    expect(publication.note).toContain("20 of 23 responses are published");
  });
});
