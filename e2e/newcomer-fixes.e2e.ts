/**
 * What a newcomer stumbled on (issue 11 items 18 and 20), in Chromium: the Breakdown tab of a survey other than LOWI;
 * Staff seeing only what they may open; a Free plan's report tabs asking nothing they lock, with a lock that does not
 * contradict the LOWI report; no stale profile prompt; the invite summary's subject filled; "Request Received!" once;
 * no "Edit questions" on fixed LOWI questions; no company size before a headcount; every time zone in the profile
 * (ten in the schedule dialog); an anonymous link answered on this device saying so when opened again.
 */
import {
  type BreakdownReport,
  type CompanyProfileInput,
  createCustomField,
  defaultEndDate,
  listPresetFields,
  type NotificationList,
  type SurveyDetail,
} from "@hearth/shared";
import type { APIRequestContext, Page } from "playwright-core";
import { describe, expect, inject, test } from "vitest";
import { createVerifiedUser, DEMO_USERS, DESKTOP, openBrowser, PHONE, screenshot, signIn } from "./support/browser";
import { ok, visibleText, waitForPath } from "./support/page-helpers";
import { answerAsSomeoneElse } from "./support/respondents";

const TIME_ZONE = "America/New_York";
const ACCESS_DENIED = "Sorry, you don't have the necessary permissions to view this page.";

const PROFILE: CompanyProfileInput = {
  companyName: "Willow Works",
  companyLegalName: "Willow Works, LLC",
  headcount: 80,
  address: "4 Mill Lane, Burlington, VT 05401",
  phone: "+1 802 555 0142",
  website: null,
  timeZone: TIME_ZONE,
};

/** A fresh Free company (owner signed in), its profile complete, with a published LOWI survey. */
async function freeCompanyWithLowi(baseUrl: string, companyName: string, viewport = DESKTOP) {
  const user = await createVerifiedUser(baseUrl, "newcomer", companyName);
  const session = await openBrowser(baseUrl, viewport);
  await signIn(session.page, user.email, user.password);
  const api = session.context.request;
  await ok(await api.put("/api/company/profile", { data: { ...PROFILE, companyName } }));
  const survey = await ok<SurveyDetail>(
    await api.post("/api/surveys", {
      data: {
        surveyPreset: "PulseValidation",
        name: "Culture check",
        description: "Our yearly Love of Workplace Index survey.",
        metaFields: { company_name: companyName },
        fields: listPresetFields("PulseValidation"),
        draft: false,
        endDate: defaultEndDate(Date.now(), TIME_ZONE),
      },
    }),
  );
  return { session, survey };
}

/** A small Custom survey of the demo company (Gold): two choice questions and a written one. */
async function demoCustomSurvey(api: APIRequestContext, name: string): Promise<SurveyDetail> {
  const first = createCustomField([], {
    question: "How clear are this quarter's team goals?",
    radioOptions: ["Very clear", "Somewhat clear", "Unclear"],
    required: true,
  });
  const second = createCustomField([first], { question: "The weekly planning meeting is a good use of my time.", required: true });
  const third = createCustomField([first, second], { question: "What would you change?", answerType: "Text" });
  return ok<SurveyDetail>(
    await api.post("/api/surveys", {
      data: {
        surveyPreset: "Custom",
        name,
        description: "Three quick questions about planning.",
        metaFields: {},
        fields: [first, second, third],
        draft: false,
        endDate: defaultEndDate(Date.now(), TIME_ZONE),
      },
    }),
  );
}

/** Archives a survey a test made, so the demo company's survey slots stay free for the tests after it. */
async function archiveSurvey(api: APIRequestContext, survey: SurveyDetail | undefined): Promise<void> {
  if (survey) await ok(await api.post(`/api/surveys/${survey.id}/archive`));
}

/** Every response of the page with its status, for "no 403" checks. */
function recordApiStatuses(page: Page): { url: string; status: number }[] {
  const seen: { url: string; status: number }[] = [];
  page.on("response", (response) => {
    if (response.url().includes("/api/")) seen.push({ url: response.url(), status: response.status() });
  });
  return seen;
}

