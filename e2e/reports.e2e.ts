/**
 * Reports end to end (issue #5), in Chromium on the demo company: the company report's LOWI score against a direct
 * computation from the exported answers; a cohort below the visibility threshold hidden with the exact notice (company
 * page and team heatmap); a Staff member with assigned cohorts reading only their cohorts' comments; a plan without
 * the LOWI report seeing blurred sections and the upgrade dialog; the company report as a PDF with the score in it.
 * Issue 11 item 3: the report shows the survey's own threshold, and the Report privacy card says the company setting
 * applies to surveys published from now on.
 */
import { readFileSync } from "node:fs";
import { inflateSync } from "node:zlib";
import {
  AGREE_SCALE,
  COMMENT_MESSAGES,
  type CommentsResponse,
  type CompanyProfileInput,
  type CompanyReport,
  defaultEndDate,
  listPresetFields,
  type SurveySummary,
  type TeamMembersResponse,
} from "@hearth/shared";
import Papa from "papaparse";
import type { APIRequestContext, Page } from "playwright-core";
import { describe, expect, inject, test } from "vitest";
import { createVerifiedUser, DEMO_USERS, openBrowser, PHONE, type Session, screenshot, signIn } from "./support/browser";
import { answerAsSomeoneElse } from "./support/respondents";

const LOVE_KEYS = ["lowi_love_company", "lowi_love_workplace", "lowi_love_manager", "lowi_love_coworkers", "lowi_love_ceo"];
const HIDDEN_NOTICE = "Results are hidden as the number available falls below the visibility threshold.";

async function getJson<T>(request: APIRequestContext, url: string): Promise<T> {
  const response = await request.get(url);
  if (!response.ok()) throw new Error(`GET ${url} answered ${response.status()}: ${await response.text()}`);
  return (await response.json()) as T;
}

