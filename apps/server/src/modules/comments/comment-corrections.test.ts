import type { SurveyField } from "@hearth/shared";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { survey, surveyResponse } from "../../db/schema.js";
import { commentExcerpt, commentLabelCorrection } from "../../db/schema-reports.js";
import { addMember, call, createTestApp, registerCompany, type Session, type TestApp } from "../../test/harness.js";
import { insertResponse } from "../surveys/surveys.repo.js";
import { answerAll, completeProfileAndSetPlan, lowiInput } from "../surveys/surveys.test-helpers.js";

const RESPONSES = 20;
const PRAISE = "My team is wonderful and always supportive.";

interface Company extends Session {
  surveyId: string;
  /** Comment id by text. */
  ids: Map<string, string>;
}

/** Twenty respondents, alternately women and men, each with one "do well" comment stored with the given labels. */
async function companyWithComments(testApp: TestApp): Promise<Company> {
  const owner = await registerCompany(testApp.app);
  await completeProfileAndSetPlan(testApp, owner.tenantId, "Gold");
  const created = await call(testApp.app, "POST", "/api/surveys", { cookie: owner.cookie, body: lowiInput() });
  expect(created.statusCode).toBe(201);
  const surveyId = created.json().id as string;
  const { db, sql } = testApp.ctx.database;
  const [row] = await db.select({ fields: survey.fields }).from(survey).where(eq(survey.id, surveyId));
  const fields = row.fields as SurveyField[];
  for (let index = 0; index < RESPONSES; index++) {
    const answers = answerAll(fields);
    for (const field of fields) if (field.group === "demographic") delete answers[field.key];
    answers.lowi_demo_gender = index % 2 === 0 ? "Woman" : "Man";
    await insertResponse(db, sql, owner.tenantId, { surveyId, answers, submittedOn: "2026-11-20", tokenHash: null });
  }
  const responses = await db
    .select({ id: surveyResponse.id })
    .from(surveyResponse)
    .where(eq(surveyResponse.surveyId, surveyId))
    .orderBy(asc(surveyResponse.seq));
  const ids = new Map<string, string>();
  for (const [index, response] of responses.entries()) {
    const text =
      index === 0
        ? PRAISE
        : index === 1
          ? "My manager changed three times in eighteen months."
          : `${index % 2 === 0 ? "Woman" : "Man"} respondent ${index} finds the canteen adequate.`;
    const [inserted] = await db
      .insert(commentExcerpt)
      .values({
        tenantId: owner.tenantId,
        surveyId,
        responseId: response.id,
        questionKey: "lowi_open_well",
        text,
        sentiment: index <= 1 ? "positive" : "neutral",
        emotion: index <= 1 ? "Gratitude" : "Neutral",
        topic: "General",
        analyzer: "local",
      })
      .returning({ id: commentExcerpt.id });
    ids.set(text, inserted.id);
  }
  return { ...owner, surveyId, ids };
}