/** The rows (label, count) of one breakdown question card as drawn. */
async function drawnCounts(page: Page, key: string): Promise<[string, number][]> {
  const card = page.locator(`[data-testid="breakdown-question"][data-key="${key}"]`);
  await card.waitFor();
  return card
    .locator("ul")
    .first()
    .locator("li")
    .evaluateAll((items) =>
      items.map((item) => {
        const spans = item.querySelectorAll(":scope > span");
        const label = spans[0]?.textContent ?? "";
        const count = Number((spans[1]?.querySelector("span")?.textContent ?? "").replace(/,/g, ""));
        return [label, count] as [string, number];
      }),
    );
}

describe("newcomer fixes", () => {
  const baseUrl = inject("baseUrl");

  test("a survey other than LOWI has a Breakdown tab whose numbers are the API's and a direct count's", async () => {
    const session = await openBrowser(baseUrl);
    const { page, context } = session;
    const api = context.request;
    let survey: SurveyDetail | undefined;
    try {
      await signIn(page, DEMO_USERS.admin);
      survey = await demoCustomSurvey(api, `Planning pulse ${Date.now()}`);
      const [goals, meeting] = survey.fields;
      // Twenty answers, posted one by one (arrival order is what an open survey's blocks follow).
      const posted: Record<string, string>[] = [];
      for (let index = 0; index < 20; index++) {
        const data = {
          [goals.key]: goals.radioOptions[index % 3],
          [meeting.key]: meeting.radioOptions[(index * 7) % meeting.radioOptions.length],
        };
        posted.push(data);
        await answerAsSomeoneElse({ surveyId: survey.id, data });
      }
      const report = await ok<BreakdownReport>(await api.get(`/api/reports/${survey.id}/breakdown`));
      if (report.hidden) throw new Error("the 20-response survey's breakdown is hidden");
      expect(report.responses).toBeGreaterThanOrEqual(5);
      // The numbers count the first `responses` answers, as a direct computation over them does.
      const counted = posted.slice(0, report.responses);
      const apiGoals = report.questions.find((question) => question.key === goals.key);
      expect(apiGoals?.options.map((option) => option.count)).toEqual(
        goals.radioOptions.map((option) => counted.filter((answer) => answer[goals.key] === option).length),
      );

      await page.goto(`/dashboard/reports/other/${survey.id}/sentiment`);
      await page.getByTestId("report-tab-breakdown").click();
      await waitForPath(page, `/dashboard/reports/other/${survey.id}/breakdown`);
      for (const key of [goals.key, meeting.key]) {
        const question = report.questions.find((candidate) => candidate.key === key);
        const expected = (question?.options ?? []).map((option) => [option.label, option.count]);
        expect(await drawnCounts(page, key)).toEqual(expected);
      }
      await screenshot(page, "newcomer-breakdown-other-desktop");
      await page.setViewportSize(PHONE);
      await page.reload();
      await page.locator(`[data-testid="breakdown-question"][data-key="${goals.key}"]`).waitFor();
      await screenshot(page, "newcomer-breakdown-other-phone");
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(PHONE.width);
    } finally {
      await archiveSurvey(api, survey);
      await session.close();
    }
  });

  test("Staff see only what they may open: menu, survey list, dashboard", async () => {
    const session = await openBrowser(baseUrl);
    const { page } = session;
    try {
      await signIn(page, DEMO_USERS.staff);
      const nav = page.getByRole("navigation", { name: "Main" });
      await nav.getByRole("link", { name: "Surveys", exact: true }).waitFor();
      const labels = await nav.getByRole("link").allTextContents();
      expect(labels).not.toContain("Add New Survey");
      expect(labels).not.toContain("Data Import");
      expect(labels).not.toContain("Company profile");
      // Every item left opens a page of its own, never the Access denied page.
      const hrefs = await nav.getByRole("link").evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
      for (const href of hrefs.filter((value) => value.startsWith("/"))) {
        await page.goto(href);
        await page.getByRole("heading", { level: 1 }).first().waitFor();
        expect(await page.getByText(ACCESS_DENIED).count(), href).toBe(0);
      }
      await page.goto("/dashboard");
      await page.getByTestId("dashboard-active-surveys").waitFor();
      expect(await page.getByRole("link", { name: "New survey" }).count()).toBe(0);
      expect(await page.getByRole("link", { name: "Invite people" }).count()).toBe(0);
      await page.goto("/dashboard/surveys");
      await page.getByRole("heading", { level: 1, name: "Surveys" }).waitFor();
      await page.getByTestId("survey-actions").first().waitFor();
      expect(await page.getByRole("link", { name: "New Survey" }).count()).toBe(0);
      await screenshot(page, "newcomer-staff-surveys-desktop");
    } finally {
      await session.close();
    }
  });

  test("a Free plan's report tabs request nothing they lock, and the lock reads right inside the LOWI report", async () => {
    const { session, survey } = await freeCompanyWithLowi(baseUrl, "Quill & Ink Co");
    const { page } = session;
    try {
      const statuses = recordApiStatuses(page);
      const base = `/dashboard/reports/lowi/${survey.id}`;
      for (const [tab, feature] of [
        ["team", "LOWIReport"],
        ["sentiment", "SentimentReport"],
        ["comments", "CommentsReport"],
        ["thematic", "ThematicAnalysis"],
        ["breakdown", "BreakdownReport"],
      ] as const) {
        await page.goto(`${base}/${tab}`);
        const lock = page.locator(`[data-locked-feature="${feature}"]`);
        await lock.waitFor();
        const text = await visibleText(lock.getByTestId("upgrade-to-access"));
        expect(text).not.toContain("not included");
      }
      await page.goto(`${base}/team`);
      expect(await visibleText(page.getByTestId("upgrade-to-access"))).toContain("The full LOWI™ Report comes with the Bronze plan.");
      await screenshot(page, "newcomer-free-team-lock-desktop");
      await page.waitForTimeout(500);
      const refused = statuses.filter((entry) => entry.status === 403);
      expect(refused, JSON.stringify(refused)).toEqual([]);
    } finally {
      await session.close();
    }
  });

  test("fixed LOWI questions offer no editing; the invite summary fills {{company_name}}; the schedule keeps ten zones", async () => {
    const { session, survey } = await freeCompanyWithLowi(baseUrl, "Lark Street Bakery");
    const { page } = session;
    try {
      await page.goto(`/dashboard/surveys/lowi/${survey.id}`);
      await page.getByTestId("survey-name").waitFor();
      await page.getByTestId("survey-actions").waitFor();
      expect(await page.getByRole("link", { name: "Edit questions" }).count()).toBe(0);

      await page.goto(`/dashboard/surveys/lowi/${survey.id}/invitees?tab=manual`);
      await page.getByTestId("manual-email").fill("river.stone@example.test");
      await page.getByTestId("manual-add").click();
      await page.getByTestId("recipients-next").click();
      await page.getByTestId("email-subject").waitFor({ timeout: 20_000 });
      expect(await page.getByTestId("email-subject").inputValue()).toContain("{{company_name}}");
      await page.getByTestId("email-next").click();
      const subject = await visibleText(page.getByTestId("send-subject"));
      expect(subject).toBe("How does it feel to work at Lark Street Bakery?");
      await screenshot(page, "newcomer-invite-summary-desktop");

      await page.getByTestId("schedule-later").click();
      await page.getByTestId("schedule-time-zone").click();
      expect(await page.getByRole("listbox").getByRole("option").count()).toBe(10);
      await page.keyboard.press("Escape");
    } finally {
      await session.close();
    }
  });

  test("the callback dialog says 'Request Received!' once; the profile shows no size before a headcount and offers every zone", async () => {
    const user = await createVerifiedUser(baseUrl, "newcomer", "Fern Hollow");
    const session = await openBrowser(baseUrl);
    const { page } = session;
    try {
      await signIn(page, user.email, user.password);
      await page.goto("/dashboard/surveys?upgradepath=true&plan=Silver");
      await page.getByRole("dialog", { name: "Request a callback" }).getByRole("button", { name: "Request a callback" }).click();
      const received = page.getByRole("dialog", { name: "Request Received!" });
      await received.waitFor();
      expect(await received.getByText("Request Received!", { exact: true }).count()).toBe(1);
      await screenshot(page, "newcomer-request-received-desktop");
      await received.getByRole("button", { name: "Close", exact: true }).last().click();

      await page.goto("/dashboard/profile");
      await page.getByRole("button", { name: "Edit" }).click();
      expect(await visibleText(page.getByTestId("derived-company-size"))).toBe("Enter the number of employees to see your company size.");
      await page.locator('input[name="headcount"]').fill("640");
      expect(await visibleText(page.getByTestId("derived-company-size"))).toBe("Company size: Large (501–3,000 employees)");
      await page.getByRole("textbox", { name: "Legal name" }).fill("Fern Hollow Ltd");
      await page.locator('textarea[name="address"]').fill("9 Tea Garden Road, Kolkata 700001");
      await page.locator('input[name="phone"]').fill("+91 33 5550 1234");
      const zone = page.getByRole("combobox", { name: "Time zone" });
      await zone.click();
      expect(await page.getByRole("listbox").getByRole("option").count()).toBeGreaterThan(300);
      // Searchable: typing narrows the list to the matching zone.
      await zone.fill("Kolk");
      const kolkata = page.getByRole("option", { name: "Asia/Kolkata", exact: true });
      await kolkata.waitFor();
      expect(await page.getByRole("listbox").getByRole("option").count()).toBe(1);
      await kolkata.click();
      await screenshot(page, "newcomer-profile-form-desktop");
      await page.getByRole("button", { name: "Save profile" }).click();
      const view = page.getByTestId("company-profile-view");
      await view.waitFor();
      expect(await view.textContent()).toContain("Asia/Kolkata");
      expect(await view.textContent()).toContain("640 (Large)");
      const profile = await ok<{ timeZone: string }>(await session.context.request.get("/api/company/profile"));
      expect(profile.timeZone).toBe("Asia/Kolkata");
    } finally {
      await session.close();
    }
  });

  test("the demo admin's notifications hold no stale profile prompt", async () => {
    const session = await openBrowser(baseUrl);
    const { page, context } = session;
    try {
      await signIn(page, DEMO_USERS.admin);
      const list = await ok<NotificationList>(await context.request.get("/api/notifications"));
      expect(list.items.map((item) => `${item.title} ${item.body}`).join("\n")).not.toMatch(/complete your company profile/i);
      await page.goto("/dashboard/notifications");
      await page.getByRole("heading", { level: 1 }).first().waitFor();
      expect(await page.getByText(/complete your company profile/i).count()).toBe(0);
    } finally {
      await session.close();
    }
  });

  test("an anonymous link answered on this device says so when opened again", async () => {
    const admin = await openBrowser(baseUrl);
    const respondent = await openBrowser(baseUrl, PHONE);
    let survey: SurveyDetail | undefined;
    try {
      await signIn(admin.page, DEMO_USERS.admin);
      survey = await demoCustomSurvey(admin.context.request, `Planning check ${Date.now()}`);
      const { page } = respondent;
      await page.goto(`/s/${survey.id}`);
      await page.getByRole("heading", { level: 1 }).first().waitFor();
      for (const field of survey.fields) {
        const question = page.getByTestId(`question-${field.key}`);
        if (field.answerType === "Text") await question.locator("textarea").fill("Shorter meetings.");
        else await question.getByRole("radio", { name: field.radioOptions[0], exact: true }).check();
      }
      await page.getByRole("button", { name: "Send answers" }).click();
      await page.getByTestId("survey-thanks").waitFor({ timeout: 30_000 });
      const stored = await page.evaluate(() => Object.entries(localStorage));
      // Only the bare fact is kept: no answers, no time, nothing about the person.
      expect(stored).toEqual([[`hearth.answered.${survey.id}`, "1"]]);

      await page.goto(`/s/${survey.id}`);
      const notice = page.getByTestId("survey-answered-here");
      expect(await visibleText(notice.getByRole("heading"))).toBe("You have already answered this survey");
      await screenshot(page, "newcomer-answered-here-phone");
      // A colleague on the same device may still answer the anonymous link.
      await notice.getByRole("button", { name: "Answer as someone else" }).click();
      await page.getByTestId(`question-${survey.fields[0].key}`).waitFor();
      await page.setViewportSize(DESKTOP);
      await page.goto(`/s/${survey.id}`);
      await page.getByTestId(`question-${survey.fields[0].key}`).waitFor();
    } finally {
      await archiveSurvey(admin.context.request, survey);
      await admin.close();
      await respondent.close();
    }
  });
});
