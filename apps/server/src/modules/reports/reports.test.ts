import { AGREE_SCALE, createRandom, DEFAULT_VISIBILITY_THRESHOLD, type SurveyField, formatHiddenNotice } from "@hearth/shared";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { survey } from "../../db/schema.js";
import { benchmarkRecomputed, surveyAggregate } from "../../db/schema-reports.js";
import { addMember, call, type TestApp, createTestApp, registerCompany } from "../../test/harness.js";
import { updateTenant } from "../company/company.repo.js";
import { insertResponse } from "../surveys/surveys.repo.js";
import { answerAll, completeProfileAndSetPlan, lowiInput } from "../surveys/surveys.test-helpers.js";
import { recomputeBenchmarks } from "./report-benchmarks.service.js";
import { flushSurveyState, reportStore } from "./survey-state.js";

const KEYS = ["lowi_demo_gender", "lowi_demo_job_type", "lowi_demo_age"] as const;
const LOVE_KEYS = ["lowi_love_company", "lowi_love_workplace", "lowi_love_manager", "lowi_love_coworkers", "lowi_love_ceo"];

/** Weighted answers per cohort question: skewed so that several small cells exist; "" = skipped. */
const WEIGHTS: Record<(typeof KEYS)[number], [string, number][]> = {
  lowi_demo_gender: [
    ["Woman", 18],
    ["Man", 15],
    ["Non-binary", 3],
    ["Prefer not to say", 2],
    ["", 2],
  ],
  lowi_demo_job_type: [
    ["Individual Contributor", 20],
    ["Manager of Others", 10],
    ["Executive", 3],
    ["Front Line", 5],
    ["", 2],
  ],
  lowi_demo_age: [
    ["31-35", 12],
    ["36-45", 14],
    ["30 or younger", 8],
    ["56 or older", 2],
    ["46-55", 4],
  ],
};

function pick(next: () => number, weights: [string, number][]): string {
  const total = weights.reduce((sum, [, weight]) => sum + weight, 0);
  let at = next() * total;
  for (const [value, weight] of weights) {
    at -= weight;
    if (at < 0) return value;
  }
  return weights[weights.length - 1][0];
}

interface Company {
  cookie: string;
  tenantId: string;
  surveyId: string;
  fields: SurveyField[];
  answers: Record<string, string>[];
}

