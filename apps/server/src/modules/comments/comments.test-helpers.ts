/** Fixtures of the comments integration tests: a LOWI survey with 150 written-answer respondents, and probes. */
import type { SurveyField } from "@hearth/shared";
import { eq, sql } from "drizzle-orm";
import { expect } from "vitest";
import { survey } from "../../db/schema.js";
import { call, registerCompany, type Session, type TestApp } from "../../test/harness.js";
import { insertResponse } from "../surveys/surveys.repo.js";
import { answerAll, completeProfileAndSetPlan, lowiInput } from "../surveys/surveys.test-helpers.js";
import { analyseNewResponses } from "./comment-analysis.js";

export const RESPONSES = 150;
const NON_BINARY = new Set([1, 3]);
const NO_GENDER = new Set([5, 7, 9, 11, 13]);

export function genderOf(index: number): string | null {
  if (NON_BINARY.has(index)) return "Non-binary";
  if (NO_GENDER.has(index)) return null;
  return index % 2 === 0 ? "Woman" : "Man";
}

export interface Company {
  owner: Session;
  surveyId: string;
  fields: SurveyField[];
}

export async function createLowiSurvey(testApp: TestApp, owner: Session, plan = "Gold") {
  await completeProfileAndSetPlan(testApp, owner.tenantId, plan);
  const created = await call(testApp.app, "POST", "/api/surveys", { cookie: owner.cookie, body: lowiInput() });
  expect(created.statusCode).toBe(201);
  const surveyId = created.json().id as string;
  const [row] = await testApp.ctx.database.db.select({ fields: survey.fields }).from(survey).where(eq(survey.id, surveyId));
  return { surveyId, fields: row.fields as SurveyField[] };
}

/**
 * 150 respondents: 75 women, 68 men, 2 non-binary people (below the threshold of 5) and 5 who skipped the gender
 * question. Everyone answers "do well" with a sentence naming their gender and number; the first ten answer "do
 * better" with "ok" (3 characters: stored, never shown), the rest with a suggestion.
 */
export async function companyWithComments(testApp: TestApp): Promise<Company> {
  const owner = await registerCompany(testApp.app);
  const { surveyId, fields } = await createLowiSurvey(testApp, owner);
  for (let index = 0; index < RESPONSES; index++) {
    const answers = answerAll(fields);
    for (const field of fields) if (field.group === "demographic") delete answers[field.key];
    const gender = genderOf(index);
    if (gender) answers.lowi_demo_gender = gender;
    answers.lowi_open_well = `${gender ?? "Unsaid"} respondent #${index}# loves the supportive teamwork and kind colleagues.`;
    answers.lowi_open_better = index < 10 ? "ok" : `Respondent #${index}# wishes for clearer communication about pay raises.`;
    await storeAnonymousResponse(testApp, owner.tenantId, surveyId, answers);
  }
  await analyseNewResponses(testApp.ctx);
  return { owner, surveyId, fields };
}

/** One response through the public link (no personal token), stored as the response route stores it. */
export async function storeAnonymousResponse(testApp: TestApp, tenantId: string, surveyId: string, answers: Record<string, string>) {
  await insertResponse(testApp.ctx.database.db, testApp.ctx.database.sql, tenantId, {
    surveyId,
    answers,
    submittedOn: "2026-11-20",
    tokenHash: null,
  });
}

/** Every statement PGlite receives until restore(); null on PostgreSQL (the pool is not reachable from the handle). */
export const statementsOf = (testApp: TestApp) => {
  const seen: string[] = [];
  const pglite = testApp.ctx.database.pglite;
  if (!pglite) return null;
  const original = pglite.query.bind(pglite);
  const originalExec = pglite.exec.bind(pglite);
  pglite.query = ((query: string, ...rest: unknown[]) => {
    seen.push(query);
    return (original as (...args: unknown[]) => unknown)(query, ...rest);
  }) as typeof pglite.query;
  pglite.exec = ((query: string, ...rest: unknown[]) => {
    seen.push(query);
    return (originalExec as (...args: unknown[]) => unknown)(query, ...rest);
  }) as typeof pglite.exec;
  return {
    seen,
    restore: () => {
      pglite.query = original;
      pglite.exec = originalExec;
    },
  };
};

export async function jobCount(testApp: TestApp): Promise<number> {
  const result = (await testApp.ctx.database.db.execute(sql`select count(*)::int as n from pgboss.job`)) as unknown as {
    rows: { n: number }[];
  };
  return Number(result.rows[0].n);
}

export async function excerptsOf(testApp: TestApp, surveyId: string): Promise<number> {
  const result = (await testApp.ctx.database.db.execute(
    sql`select count(*)::int as n from comment_excerpt where survey_id = ${surveyId}`,
  )) as unknown as { rows: { n: number }[] };
  return Number(result.rows[0].n);
}
