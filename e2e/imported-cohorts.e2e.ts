/**
 * Imported attributes as report cohorts end to end (issue 14 item 4, decision 0045), in Chromium on the demo company:
 * a demographics CSV with odd headers (one remapped by hand, one flagged as not a valid cohort) is imported; two of the
 * imported employees are invited from the invite screen's Imported Employees tab (their department, less the rest of
 * it) and answer through their emailed
 * links; the team report lists their department but hides it while it has fewer respondents than the threshold, and
 * shows it once the department reaches the threshold.
 */
import { listPresetFields } from "@hearth/shared";
import type { Page } from "playwright-core";
import { describe, expect, inject, test } from "vitest";
import { checkA11y } from "./support/a11y";
import { DEMO_USERS, latestMailTo, openBrowser, PHONE, screenshot, signIn } from "./support/browser";
import { answerSurveyInBrowser, waitForRecipientCount } from "./support/invitations";
import { chooseOption, ok, until, visibleText } from "./support/page-helpers";
import { answerAsSomeoneElse, ownNetwork } from "./support/respondents";
import { freshLowiSurvey } from "./support/surveys";

const TAG = String(Date.now()).slice(-6);
const DEPARTMENT = `Tidewater Research ${TAG}`;
const FAR = `Pier 4 ${TAG}`;
const SURVEY_NAME = "Harbour pulse";

/** A complete answer to the LOWI survey: the first option of every choice, a sentence for every written question. */
function lowiAnswers(): Record<string, string> {
  return Object.fromEntries(
    listPresetFields("PulseValidation").map((field) => [
      field.key,
      field.answerType === "Radio" ? field.radioOptions[0] : "The harbour crew look out for each other.",
    ]),
  );
}

/** The personal link in the newest invitation email to `email`. */
async function emailedLink(baseUrl: string, email: string, surveyId: string): Promise<string> {
  const message = await latestMailTo(baseUrl, email, { timeoutMs: 30_000 });
  const match =
    new RegExp(`/s/${surveyId}\\?r=([A-Za-z0-9_.-]+)`).exec(message.html) ??
    new RegExp(`/s/${surveyId}\\?r=([A-Za-z0-9_.-]+)`).exec(message.text);
  if (!match) throw new Error(`No personal link in the email to ${email}`);
  return `${baseUrl}/s/${surveyId}?r=${match[1]}`;
}

/** The team report's row of the department, as the page shows it, broken down by Department. */
async function departmentRow(page: Page, surveyId: string) {
  await page.goto(`/dashboard/reports/lowi/${surveyId}/team`);
  await page.getByTestId("team-cohort").waitFor();
  await chooseOption(page, "Break down by", "Department");
  const row = page.locator(`[data-testid='team-row'][data-value='${DEPARTMENT}']`);
  await row.waitFor();
  return row;
}

