/**
 * Issue 11, items 3 and 4 (docs/decisions/0022): a survey keeps the threshold it was published with, so reading it
 * before and after the company changes its threshold gives an attacker nothing to combine; and an open survey's
 * content changes only when a block of k responses completes.
 */
import {
  type CohortFilter,
  cohortDimensionsFromFields,
  countCohorts,
  createRandom,
  isGroupVisible,
  planSuppression,
  respondentCohortsOf,
  type SurveyField,
} from "@hearth/shared";
import { differencingAttack, listQueryableGroups } from "@hearth/shared/testing/differencing-attack";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { survey } from "../../db/schema.js";
import { call, createTestApp, registerCompany, type Session, type TestApp } from "../../test/harness.js";
import { generateLowiAnswers } from "../../seed/demo-surveys.js";
import { analyseNewResponses } from "../comments/comment-analysis.js";
import { insertResponse } from "../surveys/surveys.repo.js";
import { completeProfileAndSetPlan, lowiInput } from "../surveys/surveys.test-helpers.js";
import { filterQuery, readGroupSizes } from "./report-attacker.test-helpers.js";
import { flushSurveyState } from "./survey-state.js";

async function setCompanyThreshold(testApp: TestApp, owner: Session, visibilityThreshold: number): Promise<void> {
  const response = await call(testApp.app, "PUT", "/api/company/visibility-threshold", {
    cookie: owner.cookie,
    body: { visibilityThreshold },
  });
  expect(response.statusCode).toBe(200);
}

async function createSurvey(testApp: TestApp, owner: Session, name: string): Promise<{ surveyId: string; fields: SurveyField[] }> {
  const created = await call(testApp.app, "POST", "/api/surveys", { cookie: owner.cookie, body: lowiInput({ name }) });
  expect(created.statusCode).toBe(201);
  const surveyId = created.json().id as string;
  const [row] = await testApp.ctx.database.db.select({ fields: survey.fields }).from(survey).where(eq(survey.id, surveyId));
  return { surveyId, fields: row.fields as SurveyField[] };
}

async function storedThreshold(testApp: TestApp, tenantId: string, surveyId: string): Promise<number | null> {
  const [row] = await testApp.ctx.database.db
    .select({ threshold: survey.visibilityThreshold })
    .from(survey)
    .where(and(eq(survey.id, surveyId), eq(survey.tenantId, tenantId)));
  return row?.threshold ?? null;
}

