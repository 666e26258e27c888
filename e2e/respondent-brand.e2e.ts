/**
 * Issue 25 item 5, what a respondent sees: the invitation email in the company's brand (light and dark schemes, a
 * 375 px phone; axe on each), and the public survey page with the company's logo, its duration and a progress bar
 * that counts every question, so skipping optional ones never shows 100% before the last part.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import {
  type CompanyProfile,
  createCustomField,
  defaultEndDate,
  type PublicSurvey,
  type SurveyDetail,
  type SurveyField,
  type SurveySummary,
} from "@hearth/shared";
import type { APIRequestContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { checkA11y } from "./support/a11y";
import { DEMO_USERS, DESKTOP, latestMailTo, openBrowser, PHONE, type Session, screenshot, signIn } from "./support/browser";
import { ok } from "./support/page-helpers";

const LOGO = readFileSync(path.resolve(import.meta.dirname, "support/fixtures/company-logo.png"));
const ACCENT = "#0f766e";

/** Twelve questions: two required and three optional on part 1, five optional on part 2, one optional and one required on part 3. */
function questions(): SurveyField[] {
  const fields: SurveyField[] = [];
  const add = (question: string, required: boolean, answerType: "Radio" | "Text" = "Radio") =>
    fields.push(createCustomField(fields, { question, required, answerType }));
  add("I know what is expected of me at work.", true);
  add("My manager gives me useful feedback.", true);
  add("I have the tools I need to do my job.", false);
  add("I would recommend my team to a friend.", false);
  add("My workload is manageable.", false);
  for (const topic of ["meetings", "training", "the office", "remote work", "our benefits"]) add(`I am happy with ${topic}.`, false);
  add("Anything else you would like to tell us?", false, "Text");
  add("I see myself working here in a year.", true);
  return fields;
}

async function progressPercent(page: Page): Promise<number> {
  const text = (await page.getByTestId("survey-progress-count").textContent()) ?? "";
  const match = /^(\d+)% done$/.exec(text);
  if (!match) throw new Error(`Unexpected progress text "${text}"`);
  return Number(match[1]);
}

async function answerRequired(page: Page, survey: PublicSurvey): Promise<void> {
  const section = page.getByTestId("survey-part-section");
  for (const field of survey.fields.filter((candidate) => candidate.required)) {
    const question = section.getByTestId(`question-${field.key}`);
    if ((await question.count()) === 0) continue;
    await question.getByRole("radio", { name: field.radioOptions[3], exact: true }).check();
  }
}

