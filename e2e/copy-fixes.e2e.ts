/**
 * Issue 25: the texts a user tripped over, each checked where it shows, in Chromium on the demo company:
 * a wrong verification code told in Hearth's words and sent once; no console error on the signed-out pages (no 401
 * from /api/me); "Scores by team" opening on the company's team structure, not on age; the activity log naming who
 * did each thing; Need Help never mentioning a chat widget, and showing a configured support form; Social
 * Amplification telling Staff why they see no quotes; theme chips reading as written words, not lemma pairs. The
 * other items are checked where their pages are already driven: the LOWI's name on /verify (credentials.e2e.ts),
 * Cancel Send's toast (invitations.e2e.ts), the exports' header rows (surveys, reports and padding e2e files).
 */
import type { PublicConfig, SurveySummary } from "@hearth/shared";
import type { Page } from "playwright-core";
import { describe, expect, inject, test } from "vitest";
import { DEMO_USERS, openBrowser, registerViaApi, signIn, uniqueEmail } from "./support/browser";
import { ok, typePin, visibleText, waitForPath } from "./support/page-helpers";

/** The console errors and uncaught exceptions a page produces. */
function collectConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(`${page.url()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => errors.push(`${page.url()}: ${error.message}`));
  return errors;
}

async function demoLowiSurveyId(page: Page): Promise<string> {
  const surveys = await ok<SurveySummary[]>(await page.context().request.get("/api/surveys"));
  const lowi = surveys.filter((survey) => survey.surveyPreset === "PulseValidation" && survey.completed > 0);
  lowi.sort((a, b) => b.completed - a.completed);
  if (!lowi[0]) throw new Error("the demo company has no LOWI survey with responses");
  return lowi[0].id;
}

describe("copy and content fixes (issue 25)", () => {
  const baseUrl = inject("baseUrl");

  test("signed-out pages leave no error in the console: /api/me's 401 is not asked for (item 10)", async () => {
    const session = await openBrowser(baseUrl);
    try {
      const { page } = session;
      const errors = collectConsoleErrors(page);
      const failed: string[] = [];
      page.on("response", (response) => {
        if (response.status() >= 400) failed.push(`${response.status()} ${new URL(response.url()).pathname}`);
      });
      for (const path of ["/login", "/new-company", "/forgot-password", "/new-company/verify", "/legal/terms", "/verify"]) {
        await page.goto(path);
        await page.locator("main").first().waitFor();
        await page.waitForLoadState("networkidle");
      }
      expect(failed).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await session.close();
    }
  });

  test("a wrong verification code is refused in our words, with one request (item 1)", async () => {
    const email = uniqueEmail("wrong-code");
    await registerViaApi(baseUrl, email, "Fresh-Kindling-2026!", "Wrong Code Co");
    const session = await openBrowser(baseUrl);
    try {
      const { page } = session;
      let requests = 0;
      page.on("request", (request) => {
        if (new URL(request.url()).pathname === "/api/auth/email-otp/verify-email") requests += 1;
      });
      await page.goto(`/new-company/verify?email=${encodeURIComponent(email)}`);
      await page.getByTestId("verify-email").waitFor();
      await typePin(page, "000000");
      const refusal = page.getByRole("alert").filter({ hasNotText: "No email server is configured" });
      await refusal.waitFor();
      expect(await visibleText(refusal)).toBe("That code is not the one we sent. Check the 6 digits in the latest email and try again.");
      // The same code again (Enter, then Verify) is not sent again: it would only be refused again.
      await page.keyboard.press("Enter");
      await page.getByRole("button", { name: "Verify", exact: true }).click();
      await page.waitForTimeout(600);
      expect(requests).toBe(1);
      expect(await page.locator("main").textContent()).not.toMatch(/Invalid OTP/i);
    } finally {
      await session.close();
    }
  });

  test("Scores by team opens on the team structure; the activity log names everyone (items 3 and 5)", async () => {
    const session = await openBrowser(baseUrl);
    try {
      const { page } = session;
      await signIn(page, DEMO_USERS.admin);
      const surveyId = await demoLowiSurveyId(page);
      await page.goto(`/dashboard/reports/lowi/${surveyId}/team`);
      await page.getByTestId("team-row").first().waitFor({ timeout: 30_000 });
      const cohort = await page.getByRole("combobox", { name: "Break down by" }).inputValue();
      expect(["Team", "Department", "Division", "Which area do you mainly work in?"]).toContain(cohort);
      expect(await page.getByTestId("team-report").textContent()).not.toContain("30 or younger");

      await page.goto("/dashboard/settings");
      const log = page.getByTestId("activity-log");
      await log.getByRole("table").or(log.getByText("Nothing has been logged yet.")).first().waitFor();
      expect(await log.textContent()).not.toMatch(/\bUnknown\b/);
    } finally {
      await session.close();
    }
  });

  test("theme chips read as words the comments wrote, never lemma pairs (item 9)", async () => {
    const session = await openBrowser(baseUrl);
    try {
      const { page } = session;
      await signIn(page, DEMO_USERS.admin);
      const surveyId = await demoLowiSurveyId(page);
      await page.goto(`/dashboard/reports/lowi/${surveyId}/thematic`);
      await page.getByTestId("thematic-theme").first().waitFor({ timeout: 30_000 });
      const chips = await page.locator('[aria-label="Key phrases"] > *').allTextContents();
      const titles = await page.getByTestId("thematic-theme").locator("h3").allTextContents();
      expect(chips.length).toBeGreaterThan(0);
      const pairs = [...chips, ...titles].filter((text) => /^(many|few|more|less|much|most|other)\s/i.test(text.trim()));
      expect(pairs).toEqual([]);
      expect(titles.filter((title) => title.startsWith("General:"))).toEqual([]);
    } finally {
      await session.close();
    }
  });

  test("Staff: Need Help mentions no chat widget, shows a configured support form; quotes say whose they are (items 7 and 8)", async () => {
    const session = await openBrowser(baseUrl);
    try {
      const { page } = session;
      await signIn(page, DEMO_USERS.staff);
      await page.getByRole("button", { name: "Need Help" }).click();
      const dialog = page.getByRole("dialog", { name: "Need Help" });
      await dialog.locator('input[name="subject"]').waitFor();
      expect(await dialog.textContent()).not.toMatch(/widget/i);
      await page.keyboard.press("Escape");

      // With SUPPORT_FORM_URL set, /api/config names the form and Need Help shows it instead of Hearth's form.
      const formUrl = "https://help.example.org/forms/hearth";
      await page.route("**/api/config", async (route) => {
        const config = (await (await route.fetch()).json()) as PublicConfig;
        await route.fulfill({ json: { ...config, supportFormUrl: formUrl } });
      });
      await page.goto("/dashboard");
      await page.getByRole("button", { name: "Need Help" }).click();
      const frame = page.getByRole("dialog", { name: "Need Help" }).locator('iframe[title="Support form"]');
      await frame.waitFor({ state: "attached" });
      expect(await frame.getAttribute("src")).toBe(formUrl);
      expect(await page.getByRole("dialog", { name: "Need Help" }).locator('input[name="subject"]').count()).toBe(0);
      await page.unroute("**/api/config");

      await page.goto("/dashboard/amplification/sharing");
      const said = page.getByTestId("quotes-empty").or(page.getByTestId("quotes-scope"));
      await said.first().waitFor({ timeout: 30_000 });
      const text = await visibleText(said.first());
      expect(text).not.toContain("No positive comments yet");
      expect(text).toMatch(/cohorts assigned to you/);
      expect(text).toMatch(/admins see every quote/);
      await waitForPath(page, "/dashboard/amplification/sharing");
    } finally {
      await session.close();
    }
  });
});