describe("anonymity across thresholds (issue 11 item 3)", () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(async () => {
    await testApp.close();
  });

  it("reads at 3, then at 8: the survey keeps 3, and both readings together isolate nobody", async () => {
    const owner = await registerCompany(testApp.app);
    await completeProfileAndSetPlan(testApp, owner.tenantId, "Gold");
    await setCompanyThreshold(testApp, owner, 3);
    const { surveyId, fields } = await createSurvey(testApp, owner, "Love of Workplace Index 2026");
    expect(await storedThreshold(testApp, owner.tenantId, surveyId)).toBe(3);

    // The demo's population: 320 LOWI answers from the seed's generator and seed.
    const random = createRandom(20_261_122);
    const answers: Record<string, string>[] = [];
    for (let index = 0; index < 320; index++) {
      const answer = generateLowiAnswers(fields, random);
      answers.push(answer);
      await insertResponse(testApp.ctx.database.db, testApp.ctx.database.sql, owner.tenantId, {
        surveyId,
        answers: answer,
        submittedOn: "2026-11-20",
        tokenHash: null,
      });
    }
    // On PostgreSQL rows are published once proved settled (decision 0016): settle them before reading.
    await flushSurveyState(testApp.ctx, owner.tenantId, surveyId);
    const dimensions = cohortDimensionsFromFields(fields);
    expect(dimensions.length).toBeGreaterThanOrEqual(6);
    const groups = listQueryableGroups(dimensions);
    const readAll = () => readGroupSizes(testApp.app, owner.cookie, surveyId, dimensions);

    const at3 = await readAll();
    await setCompanyThreshold(testApp, owner, 8);
    const at8 = await readAll();
    expect([...at3.thresholds]).toEqual([3]);
    expect([...at8.thresholds]).toEqual([3]);
    expect(await storedThreshold(testApp, owner.tenantId, surveyId)).toBe(3);
    // The survey did not change threshold, so the second reading is the first one again.
    expect(at8.sizes).toEqual(at3.sizes);
    // The attacker saw a lot: hundreds of visible groups, and some hidden ones.
    const seenSizes = [...at3.sizes.values()];
    expect(seenSizes.filter((size) => typeof size === "number").length).toBeGreaterThan(200);
    expect(seenSizes.filter((size) => size === null).length).toBeGreaterThan(0);

    // The published respondents (blocks of 3 by arrival: 318 of 320) and their cohorts.
    const publishedCohorts = answers.slice(0, Math.floor(answers.length / 3) * 3).map((answer) => respondentCohortsOf(answer, dimensions));
    expect(at3.sizes.get("")).toBe(publishedCohorts.length);
    // What the attacker saw is true (a visible size is the real size of that group).
    const sizeOf = (filters: CohortFilter[]) =>
      publishedCohorts.filter((cohorts) => filters.every((filter) => cohorts[filter.key] === filter.value)).length;
    for (const filters of groups) {
      const seen = at3.sizes.get(filterQuery(filters));
      if (seen !== null && seen !== undefined) expect(seen).toBe(sizeOf(filters));
    }
    // Inclusion–exclusion (exact linear algebra) over everything both readings showed, empty cells assumed known.
    const shown = (filters: CohortFilter[]) =>
      typeof at3.sizes.get(filterQuery(filters)) === "number" || typeof at8.sizes.get(filterQuery(filters)) === "number";
    expect(differencingAttack(dimensions, publishedCohorts, 3, shown)).toEqual([]);

    // Not toothless: had the second reading been planned at 8 (the bug), the two plans together isolate groups below 3.
    const counts = countCohorts(publishedCohorts, dimensions);
    const plan3 = planSuppression(counts, 3);
    const plan8 = planSuppression(counts, 8);
    const leaks = differencingAttack(
      dimensions,
      publishedCohorts,
      3,
      (filters) => isGroupVisible(plan3, filters) || isGroupVisible(plan8, filters),
    );
    expect(leaks.length).toBeGreaterThan(0);

    // A survey published after the change takes 8 (the first one is closed: one open LOWI survey at a time).
    const close = (id: string) =>
      testApp.ctx.database.db
        .update(survey)
        .set({ endDate: new Date(Date.now() - 60_000) })
        .where(eq(survey.id, id));
    await close(surveyId);
    const later = await createSurvey(testApp, owner, "Pulse after the change");
    expect(await storedThreshold(testApp, owner.tenantId, later.surveyId)).toBe(8);
    const laterReport = (await call(testApp.app, "GET", `/api/reports/${later.surveyId}/company`, { cookie: owner.cookie })).json();
    expect(laterReport).toMatchObject({ hidden: true, threshold: 8 });
    // And a draft takes the company's threshold when it is published, not when it was created.
    await close(later.surveyId);
    const draft = await call(testApp.app, "POST", "/api/surveys", {
      cookie: owner.cookie,
      body: lowiInput({ name: "Draft", draft: true }),
    });
    expect(draft.statusCode).toBe(201);
    const draftId = draft.json().id as string;
    expect(await storedThreshold(testApp, owner.tenantId, draftId)).toBeNull();
    await setCompanyThreshold(testApp, owner, 6);
    expect(await storedThreshold(testApp, owner.tenantId, later.surveyId)).toBe(8);
    const published = await call(testApp.app, "PUT", `/api/surveys/${draftId}`, {
      cookie: owner.cookie,
      body: lowiInput({ name: "Draft", draft: false }),
    });
    expect(published.statusCode).toBe(200);
    expect(await storedThreshold(testApp, owner.tenantId, draftId)).toBe(6);
    // Editing a published survey keeps its threshold.
    await setCompanyThreshold(testApp, owner, 7);
    const edited = await call(testApp.app, "PUT", `/api/surveys/${draftId}`, {
      cookie: owner.cookie,
      body: lowiInput({ name: "Draft, renamed", draft: false }),
    });
    expect(edited.statusCode).toBe(200);
    expect(await storedThreshold(testApp, owner.tenantId, draftId)).toBe(6);
  }, 600_000);

  it("gives a published survey without a threshold its company's threshold once, at its first read", async () => {
    const owner = await registerCompany(testApp.app);
    await completeProfileAndSetPlan(testApp, owner.tenantId, "Gold");
    await setCompanyThreshold(testApp, owner, 4);
    const { surveyId } = await createSurvey(testApp, owner, "Seeded");
    // As the demo seed or an older row would have it.
    await testApp.ctx.database.db.update(survey).set({ visibilityThreshold: null }).where(eq(survey.id, surveyId));
    const report = (await call(testApp.app, "GET", `/api/reports/${surveyId}/company`, { cookie: owner.cookie })).json();
    expect(report.threshold).toBe(4);
    expect(await storedThreshold(testApp, owner.tenantId, surveyId)).toBe(4);
    await setCompanyThreshold(testApp, owner, 9);
    const again = (await call(testApp.app, "GET", `/api/reports/${surveyId}/company`, { cookie: owner.cookie })).json();
    expect(again.threshold).toBe(4);
  });
});