describe("comment label corrections", () => {
  let testApp: TestApp;
  let company: Company;
  let other: Company;
  beforeAll(async () => {
    testApp = await createTestApp();
    company = await companyWithComments(testApp);
    other = await companyWithComments(testApp);
  });
  afterAll(async () => {
    await testApp.close();
  });

  const put = (commentId: string, body: unknown, cookie = company.cookie) =>
    call(testApp.app, "PUT", `/api/comments/${commentId}/labels`, { cookie, body });
  const get = (url: string, cookie = company.cookie) => call(testApp.app, "GET", url, { cookie });
  const quoteTexts = async (cookie = company.cookie) =>
    ((await get("/api/amplification/quotes?pageSize=50", cookie)).json().quotes as { text: string }[]).map((quote) => quote.text);
  const idOf = (text: string, of = company) => of.ids.get(text) as string;

  it("offers a quote only when the analyzer is confident it is positive", async () => {
    const texts = await quoteTexts();
    expect(texts).toContain(PRAISE);
    // Stored positive, but one sentence about churn: the analyzer is not confident it is praise.
    expect(texts).not.toContain("My manager changed three times in eighteen months.");
  });

  it("corrects a comment's labels, keeps the original, and every reader uses the correction", async () => {
    const response = await put(idOf(PRAISE), { sentiment: "negative", emotion: "Disapproval", topic: "Teamwork" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      commentId: idOf(PRAISE),
      labels: { sentiment: "negative", emotion: "Disapproval", topic: "Teamwork" },
      original: { sentiment: "positive", emotion: "Gratitude", topic: "General" },
    });

    // A comment corrected to negative is never a quote, nor its image.
    expect(await quoteTexts()).not.toContain(PRAISE);
    expect((await get(`/api/amplification/quotes/${idOf(PRAISE)}/image.png`)).statusCode).toBe(404);

    // Comment filters and the sentiment report read the corrected label.
    const negatives = await call(testApp.app, "POST", `/api/reports/${company.surveyId}/comments`, {
      cookie: company.cookie,
      body: { sentiments: ["negative"] },
    });
    expect(negatives.statusCode).toBe(200);
    expect(negatives.json().comments.map((row: { text: string }) => row.text)).toEqual([PRAISE]);
    const report = (await get(`/api/reports/${company.surveyId}/sentiment`)).json();
    expect(report.overall.sentiment.negative.count).toBe(1);
    expect(report.overall.sentiment.positive.count).toBe(1);

    // The list of corrections shows it as corrected, with the original.
    const list = (await get(`/api/reports/${company.surveyId}/comment-corrections`)).json();
    expect(list.corrections).toHaveLength(1);
    expect(list.corrections[0].original.sentiment).toBe("positive");

    // A second correction keeps the analyzer's labels as the original.
    expect((await put(idOf(PRAISE), { sentiment: "neutral", emotion: "Neutral", topic: "Teamwork" })).json().original).toEqual({
      sentiment: "positive",
      emotion: "Gratitude",
      topic: "General",
    });
    const [stored] = await testApp.ctx.database.db
      .select()
      .from(commentLabelCorrection)
      .where(eq(commentLabelCorrection.commentId, idOf(PRAISE)));
    expect(stored).toMatchObject({ originalSentiment: "positive", originalAnalyzer: "local", correctedBy: company.userId });
  });

  it("lets a reader's positive correction make a quote", async () => {
    const churn = idOf("My manager changed three times in eighteen months.");
    expect((await put(churn, { sentiment: "positive", emotion: "Optimism", topic: "Management" })).statusCode).toBe(200);
    expect(await quoteTexts()).toContain("My manager changed three times in eighteen months.");
    expect((await put(churn, { sentiment: "negative", emotion: "Annoyance", topic: "Management" })).statusCode).toBe(200);
    expect(await quoteTexts()).not.toContain("My manager changed three times in eighteen months.");
  });

  it("exports corrected comments as evaluation data with text and labels only", async () => {
    const exported = await get(`/api/reports/${company.surveyId}/corrected-comments`);
    expect(exported.statusCode).toBe(200);
    const rows = exported.json().comments as Record<string, string>[];
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(Object.keys(row).sort()).toEqual(["emotion", "sentiment", "text", "topic"]);
    expect(rows).toContainEqual({ text: PRAISE, sentiment: "neutral", emotion: "Neutral", topic: "Teamwork" });
  });

  it("refuses bad input with the field's reason and stores nothing", async () => {
    const target = idOf("Woman respondent 2 finds the canteen adequate.");
    const cases: [unknown, string][] = [
      [{ sentiment: "furious", emotion: "Anger", topic: "General" }, "sentiment"],
      [{ sentiment: "none", emotion: "None", topic: "General" }, "sentiment"],
      [{ sentiment: "positive", emotion: "Anger", topic: "General" }, "emotion"],
      [{ sentiment: "negative", emotion: "Anger", topic: "Parking" }, "topic"],
      [{ sentiment: "negative", emotion: "Anger" }, "topic"],
      [{ sentiment: "negative", emotion: "Anger", topic: "General", respondent: "x" }, ""],
    ];
    for (const [body, field] of cases) {
      const response = await put(target, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      if (field) expect(Object.keys(response.json().error.fields ?? {}).join(","), JSON.stringify(body)).toContain(field);
    }
    expect((await put("not-a-uuid", { sentiment: "negative", emotion: "Anger", topic: "General" })).statusCode).toBe(400);
    expect(
      (await put("00000000-0000-4000-8000-000000000000", { sentiment: "negative", emotion: "Anger", topic: "General" })).statusCode,
    ).toBe(404);
    const rows = await testApp.ctx.database.db.select().from(commentLabelCorrection).where(eq(commentLabelCorrection.commentId, target));
    expect(rows).toEqual([]);
  });

  it("answers 404 across companies and 401 without a session", async () => {
    const theirs = idOf(PRAISE, other);
    const labels = { sentiment: "negative", emotion: "Anger", topic: "General" };
    expect((await put(theirs, labels)).statusCode).toBe(404);
    expect((await get(`/api/reports/${other.surveyId}/comment-corrections`)).statusCode).toBe(404);
    expect((await get(`/api/reports/${other.surveyId}/corrected-comments`)).statusCode).toBe(404);
    expect((await call(testApp.app, "PUT", `/api/comments/${theirs}/labels`, { body: labels })).statusCode).toBe(401);
    const [row] = await testApp.ctx.database.db
      .select({ sentiment: commentExcerpt.sentiment })
      .from(commentExcerpt)
      .where(and(eq(commentExcerpt.id, theirs), eq(commentExcerpt.tenantId, other.tenantId)));
    expect(row.sentiment).toBe("positive");
  });

  it("lets Staff correct only the comments they can read (their assigned cohorts)", async () => {
    const staff = await addMember(testApp, company.tenantId, "Staff");
    const labels = { sentiment: "negative", emotion: "Annoyance", topic: "Facilities" };
    const woman = idOf("Woman respondent 4 finds the canteen adequate.");
    const man = idOf("Man respondent 5 finds the canteen adequate.");
    // No cohorts assigned yet: nothing is readable.
    expect((await put(woman, labels, staff.cookie)).statusCode).toBe(404);
    const assigned = await call(testApp.app, "POST", "/api/teams/members/postAssignedCohorts", {
      cookie: company.cookie,
      body: {
        userId: staff.userId,
        surveyId: company.surveyId,
        email: staff.email,
        assignedCohorts: [{ key: "lowi_demo_gender", value: "Woman", label: "Gender: Woman" }],
      },
    });
    expect(assigned.statusCode).toBe(200);
    expect((await put(woman, labels, staff.cookie)).statusCode).toBe(200);
    expect((await put(man, labels, staff.cookie)).statusCode).toBe(404);
    const list = (await get(`/api/reports/${company.surveyId}/comment-corrections`, staff.cookie)).json();
    const listed = list.corrections.map((row: { commentId: string }) => row.commentId);
    expect(listed).toContain(woman);
    // The corrections of men's comments (PRAISE's respondent is a woman, the churn comment a man's) are not listed.
    expect(listed).not.toContain(idOf("My manager changed three times in eighteen months."));
  });
});
