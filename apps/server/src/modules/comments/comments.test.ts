import { COMMENT_MESSAGES } from "@hearth/shared";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assignedCohort, commentExcerpt } from "../../db/schema-reports.js";
import { addMember, call, createTestApp, registerCompany, type TestApp } from "../../test/harness.js";
import { putTenantOnPlan } from "../billing/billing.test-helpers.js";
import { answerAll, completeProfileAndSetPlan } from "../surveys/surveys.test-helpers.js";
import { analyseNewResponses, analyseResponses } from "./comment-analysis.js";
import {
  RESPONSES,
  type Company,
  createLowiSurvey,
  companyWithComments,
  statementsOf,
  jobCount,
  excerptsOf,
} from "./comments.test-helpers.js";

const HIDDEN_NOTICE = "Comments are hidden as the number available falls below the visibility threshold.";

describe("comment analysis and comment reports", () => {
  let testApp: TestApp;
  let company: Company;
  beforeAll(async () => {
    testApp = await createTestApp();
    company = await companyWithComments(testApp);
  });
  afterAll(async () => {
    await testApp.close();
  });

  const comments = (body: object, cookie = company.owner.cookie, surveyId = company.surveyId) =>
    call(testApp.app, "POST", `/api/reports/${surveyId}/comments`, { cookie, body });

  it("stores one excerpt per written answer, with the analyzer's labels, and short answers as none", async () => {
    const rows = await testApp.ctx.database.db.select().from(commentExcerpt).where(eq(commentExcerpt.surveyId, company.surveyId));
    expect(rows).toHaveLength(RESPONSES * 2);
    const short = rows.filter((row) => row.text === "ok");
    expect(short).toHaveLength(10);
    for (const row of short) expect([row.sentiment, row.emotion]).toEqual(["none", "None"]);
    const praise = rows.find((row) => row.text.includes("#20#") && row.questionKey === "lowi_open_well");
    expect(praise).toMatchObject({ sentiment: "positive", direction: "do well", analyzer: "local", recommendTag: "recommend" });
    expect(praise?.topic).toBe("Teamwork");
    const suggestion = rows.find((row) => row.text.includes("#20#") && row.questionKey === "lowi_open_better");
    expect(suggestion?.direction).toBe("do better");
    // The excerpt carries the day only, like the response.
    expect(praise?.createdAt.toISOString()).toBe("2026-11-20T00:00:00.000Z");
  });

  it("stores a response with written answers in one insert, and analyses it in the next pass, off the request", async () => {
    const before = await excerptsOf(testApp, company.surveyId);
    const withText = answerAll(company.fields);
    // No cohort answers: later tests count the comments of each gender exactly.
    for (const field of company.fields) if (field.group === "demographic") delete withText[field.key];
    const jobsBefore = await jobCount(testApp);
    const statements = statementsOf(testApp);
    let posted: Awaited<ReturnType<typeof call>>;
    try {
      posted = await call(testApp.app, "POST", "/api/response", { body: { surveyId: company.surveyId, data: withText } });
    } finally {
      statements?.restore();
    }
    expect(posted.statusCode).toBe(200);
    if (statements) {
      const writes = statements.seen.filter((text) => !/^\s*select/i.test(text));
      expect(writes).toHaveLength(1);
      // One statement: it reads the network, claims the browser and the network when the answer can count, and inserts
      // the response (decision 0052).
      expect(writes[0].trim()).toMatch(/^with fresh as \([\s\S]*\bbrowser as \([\s\S]*\)\s*insert into survey_response \(/);
      expect(statements.seen.join("\n")).not.toMatch(/pgboss|comment_excerpt/);
    }
    expect(await jobCount(testApp)).toBe(jobsBefore);
    expect(await excerptsOf(testApp, company.surveyId)).toBe(before);

    const withoutText = answerAll(company.fields);
    delete withoutText.lowi_open_well;
    delete withoutText.lowi_open_better;
    const plain = await call(testApp.app, "POST", "/api/response", { body: { surveyId: company.surveyId, data: withoutText } });
    expect(plain.statusCode).toBe(200);

    const pass = await analyseNewResponses(testApp.ctx);
    expect(pass).toMatchObject({ leased: true, responses: 2, excerpts: 2, caughtUp: true });
    expect(await excerptsOf(testApp, company.surveyId)).toBe(before + 2);
    // nothing new: the next pass reads nothing
    expect(await analyseNewResponses(testApp.ctx)).toMatchObject({ responses: 0, excerpts: 0, caughtUp: true });
  });

  it("writes each excerpt once when a response is analysed twice, and a second instance does not take a held lease", async () => {
    const [latest] = (
      (await testApp.ctx.database.db.execute(
        sql`select response_id as id from comment_excerpt where survey_id = ${company.surveyId} group by response_id order by max(text) desc limit 1`,
      )) as unknown as { rows: { id: string }[] }
    ).rows;
    await testApp.ctx.database.db.delete(commentExcerpt).where(eq(commentExcerpt.responseId, latest.id));
    expect(await analyseResponses(testApp.ctx, [latest.id])).toBe(2);
    expect(await analyseResponses(testApp.ctx, [latest.id])).toBe(0);
    const rows = await testApp.ctx.database.db.select().from(commentExcerpt).where(eq(commentExcerpt.responseId, latest.id));
    expect(rows).toHaveLength(2);

    // The cursor row: this instance holds the lease; another owner cannot claim it while it is live.
    const { claimAnalysisLease } = await import("./comment-analysis.repo.js");
    expect(await claimAnalysisLease(testApp.ctx.database.db, "another-instance", 60)).toBeNull();
  });

  it("downloads the comments (all of them, not only the first 102), sentiment and themes as CSV, hidden groups as the notice", async () => {
    const base = `/api/reports/${company.surveyId}/export`;
    const listed = (await comments({})).json();
    const all = await call(testApp.app, "GET", `${base}/comments.csv`, { cookie: company.owner.cookie });
    expect(all.statusCode).toBe(200);
    expect(all.headers["content-type"]).toContain("text/csv");
    const lines = all.body
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    // Each comment names its question by its text, then its key (issue 25 item 6).
    expect(lines[0]).toBe("Comment,Question,Question key,Recommendation,Recommend tag,Sentiment,Emotion,Topic");
    expect(all.body).not.toMatch(/\{\{company_name\}\}/);
    const firstKey = listed.comments[0].questionKey as string;
    const title = (listed.options.openQuestions as { key: string; title: string }[]).find((question) => question.key === firstKey)?.title;
    expect(title).toBeDefined();
    expect(all.body).toContain(`,${firstKey},`);
    expect(lines.length - 1).toBe(listed.total);
    expect(listed.total).toBeGreaterThan(102);
    expect(all.body).not.toMatch(/^ok,/m);
    const sentiment = await call(testApp.app, "GET", `${base}/sentiment.csv`, { cookie: company.owner.cookie });
    expect(sentiment.body).toContain("All open questions,Sentiment,positive,");
    const themes = await call(testApp.app, "GET", `${base}/themes.csv`, { cookie: company.owner.cookie });
    expect(themes.body.split("\r\n")[0]).toContain("Theme,Topic,Comments");
    const hidden = await call(testApp.app, "GET", `${base}/comments.csv?filter=${encodeURIComponent("lowi_demo_gender:Non-binary")}`, {
      cookie: company.owner.cookie,
    });
    expect(hidden.body).toContain("Comments are hidden as the number available falls below the visibility threshold.");
    expect(hidden.body).not.toContain("Non-binary respondent");
    const other = await registerCompany(testApp.app);
    expect((await call(testApp.app, "GET", `${base}/comments.csv`, { cookie: other.cookie })).statusCode).toBe(404);
  });

  it("lists the first 102 comments without a search term, never those of 3 characters or fewer, in id order", async () => {
    const response = await comments({});
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.scope).toEqual({ restricted: false, message: null });
    expect(body.notice).toBeNull();
    expect(body.comments).toHaveLength(102);
    expect(body.truncated).toBe(true);
    // The response posted by the pipeline test is the 151st: not in a complete block of 5, so not published (decision 0022).
    expect(body.total).toBe(RESPONSES * 2 - 10);
    expect(body.comments.some((row: { text: string }) => row.text.trim().length <= 3)).toBe(false);
    const ids = body.comments.map((row: { id: string }) => row.id);
    expect(ids).toEqual([...ids].sort());
    expect(body.comments[0]).toEqual({
      id: expect.any(String),
      text: expect.any(String),
      questionKey: expect.stringMatching(/^lowi_open_/),
      recommendation: expect.stringMatching(/^do (well|better)$/),
      recommendTag: "recommend",
      sentiment: expect.any(String),
      emotion: expect.any(String),
      topic: expect.any(String),
    });
  });

  it("searches case-insensitively by substring, without the cap; a search matching 1..k−1 respondents is hidden", async () => {
    // One respondent's two comments: below k, so the list is hidden with the spec's notice, not listed or counted.
    const one = (await comments({ search: "RESPONDENT #42#" })).json();
    expect(one).toMatchObject({ comments: [], total: 0, hidden: true, notice: HIDDEN_NOTICE });
    const five = (await comments({ search: "RESPONDENT #4" })).json();
    expect(five.hidden).toBe(false);
    expect(new Set(five.comments.map((row: { text: string }) => row.text.match(/#(\d+)#/)?.[1])).size).toBeGreaterThanOrEqual(5);
    expect(five.comments.every((row: { text: string }) => row.text.toLowerCase().includes("respondent #4"))).toBe(true);
    const none = (await comments({ search: "no such words anywhere" })).json();
    expect(none).toMatchObject({ comments: [], total: 0, hidden: false, notice: null });
    const many = (await comments({ search: "supportive" })).json();
    expect(many.truncated).toBe(false);
    expect(many.comments.length).toBe(RESPONSES + 1 - 1);
  });

  it("filters by recommendation, sentiment and open question", async () => {
    const better = (await comments({ recommendations: ["do better"], search: "respondent" })).json();
    expect(better.comments.every((row: { recommendation: string }) => row.recommendation === "do better")).toBe(true);
    const well = (await comments({ questionKeys: ["lowi_open_well"], sentiments: ["positive"], search: "respondent" })).json();
    expect(well.comments.length).toBe(RESPONSES);
    expect(well.comments.every((row: { questionKey: string }) => row.questionKey === "lowi_open_well")).toBe(true);
  });

  it("narrows by a visible cohort and lists nothing, with the notice, for a hidden one", async () => {
    const women = (await comments({ filters: [{ key: "lowi_demo_gender", value: "Woman" }], search: "loves" })).json();
    expect(women.comments).toHaveLength(75);
    expect(women.comments.every((row: { text: string }) => row.text.startsWith("Woman"))).toBe(true);

    const hidden = (await comments({ filters: [{ key: "lowi_demo_gender", value: "Non-binary" }] })).json();
    expect(hidden.comments).toEqual([]);
    expect(hidden.total).toBe(0);
    expect(hidden.notice).toBe("Comments are hidden as the number available falls below the visibility threshold.");
    const asCohort = (await comments({ cohorts: [{ key: "lowi_demo_gender", value: "Non-binary" }] })).json();
    expect(asCohort.comments).toEqual([]);
    expect(asCohort.notice).toBe("Comments are hidden as the number available falls below the visibility threshold.");
    // Only listable cohorts are offered.
    expect(women.options.cohorts.map((option: { value: string }) => option.value)).toEqual(["Woman", "Man"]);
  });

  it("shows Staff without assigned cohorts the exact message and no comments", async () => {
    const staff = await addMember(testApp, company.owner.tenantId, "Staff");
    const body = (await comments({}, staff.cookie)).json();
    expect(body.comments).toEqual([]);
    expect(body.scope).toEqual({ restricted: true, message: COMMENT_MESSAGES.noCohortsAssigned });
    expect(COMMENT_MESSAGES.noCohortsAssigned).toBe(
      "You have no Cohorts assigned to this LOWI Survey. Please request your account administrator to assign you cohorts for this LOWI survey.",
    );
  });

  it("shows Staff only the comments of their assigned cohorts, leaving out hidden ones", async () => {
    const staff = await addMember(testApp, company.owner.tenantId, "Staff");
    const saved = await call(testApp.app, "POST", "/api/teams/members/postAssignedCohorts", {
      cookie: company.owner.cookie,
      body: {
        userId: staff.userId,
        surveyId: company.surveyId,
        email: staff.email,
        assignedCohorts: [
          { key: "lowi_demo_gender", value: "Woman", label: "Gender: Woman" },
          { key: "lowi_demo_gender", value: "Non-binary", label: "Gender: Non-binary" },
        ],
      },
    });
    expect(saved.statusCode).toBe(200);
    const read = await call(testApp.app, "POST", "/api/teams/members/getAssignedCohorts", {
      cookie: company.owner.cookie,
      body: { userId: staff.userId, surveyId: company.surveyId },
    });
    expect(read.json().assignedCohorts.map((cohort: { value: string }) => cohort.value)).toEqual(["Woman", "Non-binary"]);

    const body = (await comments({ search: "loves" }, staff.cookie)).json();
    expect(body.scope).toEqual({ restricted: true, message: null });
    expect(body.comments).toHaveLength(75);
    expect(body.comments.every((row: { text: string }) => row.text.startsWith("Woman"))).toBe(true);
    expect(body.notice).toBe("Comments are hidden as the number available falls below the visibility threshold.");

    const none = (await comments({ cohorts: [] }, staff.cookie)).json();
    expect(none.comments).toEqual([]);
    expect(none.scope.message).toBe(
      "You have no Cohorts selected. Please select one or more Cohorts to view the Love of Workplace Index™ Comments Report.",
    );
    const other = await comments({ cohorts: [{ key: "lowi_demo_gender", value: "Man" }] }, staff.cookie);
    expect(other.statusCode).toBe(403);

    const themes = (await call(testApp.app, "GET", `/api/reports/${company.surveyId}/thematic`, { cookie: staff.cookie })).json();
    expect(themes.notice).toBe("Themes are hidden as the number available falls below the visibility threshold.");
    for (const theme of themes.themes) {
      for (const example of theme.examples)
        expect(example.text.startsWith("Woman") || example.text.startsWith("Respondent"), example.text).toBe(true);
    }
  });

  it("applies cohorts assigned to an address before sign-up once that person has an account", async () => {
    const email = `later-${Date.now()}@example.com`;
    const saved = await call(testApp.app, "POST", "/api/teams/members/postAssignedCohortsPreRegistration", {
      cookie: company.owner.cookie,
      body: { email, surveyId: company.surveyId, assignedCohorts: [{ key: "lowi_demo_gender", value: "Man", label: "x" }] },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().assignedCohorts).toEqual([{ key: "lowi_demo_gender", value: "Man", label: "Gender: Man" }]);
    const [row] = await testApp.ctx.database.db.select().from(assignedCohort).where(eq(assignedCohort.email, email));
    expect(row.userId).toBeNull();
    const members = (await call(testApp.app, "GET", "/api/teams/members", { cookie: company.owner.cookie })).json();
    expect(members.members).toContainEqual({ userId: null, email, name: null, role: null, pending: true, isCompanyLeader: false });
  });

  it("counts sentiment and emotion overall and per open question, with shares to one decimal", async () => {
    const response = await call(testApp.app, "GET", `/api/reports/${company.surveyId}/sentiment`, { cookie: company.owner.cookie });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.hidden).toBe(false);
    // The 151st response is not in a complete block of 5: its two comments are not counted yet (decision 0022).
    expect(body.overall.total).toBe(RESPONSES * 2);
    expect(body.overall.sentiment.none.count).toBe(10);
    const shares = Object.values(body.overall.sentiment as Record<string, { share: number }>).reduce((sum, entry) => sum + entry.share, 0);
    expect(shares).toBeCloseTo(100, 0);
    expect(Object.keys(body.overall.emotion)).toHaveLength(11);
    expect(body.questions.map((question: { key: string }) => question.key)).toEqual(["lowi_open_well", "lowi_open_better"]);
    const hidden = (
      await call(testApp.app, "GET", `/api/reports/${company.surveyId}/sentiment?filter=lowi_demo_gender:Non-binary`, {
        cookie: company.owner.cookie,
      })
    ).json();
    expect(hidden).toMatchObject({ hidden: true, threshold: 5 });
    expect(hidden).not.toHaveProperty("overall");
  });

  it("draws themes of at least k comments", async () => {
    const body = (await call(testApp.app, "GET", `/api/reports/${company.surveyId}/thematic`, { cookie: company.owner.cookie })).json();
    expect(body.hidden).toBe(false);
    expect(body.themes.length).toBeGreaterThan(0);
    for (const theme of body.themes) expect(theme.count).toBeGreaterThanOrEqual(5);
    const small = (
      await call(testApp.app, "GET", `/api/reports/${company.surveyId}/thematic?filter=lowi_demo_gender:Non-binary`, {
        cookie: company.owner.cookie,
      })
    ).json();
    expect(small.hidden).toBe(true);
  });

  it("saves and restores a user's comment filters per survey", async () => {
    const url = `/api/me/selected-filters?surveyId=${company.surveyId}`;
    expect((await call(testApp.app, "GET", url, { cookie: company.owner.cookie })).json()).toEqual({
      surveyId: company.surveyId,
      filters: null,
    });
    const filters = { sentiments: ["negative"], recommendations: ["do better"], cohorts: [{ key: "lowi_demo_gender", value: "Woman" }] };
    const put = await call(testApp.app, "PUT", url, { cookie: company.owner.cookie, body: filters });
    expect(put.statusCode).toBe(200);
    expect((await call(testApp.app, "GET", url, { cookie: company.owner.cookie })).json().filters).toEqual(filters);
    const bad = await call(testApp.app, "PUT", url, { cookie: company.owner.cookie, body: { sentiments: ["furious"] } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty("sentiments.0");
    expect((await call(testApp.app, "GET", url, { cookie: company.owner.cookie })).json().filters).toEqual(filters);
  });

  it("refuses bad input with the field's reason and stores nothing", async () => {
    const staff = await addMember(testApp, company.owner.tenantId, "Staff");
    const post = (assignedCohorts: unknown[]) =>
      call(testApp.app, "POST", "/api/teams/members/postAssignedCohorts", {
        cookie: company.owner.cookie,
        body: { userId: staff.userId, surveyId: company.surveyId, email: staff.email, assignedCohorts },
      });
    const empty = await post([]);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields.assignedCohorts).toBe(COMMENT_MESSAGES.cohortRequired);
    const unknown = await post([{ key: "lowi_demo_gender", value: "Martian", label: "Gender: Martian" }]);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.fields["assignedCohorts.0"]).toContain("Martian");
    const notCohort = await post([{ key: "lowi_open_well", value: "Anything", label: "x" }]);
    expect(notCohort.statusCode).toBe(400);
    const pnts = await post([{ key: "lowi_demo_gender", value: "Prefer not to say", label: "x" }]);
    expect(pnts.statusCode).toBe(400);
    const rows = await testApp.ctx.database.db
      .select()
      .from(assignedCohort)
      .where(and(eq(assignedCohort.tenantId, company.owner.tenantId), eq(assignedCohort.email, staff.email.toLowerCase())));
    expect(rows).toEqual([]);

    const badComments = await comments({ sentiments: ["grumpy"] });
    expect(badComments.statusCode).toBe(400);
    expect(badComments.json().error.fields).toHaveProperty("sentiments.0");
    const badQuestion = await comments({ questions: { lowi_demo_gender: ["Woman"] } });
    expect(badQuestion.statusCode).toBe(400);
    expect(badQuestion.json().error.fields).toHaveProperty("questions");
    const tooMany = await comments({
      filters: [
        { key: "lowi_demo_gender", value: "Woman" },
        { key: "lowi_demo_age", value: "31-35" },
        { key: "lowi_demo_job_type", value: "Executive" },
      ],
    });
    expect(tooMany.statusCode).toBe(400);
  });

  it("answers 403 to members without the team-manage permission on the cohort routes", async () => {
    for (const role of ["Staff", "Manager"] as const) {
      const member = await addMember(testApp, company.owner.tenantId, role);
      const body = {
        userId: member.userId,
        surveyId: company.surveyId,
        email: member.email,
        assignedCohorts: [{ key: "lowi_demo_gender", value: "Woman", label: "" }],
      };
      for (const url of [
        "/api/teams/members/getAssignedCohorts",
        "/api/teams/members/postAssignedCohorts",
        "/api/teams/members/postAssignedCohortsPreRegistration",
      ]) {
        const response = await call(testApp.app, "POST", url, { cookie: member.cookie, body });
        expect(response.statusCode, `${role} ${url}`).toBe(403);
      }
      const options = await call(testApp.app, "GET", `/api/teams/surveys/${company.surveyId}/cohorts`, { cookie: member.cookie });
      expect(options.statusCode).toBe(403);
    }
    const rows = await testApp.ctx.database.db.select().from(assignedCohort).where(eq(assignedCohort.tenantId, company.owner.tenantId));
    expect(rows.every((row) => !row.email.startsWith("staff-") || row.cohorts.length > 0)).toBe(true);
  });

  it("answers 404 across companies on every new route", async () => {
    const other = await registerCompany(testApp.app);
    await completeProfileAndSetPlan(testApp, other.tenantId, "Gold");
    const ownStaff = await addMember(testApp, company.owner.tenantId, "Staff");
    for (const [method, url, body] of [
      ["GET", `/api/reports/${company.surveyId}/sentiment`, undefined],
      ["POST", `/api/reports/${company.surveyId}/comments`, {}],
      ["GET", `/api/reports/${company.surveyId}/thematic`, undefined],
      ["GET", `/api/me/selected-filters?surveyId=${company.surveyId}`, undefined],
      ["PUT", `/api/me/selected-filters?surveyId=${company.surveyId}`, {}],
      ["GET", `/api/teams/surveys/${company.surveyId}/cohorts`, undefined],
      ["POST", "/api/teams/members/getAssignedCohorts", { userId: other.userId, surveyId: company.surveyId }],
      [
        "POST",
        "/api/teams/members/postAssignedCohorts",
        { userId: ownStaff.userId, surveyId: company.surveyId, assignedCohorts: [{ key: "lowi_demo_gender", value: "Woman", label: "" }] },
      ],
      [
        "POST",
        "/api/teams/members/postAssignedCohortsPreRegistration",
        { email: "x@example.com", surveyId: company.surveyId, assignedCohorts: [{ key: "lowi_demo_gender", value: "Woman", label: "" }] },
      ],
    ] as const) {
      const response = await call(testApp.app, method, url, { cookie: other.cookie, body });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    // The other company's admin cannot reach this company's member through its own survey either.
    const { surveyId: otherSurvey } = await createLowiSurvey(testApp, other);
    const crossMember = await call(testApp.app, "POST", "/api/teams/members/postAssignedCohorts", {
      cookie: other.cookie,
      body: { userId: ownStaff.userId, surveyId: otherSurvey, assignedCohorts: [{ key: "lowi_demo_gender", value: "Woman", label: "" }] },
    });
    expect(crossMember.statusCode).toBe(404);
    const members = (await call(testApp.app, "GET", "/api/teams/members", { cookie: other.cookie })).json();
    expect(members.members.map((member: { email: string }) => member.email)).toEqual([other.email]);
  });

  it("answers 403 PLAN_UPGRADE_REQUIRED naming the feature on plans without the report", async () => {
    await putTenantOnPlan(testApp.ctx.database.db, company.owner.tenantId, "Bronze");
    try {
      for (const [method, url, feature] of [
        ["GET", `/api/reports/${company.surveyId}/sentiment`, "SentimentReport"],
        ["POST", `/api/reports/${company.surveyId}/comments`, "CommentsReport"],
        ["GET", `/api/reports/${company.surveyId}/thematic`, "ThematicAnalysis"],
      ] as const) {
        const response = await call(testApp.app, method, url, { cookie: company.owner.cookie, body: method === "POST" ? {} : undefined });
        expect(response.statusCode, url).toBe(403);
        expect(response.json().error).toMatchObject({ code: "PLAN_UPGRADE_REQUIRED", fields: { feature } });
      }
    } finally {
      await putTenantOnPlan(testApp.ctx.database.db, company.owner.tenantId, "Gold");
    }
  });
});
