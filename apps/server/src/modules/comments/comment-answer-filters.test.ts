/**
 * H3 of issue 23 (decision 0053): comment lists filtered by answers, cohorts and search, reproduced as found — 40
 * commenters, lists of 1–4 comments that rebuilt every commenter's answers — and now held to the same rule as every
 * other figure: no list and no combination of lists isolates 1..k−1 respondents, for Admins and Staff, k = 3 and 5.
 */
import { createRandom } from "@hearth/shared";
import type { SurveyField } from "@hearth/shared";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { survey } from "../../db/schema.js";
import { addMember, call, createTestApp, registerCompany, type Session, type TestApp } from "../../test/harness.js";
import { answerAll, completeProfileAndSetPlan, lowiInput } from "../surveys/surveys.test-helpers.js";
import { analyseNewResponses } from "./comment-analysis.js";
import { storeAnonymousResponse } from "./comments.test-helpers.js";
import {
  askableLists,
  type Dimension,
  derivedSmallGroups,
  type KnownComment,
  listsAsFound,
  readLists,
} from "./comment-list-attacker.test-helpers.js";

const HIDDEN_NOTICE = "Comments are hidden as the number available falls below the visibility threshold.";
const COMMENTERS = 40;
const VARIED = ["lowi_inclusivity", "lowi_teamwork", "lowi_growth"];
const GENDER = "lowi_demo_gender";

/** Seeded (mulberry32, shared): the same population on every run. */
const random = createRandom;

/** Skewed: most agree, a few disagree, so that many answer cells are small. */
function skewedOption(options: readonly string[], draw: number): string {
  const weights = [0.45, 0.3, 0.13, 0.08, 0.04];
  let total = 0;
  for (let index = 0; index < options.length; index++) {
    total += weights[index] ?? 0.02;
    if (draw < total) return options[index];
  }
  return options[options.length - 1];
}

interface Population {
  owner: Session;
  surveyId: string;
  fields: SurveyField[];
  k: number;
  questions: Dimension[];
  cohorts: Dimension[];
  comments: KnownComment[];
  respondentOf: Map<string, string>;
}

async function populationWithThreshold(testApp: TestApp, k: number, seed: number): Promise<Population> {
  const owner = await registerCompany(testApp.app);
  await completeProfileAndSetPlan(testApp, owner.tenantId, "Gold");
  const threshold = await call(testApp.app, "PUT", "/api/company/visibility-threshold", {
    cookie: owner.cookie,
    body: { visibilityThreshold: k },
  });
  expect(threshold.statusCode).toBe(200);
  const created = await call(testApp.app, "POST", "/api/surveys", { cookie: owner.cookie, body: lowiInput({ name: `H3 k=${k}` }) });
  expect(created.statusCode).toBe(201);
  const surveyId = created.json().id as string;
  const [row] = await testApp.ctx.database.db.select({ fields: survey.fields }).from(survey).where(eq(survey.id, surveyId));
  const fields = row.fields as SurveyField[];
  const optionsOf = (key: string) => fields.find((field) => field.key === key)?.radioOptions ?? [];
  for (const key of VARIED) expect(optionsOf(key).length, key).toBeGreaterThanOrEqual(5);
  const stronglyDisagree = optionsOf("lowi_inclusivity").find((option) => /strongly disagree/i.test(option)) as string;
  const draw = random(seed);
  for (let index = 0; index < COMMENTERS; index++) {
    const answers = answerAll(fields);
    for (const field of fields) if (field.group === "demographic") delete answers[field.key];
    for (const key of VARIED) {
      // Reversed skew on the agree scale: "Strongly Disagree" is the rare answer, as on the demo survey.
      const options = [...optionsOf(key)].reverse();
      answers[key] = skewedOption(options, draw());
    }
    // Exactly one person strongly disagrees on inclusivity (the demo survey's `total: 1`).
    if (answers.lowi_inclusivity === stronglyDisagree) answers.lowi_inclusivity = optionsOf("lowi_inclusivity")[1];
    if (index === 7) answers.lowi_inclusivity = stronglyDisagree;
    answers[GENDER] = index < 2 ? "Non-binary" : index % 2 === 0 ? "Woman" : "Man";
    answers.lowi_open_well = `Commenter ${index} enjoys the thoughtful planning and the team.`;
    answers.lowi_open_better = index % 3 === 0 ? `Commenter ${index} asks for fewer meetings on Fridays.` : "ok";
    await storeAnonymousResponse(testApp, owner.tenantId, surveyId, answers);
  }
  await analyseNewResponses(testApp.ctx);
  const stored = (await testApp.ctx.database.db.execute(sql`
    select e.id, e.response_id as "responseId", e.text, r.answers
    from comment_excerpt e join survey_response r on r.id = e.response_id
    where e.survey_id = ${surveyId} and char_length(btrim(e.text)) > 3
  `)) as unknown as { rows: KnownComment[] };
  const comments = stored.rows;
  return {
    owner,
    surveyId,
    fields,
    k,
    questions: VARIED.map((key) => ({ key, values: optionsOf(key) })),
    cohorts: [{ key: GENDER, values: ["Woman", "Man", "Non-binary"] }],
    comments,
    respondentOf: new Map(comments.map((comment) => [comment.id, comment.responseId])),
  };
}