describe("imported attributes as report cohorts (issue 14 item 4)", () => {
  const baseUrl = inject("baseUrl");

  test("import with odd headers, invite two imported employees, answer by link: their department shows only at the threshold", async () => {
    const admin = await openBrowser(baseUrl);
    try {
      const { page } = admin;
      const api = admin.context.request;
      await signIn(page, DEMO_USERS.admin);
      const survey = await freshLowiSurvey(api, { name: SURVEY_NAME, description: "Twenty quick statements about working here." });

      // The people: the department's first two work at the near pier, the rest at the far one.
      const team = await ok<{ threshold: number }>(await api.get(`/api/reports/${survey.id}/team`));
      const k = team.threshold;
      const people = Array.from({ length: k }, (_, i) => ({
        email: `tide.${TAG}.${i}@example.com`,
        name: `Crew${i}`,
        office: FAR,
      }));
      const csv = [
        "Work E-mail,Forename,Org Unit,Office,Shoe size",
        ...people.map((person) => `${person.email},${person.name},${DEPARTMENT},${person.office},42`),
      ].join("\n");

      // Import: Org Unit is not a known header (flagged), remapped by hand to the department; Shoe size stays out.
      await page.goto("/dashboard/data/import");
      await page.getByText("Click or drag & drop to upload").waitFor();
      await page
        .getByTestId("import-file-input")
        .setInputFiles({ name: `crew-${TAG}.csv`, mimeType: "text/csv", buffer: Buffer.from(csv) });
      const preview = page.getByTestId("import-preview");
      await preview.waitFor();
      expect(await visibleText(preview.getByTestId("column-4-invalid"))).toBe("This column is not a valid cohort");
      if ((await preview.getByTestId("column-2-invalid").count()) > 0) {
        expect(await visibleText(preview.getByTestId("column-2-invalid"))).toBe("This column is not a valid cohort");
        await preview.getByTestId("column-2").click();
        await page.getByRole("menuitem", { name: "Department name", exact: true }).click();
      }
      await until(
        "the remapped column to count as imported",
        async () => (await visibleText(preview.getByTestId("column-counts"))).includes("4 columns imported · 1 not imported"),
        { describe: () => visibleText(preview) },
      );
      expect(await preview.getByTestId("column-2-invalid").count()).toBe(0);
      await preview.getByRole("button", { name: "Import", exact: true }).click();
      await page.getByTestId("import-progress").getByTestId("import-status").getByText("Done").waitFor({ timeout: 30_000 });

      // Invite the two at the near pier from the Imported Employees tab.
      await page.goto(`/dashboard/surveys/lowi/${survey.id}/invitees?tab=imported`);
      await page.getByTestId("recipient-tab-imported").waitFor();
      await page.getByTestId("recipient-tab-imported").click();
      await chooseOption(page, "Group", "Department");
      await chooseOption(page, "Department", `${DEPARTMENT} (${k})`);
      await page.getByTestId("add-imported-members").click();
      await waitForRecipientCount(page, k);
      // Two of them for now: the others are taken off the list.
      for (const person of people.slice(2)) await page.getByRole("button", { name: `Remove ${person.email}`, exact: true }).click();
      await waitForRecipientCount(page, 2);
      await checkA11y(page, "invite: imported employees tab");
      await screenshot(page, "desktop-invite-imported-employees");
      await page.getByTestId("recipients-next").click();
      await page.getByTestId("email-subject").waitFor({ timeout: 20_000 });
      await page.getByTestId("email-next").click();
      await page.getByTestId("send-now").click();
      await page.getByTestId("whitelist-notice").waitFor({ timeout: 30_000 });
      await page.getByTestId("whitelist-done").click();

      // Both answer through the link in their email, in a browser of their own.
      for (const person of people.slice(0, 2)) {
        const link = await emailedLink(baseUrl, person.email, survey.id);
        const respondent = await openBrowser(baseUrl, PHONE);
        // Each person answers from a network of their own (decision 0052: one network counts once per window).
        await respondent.context.setExtraHTTPHeaders(ownNetwork());
        try {
          await answerSurveyInBrowser(respondent.page, link, survey.name, "Kind people on every shift.");
        } finally {
          await respondent.close();
        }
      }

      // Two respondents: the department is listed but hidden.
      const hidden = await departmentRow(page, survey.id);
      expect(await hidden.getAttribute("data-hidden")).toBe("true");
      await checkA11y(page, "team report with a hidden imported department");
      await screenshot(page, "desktop-team-imported-department-hidden");

      // The rest of the department is invited and answers by link; a block of k completes with public answers if needed.
      await ok(
        await api.post("/api/invite", {
          data: {
            invitation: {
              survey: survey.id,
              subject: "Tell us how the harbour feels",
              name: "Dana Admin",
              cc: DEMO_USERS.admin,
              content: '<p>Hello {{first_name}},</p><p><a href="{{survey_link}}">Take the survey</a></p>',
            },
            recipients: people.slice(2).map((person) => ({ email: person.email, usePreviousMeta: true })),
          },
        }),
      );
      for (const person of people.slice(2)) {
        const link = new URL(await emailedLink(baseUrl, person.email, survey.id));
        await answerAsSomeoneElse({ surveyId: survey.id, data: lowiAnswers(), r: link.searchParams.get("r") });
      }
      // The open survey may hold other suites' answers. Everyone outside the department must be none or at least k
      // (else the department's size would reveal theirs, and the suppression plan rightly hides it), and the answers
      // must end a block of k to be published: public answers make up the difference.
      const surveys = await ok<{ id: string; completed: number }[]>(await api.get("/api/surveys"));
      const completed = surveys.find((entry) => entry.id === survey.id)?.completed ?? 0;
      const others = completed - k;
      let fillers = others === 0 ? 0 : Math.max(0, 2 * k - others);
      fillers += (k - ((completed + fillers) % k)) % k;
      for (let i = 0; i < fillers; i++) {
        await answerAsSomeoneElse({ surveyId: survey.id, data: lowiAnswers() });
      }

      await until(
        "the department to show once it has k respondents",
        async () => {
          const row = await departmentRow(page, survey.id);
          return (await row.getAttribute("data-hidden")) === "false";
        },
        {
          describe: async () =>
            JSON.stringify({
              k,
              completed,
              fillers,
              team: await (await api.get(`/api/reports/${survey.id}/team?cohort=${encodeURIComponent("cohort.department")}`)).json(),
            }).slice(0, 3000),
        },
      );
      const shown = await departmentRow(page, survey.id);
      expect(await visibleText(shown)).toContain(DEPARTMENT);
      const report = await ok<{ rows: { value: string; hidden: boolean; responses: number | null }[] }>(
        await api.get(`/api/reports/${survey.id}/team?cohort=${encodeURIComponent("cohort.department")}`),
      );
      expect(report.rows.find((row) => row.value === DEPARTMENT)).toMatchObject({ hidden: false, responses: k });
      await checkA11y(page, "team report with an imported department");
      await screenshot(page, "desktop-team-imported-department-shown");
    } finally {
      await admin.close();
    }
  }, 240_000);
});
