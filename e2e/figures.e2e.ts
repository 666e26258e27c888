/**
 * One truth on every screen (issue 25 item 1), in Chromium on the demo company:
 * - the same survey ends on the same day for the Admin and for Staff, each in a browser of another time zone, and the
 *   day names the company's zone;
 * - the LOWI score on the dashboard is the company report's, written by the same rule;
 * - a report that counts fewer responses than the survey list says why (blocks of k).
 */
import type { CompanyReportResponse, ReportPublication, SurveySummary } from "@hearth/shared";
import { formatScore } from "@hearth/shared";
import { describe, expect, inject, test } from "vitest";
import { DEMO_USERS, DESKTOP, openBrowser, signIn } from "./support/browser";

describe("figures agree", () => {
  const baseUrl = inject("baseUrl");

  test("a survey's end date reads the same for Admin (New York browser) and Staff (Tokyo browser), zone named", async () => {
    const admin = await openBrowser(baseUrl, DESKTOP, "America/New_York");
    const staff = await openBrowser(baseUrl, DESKTOP, "Asia/Tokyo");
    try {
      await signIn(admin.page, DEMO_USERS.admin);
      await signIn(staff.page, DEMO_USERS.staff);
      const staffSurveys = (await (await staff.context.request.get("/api/surveys")).json()) as SurveySummary[];
      const survey = staffSurveys.find((one) => one.endDate !== null && !one.draft);
      if (!survey) throw new Error("Staff can read no published survey of the demo company");
      const path = `/dashboard/surveys/${survey.isLOWI ? "lowi" : "other"}/${survey.id}`;
      const read = async (page: typeof admin.page) => {
        await page.goto(path);
        const cell = page.getByTestId("survey-end-date");
        await cell.waitFor();
        return (await cell.innerText()).trim();
      };
      const [byAdmin, byStaff] = [await read(admin.page), await read(staff.page)];
      expect(byAdmin).toMatch(/\d{2}\/\d{2}\/\d{4} \(.+\)/);
      expect(byStaff).toBe(byAdmin);
    } finally {
      await admin.close();
      await staff.close();
    }
  });

  test("the dashboard's LOWI score is the company report's, and a report says when responses wait for their block", async () => {
    const session = await openBrowser(baseUrl);
    try {
      const { page, context } = session;
      await signIn(page, DEMO_USERS.admin);
      const dashboard = (await (await context.request.get("/api/dashboard")).json()) as {
        latestLowi: { surveyId: string; hidden: boolean } | null;
      };
      const latest = dashboard.latestLowi;
      if (!latest || latest.hidden) throw new Error("the demo company has no readable LOWI survey");
      const report = (await (await context.request.get(`/api/reports/${latest.surveyId}/company`)).json()) as CompanyReportResponse;
      if (report.hidden) throw new Error("the demo's LOWI report is hidden");
      await page.goto("/dashboard");
      const shown = page.getByTestId("dashboard-love-score");
      await shown.waitFor();
      expect((await shown.innerText()).trim()).toBe(formatScore(report.love.score));

      await page.goto(`/dashboard/reports/lowi/${latest.surveyId}/company`);
      await page.getByTestId("company-report").waitFor({ timeout: 30_000 });
      const publication = (await (await context.request.get(`/api/reports/${latest.surveyId}/publication`)).json()) as ReportPublication;
      expect(publication.published).toBe(report.responses);
      const note = page.getByTestId("report-publication");
      if (publication.note) {
        await note.waitFor();
        expect((await note.innerText()).trim()).toBe(publication.note);
      } else {
        expect(await note.count()).toBe(0);
      }
    } finally {
      await session.close();
    }
  });
});
