/**
 * Issue 23, H1 (decision 0052), in Chromium: one employee answers a new survey, then the Admin answers it k − 1
 * times from his own signed-in browser with answers he knows. The company report shows the hidden notice and the
 * export holds no row and no comment: the padding reveals no one. Every page is checked with axe (support/a11y.ts).
 */
import { listPresetFields } from "@hearth/shared";
import { describe, expect, inject, test } from "vitest";
import { DEMO_USERS, openBrowser, signIn } from "./support/browser";
import { ok } from "./support/page-helpers";
import { answerAsSomeoneElse } from "./support/respondents";
import { freshLowiSurvey } from "./support/surveys";

const HER_COMMENT = "Only Priya would write this: the night shift rota is unfair to the packing team.";

describe("padding (issue 23, H1)", () => {
  const baseUrl = inject("baseUrl");

  test("a survey padded by the Admin's own answers shows no one in its report or its export", async () => {
    const session = await openBrowser(baseUrl);
    const { page, context } = session;
    const api = context.request;
    let surveyId: string | undefined;
    try {
      await signIn(page, DEMO_USERS.admin);
      const fields = listPresetFields("PulseValidation");
      const created = await freshLowiSurvey(api, {
        name: `Padding check ${Date.now()}`,
        description: "Our Love of Workplace Index survey.",
        timeZone: "America/New_York",
      });
      surveyId = created.id;
      const threshold = (await ok<{ threshold: number }>(await api.get(`/api/reports/${surveyId}/company`))).threshold;
      const textKey = fields.find((field) => field.answerType === "Text")?.key as string;
      const answers = (pick: (options: string[]) => string, comment: string) =>
        Object.fromEntries(fields.map((field) => [field.key, field.answerType === "Radio" ? pick(field.radioOptions) : comment]));

      // She answers, from her own device.
      await answerAsSomeoneElse({ surveyId, data: { ...answers((options) => options[0], HER_COMMENT), [textKey]: HER_COMMENT } });
      // He answers k − 1 times from his browser, signed in, with answers he knows.
      for (let i = 0; i < threshold - 1; i++) {
        const his = answers((options) => options[options.length - 1], "Fine by me.");
        await ok(await api.post("/api/response", { data: { surveyId, data: his } }));
      }
      const surveys = await ok<{ id: string; completed: number }[]>(await api.get("/api/surveys"));
      // The count of answers stays live: k answers arrived.
      expect(surveys.find((entry) => entry.id === surveyId)?.completed).toBe(threshold);

      // The report shows the spec's notice, and nothing of her.
      await page.goto(`/dashboard/reports/lowi/${surveyId}/company`);
      await page.getByText("are hidden as the number available falls below the visibility threshold", { exact: false }).first().waitFor({
        timeout: 30_000,
      });
      expect(await page.locator("body").textContent()).not.toContain("Only Priya");

      // The export (as the download button fetches it) holds no row and no comment.
      const exported = await api.get(`/api/export/survey?surveyId=${surveyId}`);
      expect(exported.status()).toBe(200);
      const csv = (await exported.text()).replace(/^\uFEFF/, "").trim();
      // The two header rows (question texts, then keys) and nothing else.
      expect(csv.split("\r\n")).toHaveLength(2 + 2);
      expect(csv).not.toContain("Only Priya");

      // k − 1 colleagues answer from their own devices: the block publishes, mixed with them, and the export keeps her
      // comment apart from every answer row.
      for (let i = 0; i < threshold - 1; i++) {
        await answerAsSomeoneElse({ surveyId, data: answers((options) => options[i % options.length], `Colleague ${i} is fine.`) });
      }
      await page.goto(`/dashboard/reports/lowi/${surveyId}/company`);
      await page.getByTestId("love-score").first().waitFor({ timeout: 30_000 });
      const published = (await (await api.get(`/api/export/survey?surveyId=${surveyId}`)).text()).replace(/^\uFEFF/, "").trim();
      const [rows, comments] = published.split("\r\n\r\n");
      const answerRows = rows.split("\r\n").slice(2);
      expect(answerRows.length).toBeGreaterThanOrEqual(2 * threshold - 1);
      expect(rows).not.toContain("Only Priya");
      expect(comments).toContain("Only Priya");
      expect(comments.split("\r\n")[0]).toBe("Question,Question key,Comment");
    } finally {
      if (surveyId) await api.post(`/api/surveys/${surveyId}/archive`).catch(() => undefined);
      await session.close();
    }
  });
});
