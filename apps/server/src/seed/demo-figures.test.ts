/**
 * One truth on every screen (issue 25 item 1): every place the product shows the demo LOWI survey's figures — the
 * dashboard, the company report, its PDF, its CSV export, the public profile, the certification checks — writes the
 * same numbers, rounded once by the shared rule (packages/shared/src/reports/figures.ts).
 */
import { formatLowiScore, formatPercent, formatScore } from "@hearth/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pdfText } from "../test/pdf-text.js";
import { type TestApp, call, createTestApp, signIn } from "../test/harness.js";
import { DEMO_ADMIN_EMAIL, DEMO_PASSWORD, seedDemoData } from "./demo.js";
import { DEMO_LOWI_RESPONSES } from "./demo-invitees.js";

describe("the demo LOWI survey's figures agree everywhere", () => {
  let testApp: TestApp;
  let cookie: string;
  let surveyId: string;
  const get = (url: string) => call(testApp.app, "GET", url, { cookie });
  beforeAll(async () => {
    testApp = await createTestApp();
    await seedDemoData(testApp.ctx.database.db);
    cookie = await signIn(testApp.app, DEMO_ADMIN_EMAIL, DEMO_PASSWORD);
    const surveys = (await get("/api/surveys")).json() as { id: string; isLOWI: boolean }[];
    surveyId = surveys.find((survey) => survey.isLOWI)?.id ?? "";
  });
  afterAll(async () => {
    await testApp.close();
  });

  it("dashboard, report, PDF, CSV, public profile and certification checks show one LOWI score and one count", async () => {
    const report = (await get(`/api/reports/${surveyId}/company`)).json();
    const love = report.love as { name: string; score: number; percent: number };
    const publication = (await get(`/api/reports/${surveyId}/publication`)).json();
    // Every seeded response is published (320 is a whole number of blocks), and the list counts the same.
    expect(publication).toMatchObject({ total: DEMO_LOWI_RESPONSES, published: DEMO_LOWI_RESPONSES, note: null });

    // The dashboard: the same score object, the same count.
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
    const cells = (loveRow ?? "").split(",");
    expect(formatScore(Number(cells.at(-7)))).toBe(formatScore(love.score));

    // The public profile: the same score, written by formatLowiScore.
    const profile = await call(testApp.app, "GET", "/c/demo-company");
    expect(profile.body).toContain(formatLowiScore(love.score));

    // The certification checks on the dashboard count the same responses as the report.
    const checks = dashboard.certification.checks as { rule: string; text: string }[];
    expect(dashboard.certification.responses).toBe(publication.total);
    expect(checks.find((check) => check.rule === "responses")?.text).toContain(`${DEMO_LOWI_RESPONSES.toLocaleString("en-US")} responses`);
  });
});