async function companyWithResponses(testApp: TestApp, count: number, seed: number, plan = "Gold"): Promise<Company> {
  const owner = await registerCompany(testApp.app);
  await completeProfileAndSetPlan(testApp, owner.tenantId, plan);
  const created = await call(testApp.app, "POST", "/api/surveys", { cookie: owner.cookie, body: lowiInput() });
  expect(created.statusCode).toBe(201);
  const surveyId = created.json().id as string;
  const [row] = await testApp.ctx.database.db.select({ fields: survey.fields }).from(survey).where(eq(survey.id, surveyId));
  const fields = row.fields as SurveyField[];
  const next = createRandom(seed);
  const answers: Record<string, string>[] = [];
  for (let index = 0; index < count; index++) {
    const answer = answerAll(fields);
    for (const field of fields) {
      if (field.answerType !== "Radio") continue;
      if (field.group === "agree") answer[field.key] = AGREE_SCALE[Math.floor(next() * 5)];
      if (field.group === "demographic") delete answer[field.key];
    }
    for (const key of KEYS) {
      const value = pick(next, WEIGHTS[key]);
      if (value) answer[key] = value;
    }
    answers.push(answer);
    await insertResponse(testApp.ctx.database.db, testApp.ctx.database.sql, owner.tenantId, {
      surveyId,
      answers: answer,
      submittedOn: "2026-11-20",
      tokenHash: null,
    });
  }
  return { cookie: owner.cookie, tenantId: owner.tenantId, surveyId, fields, answers };
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/** The LOWI score computed straight from the answers: the mean of every answer to the five love items. */
function directLoveScore(answers: readonly Record<string, string>[]): number {
  let sum = 0;
  let count = 0;
  for (const answer of answers) {
    for (const key of LOVE_KEYS) {
      const index = AGREE_SCALE.indexOf(answer[key] as (typeof AGREE_SCALE)[number]);
      if (index >= 0) {
        sum += index + 1;
        count += 1;
      }
    }
  }
  return sum / count;
}

describe("reports", () => {
  let testApp: TestApp;
  let company: Company;
  beforeAll(async () => {
    testApp = await createTestApp();
    company = await companyWithResponses(testApp, 40, 7);
  });
  afterAll(async () => {
    await testApp.close();
  });

  const getReport = (url: string, cookie = company.cookie) => call(testApp.app, "GET", url, { cookie });

  it("computes the company report from the responses (checked against a direct computation)", async () => {
    const response = await getReport(`/api/reports/${company.surveyId}/company`);
    expect(response.statusCode).toBe(200);
    const report = response.json();
    expect(report.hidden).toBe(false);
    expect(report.locked).toBe(false);
    expect(report.responses).toBe(40);
    expect(report.loveScore).toBeCloseTo(round2(directLoveScore(company.answers)), 2);
    expect(report.competencies).toHaveLength(15);
    expect(report.loveAreas).toHaveLength(5);
    expect(report.sparkAreas).toHaveLength(6);
    expect(report.benefits).toHaveLength(20);
    expect(report.top5).toHaveLength(5);
    expect(report.benchmarkSize).toBe("Medium");
    expect(report.love.benchmark).toBeGreaterThan(4);
    expect(report.love.ci.low).toBeLessThan(report.love.score);
    expect(report.love.ci.high).toBeGreaterThan(report.love.score);
  });

  it("narrows to one cohort, and hides a cohort below the threshold with the exact notice", async () => {
    const women = company.answers.filter((answer) => answer.lowi_demo_gender === "Woman");
    expect(women.length).toBeGreaterThanOrEqual(DEFAULT_VISIBILITY_THRESHOLD);
    const narrowed = (await getReport(`/api/reports/${company.surveyId}/company?filter=lowi_demo_gender:Woman`)).json();
    expect(narrowed.hidden).toBe(false);
    expect(narrowed.responses).toBe(women.length);
    expect(narrowed.loveScore).toBeCloseTo(round2(directLoveScore(women)), 2);

    const small = company.answers.filter((answer) => answer.lowi_demo_gender === "Non-binary").length;
    expect(small).toBeGreaterThan(0);
    expect(small).toBeLessThan(DEFAULT_VISIBILITY_THRESHOLD);
    const hidden = await getReport(`/api/reports/${company.surveyId}/company?filter=lowi_demo_gender:Non-binary`);
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json()).toEqual({
      hidden: true,
      threshold: 5,
      filters: [{ key: "lowi_demo_gender", value: "Non-binary" }],
      notice: "Results are hidden as the number available falls below the visibility threshold.",
    });
    expect(formatHiddenNotice("Results")).toBe(hidden.json().notice);
  });

  it("never lets a group below the threshold be derived from the sizes the API shows (every filter and filter pair)", async () => {
    const k = DEFAULT_VISIBILITY_THRESHOLD;
    const values: Record<string, string[]> = {};
    for (const key of KEYS)
      values[key] = company.fields.find((field) => field.key === key)!.radioOptions.filter((value) => value !== "Prefer not to say");
    // Groups: "" (everyone), "A=v", "A=v|B=w". Unanswered cells ("A=?") are never queryable.
    const id = (filters: [string, string][]) =>
      filters
        .slice()
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([key, value]) => `${key}=${value}`)
        .join("|");
    const cohortOf = (answer: Record<string, string>, key: string) => (values[key].includes(answer[key]) ? answer[key] : "?");
    const trueSize = (filters: [string, string][]) =>
      company.answers.filter((answer) => filters.every(([key, value]) => cohortOf(answer, key) === value)).length;

    const known = new Map<string, number>();
    const ask = async (filters: [string, string][]) => {
      const query = filters.map(([key, value]) => `filter=${encodeURIComponent(`${key}:${value}`)}`).join("&");
      const response = await getReport(`/api/reports/${company.surveyId}/company${query ? `?${query}` : ""}`);
      expect(response.statusCode).toBe(200);
      const body = response.json();
      if (!body.hidden) {
        expect(body.responses).toBe(trueSize(filters));
        known.set(id(filters), body.responses);
      } else {
        expect(body).not.toHaveProperty("responses");
        expect(body).not.toHaveProperty("loveScore");
      }
    };
    await ask([]);
    for (const key of KEYS) for (const value of values[key]) await ask([[key, value]]);
    for (let i = 0; i < KEYS.length; i++) {
      for (let j = i + 1; j < KEYS.length; j++) {
        for (const v of values[KEYS[i]])
          for (const w of values[KEYS[j]])
            await ask([
              [KEYS[i], v],
              [KEYS[j], w],
            ]);
      }
    }

    // The attacker: every relation "a group = the sum of its parts" over every partition the filters allow,
    // including the never-queryable unanswered cells, solved exactly (Gaussian elimination over the sizes).
    const variables: string[] = [""];
    for (const key of KEYS) for (const value of [...values[key], "?"]) variables.push(id([[key, value]]));
    for (let i = 0; i < KEYS.length; i++) {
      for (let j = i + 1; j < KEYS.length; j++) {
        for (const v of [...values[KEYS[i]], "?"])
          for (const w of [...values[KEYS[j]], "?"])
            variables.push(
              id([
                [KEYS[i], v],
                [KEYS[j], w],
              ]),
            );
      }
    }
    const index = new Map(variables.map((name, position) => [name, position]));
    const equations: number[][] = [];
    const relation = (whole: string, parts: string[]) => {
      const row = new Array(variables.length + 1).fill(0);
      row[index.get(whole)!] -= 1;
      for (const part of parts) row[index.get(part)!] += 1;
      equations.push(row);
    };
    for (const key of KEYS)
      relation(
        "",
        [...values[key], "?"].map((value) => id([[key, value]])),
      );
    for (let i = 0; i < KEYS.length; i++) {
      for (let j = i + 1; j < KEYS.length; j++) {
        const [a, b] = [KEYS[i], KEYS[j]];
        for (const v of [...values[a], "?"])
          relation(
            id([[a, v]]),
            [...values[b], "?"].map((w) =>
              id([
                [a, v],
                [b, w],
              ]),
            ),
          );
        for (const w of [...values[b], "?"])
          relation(
            id([[b, w]]),
            [...values[a], "?"].map((v) =>
              id([
                [a, v],
                [b, w],
              ]),
            ),
          );
      }
    }
    for (const [name, size] of known) {
      const row = new Array(variables.length + 1).fill(0);
      row[index.get(name)!] = 1;
      row[variables.length] = size;
      equations.push(row);
    }
    // Reduced row echelon form; a variable is determined when a row has it as its only unknown.
    const matrix = equations.map((row) => row.slice());
    let rank = 0;
    for (let column = 0; column < variables.length && rank < matrix.length; column++) {
      let pivot = -1;
      for (let row = rank; row < matrix.length; row++) if (Math.abs(matrix[row][column]) > 1e-9) pivot = pivot < 0 ? row : pivot;
      if (pivot < 0) continue;
      [matrix[rank], matrix[pivot]] = [matrix[pivot], matrix[rank]];
      const scale = matrix[rank][column];
      for (let c = 0; c <= variables.length; c++) matrix[rank][c] /= scale;
      for (let row = 0; row < matrix.length; row++) {
        if (row === rank || Math.abs(matrix[row][column]) < 1e-12) continue;
        const factor = matrix[row][column];
        for (let c = 0; c <= variables.length; c++) matrix[row][c] -= factor * matrix[rank][c];
      }
      rank++;
    }
    const derived = new Map<string, number>();
    for (const row of matrix) {
      const nonZero = variables.map((_, column) => column).filter((column) => Math.abs(row[column]) > 1e-9);
      if (nonZero.length === 1) derived.set(variables[nonZero[0]], Math.round(row[variables.length]));
    }
    const leaks: string[] = [];
    for (const [name, size] of derived) {
      if (size > 0 && size < k) leaks.push(`${name} = ${size}`);
    }
    expect(leaks, "groups below the threshold an attacker can compute from visible sizes").toEqual([]);
    // Sanity: the attack is real: it derives at least the visible groups.
    expect(derived.size).toBeGreaterThanOrEqual(known.size);
  });

  it("shows scores by cohort with the small cohorts hidden, not zero", async () => {
    const response = await getReport(`/api/reports/${company.surveyId}/team?cohort=lowi_demo_gender`);
    expect(response.statusCode).toBe(200);
    const team = response.json();
    expect(team.cohortKey).toBe("lowi_demo_gender");
    const nonBinary = team.rows.find((row: { value: string }) => row.value === "Non-binary");
    expect(nonBinary).toEqual({ value: "Non-binary", hidden: true, responses: null, scores: null });
    const women = team.rows.find((row: { value: string }) => row.value === "Woman");
    expect(women.hidden).toBe(false);
    expect(women.scores.love).toBeGreaterThan(0);
    expect(team.notice).toBe("Some teams are hidden as the number available falls below the visibility threshold.");
    expect(team.overall.responses).toBe(40);
    // With no cohort asked for, the LOWI question about where people work, never age (issue 25 item 3).
    expect((await getReport(`/api/reports/${company.surveyId}/team`)).json().cohortKey).toBe("lowi_demo_job_function");
  });

  it("breaks down every question, merging hidden cohort values into one line", async () => {
    const response = await getReport(`/api/reports/${company.surveyId}/breakdown`);
    expect(response.statusCode).toBe(200);
    const breakdown = response.json();
    const gender = breakdown.questions.find((question: { key: string }) => question.key === "lowi_demo_gender");
    const labels = gender.options.map((option: { label: string }) => option.label);
    expect(labels).not.toContain("Non-binary");
    expect(labels).not.toContain("Prefer not to say");
    expect(labels).toContain("Hidden or not answered");
    const recommend = breakdown.questions.find((question: { key: string }) => question.key === "lowi_recommend");
    expect(recommend.options).toHaveLength(10);
  });

  it("downloads the company report as a PDF and its tables as CSV", async () => {
    const pdf = await getReport(`/api/reports/${company.surveyId}/company.pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    const csv = await getReport(`/api/reports/${company.surveyId}/export/competencies.csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toContain("text/csv");
    expect(csv.body).toContain("Score (out of 5)");
    expect(csv.body).toContain("Love of Workplace Index");
    const team = await getReport(`/api/reports/${company.surveyId}/export/team.csv?cohort=lowi_demo_gender`);
    expect(team.body).toMatch(/Non-binary,Hidden/);
    // Questions by their text as respondents read it, then their key (issue 25 item 6).
    const breakdown = (await getReport(`/api/reports/${company.surveyId}/export/breakdown.csv`)).body.replace(/^\uFEFF/, "");
    expect(breakdown.split("\r\n")[0]).toBe("Question,Question key,Option,Count,Share (%)");
    expect(breakdown).not.toContain("{{");
  });

  it("shows the dashboard with the latest LOWI score and the certification rule", async () => {
    const response = await getReport("/api/dashboard");
    expect(response.statusCode).toBe(200);
    const dashboard = response.json();
    expect(dashboard.activeSurveys.map((entry: { id: string }) => entry.id)).toContain(company.surveyId);
    expect(dashboard.latestLowi.surveyId).toBe(company.surveyId);
    expect(dashboard.latestLowi.love.score).toBeCloseTo(round2(directLoveScore(company.answers)), 2);
    // Headcount 120 → 40 responses needed, and 40 arrived.
    expect(dashboard.certification).toMatchObject({ required: 40, responses: 40, remaining: 0, eligible: false });
    // Each rule of decision 0035: still open, responses met, and the score (uniformly random answers: about 40% positive).
    expect(dashboard.certification.checks.map((check: { rule: string; met: boolean }) => [check.rule, check.met])).toEqual([
      ["closed", false],
      ["responses", true],
      ["score", false],
    ]);
    expect(dashboard.certification.nextStep).toEqual({ label: "Close the survey from the survey list", href: "/dashboard/surveys" });
  });

  it("stores the folded numbers and reads the same report back after a restart of the cache", async () => {
    await flushSurveyState(testApp.ctx, company.tenantId, company.surveyId);
    const [stored] = await testApp.ctx.database.db
      .select()
      .from(surveyAggregate)
      .where(and(eq(surveyAggregate.surveyId, company.surveyId), eq(surveyAggregate.tenantId, company.tenantId)));
    expect(stored.responses).toBe(40);
    const before = (await getReport(`/api/reports/${company.surveyId}/company`)).json();
    reportStore(testApp.ctx).clear();
    // More responses after the stored point: published on the next read once a block of k = 5 is complete.
    const extra = [0, 1, 2, 3, 4].map((pick) => answerAll(company.fields, pick));
    const add = (answers: Record<string, string>) =>
      insertResponse(testApp.ctx.database.db, testApp.ctx.database.sql, company.tenantId, {
        surveyId: company.surveyId,
        answers,
        submittedOn: "2026-11-21",
        tokenHash: null,
      });
    for (const answers of extra.slice(0, 4)) await add(answers);
    const partial = (await getReport(`/api/reports/${company.surveyId}/company`)).json();
    expect(partial).toEqual(before);
    await add(extra[4]);
    // On PostgreSQL, published once settled (decision 0016); PGlite reads them settled at once.
    await flushSurveyState(testApp.ctx, company.tenantId, company.surveyId);
    const after = (await getReport(`/api/reports/${company.surveyId}/company`)).json();
    expect(after.responses).toBe(45);
    expect(after.loveScore).toBeCloseTo(round2(directLoveScore([...company.answers, ...extra])), 2);
    expect(before.responses).toBe(40);
  });

  it("refuses bad input with a field-level reason", async () => {
    const base = `/api/reports/${company.surveyId}`;
    const cases = [
      `${base}/company?filter=nocolon`,
      `${base}/company?filter=lowi_demo_gender:`,
      `${base}/company?filter=unknown_key:Woman`,
      `${base}/company?filter=lowi_demo_gender:Woman&filter=lowi_demo_gender:Man`,
      `${base}/company?filter=lowi_demo_gender:Woman&filter=lowi_demo_age:31-35&filter=lowi_demo_job_type:Executive`,
      `${base}/team?cohort=nope`,
      "/api/reports/not%20an%20id/company",
      `${base}/export/secrets.csv`,
    ];
    for (const url of cases) {
      const response = await getReport(url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().error.code, url).toBe("VALIDATION_FAILED");
      expect(response.body, url).not.toMatch(/at .*\.ts/);
    }
  });

  it("keeps every company's reports to itself, and asks for sign-in", async () => {
    const other = await registerCompany(testApp.app, { companyName: "Other Co" });
    for (const path of ["company", "team", "breakdown", "company.pdf", "export/competencies.csv"]) {
      const response = await getReport(`/api/reports/${company.surveyId}/${path}`, other.cookie);
      expect(response.statusCode, path).toBe(404);
      const anonymous = await call(testApp.app, "GET", `/api/reports/${company.surveyId}/${path}`);
      expect(anonymous.statusCode, path).toBe(401);
    }
    const dashboard = (await getReport("/api/dashboard", other.cookie)).json();
    expect(dashboard.latestLowi).toBeNull();
    expect(dashboard.activeSurveys).toEqual([]);
  });

  it("lets Staff read reports (report-view) and hides the numbers from a plan without the LOWI report", async () => {
    const staff = await addMember(testApp, company.tenantId, "Staff");
    expect((await getReport(`/api/reports/${company.surveyId}/company`, staff.cookie)).statusCode).toBe(200);

    const free = await companyWithResponses(testApp, 8, 11, "Free");
    const locked = (await getReport(`/api/reports/${free.surveyId}/company`, free.cookie)).json();
    expect(locked.locked).toBe(true);
    expect(locked.love.score).toBeGreaterThan(0);
    expect(locked.competencies.every((row: { score: number }) => row.score === 0)).toBe(true);
    expect(locked.recommend.total).toBe(0);
    const breakdown = await getReport(`/api/reports/${free.surveyId}/breakdown`, free.cookie);
    expect(breakdown.statusCode).toBe(403);
    expect(breakdown.json().error).toMatchObject({ code: "PLAN_UPGRADE_REQUIRED", fields: { feature: "BreakdownReport" } });
    const pdf = await getReport(`/api/reports/${free.surveyId}/company.pdf`, free.cookie);
    expect(pdf.statusCode).toBe(403);
    const team = await getReport(`/api/reports/${free.surveyId}/team`, free.cookie);
    expect(team.statusCode).toBe(403);
  });

  it("hides everything of a survey with fewer respondents than its threshold, which the company setting no longer moves", async () => {
    const few = await companyWithResponses(testApp, 4, 3);
    const report = (await getReport(`/api/reports/${few.surveyId}/company`, few.cookie)).json();
    expect(report.hidden).toBe(true);
    const women = (await getReport(`/api/reports/${company.surveyId}/company?filter=lowi_demo_gender:Woman`)).json();
    expect(women.hidden).toBe(false);
    // The company raises its threshold: the published survey keeps 5 (decision 0022), so its readings do not change.
    await updateTenant(testApp.ctx.database.db, company.tenantId, { visibilityThreshold: 30 });
    expect((await getReport(`/api/reports/${company.surveyId}/company?filter=lowi_demo_gender:Woman`)).json()).toEqual(women);
    await updateTenant(testApp.ctx.database.db, company.tenantId, { visibilityThreshold: 5 });
  });

  it("recomputes benchmarks from closed LOWI surveys only where a size band has at least 5 companies", async () => {
    const closed: Company[] = [];
    const close = async (entry: Company) => {
      await testApp.ctx.database.db
        .update(survey)
        .set({ endDate: new Date(Date.UTC(2025, 5, 30)), updatedAt: new Date() })
        .where(eq(survey.id, entry.surveyId));
    };
    for (let index = 0; index < 4; index++) {
      const entry = await companyWithResponses(testApp, 6, 100 + index);
      await close(entry);
      closed.push(entry);
    }
    expect(await recomputeBenchmarks(testApp.ctx)).toMatchObject({ bands: 0 });
    expect(await testApp.ctx.database.db.select().from(benchmarkRecomputed)).toEqual([]);

    const fifth = await companyWithResponses(testApp, 6, 200);
    await close(fifth);
    const result = await recomputeBenchmarks(testApp.ctx);
    expect(result.bands).toBe(1);
    const [band] = await testApp.ctx.database.db.select().from(benchmarkRecomputed);
    expect(band).toMatchObject({ companySize: "Medium", year: 2025, companies: 5 });
    const report = (await getReport(`/api/reports/${fifth.surveyId}/company`, fifth.cookie)).json();
    expect(report.benchmarkYear).toBe(2025);
    expect(report.benchmarkSource).toBe("recomputed");
    // Running it again changes nothing (it replaces the bands).
    expect(await recomputeBenchmarks(testApp.ctx)).toMatchObject({ bands: 1, companies: 5 });
  });
});
