/**
 * Issue 11 item 7: social quotes follow the Comments page's scope. A member limited to assigned cohorts (Staff,
 * Managers) sees only quotes they could read as comments; Admins see every quote.
 */
import type { SurveyField } from "@hearth/shared";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { survey, surveyResponse } from "../../db/schema.js";
import { commentExcerpt } from "../../db/schema-reports.js";
import { addMember, call, createTestApp, registerCompany, type Session, type TestApp } from "../../test/harness.js";
import { answerAll, completeProfileAndSetPlan, lowiInput } from "../surveys/surveys.test-helpers.js";
import { insertResponse } from "../surveys/surveys.repo.js";

const PER_GENDER = 20;

interface Company extends Session {
  surveyId: string;
  /** Comment ids by gender. */
  ids: { Woman: string[]; Man: string[] };
}

/** 20 women and 20 men, each with one clearly positive comment naming their group. */
async function companyWithQuotes(testApp: TestApp): Promise<Company> {
  const owner = await registerCompany(testApp.app);
  await completeProfileAndSetPlan(testApp, owner.tenantId, "Gold");
  const created = await call(testApp.app, "POST", "/api/surveys", { cookie: owner.cookie, body: lowiInput() });
  expect(created.statusCode).toBe(201);
  const surveyId = created.json().id as string;
  const { db, sql } = testApp.ctx.database;
  const [row] = await db.select({ fields: survey.fields }).from(survey).where(eq(survey.id, surveyId));
  const fields = row.fields as SurveyField[];
  const genders: ("Woman" | "Man")[] = [];
  for (let index = 0; index < 2 * PER_GENDER; index++) {
    const answers = answerAll(fields, index);
    for (const field of fields) if (field.group === "demographic" || field.answerType === "Text") delete answers[field.key];
    const gender = index % 2 === 0 ? "Woman" : "Man";
    answers.lowi_demo_gender = gender;
    genders.push(gender);
    await insertResponse(db, sql, owner.tenantId, { surveyId, answers, submittedOn: "2026-11-20", tokenHash: null });
  }
  const responses = await db
    .select({ id: surveyResponse.id })
    .from(surveyResponse)
    .where(eq(surveyResponse.surveyId, surveyId))
    .orderBy(asc(surveyResponse.seq));
  const ids: Company["ids"] = { Woman: [], Man: [] };
  for (const [index, response] of responses.entries()) {
    const gender = genders[index];
    const [inserted] = await db
      .insert(commentExcerpt)
      .values({
        tenantId: owner.tenantId,
        surveyId,
        responseId: response.id,
        questionKey: "lowi_open_well",
        text: `I love my wonderful, supportive team (${gender} ${index}).`,
        sentiment: "positive",
        emotion: "joy",
        analyzer: "test",
      })
      .returning({ id: commentExcerpt.id });
    ids[gender].push(inserted.id);
  }
  return { ...owner, surveyId, ids };
}

describe("social quotes follow the Comments page's cohort scope (issue 11 item 7)", () => {
  let testApp: TestApp;
  let company: Company;
  beforeAll(async () => {
    testApp = await createTestApp();
    company = await companyWithQuotes(testApp);
  });
  afterAll(async () => {
    await testApp.close();
  });

  const quoteIds = async (cookie: string, readerScope?: "all" | "assignedCohorts") => {
    const response = await call(testApp.app, "GET", "/api/amplification/quotes?pageSize=50", { cookie });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    // The page says whose quotes the reader sees, so an empty list for Staff says why (issue 25 item 8).
    if (readerScope) expect(body.readerScope).toBe(readerScope);
    expect(body.quotes).toHaveLength(body.total);
    return (body.quotes as { id: string }[]).map((quote) => quote.id).sort();
  };
  const commentIds = async (cookie: string) => {
    const response = await call(testApp.app, "POST", `/api/reports/${company.surveyId}/comments`, { cookie, body: {} });
    expect(response.statusCode).toBe(200);
    return (response.json().comments as { id: string }[]).map((comment) => comment.id).sort();
  };
  const assign = async (member: Session, value: string) => {
    const saved = await call(testApp.app, "POST", "/api/teams/members/postAssignedCohorts", {
      cookie: company.cookie,
      body: {
        userId: member.userId,
        surveyId: company.surveyId,
        assignedCohorts: [{ key: "lowi_demo_gender", value, label: value }],
      },
    });
    expect(saved.statusCode).toBe(200);
  };

  it("shows Admins every quote, and Staff or Managers only those of their assigned cohorts — the same as their comments", async () => {
    const all = [...company.ids.Woman, ...company.ids.Man].sort();
    expect(await quoteIds(company.cookie, "all")).toEqual(all);

    const staff = await addMember(testApp, company.tenantId, "Staff");
    // No cohorts assigned: no comments, so no quotes.
    expect(await quoteIds(staff.cookie, "assignedCohorts")).toEqual([]);
    expect(await commentIds(staff.cookie)).toEqual([]);
    await assign(staff, "Woman");
    expect(await quoteIds(staff.cookie)).toEqual([...company.ids.Woman].sort());
    expect(await quoteIds(staff.cookie)).toEqual(await commentIds(staff.cookie));

    const manager = await addMember(testApp, company.tenantId, "Manager");
    await assign(manager, "Man");
    expect(await quoteIds(manager.cookie, "assignedCohorts")).toEqual([...company.ids.Man].sort());
    // A quote outside the Manager's cohorts does not exist for them: no image, no removal.
    const womansQuote = company.ids.Woman[0];
    expect(
      (await call(testApp.app, "GET", `/api/amplification/quotes/${womansQuote}/image.png`, { cookie: manager.cookie })).statusCode,
    ).toBe(404);
    expect(
      (await call(testApp.app, "POST", `/api/amplification/quotes/${womansQuote}/remove`, { cookie: manager.cookie, body: {} })).statusCode,
    ).toBe(404);
    expect(
      (await call(testApp.app, "GET", `/api/amplification/quotes/${company.ids.Man[0]}/image.png`, { cookie: manager.cookie })).statusCode,
    ).toBe(200);
  });

  it("keeps other companies' quotes out, whatever cohorts a member has", async () => {
    const other = await registerCompany(testApp.app);
    await completeProfileAndSetPlan(testApp, other.tenantId, "Gold");
    expect(await quoteIds(other.cookie)).toEqual([]);
    const response = await call(testApp.app, "GET", `/api/amplification/quotes/${company.ids.Man[0]}/image.png`, { cookie: other.cookie });
    expect(response.statusCode).toBe(404);
  });

  it("refuses bad paging with a field reason", async () => {
    for (const query of ["page=0", "pageSize=500", "page=abc"]) {
      const response = await call(testApp.app, "GET", `/api/amplification/quotes?${query}`, { cookie: company.cookie });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error.code).toBe("VALIDATION_FAILED");
    }
  });
});