describe("the respondent sees the company's brand and honest progress", () => {
  const baseUrl = inject("baseUrl");
  let admin: Session;
  let api: APIRequestContext;
  let before: CompanyProfile;
  let survey: SurveyDetail;
  let shown: PublicSurvey;

  beforeAll(async () => {
    admin = await openBrowser(baseUrl);
    await signIn(admin.page, DEMO_USERS.admin);
    api = admin.context.request;
    before = await ok<CompanyProfile>(await api.get("/api/company/profile"));
    await ok(await api.put("/api/company/logo", { data: { file: `data:image/png;base64,${LOGO.toString("base64")}` } }));
    await ok(await api.put("/api/company/accent-color", { data: { accentColor: ACCENT } }));
    survey = await ok<SurveyDetail>(
      await api.post("/api/surveys", {
        data: {
          surveyPreset: "Custom",
          name: "Quarterly check-in",
          description: "A few questions about the last three months.",
          metaFields: {},
          fields: questions(),
          draft: false,
          endDate: defaultEndDate(Date.now(), "America/Chicago"),
        },
      }),
    );
    shown = await ok<PublicSurvey>(await api.get(`/api/public/surveys/${survey.id}`));
  });
  afterAll(async () => {
    if (survey) await api.post(`/api/surveys/${survey.id}/archive`);
    if (api && !before?.hasLogo) await api.delete("/api/company/logo");
    if (api) await api.put("/api/company/accent-color", { data: { accentColor: before?.accentColor ?? null } });
    await admin?.close();
  });

  test("the invitation email shows the logo and the computed duration, light, dark and on a 375 px phone, and passes axe", async () => {
    const recipient = `brand.${Date.now()}@example.com`;
    await ok(
      await api.post("/api/invite", {
        data: {
          invitation: {
            survey: survey.id,
            subject: "Your view on {{company_name}}, in {{survey_duration}}",
            name: "Dana Admin",
            cc: "dana.copy@example.com",
            content:
              '<p>Hi {{first_name}},</p><p>We would like to know how the last three months went for you. Your answers are reported only in groups.</p><p>It takes about {{survey_duration}}.</p><p><a href="{{survey_link}}">Take Survey</a></p><p>Thank you,<br>{{sender_name}}</p>',
          },
          recipients: [{ email: recipient, firstName: "Robin" }],
        },
      }),
    );
    const message = await latestMailTo(baseUrl, recipient, { timeoutMs: 30_000 });
    expect(shown.duration?.label).toBeTruthy();
    expect(message.text).toContain(`It takes about ${shown.duration?.label}.`);
    expect(message.subject).toContain(shown.duration?.label);

    const views = [
      { name: "light", viewport: DESKTOP, colorScheme: "light" as const },
      { name: "dark", viewport: DESKTOP, colorScheme: "dark" as const },
      { name: "phone-light", viewport: { width: 375, height: 740 }, colorScheme: "light" as const },
      { name: "phone-dark", viewport: { width: 375, height: 740 }, colorScheme: "dark" as const },
    ];
    for (const view of views) {
      const reader = await openBrowser(baseUrl, view.viewport);
      try {
        const { page } = reader;
        await page.emulateMedia({ colorScheme: view.colorScheme });
        // The message as a mail app gets it: its HTML, with the logo fetched from its absolute URL.
        await page.goto(`/dev/mail/${message.id}`);
        const logo = page.getByRole("img", { name: /logo$/ });
        await logo.waitFor();
        expect(await logo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
        expect(await logo.getAttribute("src")).toMatch(new RegExp(`^${baseUrl}/api/public/surveys/${survey.id}/logo\\?v=\\d+$`));
        const button = page.getByRole("link", { name: "Take Survey" });
        expect(await button.evaluate((link) => getComputedStyle(link).backgroundColor)).toBe("rgb(15, 118, 110)");
        if (view.colorScheme === "dark") {
          const card = await page.locator(".email-card").evaluate((element) => getComputedStyle(element).backgroundColor);
          expect(card).toBe("rgb(28, 25, 23)");
        }
        // Nothing wider than the phone: no sideways scrolling.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(view.viewport.width);
        await checkA11y(page, `invitation email (${view.name})`);
        await screenshot(page, `invitation-email-${view.name}`);
      } finally {
        await reader.close();
      }
    }
  });

  test("signed-in users see the company's logo in the app's header", async () => {
    await admin.page.goto("/dashboard");
    const logo = admin.page.getByTestId("header-company-logo");
    await logo.waitFor();
    expect(await logo.getAttribute("src")).toMatch(/^\/api\/company\/logo\?v=\d+$/);
    expect(await logo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
  });

  test("the public survey page shows the logo, the duration, and progress that reaches 100% only at the end", async () => {
    const respondent = await openBrowser(baseUrl, PHONE);
    try {
      const { page } = respondent;
      await page.addInitScript(() => {
        const state = window as unknown as { __layoutShift: number };
        state.__layoutShift = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
            if (!entry.hadRecentInput) state.__layoutShift += entry.value;
          }
        }).observe({ type: "layout-shift", buffered: true });
      });
      await page.goto(`/s/${survey.id}`);
      await page.getByRole("heading", { level: 1, name: survey.name }).waitFor();
      const logo = page.getByTestId("company-logo");
      expect(await logo.getAttribute("alt")).toMatch(/ logo$/);
      await page.waitForFunction(() => {
        const image = document.querySelector<HTMLImageElement>("[data-testid='company-logo']");
        return Boolean(image?.complete && image.naturalWidth > 0);
      });
      // The logo has a fixed height: its arrival moves nothing (CLS as on the demo's survey page, at most 0.1).
      await page.waitForTimeout(500);
      expect(await page.evaluate(() => (window as unknown as { __layoutShift: number }).__layoutShift)).toBeLessThanOrEqual(0.1);
      expect(await page.getByTestId("survey-duration").textContent()).toBe(`It takes about ${shown.duration?.label}.`);
      // The company's accent colours the progress bar.
      expect(await page.locator(".progress-fill").evaluate((element) => getComputedStyle(element).backgroundColor)).toBe(
        "rgb(15, 118, 110)",
      );
      const total = shown.fields.length;
      expect(total).toBe(12);
      expect(await page.getByTestId("survey-part").textContent()).toBe("Part 1 of 3");
      expect(await progressPercent(page)).toBe(0);
      await screenshot(page, "public-survey-brand-start");

      // Part 1: the two required questions only. The old bar said 100% here (every required question answered).
      await answerRequired(page, shown);
      expect(await progressPercent(page)).toBe(Math.floor((2 / total) * 100));
      await page.getByRole("button", { name: "Next" }).click();
      await page.getByTestId("survey-part").getByText("Part 2 of 3").waitFor();
      // The three optional questions left behind count as passed.
      expect(await progressPercent(page)).toBe(Math.floor((5 / total) * 100));

      // Part 2: all optional, all skipped.
      await page.getByRole("button", { name: "Next" }).click();
      await page.getByTestId("survey-part").getByText("Part 3 of 3").waitFor();
      expect(await progressPercent(page)).toBe(Math.floor((10 / total) * 100));
      await answerRequired(page, shown);
      const atEnd = await progressPercent(page);
      expect(atEnd).toBe(Math.floor((11 / total) * 100));
      expect(atEnd).toBeLessThan(100);
      // The duration is said where the survey starts, not on every part.
      expect(await page.getByTestId("survey-duration").count()).toBe(0);
      await page.getByTestId(`question-${shown.fields[10].key}`).locator("textarea").fill("More of the Friday demos, please.");
      expect(await progressPercent(page)).toBe(100);
      // the bar's width eases to its new value: the screenshot waits for it
      await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== "running"));
      await screenshot(page, "public-survey-brand-last-part");

      await page.getByRole("button", { name: "Send answers" }).click();
      await page.getByTestId("survey-thanks").waitFor();
      expect(await page.getByTestId("company-logo").count()).toBe(1);
      await screenshot(page, "public-survey-brand-thanks");
    } finally {
      await respondent.close();
    }
    // The closed page keeps the logo too.
    await ok(await api.post(`/api/surveys/${survey.id}/close`));
    const visitor = await openBrowser(baseUrl, PHONE);
    try {
      await visitor.page.goto(`/s/${survey.id}`);
      await visitor.page.getByTestId("survey-closed").waitFor();
      expect(await visitor.page.getByTestId("company-logo").count()).toBe(1);
      await screenshot(visitor.page, "public-survey-brand-closed");
    } finally {
      await visitor.close();
    }
    const surveys = await ok<SurveySummary[]>(await api.get("/api/surveys"));
    expect(surveys.find((row) => row.id === survey.id)?.completed).toBe(1);
  });

  test("the company profile page sets the accent colour, and says when a light one is darkened", async () => {
    const { page } = admin;
    await page.goto("/dashboard/profile");
    const input = page.getByTestId("accent-color-input");
    await input.waitFor();
    expect(await input.inputValue()).toBe(ACCENT);
    await input.fill("#fde047");
    await page.getByText("This colour is too light behind white text, so a darker shade of it is used.").waitFor();
    await page.getByRole("button", { name: "Save colour" }).click();
    await page.getByText("Accent colour saved").waitFor();
    expect((await ok<CompanyProfile>(await api.get("/api/company/profile"))).accentColor).toBe("#fde047");
    await checkA11y(page, "company profile with the accent colour");
    await screenshot(page, "company-profile-accent-colour");
    await page.getByRole("button", { name: "Use Hearth's colours" }).click();
    await page.getByText("Hearth's colours are back").waitFor();
    expect((await ok<CompanyProfile>(await api.get("/api/company/profile"))).accentColor).toBeNull();
  });
});
