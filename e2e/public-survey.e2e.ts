/**
 * The public survey page /s/{surveyId} (issue #3 items 5 and 6): a respondent on a phone answers part of a survey,
 * reloads, finishes and sends; the survey's completed count rises. Also the pages that stand in for the form, the
 * required-question check, retries on a flaky network, server-side reasons, the demo banner and the bundle budget.
 */
import path from "node:path";
import {
  createCustomField,
  defaultEndDate,
  listPresetFields,
  measureSurveyProgress,
  type PublicSurvey,
  type SurveyDetail,
  type SurveySummary,
} from "@hearth/shared";
import type { APIRequestContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { measureEntry, SURVEY_JS_BUDGET_BYTES } from "../apps/web/src/public-survey/bundle-size";
import { buildParts } from "../apps/web/src/public-survey/parts";
import { DEMO_USERS, DESKTOP, openBrowser, PHONE, type Session, screenshot, signIn } from "./support/browser";
import { ok } from "./support/page-helpers";
import { ROOT } from "./support/server";

const TIME_ZONE = "America/Chicago";

/** The company's open PulseValidation survey: a new one, or the one already open (one open survey per type). */
async function openPulseSurvey(api: APIRequestContext): Promise<SurveyDetail> {
  const created = await api.post("/api/surveys", {
    data: {
      surveyPreset: "PulseValidation",
      name: "Pulse check: spring",
      description: "Twenty quick statements about working here.\nIt takes about 5 minutes, and your answers are anonymous.",
      metaFields: { company_name: "Demo Company" },
      fields: listPresetFields("PulseValidation"),
      draft: false,
      endDate: defaultEndDate(Date.now(), TIME_ZONE),
    },
  });
  if (created.status() === 409) {
    const body = (await created.json()) as { error: { code: string } };
    if (body.error.code !== "CONFLICTING_SURVEY") throw new Error(`Creating the survey answered ${JSON.stringify(body)}`);
    const open = await ok<SurveyDetail | null>(await api.post("/api/surveys/getOpen", { data: { surveyPreset: "PulseValidation" } }));
    if (!open) throw new Error("CONFLICTING_SURVEY but no open survey");
    return open;
  }
  return ok<SurveyDetail>(created);
}

/** A small Custom survey, published or saved as a draft. */
async function customSurvey(api: APIRequestContext, name: string, draft: boolean): Promise<SurveyDetail> {
  const first = createCustomField([], { question: "How was your week?", required: true });
  const second = createCustomField([first], { question: "Anything else to tell us?", answerType: "Text" });
  return ok<SurveyDetail>(
    await api.post("/api/surveys", {
      data: {
        surveyPreset: "Custom",
        name,
        description: "A short check-in.",
        metaFields: {},
        fields: [first, second],
        draft,
        endDate: draft ? null : defaultEndDate(Date.now(), TIME_ZONE),
      },
    }),
  );
}

async function completedCount(api: APIRequestContext, surveyId: string): Promise<number> {
  const surveys = await ok<SurveySummary[]>(await api.get("/api/surveys"));
  const found = surveys.find((survey) => survey.id === surveyId);
  if (!found) throw new Error(`Survey ${surveyId} is not in GET /api/surveys`);
  return found.completed;
}

/** The answer a test gives: a middle option for choices, a sentence for text. */
function plannedAnswer(field: PublicSurvey["fields"][number]): string {
  if (field.answerType === "Text") return "The people I work with, and how we help each other out.";
  return field.radioOptions[Math.min(3, field.radioOptions.length - 1)];
}

/** Answers the questions on the current part that `wanted` names. */
async function answerVisible(page: Page, survey: PublicSurvey, wanted: (key: string) => boolean): Promise<number> {
  const section = page.getByTestId("survey-part-section");
  const ids = await section
    .locator("[data-testid^='question-']")
    .evaluateAll((nodes) => nodes.map((node) => node.getAttribute("data-testid") ?? ""));
  let answered = 0;
  for (const id of ids) {
    const key = id.replace(/^question-/, "");
    const field = survey.fields.find((candidate) => candidate.key === key);
    if (!field || !wanted(key)) continue;
    const question = page.getByTestId(id);
    if (field.answerType === "Text") await question.locator("textarea").fill(plannedAnswer(field));
    else await question.getByRole("radio", { name: plannedAnswer(field), exact: true }).check();
    answered++;
  }
  return answered;
}

const savedKey = (surveyId: string) => `hearth.survey.${surveyId}`;

/**
 * Puts every required answer in this device's saved progress, as if given earlier, and reloads. Retried because the
 * page saves its own (empty) progress once the form first appears, which can land just after this write.
 */
async function seedRequiredAnswers(page: Page, survey: PublicSurvey, part: number): Promise<void> {
  const required = survey.fields.filter((field) => field.required);
  const answers = Object.fromEntries(required.map((field) => [field.key, plannedAnswer(field)]));
  const parts = buildParts(survey.fields);
  const shownPart = Math.min(part, parts.length - 1);
  const percent = measureSurveyProgress(
    parts.map((each) => each.fields),
    shownPart,
    (key) => key in answers,
  ).percent;
  const expected = `${percent}% done`;
  for (let attempt = 0; attempt < 3; attempt++) {
    await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
      savedKey(survey.id),
      JSON.stringify({ answers, part }),
    ] as const);
    await page.reload();
    const count = page.getByTestId("survey-progress-count");
    await count.waitFor();
    if ((await count.textContent()) === expected) return;
  }
  throw new Error("The saved answers were not picked up");
}

