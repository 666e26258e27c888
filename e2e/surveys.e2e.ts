/**
 * Surveys in the dashboard (issue #3 items 3, 4, 7 and the upgrade dialogs of item 1): the creation wizard with its
 * gates (incomplete profile, one open survey per type, the 7-day end date, custom questions on Free), the share page,
 * the survey lists with archive and restore, the upgrade dialogs, and the CSV export.
 */
import { readFileSync } from "node:fs";
import {
  addDaysToDate,
  type CompanyProfileInput,
  collectPlaceholderValues,
  fillPlaceholders,
  type MeResponse,
  PLAN_REQUEST_RECEIVED,
  responseExportHeaderRows,
  SURVEY_MESSAGES,
  type SurveyDetail,
  type SurveySummary,
  toLocalDate,
} from "@hearth/shared";
import Papa from "papaparse";
import type { Page } from "playwright-core";
import { describe, expect, inject, test } from "vitest";
import { checkA11y } from "./support/a11y";
import { createVerifiedUser, DEMO_USERS, DESKTOP, openBrowser, PHONE, type Session, screenshot, signIn } from "./support/browser";
import { visibleText, waitForPath } from "./support/page-helpers";

const TIME_ZONE = "America/New_York";
const LOWI_TITLE = "Love of Workplace Index™ (LOWI™)";

const PROFILE: CompanyProfileInput = {
  companyName: "Lantern Labs",
  companyLegalName: "Lantern Labs, LLC",
  headcount: 120,
  address: "12 Harbor Road, Portland, ME 04101",
  phone: "+1 207 555 0199",
  website: null,
  timeZone: TIME_ZONE,
};

async function completeProfile(session: Session, companyName: string): Promise<void> {
  const response = await session.context.request.put("/api/company/profile", { data: { ...PROFILE, companyName } });
  if (!response.ok()) throw new Error(`Saving the profile answered ${response.status()}: ${await response.text()}`);
}

/** A fresh company (Free plan, incomplete profile) whose owner is signed in. */
async function freshCompany(baseUrl: string, companyName: string, viewport = DESKTOP): Promise<Session> {
  const user = await createVerifiedUser(baseUrl, "surveys", companyName);
  const session = await openBrowser(baseUrl, viewport);
  await signIn(session.page, user.email, user.password);
  return session;
}

const wizardStep = (page: Page, name: string) => page.getByRole("dialog", { name });

async function startLowi(page: Page) {
  await page.goto("/dashboard/surveys/new");
  const step1 = wizardStep(page, "Choose A Survey Type");
  await step1.waitFor();
  // The wizard open over the shell: one banner landmark (the app's header), nothing critical or serious for axe.
  expect(await page.getByRole("banner").count()).toBe(1);
  await checkA11y(page, "survey wizard, step 1");
  await step1.getByRole("button", { name: `Continue with ${LOWI_TITLE}` }).click();
  return step1;
}

/** The day button "D MMMM YYYY" of a YYYY-MM-DD date in the open date picker. */
function dayLabel(ymd: string): string {
  const [year, month, day] = ymd.split("-").map(Number);
  const monthName = new Date(Date.UTC(year, month - 1, 1)).toLocaleString("en-US", { month: "long", timeZone: "UTC" });
  return `${day} ${monthName} ${year}`;
}

/**
 * The picker's button for a day, moving the calendar to its month first. The picker opens on the month of its
 * earliest selectable day, which can be the month after today's (from the 24th of a 31-day month on, 7 days ahead
 * is next month), so the day asked for may be a month back as well as a month ahead.
 */
async function findDay(page: Page, ymd: string) {
  // (a day in a month the picker cannot show is answered as a locator that matches nothing)
  const day = page.getByRole("button", { name: dayLabel(ymd), exact: true });
  for (const direction of ["previous", "next", "next"] as const) {
    if ((await day.count()) > 0) break;
    const move = page.locator(`[data-direction="${direction}"]`).first();
    // the picker does not go back past the month of its earliest selectable day
    if (!(await move.isDisabled())) await move.click();
  }
  return day.first();
}

/** Step 2 filled in and continued to step 3. */
async function fillDetailsAndContinue(page: Page, name: string, shotName?: string) {
  const step2 = wizardStep(page, `New ${LOWI_TITLE}`);
  await step2.waitFor();
  await checkA11y(page, "survey wizard, step 2");
  const next = step2.getByRole("button", { name: "Continue", exact: true });
  expect(await next.isDisabled()).toBe(true);
  expect(await step2.getByLabel("Company name").inputValue()).not.toBe("");
  await step2.getByLabel("Survey Name").fill(name);
  await step2.getByLabel("Description").fill("Twenty minutes that tell us how it really feels to work here.");
  expect(await next.isDisabled()).toBe(false);
  if (shotName) await screenshot(page, shotName);
  // On a phone the live preview is a tab of its own.
  const previewTab = step2.getByRole("tab", { name: "Preview" });
  const phone = (await previewTab.count()) > 0;
  if (phone) await previewTab.click();
  await step2.getByTestId("survey-preview").getByText(name, { exact: true }).waitFor();
  if (phone && shotName) await screenshot(page, `${shotName}-preview`);
  await next.click();
  const step3 = wizardStep(page, "Survey Expiration");
  await step3.waitFor();
  return step3;
}

