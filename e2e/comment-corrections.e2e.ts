/**
 * Correcting a comment's labels (issue 11, item 17), in Chromium on the demo company: the Admin opens the Comments
 * page, corrects one comment's sentiment, emotion and topic in the dialog, and sees it marked "Corrected" with the
 * new labels; the server lists it with the analyzer's original labels and the quotes never offer it. The test puts
 * the analyzer's labels back at the end so other tests see the demo's counts unchanged.
 */
import type { CommentCorrectionList, CommentsResponse, SocialQuoteList, SurveySummary } from "@hearth/shared";
import type { APIRequestContext } from "playwright-core";
import { describe, expect, inject, test } from "vitest";
import { DEMO_USERS, openBrowser, screenshot, signIn } from "./support/browser";

async function json<T>(request: APIRequestContext, method: "GET" | "POST" | "PUT", url: string, data?: unknown): Promise<T> {
  const response = await request.fetch(url, { method, data });
  if (!response.ok()) throw new Error(`${method} ${url} answered ${response.status()}: ${await response.text()}`);
  return (await response.json()) as T;
}

describe("comment corrections", () => {
  const baseUrl = inject("baseUrl");

  test("an Admin corrects a comment's sentiment, emotion and topic on the Comments page", async () => {
    const session = await openBrowser(baseUrl);
    const { page, context } = session;
    try {
      await signIn(page, DEMO_USERS.admin);
      const surveys = await json<SurveySummary[]>(context.request, "GET", "/api/surveys");
      const survey = surveys
        .filter((entry) => entry.surveyPreset === "PulseValidation" && entry.completed > 0)
        .sort((a, b) => b.completed - a.completed)[0];
      if (!survey) throw new Error("the demo company has no LOWI survey with responses");

      // The first positive comment the page lists (without a search term it shows the first 102 in id order).
      const listed = await json<CommentsResponse>(context.request, "POST", `/api/reports/${survey.id}/comments`, {
        sentiments: ["positive"],
      });
      const target = listed.comments[0];
      if (!target) throw new Error("the demo survey has no positive comment");

      await page.goto(`/dashboard/reports/lowi/${survey.id}/comments`);
      await page.getByTestId("comment-row").first().waitFor({ timeout: 30_000 });
      await page.getByTestId("comments-search").fill(target.text.slice(0, 40));
      // The row of this comment itself: several demo comments share an opening, so text alone can name another.
      const row = page.locator(`[data-testid="comment-row"][data-comment-id="${target.id}"]`);
      await row.waitFor({ timeout: 30_000 });
      await row.getByTestId("comment-correct").click();

      const dialog = page.getByRole("dialog", { name: "Correct the labels" });
      await dialog.waitFor();
      await dialog.getByTestId("correct-sentiment").click();
      await page.getByRole("option", { name: "Negative", exact: true }).click();
      await dialog.getByTestId("correct-emotion").click();
      await page.getByRole("option", { name: "Annoyance", exact: true }).click();
      await dialog.getByTestId("correct-topic").click();
      await page.getByRole("option", { name: "Workload", exact: true }).click();
      await dialog.getByTestId("correct-save").click();
      await dialog.waitFor({ state: "detached" });

      await row.getByTestId("comment-corrected").waitFor({ timeout: 30_000 });
      const text = (await row.textContent()) ?? "";
      expect(text).toContain("Negative");
      expect(text).toContain("Annoyance");
      expect(text).toContain("Workload");
      await screenshot(page, "comments-corrected-desktop");

      const corrections = await json<CommentCorrectionList>(context.request, "GET", `/api/reports/${survey.id}/comment-corrections`);
      const saved = corrections.corrections.find((entry) => entry.commentId === target.id);
      expect(saved?.labels).toEqual({ sentiment: "negative", emotion: "Annoyance", topic: "Workload" });
      expect(saved?.original.sentiment).toBe("positive");
      const quotes = await json<SocialQuoteList>(context.request, "GET", "/api/amplification/quotes?pageSize=50");
      expect(quotes.quotes.some((quote) => quote.id === target.id)).toBe(false);

      // Put the analyzer's labels back (the correction record stays: "original" is still the analyzer's).
      if (saved) {
        await json(context.request, "PUT", `/api/comments/${target.id}/labels`, saved.original);
      }
    } finally {
      await session.close();
    }
  });
});