describe("public survey page", () => {
  const baseUrl = inject("baseUrl");
  let admin: Session;
  let api: APIRequestContext;
  let pulse: SurveyDetail;
  let definition: PublicSurvey;

  beforeAll(async () => {
    admin = await openBrowser(baseUrl);
    await signIn(admin.page, DEMO_USERS.admin);
    api = admin.context.request;
    pulse = await openPulseSurvey(api);
    definition = await ok<PublicSurvey>(await api.get(`/api/public/surveys/${pulse.id}`));
  });
  afterAll(async () => {
    await admin?.close();
  });

  test("on a phone: answer part, reload, finish, send, thank you; the completed count rises", async () => {
    const before = await completedCount(api, pulse.id);
    const respondent = await openBrowser(baseUrl, PHONE);
    try {
      const { page } = respondent;
      await page.goto(`/s/${pulse.id}`);
      await page.getByRole("heading", { level: 1, name: pulse.name }).waitFor();
      expect(await page.locator("html").getAttribute("lang")).toBe("en");
      expect(await page.locator("main").count()).toBe(1);
      expect(await page.getByText("Twenty quick statements about working here.").isVisible()).toBe(true);
      expect(await page.getByTestId("demo-banner").count()).toBe(0);
      expect(await page.getByTestId("survey-progress-count").textContent()).toBe("0% done");
      expect(await page.getByTestId("survey-part").textContent()).toMatch(/^Part 1 of \d+$/);
      await screenshot(page, "public-survey-phone-start");

      // Required check: Next with nothing answered names each question and moves focus to the first one.
      await page.getByRole("button", { name: "Next" }).click();
      await page.getByTestId("survey-alert").getByText("5 questions on this page need an answer.").waitFor();
      const first = definition.fields[0];
      const firstQuestion = page.getByTestId(`question-${first.key}`);
      // A real group named by its legend (the question), and radios named by their options.
      const group = page.getByRole("group", { name: first.question });
      expect(await group.getAttribute("data-testid")).toBe(`question-${first.key}`);
      expect(await group.getByRole("radio").count()).toBe(first.radioOptions.length);
      expect(await firstQuestion.getByText("Please answer this question.").isVisible()).toBe(true);
      expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe(first.key);
      await screenshot(page, "public-survey-phone-required");

      // Keyboard: Space picks the focused option, arrows move along the group; the message goes once answered.
      await page.keyboard.press("Space");
      await page.keyboard.press("ArrowDown");
      expect(await firstQuestion.getByRole("radio", { name: first.radioOptions[1], exact: true }).isChecked()).toBe(true);
      expect(await firstQuestion.getByText("Please answer this question.").count()).toBe(0);

      // Targets are at least 44 px tall.
      const box = await firstQuestion.locator("label.option").first().boundingBox();
      expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);

      await answerVisible(page, definition, (key) => key !== first.key);
      await page.getByRole("button", { name: "Next" }).click();
      await page
        .getByTestId("survey-part")
        .getByText(/^Part 2 of/)
        .waitFor();
      expect(await page.evaluate(() => document.activeElement?.id)).toBe("part-heading");
      const onPartTwo = await answerVisible(page, definition, () => true);
      expect(onPartTwo).toBeGreaterThan(0);
      // Every question counts, optional ones too (issue 25 item 5).
      const soFar = `${Math.floor(((5 + onPartTwo) / definition.fields.length) * 100)}% done`;
      expect(await page.getByTestId("survey-progress-count").textContent()).toBe(soFar);

      // Reload mid-way: same part, same answers.
      await page.reload();
      await page
        .getByTestId("survey-part")
        .getByText(/^Part 2 of/)
        .waitFor();
      expect(await page.getByTestId("survey-progress-count").textContent()).toBe(soFar);
      expect(await page.locator("input[type=radio]:checked").count()).toBe(onPartTwo);
      await page.getByRole("button", { name: "Back" }).click();
      expect(await firstQuestion.getByRole("radio", { name: first.radioOptions[1], exact: true }).isChecked()).toBe(true);
      await page.getByRole("button", { name: "Next" }).click();

      // Through the rest: required questions, one open answer and a few matrix rows; screenshots of a matrix part.
      const optionalToo = new Set([
        "lowi_open_well",
        "lowi_rec_wellness",
        "lowi_rec_remote_work",
        "lowi_benefit_paid_time_off",
        "lowi_demo_job_type",
      ]);
      let shotMatrix = false;
      for (let guard = 0; guard < 30; guard++) {
        await answerVisible(
          page,
          definition,
          (key) => Boolean(definition.fields.find((field) => field.key === key)?.required) || optionalToo.has(key),
        );
        if (!shotMatrix && (await page.getByTestId("matrix").count()) > 0) {
          // On a phone a Matrix row stacks its options, one under the other.
          const options = page.getByTestId("matrix").locator("fieldset").first().locator("label.option");
          const [upper, lower] = [await options.nth(0).boundingBox(), await options.nth(1).boundingBox()];
          expect(lower!.y).toBeGreaterThanOrEqual(upper!.y + upper!.height);
          expect(lower!.x).toBe(upper!.x);
          await screenshot(page, "public-survey-phone-matrix");
          shotMatrix = true;
        }
        const send = page.getByRole("button", { name: "Send answers" });
        if ((await send.count()) > 0) break;
        await page.getByRole("button", { name: "Next" }).click();
      }
      expect(shotMatrix).toBe(true);
      // Every required question is answered, but optional ones on this last part are not: not yet 100%.
      const atEnd = Number(/^(\d+)% done$/.exec((await page.getByTestId("survey-progress-count").textContent()) ?? "")?.[1]);
      expect(atEnd).toBeGreaterThan(80);
      expect(atEnd).toBeLessThan(100);
      await page.getByRole("button", { name: "Send answers" }).click();
      await page.getByTestId("survey-thanks").getByRole("heading", { name: "Thank you!" }).waitFor();
      await screenshot(page, "public-survey-phone-thanks");
      expect(await page.evaluate((key) => localStorage.getItem(key), savedKey(pulse.id))).toBeNull();
    } finally {
      await respondent.close();
    }
    expect(await completedCount(api, pulse.id)).toBe(before + 1);
  });

  test("on a desktop: demo banner, the matrix grid, a flaky network retried until the answers arrive", async () => {
    const before = await completedCount(api, pulse.id);
    const respondent = await openBrowser(baseUrl, DESKTOP);
    try {
      const { page } = respondent;
      // The demo flag comes from the survey; pretend this one is a demo to see the banner.
      await page.route("**/api/public/surveys/*", async (route) => {
        const response = await route.fetch();
        await route.fulfill({ response, json: { ...(await response.json()), isDemo: true } });
      });
      await page.goto(`/s/${pulse.id}`);
      expect(await page.getByTestId("demo-banner").textContent()).toBe("THIS IS A DEMO PREVIEW");
      await screenshot(page, "public-survey-desktop-start");

      // Every required answer saved on this device, as if given earlier; then open the benefits matrix.
      await seedRequiredAnswers(page, definition, 0);
      const benefitsTitle = definition.fields.find((field) => field.key.startsWith("lowi_benefit_"))?.title ?? "";
      for (let guard = 0; guard < 30; guard++) {
        if (((await page.locator("#part-heading").textContent()) ?? "").startsWith(benefitsTitle)) break;
        await page.getByRole("button", { name: "Next" }).click();
      }
      const matrix = page.getByTestId("matrix");
      await matrix.waitFor();
      await page.getByTestId("question-lowi_benefit_paid_time_off").getByRole("radio", { name: "Satisfied", exact: true }).check();
      await page.getByTestId("question-lowi_benefit_health_insurance").getByRole("radio", { name: "Very Satisfied", exact: true }).check();
      const cell = await page.getByTestId("question-lowi_benefit_life_insurance").locator("label.option").first().boundingBox();
      expect(cell?.height ?? 0).toBeGreaterThanOrEqual(44);
      await screenshot(page, "public-survey-desktop-matrix");

      // Skip ahead to the last part and send through a network that fails twice.
      for (let guard = 0; guard < 30 && (await page.getByRole("button", { name: "Send answers" }).count()) === 0; guard++) {
        await page.getByRole("button", { name: "Next" }).click();
      }
      let attempts = 0;
      await page.route("**/api/response", async (route) => {
        attempts++;
        if (attempts <= 2) await route.abort("connectionreset");
        else await route.continue();
      });
      await page.getByRole("button", { name: "Send answers" }).click();
      await page.getByText("Connection problem. Trying again (1 of 5)…").waitFor();
      await page.getByTestId("survey-thanks").waitFor({ timeout: 20_000 });
      expect(attempts).toBe(3);
      await screenshot(page, "public-survey-desktop-thanks");
    } finally {
      await respondent.close();
    }
    expect(await completedCount(api, pulse.id)).toBe(before + 1);
  });

  test("the server's reasons show by their questions; a used personal link shows its own page", async () => {
    const respondent = await openBrowser(baseUrl, PHONE);
    try {
      const { page } = respondent;
      await page.goto(`/s/${pulse.id}`);
      await seedRequiredAnswers(page, definition, 99);
      const first = definition.fields[0];
      let replies = 0;
      await page.route("**/api/response", async (route) => {
        replies++;
        if (replies === 1) {
          await route.fulfill({
            status: 400,
            json: {
              error: {
                code: "VALIDATION_FAILED",
                message: "Some answers need your attention.",
                fields: { [first.key]: "Choose one of the options offered." },
              },
            },
          });
        } else {
          await route.fulfill({
            status: 409,
            json: { error: { code: "ALREADY_ANSWERED", message: "This link has already been used to answer the survey." } },
          });
        }
      });
      await page.getByRole("button", { name: "Send answers" }).click();
      await page
        .getByTestId("survey-part")
        .getByText(/^Part 1 of/)
        .waitFor();
      expect(await page.getByTestId(`question-${first.key}`).getByText("Choose one of the options offered.").isVisible()).toBe(true);
      expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe(first.key);
      expect(replies).toBe(1);

      for (let guard = 0; guard < 30 && (await page.getByRole("button", { name: "Send answers" }).count()) === 0; guard++) {
        await page.getByRole("button", { name: "Next" }).click();
      }
      await page.getByRole("button", { name: "Send answers" }).click();
      await page.getByTestId("survey-already-answered").getByRole("heading", { name: "You have already answered this survey" }).waitFor();
      expect(replies).toBe(2);
    } finally {
      await respondent.close();
    }
  });

  test("unknown, closed, archived and draft surveys get a page instead of the form", async () => {
    const respondent = await openBrowser(baseUrl, PHONE);
    try {
      const { page } = respondent;
      await page.goto("/s/NoSuchSurvey0000000000");
      await page.getByTestId("survey-not-found").getByRole("heading", { name: "We couldn't find this survey" }).waitFor();
      await screenshot(page, "public-survey-phone-not-found");
      await page.goto("/s/x");
      await page.getByTestId("survey-not-found").waitFor();

      const archived = await customSurvey(api, "Week check-in (archived)", false);
      await page.goto(`/s/${archived.id}`);
      await page.getByRole("heading", { level: 1, name: archived.name }).waitFor();
      await ok(await api.post(`/api/surveys/${archived.id}/archive`));
      await page.reload();
      await page.getByTestId("survey-closed").getByRole("heading", { name: "This survey is closed" }).waitFor();
      expect(await page.locator("form").count()).toBe(0);
      await screenshot(page, "public-survey-phone-closed");

      const draft = await customSurvey(api, "Week check-in (draft)", true);
      try {
        await page.goto(`/s/${draft.id}`);
        await page.getByTestId("survey-not-open").getByRole("heading", { name: "This survey isn't open yet" }).waitFor();
      } finally {
        await api.post(`/api/surveys/${draft.id}/archive`);
      }
    } finally {
      await respondent.close();
    }
  });

  test("a survey closing while someone answers shows the closed page on send", async () => {
    const survey = await customSurvey(api, "Week check-in (closing)", false);
    const respondent = await openBrowser(baseUrl, PHONE);
    try {
      const { page } = respondent;
      await page.goto(`/s/${survey.id}`);
      await page.getByRole("radio", { name: "Agree", exact: true }).check();
      await ok(await api.post(`/api/surveys/${survey.id}/archive`));
      await page.getByRole("button", { name: "Send answers" }).click();
      await page.getByTestId("survey-closed").waitFor();
    } finally {
      await respondent.close();
      await api.post(`/api/surveys/${survey.id}/archive`);
    }
  });

  test("the survey entry's JavaScript stays within 100 KB gzipped", () => {
    const size = measureEntry(path.join(ROOT, "apps/web/dist"));
    expect(size, "apps/web/dist/survey.html is built by the e2e global setup").not.toBeNull();
    console.info(
      `public survey JavaScript: ${(size!.gzipBytes / 1024).toFixed(1)} KB gzipped (${size!.files.map((file) => file.file).join(", ")})`,
    );
    expect(size!.gzipBytes).toBeLessThanOrEqual(SURVEY_JS_BUDGET_BYTES);
  });
});