async function postJson<T>(request: APIRequestContext, url: string, data: unknown): Promise<T> {
  const response = await request.post(url, { data });
  if (!response.ok()) throw new Error(`POST ${url} answered ${response.status()}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** The demo company's LOWI survey with the most responses. */
async function demoLowiSurvey(request: APIRequestContext): Promise<SurveySummary> {
  const surveys = await getJson<SurveySummary[]>(request, "/api/surveys");
  const lowi = surveys.filter((survey) => survey.surveyPreset === "PulseValidation" && survey.completed > 0);
  lowi.sort((a, b) => b.completed - a.completed);
  if (!lowi[0]) throw new Error("the demo company has no LOWI survey with responses");
  return lowi[0];
}

/** The company report page, once its numbers are the ones asked for (not the previous filter's). */
async function openCompanyReport(page: Page, path: string) {
  await page.goto(path);
  const report = page.getByTestId("company-report");
  await report.waitFor({ timeout: 30_000 });
  await page.locator('[data-testid="company-report"][data-refreshing="false"]').waitFor({ timeout: 30_000 });
  return report;
}

/** Every piece of text a PDF draws: its content streams inflated, hex strings decoded (pdf-lib's standard fonts). */
function pdfText(bytes: Buffer): string {
  const raw = bytes.toString("latin1");
  const pieces: string[] = [];
  const streamPattern = /stream\r?\n/g;
  let match: RegExpExecArray | null = streamPattern.exec(raw);
  while (match !== null) {
    const start = match.index + match[0].length;
    const end = raw.indexOf("endstream", start);
    if (end < 0) break;
    const body = bytes.subarray(start, end);
    let text: string;
    try {
      text = inflateSync(body).toString("latin1");
    } catch {
      text = body.toString("latin1");
    }
    for (const hex of text.matchAll(/<([0-9A-Fa-f]+)>\s*Tj/g)) pieces.push(Buffer.from(hex[1], "hex").toString("latin1"));
    for (const plain of text.matchAll(/\(((?:\\.|[^\\)])*)\)\s*Tj/g)) pieces.push(plain[1]);
    streamPattern.lastIndex = end;
    match = streamPattern.exec(raw);
  }
  return pieces.join("\n");
}

describe("reports", () => {
  const baseUrl = inject("baseUrl");

  test("the company report shows the LOWI score computed from the seeded responses, and downloads as a PDF with it", async () => {
    const session = await openBrowser(baseUrl);
    const { page, context } = session;
    try {
      await signIn(page, DEMO_USERS.admin);
      const survey = await demoLowiSurvey(context.request);

      // The direct computation: every answer to the five love items in the exported responses, averaged.
      const exported = await context.request.get(`/api/export/survey?surveyId=${survey.id}`);
      expect(exported.status()).toBe(200);
      // The answer rows only: an anonymous survey's comments follow after a blank line, detached (decision 0052).
      // Two header rows (issue 25 item 6): the questions' texts, then their keys, which this reads the answers by.
      const answerRows = (await exported.text()).replace(/^\uFEFF/, "").split("\r\n\r\n")[0];
      const [textRow, ...keyedRows] = answerRows.split("\r\n");
      expect(textRow.startsWith("Submitted on,")).toBe(true);
      expect(textRow).not.toMatch(/lowi_|\{\{/);
      const parsed = Papa.parse<Record<string, string>>(keyedRows.join("\r\n"), {
        header: true,
        skipEmptyLines: true,
      });
      let sum = 0;
      let count = 0;
      for (const row of parsed.data) {
        for (const key of LOVE_KEYS) {
          const index = AGREE_SCALE.indexOf(row[key] as (typeof AGREE_SCALE)[number]);
          if (index >= 0) {
            sum += index + 1;
            count += 1;
          }
        }
      }
      expect(parsed.data.length).toBe(survey.completed);
      const expected = (sum / count).toFixed(2);

      await openCompanyReport(page, `/dashboard/reports/lowi/${survey.id}/company`);
      // The survey's own threshold, fixed when it was published (issue 11 item 3, decision 0022).
      expect(((await page.getByTestId("report-threshold").textContent()) ?? "").trim()).toBe(
        "Groups smaller than 5 responses are hidden in this survey.",
      );
      const shown = ((await page.getByTestId("love-score").first().textContent()) ?? "").trim();
      // The company setting says it applies to surveys published from now on.
      const profilePage = await session.context.newPage();
      await profilePage.goto("/dashboard/profile");
      const privacy = profilePage.getByTestId("report-privacy-card");
      await privacy.waitFor({ timeout: 30_000 });
      expect((await privacy.textContent()) ?? "").toContain("Applies to surveys published from now on");
      await profilePage.close();
      expect(shown).toContain(expected);
      expect(await page.getByTestId("competency-card").count()).toBe(15);
      await screenshot(page, "reports-company-desktop");

      // The PDF: downloaded from the page, with the same score in its text.
      const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("download-pdf").click()]);
      expect(download.suggestedFilename()).toMatch(/\.pdf$/);
      const bytes = readFileSync((await download.path()) as string);
      expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
      const text = pdfText(bytes);
      expect(text).toContain(`${expected} / 5`);
      expect(text).toContain("LOWI score");
    } finally {
      await session.close();
    }
  });

  test("a cohort below the visibility threshold is hidden with the exact notice, on the company page and the team heatmap", async () => {
    const session = await openBrowser(baseUrl);
    const { page, context } = session;
    try {
      await signIn(page, DEMO_USERS.admin);
      const survey = await demoLowiSurvey(context.request);
      const report = await getJson<CompanyReport>(context.request, `/api/reports/${survey.id}/company`);
      expect(report.hidden).toBe(false);
      expect(report.hiddenCohorts.length, "the demo survey has cohorts below the threshold").toBeGreaterThan(0);
      const small = report.hiddenCohorts[0];

      const api = await getJson<{ hidden: boolean; notice?: string }>(
        context.request,
        `/api/reports/${survey.id}/company?filter=${encodeURIComponent(`${small.key}:${small.value}`)}`,
      );
      expect(api).toMatchObject({ hidden: true, notice: HIDDEN_NOTICE });
      expect(api).not.toHaveProperty("loveScore");

      await page.goto(`/dashboard/reports/lowi/${survey.id}/company?filter=${encodeURIComponent(`${small.key}:${small.value}`)}`);
      const notice = page.getByTestId("report-hidden-notice");
      await notice.waitFor({ timeout: 30_000 });
      expect((await notice.textContent()) ?? "").toContain(HIDDEN_NOTICE);
      expect(await page.getByTestId("love-score").count()).toBe(0);
      await screenshot(page, "reports-hidden-cohort");

      await page.goto(`/dashboard/reports/lowi/${survey.id}/team?cohort=${encodeURIComponent(small.key)}`);
      const row = page.locator(`[data-testid="team-row"][data-value="${small.value.replace(/"/g, '\\"')}"]`);
      await row.waitFor({ timeout: 30_000 });
      expect(await row.getAttribute("data-hidden")).toBe("true");
      expect((await row.textContent()) ?? "").toContain("Hidden");
      await screenshot(page, "reports-team-desktop");
    } finally {
      await session.close();
    }
  });

  test("a Staff member with assigned cohorts reads only their cohorts' comments", async () => {
    const admin = await openBrowser(baseUrl);
    const staff = await openBrowser(baseUrl, PHONE);
    try {
      await signIn(admin.page, DEMO_USERS.admin);
      const survey = await demoLowiSurvey(admin.context.request);
      const members = await getJson<TeamMembersResponse>(admin.context.request, "/api/teams/members");
      const member = members.members.find((entry) => entry.email === DEMO_USERS.staff);
      if (!member?.userId) throw new Error("the demo Staff member is missing");

      // The admin's view of the listable cohorts: pick one whose comments can be listed.
      const all = await postJson<CommentsResponse>(admin.context.request, `/api/reports/${survey.id}/comments`, {});
      const option = all.options.cohorts[0];
      if (!option) throw new Error("the demo survey has no listable cohort");
      const ofCohort = await postJson<CommentsResponse>(admin.context.request, `/api/reports/${survey.id}/comments`, {
        cohorts: [{ key: option.key, value: option.value }],
      });
      expect(ofCohort.comments.length).toBeGreaterThan(0);
      expect(ofCohort.total).toBeLessThan(all.total);

      await signIn(staff.page, DEMO_USERS.staff);
      // Before any assignment: the spec's message, word for word, and no comments.
      const before = await postJson<CommentsResponse>(staff.context.request, `/api/reports/${survey.id}/comments`, {});
      if (before.scope.message !== null) {
        expect(before.scope.message).toBe(COMMENT_MESSAGES.noCohortsAssigned);
        expect(before.comments).toEqual([]);
      }

      await postJson(admin.context.request, "/api/teams/members/postAssignedCohorts", {
        userId: member.userId,
        surveyId: survey.id,
        email: member.email,
        assignedCohorts: [option],
      });

      await staff.page.goto(`/dashboard/reports/lowi/${survey.id}/comments`);
      await staff.page.getByTestId("comment-row").first().waitFor({ timeout: 30_000 });
      const seen = await postJson<CommentsResponse>(staff.context.request, `/api/reports/${survey.id}/comments`, {});
      expect(seen.scope.restricted).toBe(true);
      const allowed = new Set(ofCohort.comments.map((comment) => comment.id));
      expect(seen.comments.length).toBe(ofCohort.comments.length);
      for (const comment of seen.comments) expect(allowed.has(comment.id), comment.text).toBe(true);
      expect(await staff.page.getByTestId("comment-row").count()).toBe(seen.comments.length);
      await screenshot(staff.page, "reports-comments-staff-phone");
    } finally {
      await admin.close();
      await staff.close();
    }
  });

  test("a plan without the LOWI report sees blurred sections, and Upgrade To Access opens the upgrade dialog", async () => {
    const user = await createVerifiedUser(baseUrl, "reports", "Juniper Bakery");
    const session: Session = await openBrowser(baseUrl);
    const { page, context } = session;
    try {
      await signIn(page, user.email, user.password);
      const profile: CompanyProfileInput = {
        companyName: "Juniper Bakery",
        companyLegalName: "Juniper Bakery LLC",
        headcount: 30,
        address: "4 Mill Lane, Burlington, VT 05401",
        phone: "+1 802 555 0142",
        website: null,
        timeZone: "America/New_York",
      };
      expect((await context.request.put("/api/company/profile", { data: profile })).ok()).toBe(true);
      const fields = listPresetFields("PulseValidation");
      const created = await context.request.post("/api/surveys", {
        data: {
          surveyPreset: "PulseValidation",
          name: "Bakery culture check",
          description: "How it feels to work at Juniper Bakery.",
          metaFields: { company_name: "Juniper Bakery" },
          fields,
          draft: false,
          endDate: defaultEndDate(Date.now(), "America/New_York"),
        },
      });
      expect(created.status()).toBe(201);
      const surveyId = ((await created.json()) as { id: string }).id;
      for (let person = 0; person < 6; person += 1) {
        const data = Object.fromEntries(
          fields
            .filter((field) => field.answerType === "Radio" && field.group !== "demographic")
            .map((field) => [field.key, field.radioOptions[(person + field.key.length) % field.radioOptions.length]]),
        );
        await answerAsSomeoneElse({ surveyId, data });
      }

      const report = await openCompanyReport(page, `/dashboard/reports/lowi/${surveyId}/company`);
      expect(await report.getAttribute("data-locked")).toBe("true");
      expect(((await page.getByTestId("love-score").first().textContent()) ?? "").trim()).toMatch(/\d\.\d\d/);
      const gate = page.getByTestId("upgrade-to-access").first();
      await gate.waitFor();
      // The content under the gate is drawn blurred.
      const blurred = await page.evaluate(() =>
        [...document.querySelectorAll("*")].some((element) => getComputedStyle(element).filter.includes("blur")),
      );
      expect(blurred).toBe(true);
      await screenshot(page, "reports-locked-desktop");
      await gate.getByRole("button").first().click();
      await page.getByRole("dialog", { name: "Upgrade Plan" }).waitFor({ timeout: 15_000 });
    } finally {
      await session.close();
    }
  });
});