describe("anonymity in time (issue 11 item 4)", () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({ env: { RATE_LIMIT_RESPONSE_PER_IP: "10000" } });
  });
  afterAll(async () => {
    await testApp.close();
  });

  it("changes no readable content of an open survey until a block of k responses completes", async () => {
    const k = 3;
    const owner = await registerCompany(testApp.app);
    await completeProfileAndSetPlan(testApp, owner.tenantId, "Gold");
    await setCompanyThreshold(testApp, owner, k);
    const { surveyId, fields } = await createSurvey(testApp, owner, "Open pulse");
    const get = async (url: string) => {
      const response = await call(testApp.app, "GET", url, { cookie: owner.cookie });
      expect(response.statusCode, url).toBe(200);
      return response.headers["content-type"]?.toString().includes("json") ? response.json() : response.body;
    };
    const base = `/api/reports/${surveyId}`;
    const readEverything = async () => {
      const dashboard = await get("/api/dashboard");
      const comments = await call(testApp.app, "POST", `${base}/comments`, { cookie: owner.cookie, body: {} });
      expect(comments.statusCode).toBe(200);
      return {
        company: await get(`${base}/company`),
        companyWoman: await get(`${base}/company?filter=lowi_demo_gender:Woman`),
        breakdown: await get(`${base}/breakdown`),
        team: await get(`${base}/team`),
        sentiment: await get(`${base}/sentiment`),
        comments: comments.json(),
        thematic: await get(`${base}/thematic`),
        quotes: await get("/api/amplification/quotes"),
        competenciesCsv: await get(`${base}/export/competencies.csv`),
        commentsCsv: await get(`${base}/export/comments.csv`),
        breakdownCsv: await get(`${base}/export/breakdown.csv`),
        rawCsv: await get(`/api/export/survey?surveyId=${surveyId}`),
        // Response counts may stay live (the issue allows it); the dashboard's content is its latest LOWI report.
        dashboard: { latestLowi: { ...dashboard.latestLowi, responses: undefined } },
      };
    };

    /** How many responses the reads reflect: the raw export's rows. */
    // The answer rows come first; an anonymous survey's comments follow after a blank line, detached (decision 0052).
    const answerRows = (csv: string) =>
      csv
        .trim()
        .split(/\r\n\r\n/)[0]
        .split(/\r\n/);
    // Two header rows: the questions' texts, then their keys (issue 25 item 6).
    const publishedIn = (reading: { rawCsv: unknown }) => answerRows(reading.rawCsv as string).length - 2;
    const random = createRandom(11_04);
    let previous = await readEverything();
    const changes: number[] = [];
    const total = 4 * k + 1;
    for (let n = 1; n <= total; n++) {
      const data = generateLowiAnswers(fields, random);
      // Everyone writes something, so every block brings comments.
      data.lowi_open_well = `Respondent ${n} enjoys how the team shares knowledge and supports each other.`;
      const posted = await call(testApp.app, "POST", "/api/response", { body: { surveyId, data } });
      expect(posted.statusCode).toBe(200);
      await analyseNewResponses(testApp.ctx);
      const now = await readEverything();
      const changed = JSON.stringify(now) !== JSON.stringify(previous);
      // Whatever changed, changed with a whole block: the published count moved by a multiple of k, or nothing did.
      expect(publishedIn(now) % k).toBe(0);
      expect(changed, `after response ${n}`).toBe(publishedIn(now) !== publishedIn(previous));
      if (changed) changes.push(n);
      previous = now;
    }
    // Content moved exactly when a block of k completed, and never in between.
    expect(changes).toEqual([k, 2 * k, 3 * k, 4 * k]);
    expect(previous.company.responses).toBe(4 * k);
    expect(previous.comments.total).toBeGreaterThanOrEqual(4 * k);
    expect(answerRows(previous.rawCsv as string)).toHaveLength(2 + 4 * k);

    // Closing the survey publishes nothing more: the last partial block stays out (decision 0022).
    await testApp.ctx.database.db
      .update(survey)
      .set({ endDate: new Date(Date.now() - 60_000) })
      .where(eq(survey.id, surveyId));
    const closed = await readEverything();
    expect(closed.company.responses).toBe(4 * k);
    expect(closed.rawCsv).toBe(previous.rawCsv);
    expect(closed.comments).toEqual(previous.comments);
  }, 300_000);

  it("dates exported rows by their block's closing day, and leaves the partial block out", async () => {
    const owner = await registerCompany(testApp.app);
    await completeProfileAndSetPlan(testApp, owner.tenantId, "Gold");
    await setCompanyThreshold(testApp, owner, 3);
    const { surveyId, fields } = await createSurvey(testApp, owner, "Export days");
    const random = createRandom(7);
    const days = ["2026-11-01", "2026-11-02", "2026-11-05", "2026-11-06", "2026-11-07", "2026-11-09", "2026-11-10"];
    for (const day of days) {
      await insertResponse(testApp.ctx.database.db, testApp.ctx.database.sql, owner.tenantId, {
        surveyId,
        answers: generateLowiAnswers(fields, random),
        submittedOn: day,
        tokenHash: null,
      });
    }
    await flushSurveyState(testApp.ctx, owner.tenantId, surveyId);
    const csv = await call(testApp.app, "GET", `/api/export/survey?surveyId=${surveyId}`, { cookie: owner.cookie });
    expect(csv.statusCode).toBe(200);
    // Answer rows only: detached comments, if any, follow after a blank line (decision 0052); the two header rows
    // (question texts, then keys) come first.
    const rows = csv.body
      .trim()
      .split(/\r\n\r\n/)[0]
      .split(/\r\n/)
      .slice(2);
    expect(rows).toHaveLength(6);
    const exportedDays = rows.map((row) => row.split(",")[0]).sort();
    expect(exportedDays).toEqual(["2026-11-05", "2026-11-05", "2026-11-05", "2026-11-09", "2026-11-09", "2026-11-09"]);
    const xlsx = await call(testApp.app, "GET", `/api/export/survey?surveyId=${surveyId}&format=xlsx`, { cookie: owner.cookie });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers["content-type"]).toContain("spreadsheetml");
  });
});
