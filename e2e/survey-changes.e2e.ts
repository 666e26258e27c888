/**
 * Survey change logs (issue 25 item 7, decision 0075), in Chromium on the demo company: the Admin opens a survey
 * (Change history empty), edits its name and a question in the builder, and sees both changes in the survey's Change
 * history, then the same entry in the company's activity log. The survey is archived at the end so the demo keeps
 * its survey slots.
 */
import { createCustomField } from "@hearth/shared";
import { describe, expect, inject, test } from "vitest";
import { checkA11y } from "./support/a11y";
import { DEMO_USERS, openBrowser, screenshot, signIn } from "./support/browser";
import { waitForPath } from "./support/page-helpers";
import { publishCustomSurvey } from "./support/surveys";

describe("survey change history", () => {
  const baseUrl = inject("baseUrl");

  test("an Admin edits a survey's name and a question and sees both in Change history", async () => {
    const admin = await openBrowser(baseUrl);
    let surveyId: string | null = null;
    try {
      const { page } = admin;
      await signIn(page, DEMO_USERS.admin);
      const suffix = Date.now().toString(36);
      const name = `Onboarding pulse ${suffix}`;
      const renamed = `Onboarding pulse, second week ${suffix}`;
      const first = createCustomField([], { question: "How clear was your first week?", required: true });
      const second = createCustomField([first], { question: "Who helped you most?", answerType: "Text" });
      const survey = await publishCustomSurvey(admin.context.request, {
        name,
        description: "Two questions for new joiners.",
        fields: [first, second],
      });
      surveyId = survey.id;
      const surveyUrl = `/dashboard/surveys/other/${survey.id}`;

      await page.goto(surveyUrl);
      const history = page.getByTestId("survey-change-history");
      await history.getByText("No edits since the survey was created.").waitFor();

      await page.goto(`${surveyUrl}/edit`);
      const dialog = page.getByRole("dialog").filter({ has: page.getByLabel("Survey Name") });
      const nameInput = dialog.getByLabel("Survey Name");
      await nameInput.waitFor();
      await nameInput.fill(renamed);
      await dialog.locator('textarea[name="fields.1.question"]').fill("Who helped you most in your first weeks?");
      await dialog.getByRole("button", { name: "Save changes" }).click();
      await waitForPath(page, surveyUrl);

      const entry = history.getByTestId("survey-change-entry").first();
      await entry.getByText("Survey edited").waitFor();
      const lines = await entry.getByRole("list").getByRole("listitem").allTextContents();
      expect(lines).toEqual([
        `Name “${name}” → “${renamed}”`,
        "Question 2 reworded: “Who helped you most?” → “Who helped you most in your first weeks?”",
      ]);
      // Who and when: the demo Admin by name, the time in the company's zone with the zone's abbreviation.
      const heading = (await entry.textContent()) ?? "";
      expect(heading).toMatch(/Survey edited\s*by \S+/);
      expect(await entry.locator("time").textContent()).toMatch(/\d{1,2}:\d{2}\s[AP]M\s(?:[A-Z]{2,5}|GMT[+-]\d)/);
      expect(await history.getByTestId("survey-change-entry").count()).toBe(1);
      await checkA11y(page, "survey page with its change history");
      await screenshot(page, "survey-change-history-desktop");

      // The company's activity log shows the same edit in words, with its changes.
      await page.goto("/dashboard/settings");
      const log = page.getByTestId("activity-log");
      await log.getByText(`Survey edited “${renamed}”`).first().waitFor();
      await log.getByText(`Name “${name}” → “${renamed}”`).first().waitFor();
    } finally {
      if (surveyId) await admin.context.request.post(`/api/surveys/${surveyId}/archive`).catch(() => undefined);
      await admin.close();
    }
  });
});