describe("comment lists under answer, cohort and search filters (H3)", () => {
  let testApp: TestApp;
  const populations = new Map<number, Population>();
  beforeAll(async () => {
    testApp = await createTestApp();
    populations.set(3, await populationWithThreshold(testApp, 3, 23));
    populations.set(5, await populationWithThreshold(testApp, 5, 53));
  }, 240_000);
  afterAll(async () => {
    await testApp.close();
  });

  const comments = (population: Population, body: object, cookie = population.owner.cookie) =>
    call(testApp.app, "POST", `/api/reports/${population.surveyId}/comments`, { cookie, body });

  it.each([3, 5])("hides the one person who strongly disagrees on inclusivity (the demo's total: 1), k = %i", async (k) => {
    const population = populations.get(k) as Population;
    const option = population.questions[0].values.find((value) => /strongly disagree/i.test(value)) as string;
    const request = { questions: { lowi_inclusivity: [option] } };
    // As found: the plain filter matches one respondent's comments.
    const asFound = listsAsFound([{ name: "q", body: request }], population.comments).get("q") ?? [];
    expect(new Set(asFound.map((id) => population.respondentOf.get(id))).size).toBe(1);
    const response = await comments(population, request);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ comments: [], total: 0, truncated: false, hidden: true, notice: HIDDEN_NOTICE });
    // A union with a listable option is no way round it.
    const union = await comments(population, { questions: { lowi_inclusivity: [option, population.questions[0].values[0]] } });
    expect(union.json()).toMatchObject({ comments: [], total: 0, hidden: true, notice: HIDDEN_NOTICE });
  });

  it.each([3, 5])(
    "derives no group of 1..k−1 respondents from every list an Admin can ask for (answers, cohorts, search, pairs), k = %i",
    async (k) => {
      const population = populations.get(k) as Population;
      const lists = askableLists(population.questions, population.cohorts, ["fridays", "commenter 1"]);
      expect(lists.length).toBeGreaterThan(500);
      // As found, the same requests isolate commenters and rebuild their answers.
      const before = derivedSmallGroups(listsAsFound(lists, population.comments), population.respondentOf, k);
      expect(before.lists.length).toBeGreaterThan(0);
      expect(before.classes.length).toBeGreaterThan(0);
      const read = await readLists(testApp.app, population.owner.cookie, population.surveyId, lists);
      const after = derivedSmallGroups(read, population.respondentOf, k);
      expect(after).toEqual({ classes: [], lists: [], searchesBeyondGroup: [] });
      // The rule is not "hide everything": the whole survey and some answer filters still list comments.
      expect(read.get("whole")?.length).toBeGreaterThan(0);
      expect([...read].filter(([name, ids]) => name.startsWith("lowi_") && ids && ids.length > 0).length).toBeGreaterThan(0);
    },
    240_000,
  );

  it("holds for Staff limited to assigned cohorts: only visible assigned groups, and no small group from their lists", async () => {
    const population = populations.get(5) as Population;
    const staff = await addMember(testApp, population.owner.tenantId, "Staff");
    const assigned = await call(testApp.app, "POST", "/api/teams/members/postAssignedCohorts", {
      cookie: population.owner.cookie,
      body: {
        userId: staff.userId,
        surveyId: population.surveyId,
        email: staff.email,
        assignedCohorts: [
          { key: GENDER, value: "Woman", label: "Gender: Woman" },
          { key: GENDER, value: "Non-binary", label: "Gender: Non-binary" },
        ],
      },
    });
    expect(assigned.statusCode).toBe(200);
    const lists = askableLists(population.questions, [], ["fridays"]);
    // All assigned (absent) and the hidden one chosen alone; Woman alone is the same list as all assigned here.
    for (const cohorts of [undefined, [{ key: GENDER, value: "Non-binary" }]]) {
      const read = await readLists(testApp.app, staff.cookie, population.surveyId, lists, cohorts ? { cohorts } : {});
      expect(derivedSmallGroups(read, population.respondentOf, population.k)).toEqual({ classes: [], lists: [], searchesBeyondGroup: [] });
      const listed = new Set([...read.values()].flatMap((ids) => ids ?? []));
      // Nothing of the two non-binary respondents (a hidden cohort), whatever the filter.
      const nonBinary = population.comments.filter((comment) => comment.answers[GENDER] === "Non-binary");
      for (const comment of nonBinary) expect(listed.has(comment.id)).toBe(false);
      // Nothing outside the assigned cohorts.
      for (const id of listed) {
        const comment = population.comments.find((candidate) => candidate.id === id);
        expect(comment?.answers[GENDER]).toBe("Woman");
      }
    }
  }, 240_000);

  it("refuses more than two filters across cohorts and answers with the field's reason", async () => {
    const population = populations.get(5) as Population;
    const [first, second, third] = population.questions;
    const threeAnswers = await comments(population, {
      questions: { [first.key]: [first.values[0]], [second.key]: [second.values[0]], [third.key]: [third.values[0]] },
    });
    expect(threeAnswers.statusCode).toBe(400);
    expect(threeAnswers.json().error.fields).toMatchObject({ questions: expect.stringContaining("At most 2") });
    const mixed = await comments(population, {
      filters: [{ key: GENDER, value: "Woman" }],
      questions: { [first.key]: [first.values[0]], [second.key]: [second.values[0]] },
    });
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().error.fields).toMatchObject({ questions: expect.stringContaining("At most 2") });
    expect(JSON.stringify(mixed.json())).not.toMatch(/stack|at \//i);
    const unknown = await comments(population, { questions: { [first.key]: ["Not an option"] } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.fields).toHaveProperty("questions");
  });

  it("hides a search that matches 1..k−1 respondents, lists a wider one, and counts nothing of a hidden list", async () => {
    const population = populations.get(3) as Population;
    const narrow = (await comments(population, { search: "Commenter 17 " })).json();
    expect(narrow).toMatchObject({ comments: [], total: 0, hidden: true, notice: HIDDEN_NOTICE });
    const wide = (await comments(population, { search: "thoughtful planning" })).json();
    expect(wide.hidden).toBe(false);
    expect(wide.comments.length).toBeGreaterThanOrEqual(3);
  });
  it("answers label counts (the Sentiment report, the breakdown's open questions) only for groups whose comments are listed", async () => {
    // Two cohorts whose pairs are small: every job function and gender holds 12 of the 24 commenters, but only 2 are
    // women engineers (and 2 male salespeople). The plan shows all four values (the pairs are hidden); the list rule
    // keeps job function and refuses gender (its pattern with job function would hold 2).
    const k = 3;
    const owner = await registerCompany(testApp.app);
    await completeProfileAndSetPlan(testApp, owner.tenantId, "Gold");
    const cookie = owner.cookie;
    await call(testApp.app, "PUT", "/api/company/visibility-threshold", { cookie, body: { visibilityThreshold: k } });
    const created = await call(testApp.app, "POST", "/api/surveys", { cookie, body: lowiInput({ name: "Label counts" }) });
    const surveyId = created.json().id as string;
    const [row] = await testApp.ctx.database.db.select({ fields: survey.fields }).from(survey).where(eq(survey.id, surveyId));
    const fields = row.fields as SurveyField[];
    const JOB = "lowi_demo_job_function";
    const [engineering, sales] = fields.find((field) => field.key === JOB)?.radioOptions ?? [];
    for (let index = 0; index < 24; index++) {
      const answers = answerAll(fields);
      for (const field of fields) if (field.group === "demographic") delete answers[field.key];
      answers[JOB] = index < 12 ? engineering : sales;
      answers[GENDER] = index < 2 || (index >= 12 && index < 22) ? "Woman" : "Man";
      answers.lowi_open_well = `Commenter ${index} values the patient mentoring here.`;
      answers.lowi_recommend = fields.find((field) => field.key === "lowi_recommend")?.radioOptions.at(-1) ?? "";
      await storeAnonymousResponse(testApp, owner.tenantId, surveyId, answers);
    }
    await analyseNewResponses(testApp.ctx);

    const openKeys = fields.filter((field) => field.answerType === "Text").map((field) => field.key);
    const groups = [
      [],
      ...[engineering, sales].map((value) => [{ key: JOB, value }]),
      ...["Woman", "Man"].map((value) => [{ key: GENDER, value }]),
    ];
    const seen: Record<string, { listed: boolean; breakdown: boolean; labels: boolean }> = {};
    for (const filters of groups) {
      const query = filters.map((filter) => `filter=${encodeURIComponent(`${filter.key}:${filter.value}`)}`).join("&");
      const name = query || "whole";
      const listed = await call(testApp.app, "POST", `/api/reports/${surveyId}/comments`, { cookie, body: { filters } });
      const sentiment = await call(testApp.app, "GET", `/api/reports/${surveyId}/sentiment?${query}`, { cookie });
      const breakdown = await call(testApp.app, "GET", `/api/reports/${surveyId}/breakdown?${query}`, { cookie });
      expect([listed.statusCode, sentiment.statusCode, breakdown.statusCode], name).toEqual([200, 200, 200]);
      const labelled = breakdown.json().hidden
        ? []
        : breakdown.json().questions.filter((question: { key: string }) => openKeys.includes(question.key));
      seen[name] = { listed: !listed.json().hidden, breakdown: !breakdown.json().hidden, labels: !sentiment.json().hidden };
      // Label counts where, and only where, the comment list of the same group is listed.
      expect(sentiment.json().hidden, name).toBe(listed.json().hidden);
      expect(labelled.length > 0, name).toBe(!listed.json().hidden);
      if (listed.json().hidden) {
        expect(sentiment.json().notice).toBe(
          "Sentiment and emotion results are hidden as the number available falls below the visibility threshold.",
        );
      }
    }
    const woman = `filter=${encodeURIComponent(`${GENDER}:Woman`)}`;
    const engineers = `filter=${encodeURIComponent(`${JOB}:${engineering}`)}`;
    expect(seen.whole).toEqual({ listed: true, breakdown: true, labels: true });
    expect(seen[engineers]).toEqual({ listed: true, breakdown: true, labels: true });
    // The case that mattered: the plan shows women (12), their list is refused, and so are their label counts: as
    // found, a per-label count of women tied rows of the whole survey's list (each showing its labels) to them.
    expect(seen[woman]).toEqual({ listed: false, breakdown: true, labels: false });
    // The CSV says what the screen says.
    const exported = await call(testApp.app, "GET", `/api/reports/${surveyId}/export/sentiment.csv?${woman}`, { cookie });
    expect(exported.statusCode).toBe(200);
    expect(exported.body).toContain("Sentiment and emotion results are hidden");
  });
});