function rowOf(page: Page, name: string) {
  return page.getByTestId("survey-row").filter({ has: page.getByRole("link", { name, exact: true }) });
}

describe("surveys", () => {
  const baseUrl = inject("baseUrl");

  test("a LOWI survey: incomplete profile, create, 7-day end date, publish, share, list, conflict, archive, restore", async () => {
    const session = await freshCompany(baseUrl, "Lantern Labs");
    const { page } = session;
    try {
      const step1 = await startLowi(page);
      expect(await visibleText(step1.getByText(SURVEY_MESSAGES.incompleteProfile, { exact: true }))).toBe(
        SURVEY_MESSAGES.incompleteProfile,
      );
      expect(await step1.getByRole("link", { name: "Complete your company profile" }).getAttribute("href")).toBe("/dashboard/profile");
      // Free plan: every other type is locked; its Continue opens the upgrade dialog instead (decision 0062).
      expect(await step1.getByTestId("preset-Custom").getAttribute("data-state")).toBe("disabled");
      expect(await step1.getByRole("button", { name: "Continue with Custom Survey" }).getAttribute("aria-description")).toBe(
        SURVEY_MESSAGES.presetNeedsPaidPlan,
      );
      await screenshot(page, "surveys-desktop-step1-incomplete-profile");

      await completeProfile(session, "Lantern Labs");
      await step1.getByRole("button", { name: `Continue with ${LOWI_TITLE}` }).click();
      const name = `Lantern culture check ${Date.now() % 100000}`;
      const step3 = await fillDetailsAndContinue(page, name, "surveys-desktop-step2");

      // The default end date (7 days ahead) can be published; cleared, it can't.
      const publish = step3.getByRole("button", { name: "Publish" });
      expect(await publish.isDisabled()).toBe(false);
      await step3.getByRole("button", { name: "Clear the end date" }).click();
      expect(await publish.isDisabled()).toBe(true);
      // A day under 7 days ahead is disabled in the picker: clicking it picks nothing and Publish stays disabled.
      await step3.getByTestId("end-date-input").click();
      const today = toLocalDate(Date.now(), TIME_ZONE);
      const tooSoon = await findDay(page, addDaysToDate(today, 3));
      if ((await tooSoon.count()) > 0) {
        expect(await tooSoon.isDisabled()).toBe(true);
        await tooSoon.click({ force: true });
      } else {
        // 3 days ahead is in a month before the first selectable day's: the picker does not even go there
        expect(await page.locator('[data-direction="previous"]').first().isDisabled()).toBe(true);
      }
      expect(await publish.isDisabled()).toBe(true);
      await (await findDay(page, addDaysToDate(today, 9))).click();
      expect(await publish.isDisabled()).toBe(false);
      await page.getByRole("button", { name: dayLabel(addDaysToDate(today, 9)), exact: true }).waitFor({ state: "hidden" });
      await screenshot(page, "surveys-desktop-step3");
      await publish.click();

      await waitForPath(page, "/page");
      await page.getByTestId("share-panel").waitFor();
      const link = await page.getByTestId("invite-link").inputValue();
      expect(link).toMatch(/\/s\/[A-Za-z0-9_-]{10,}$/);
      await page.getByRole("link", { name: "Send invitations" }).waitFor();
      await screenshot(page, "surveys-desktop-share");

      await page.goto("/dashboard/surveys");
      const row = rowOf(page, name);
      expect(await visibleText(row.getByTestId("survey-status"))).toBe("Active");
      // MM/DD/YYYY in the company's time zone, the zone named.
      const endDay = addDaysToDate(today, 9);
      expect(await row.getByRole("cell").nth(3).textContent()).toMatch(
        new RegExp(`^${endDay.slice(5, 7)}/${endDay.slice(8)}/${endDay.slice(0, 4)} \\(.+\\)$`),
      );
      await screenshot(page, "surveys-desktop-list");

      // The survey page shows the link, the count and the questions read-only.
      await row.getByRole("link", { name, exact: true }).click();
      expect(await visibleText(page.getByTestId("survey-name"))).toBe(name);
      expect(await page.getByTestId("invite-link").inputValue()).toBe(link);
      expect(await visibleText(page.getByTestId("survey-completed"))).toBe("0");

      // A second LOWI survey while this one is open.
      const again = await startLowi(page);
      expect(await visibleText(again.getByText(SURVEY_MESSAGES.conflictingSurvey, { exact: true }))).toBe(
        SURVEY_MESSAGES.conflictingSurvey,
      );
      await again.getByRole("button", { name: "Close" }).first().click();
      await waitForPath(page, "/dashboard/surveys");

      // Archive with the confirmation, then restore from the archive.
      await rowOf(page, name)
        .getByRole("button", { name: `Archive: ${name}` })
        .click();
      const confirm = page.getByRole("dialog", { name: SURVEY_MESSAGES.archiveTitle });
      expect(await visibleText(confirm.getByTestId("archive-confirmation"))).toBe(SURVEY_MESSAGES.archiveConfirmation(name));
      await confirm.getByRole("button", { name: "Archive", exact: true }).click();
      await page.getByText(SURVEY_MESSAGES.surveyArchived, { exact: true }).waitFor();
      await rowOf(page, name).waitFor({ state: "detached" });
      await page.goto("/dashboard/surveys/lowi/archive");
      const archived = rowOf(page, name);
      expect(await visibleText(archived.getByTestId("survey-status"))).toBe("Archived");
      await archived.getByRole("button", { name: `Restore: ${name}` }).click();
      await page.getByText("Survey restored", { exact: true }).waitFor();
      await page.goto("/dashboard/surveys");
      expect(await visibleText(rowOf(page, name).getByTestId("survey-status"))).toBe("Active");
    } finally {
      await session.close();
    }
  });

  test("a Free company can't add custom questions; the tour; the upgrade dialogs", async () => {
    const session = await freshCompany(baseUrl, "Birch & Pine");
    const { page } = session;
    try {
      await completeProfile(session, "Birch & Pine");
      await page.goto("/dashboard/surveys/new?tutorial=true");
      await page.getByText("Choose a survey type", { exact: true }).waitFor();
      await page.getByRole("button", { name: "Skip" }).click();
      await page.waitForURL((url) => !url.search.includes("tutorial"));

      const step1 = wizardStep(page, "Choose A Survey Type");
      await step1.getByRole("button", { name: `Continue with ${LOWI_TITLE}` }).click();
      const step2 = wizardStep(page, `New ${LOWI_TITLE}`);
      const add = step2.getByRole("button", { name: "Add question" });
      expect(await add.getAttribute("data-disabled")).not.toBeNull();
      await add.hover();
      expect(await visibleText(page.getByText(SURVEY_MESSAGES.customQuestionsUpgrade, { exact: true }))).toBe(
        SURVEY_MESSAGES.customQuestionsUpgrade,
      );
      // aria-disabled (it explains itself in a tooltip), yet a click opens the upgrade dialog (decision 0062).
      await add.click({ force: true });
      const locked = page.getByRole("dialog", { name: "Upgrade Plan" });
      expect(await visibleText(locked.getByTestId("upgrade-message"))).toBe("Upgrade to Gold for Custom Questions.");
      await locked.getByRole("button", { name: "Not now" }).click();
      await locked.waitFor({ state: "detached" });

      // Upgrade Plan dialog from the query; closing removes the parameters.
      await page.goto("/dashboard/surveys?upgrade=true&plan=Gold&feature=CustomQuestions");
      const upgrade = page.getByRole("dialog", { name: "Upgrade Plan" });
      expect(await visibleText(upgrade.getByTestId("upgrade-message"))).toBe("Upgrade to Gold for Custom Questions.");
      await upgrade.getByRole("button", { name: "Not now" }).click();
      await page.waitForURL((url) => url.pathname === "/dashboard/surveys" && url.search === "");

      // The sales-callback dialog: a button, then "Request Received!".
      await page.goto("/dashboard/surveys?upgradepath=true&plan=Silver");
      const callback = page.getByRole("dialog", { name: "Request a callback" });
      await callback.getByRole("button", { name: "Request a callback" }).click();
      const received = page.getByRole("dialog", { name: "Request Received!" });
      expect(await visibleText(received.getByText(PLAN_REQUEST_RECEIVED, { exact: true }))).toBe(PLAN_REQUEST_RECEIVED);
      await received.getByRole("button", { name: "Close", exact: true }).last().click();
      await page.waitForURL((url) => url.search === "");
    } finally {
      await session.close();
    }
  });

  test("the demo admin exports a closed survey as CSV", async () => {
    const session = await openBrowser(baseUrl);
    const { page } = session;
    try {
      await signIn(page, DEMO_USERS.admin);
      const surveys = (await (await session.context.request.get("/api/surveys")).json()) as SurveySummary[];
      // The closed LOWI survey: Staff, who check the disabled actions below, see it (not the demo plan's check-in, §6).
      const closed = surveys.find((survey) => survey.status === "Closed" && survey.completed > 0 && survey.isLOWI);
      if (!closed) throw new Error("The demo company has no closed survey with responses");
      const detail = (await (await session.context.request.get(`/api/surveys/${closed.id}`)).json()) as SurveyDetail;

      await page.goto("/dashboard/surveys");
      const button = rowOf(page, closed.name).getByRole("button", { name: `Export: ${closed.name}` });
      const started = Date.now();
      const [download] = await Promise.all([page.waitForEvent("download"), button.click()]);
      expect(Date.now() - started).toBeGreaterThanOrEqual(900);
      const file = await download.path();
      // The answer rows, then (an anonymous survey) its written answers after a blank line, detached (decision 0052).
      const [answerPart, commentPart] = readFileSync(file, "utf8")
        .replace(/^\uFEFF/, "")
        .split("\r\n\r\n");
      const parsed = Papa.parse<string[]>(answerPart, { skipEmptyLines: true });
      // Two header rows (issue 25 item 6): the questions as respondents read them, then their keys.
      const [texts, header, ...rows] = parsed.data;
      expect(texts[0]).toBe("Submitted on");
      expect(header[0]).toBe("submitted_on");
      // Cohort (demographic) questions are left out of row-level exports (anonymity; docs/decisions/0015), and so are
      // written answers, which have their own section.
      const exported = detail.fields.filter((field) => field.filter !== true);
      expect(header.slice(1)).toEqual(exported.filter((field) => field.answerType !== "Text").map((field) => field.key));
      const written = new Set(exported.filter((field) => field.answerType === "Text").map((field) => field.key));
      const comments = Papa.parse<string[]>(commentPart ?? "", { skipEmptyLines: true }).data;
      const me = (await (await session.context.request.get("/api/me")).json()) as MeResponse;
      const values = collectPlaceholderValues({ metaFields: detail.metaFields, companyName: me.tenant.companyName });
      const [expectedTexts] = responseExportHeaderRows(detail.fields, header.slice(1), (text) => fillPlaceholders(text, values));
      expect(texts).toEqual(expectedTexts);
      expect(texts.join()).not.toMatch(/lowi_|\{\{/);
      expect(comments[0]).toEqual(["Question", "Question key", "Comment"]);
      expect(comments.length).toBeGreaterThan(1);
      for (const [question, key] of comments.slice(1)) {
        expect(written.has(key)).toBe(true);
        expect(question).not.toMatch(/^lowi_|\{\{/);
      }
      expect(rows).toHaveLength(closed.completed);
      expect(download.suggestedFilename()).toMatch(/\.csv$/);

      // Staff may view reports but not export or change surveys: the actions stay, disabled, with "Not Authorized".
      await page.goto("/logout");
      await waitForPath(page, "/login");
      await signIn(page, DEMO_USERS.staff);
      await page.goto("/dashboard/surveys");
      const staffExport = rowOf(page, closed.name).getByRole("button", { name: `Export: ${closed.name}` });
      expect(await staffExport.getAttribute("aria-disabled")).toBe("true");
      await staffExport.hover();
      expect(await visibleText(page.getByRole("tooltip"))).toBe(SURVEY_MESSAGES.notAuthorized);
      expect(
        await rowOf(page, closed.name)
          .getByRole("button", { name: `View Report: ${closed.name}` })
          .getAttribute("aria-disabled"),
      ).toBeNull();
    } finally {
      await session.close();
    }
  });

  test("screens on a phone: the list, the wizard steps and the share page", async () => {
    const session = await freshCompany(baseUrl, "Harbor Phone Co", PHONE);
    const { page } = session;
    try {
      await completeProfile(session, "Harbor Phone Co");
      await page.goto("/dashboard/surveys/new");
      const step1 = wizardStep(page, "Choose A Survey Type");
      await step1.getByRole("button", { name: `Continue with ${LOWI_TITLE}` }).waitFor();
      await page.waitForTimeout(300);
      await screenshot(page, "surveys-phone-step1");
      await step1.getByRole("button", { name: `Continue with ${LOWI_TITLE}` }).click();
      const step3 = await fillDetailsAndContinue(page, "Harbor pulse", "surveys-phone-step2");
      await page.waitForTimeout(300);
      await screenshot(page, "surveys-phone-step3");
      await step3.getByRole("button", { name: "Publish" }).click();
      await waitForPath(page, "/page");
      await page.getByTestId("share-panel").waitFor();
      await screenshot(page, "surveys-phone-share");
      await page.goto("/dashboard/surveys");
      await rowOf(page, "Harbor pulse").waitFor();
      await screenshot(page, "surveys-phone-list");
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(PHONE.width);
    } finally {
      await session.close();
    }
  });
});
