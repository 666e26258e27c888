/**
 * Issue 23, H3 (decision 0053), in Chromium on the demo company: the Comments page offers only answer filters whose
 * lists are listed, and a search that matches fewer than k respondents (one comment's own words) is not shown and not
 * counted: the spec's hidden notice stands in its place, on the page as in the API, and a wider search lists comments
 * again. Pages are checked with axe (support/a11y.ts) as they load.
 */
import type { CommentsResponse, SurveySummary } from "@hearth/shared";
import { describe, expect, inject, test } from "vitest";
import { DEMO_USERS, openBrowser, screenshot, signIn } from "./support/browser";
import { ok } from "./support/page-helpers";

const HIDDEN_NOTICE = "Comments are hidden as the number available falls below the visibility threshold.";

describe("comment lists under the threshold (issue 23, H3)", () => {
  const baseUrl = inject("baseUrl");

  test("a search matching fewer than k respondents shows the hidden notice and no comment", async () => {
    const session = await openBrowser(baseUrl);
    const { page, context } = session;
    const api = context.request;
    try {
      await signIn(page, DEMO_USERS.admin);
      const surveys = await ok<SurveySummary[]>(await api.get("/api/surveys"));
      const survey = surveys
        .filter((entry) => entry.surveyPreset === "PulseValidation" && entry.completed > 0)
        .sort((a, b) => b.completed - a.completed)[0];
      if (!survey) throw new Error("the demo company has no LOWI survey with responses");
      const listComments = async (body: unknown) =>
        ok<CommentsResponse>(await api.post(`/api/reports/${survey.id}/comments`, { data: body }));

      const unfiltered = await listComments({});
      expect(unfiltered.hidden).toBe(false);
      expect(unfiltered.comments.length).toBeGreaterThan(0);
      // The answer menus offer only options whose lists are listed (decision 0053), so what a reader can narrow to
      // on the page below k is a search: the words of one comment match one respondent.
      const [question] = unfiltered.options.answerQuestions;
      expect(question).toBeTruthy();
      for (const option of question.options) {
        expect((await listComments({ questions: { [question.key]: [option] } })).hidden, `${question.key}: ${option}`).toBe(false);
      }
      let phrase: string | undefined;
      for (const comment of unfiltered.comments.slice(0, 20)) {
        const searched = await listComments({ search: comment.text.slice(0, 120) });
        if (searched.hidden) {
          expect(searched.comments).toEqual([]);
          expect(searched.total).toBe(0);
          expect(searched.notice).toBe(HIDDEN_NOTICE);
          phrase = comment.text.slice(0, 120);
          break;
        }
      }
      if (!phrase) throw new Error("no comment of the demo survey is its author's alone");

      await page.goto(`/dashboard/reports/lowi/${survey.id}/comments`);
      await page.getByTestId("comment-row").first().waitFor({ timeout: 30_000 });
      await page.getByTestId("comments-search").fill(phrase);
      await page.getByText(HIDDEN_NOTICE).first().waitFor({ timeout: 30_000 });
      expect(await page.getByTestId("comment-row").count()).toBe(0);
      // Neither listed nor counted: no "n comments" line beside the notice.
      expect(((await page.getByTestId("comments-count").textContent()) ?? "").trim()).toBe("");
      await screenshot(page, "comments-hidden-by-search-desktop");

      // A wider search lists comments again.
      await page.getByTestId("comments-search").fill("");
      await page.getByTestId("comment-row").first().waitFor({ timeout: 30_000 });
    } finally {
      await session.close();
    }
  });
});
