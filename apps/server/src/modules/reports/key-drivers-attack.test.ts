/**
 * Issue 26, "Done when: the differencing attack finds nothing through driver or progress numbers". The attacker of the
 * report tests (every Admin permission, the lowest threshold, the invitees' cohort values of their choosing) reads, on
 * a closed LOWI survey, every number the key drivers give — for the company and for every cohort of every question —
 * and every number a plan's progress gives at its baseline, moving one plan through every cohort and every focus. Each
 * group those numbers describe is one the reports show, of the size they show; exact linear algebra over all of it and
 * the reports' own group sizes together isolates nobody. Not toothless: drivers given to a cohort of 30 or more that
 * the suppression plan hides to protect a smaller one would isolate that one.
 */
import {
  AGREE_SCALE,
  type CohortFilter,
  COHORT_DRIVER_MIN_RESPONSES,
  cohortDimensionsFromFields,
  createRandom,
  DRIVER_SCOPE_NOTES,
  DRIVERS_NEED_CLOSED_SURVEY,
  formatHiddenNotice,
  inviteeCohortFields,
  LOWI_AGREE_FIELDS,
  PROGRESS_REASONS,
  respondentCohortsOf,
  roundTo,
  SPARK_AREAS,
  type SurveyField,
} from "@hearth/shared";
import { differencingAttack, listQueryableGroups } from "@hearth/shared/testing/differencing-attack";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { survey } from "../../db/schema.js";
import { call, createTestApp, registerCompany, type TestApp } from "../../test/harness.js";
import { generateLowiAnswers } from "../../seed/demo-surveys.js";
import { PLAN, planCalls } from "../action-plans/action-plans.test-helpers.js";
import { PROGRESS_HIDDEN_NOTICE } from "../action-plans/plan-progress.service.js";
import { insertResponse } from "../surveys/surveys.repo.js";
import { completeProfileAndSetPlan, lowiInput } from "../surveys/surveys.test-helpers.js";
import {
  expectWithinReports,
  filterQuery,
  groupName,
  readGroupSizes,
  type StatedSizes,
  stateSizes,
} from "./report-attacker.test-helpers.js";
import { flushSurveyState } from "./survey-state.js";

const K = 3;
const MIN = Math.max(COHORT_DRIVER_MIN_RESPONSES, K);
// 150 respondents. Job type: everyone answers, 2 Executives, so hiding them alone would leave them as the company minus
// the other three: the plan also hides Front Line, 33 people, enough for drivers of their own.
const JOB_TYPES: [string, number][] = [
  ["Executive", 2],
  ["Front Line", 33],
  ["Manager of Others", 40],
  ["Individual Contributor", 75],
];
const GENDERS: [string, number][] = [
  ["Woman", 70],
  ["Man", 72],
  ["Non-binary", 2],
  ["I use another term", 1],
  ["Prefer not to say", 5],
];
// Invitee cohorts, as the attacker typed them into the invitations; 3 people invited without one.
const DEPARTMENTS: [string, number][] = [
  ["Harbour", 58],
  ["Finance", 44],
  ["Studio", 31],
  ["Legal", 11],
  ["Audit", 2],
  ["Office of the CEO", 1],
  ["", 3],
];
/** The cohort questions the respondents answer; the survey's other demographic questions nobody answers. */
const ANSWERED_KEYS = ["cohort.department", "lowi_demo_gender", "lowi_demo_job_type"];

/** The values of a list, each as many times as it says, shuffled. */
function deal(random: () => number, list: [string, number][]): string[] {
  const values = list.flatMap(([value, count]) => Array.from({ length: count }, () => value));
  for (let i = values.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [values[i], values[j]] = [values[j], values[i]];
  }
  return values;
}

interface DriverRow {
  key: string;
  kind: "item" | "area" | "loveArea";
  n: number;
  favourability: number;
  scorePercent: number;
}
interface Outcome {
  drivers: DriverRow[];
  strengths: DriverRow[];
  opportunities: DriverRow[];
}
interface ScoreRow {
  topic: string;
  score: number;
  percent: number;
  answers: number;
  ci: { low: number; high: number } | null;
}

/** Every count a key-drivers answer states: its responses, its n and each driver's n. */
const countsOf = (body: { responses: number; n: number; outcomes: Outcome[] }) => [
  body.responses,
  body.n,
  ...body.outcomes.flatMap((outcome) => [...outcome.drivers, ...outcome.strengths, ...outcome.opportunities].map((row) => row.n)),
];

const topicOf = (key: string) => LOWI_AGREE_FIELDS.find((field) => field.key === key)?.topic;

describe("the differencing attack through key drivers and plan progress (issue 26)", () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(() => testApp.close());

  it("finds nothing through any driver or baseline progress number, under any cohort", async () => {
    const { app } = testApp;
    const { db } = testApp.ctx.database;
    const owner = await registerCompany(app);
    await completeProfileAndSetPlan(testApp, owner.tenantId, "Gold");
    const threshold = await call(app, "PUT", "/api/company/visibility-threshold", {
      cookie: owner.cookie,
      body: { visibilityThreshold: K },
    });
    expect(threshold.statusCode).toBe(200);
    const created = await call(app, "POST", "/api/surveys", { cookie: owner.cookie, body: lowiInput() });
    expect(created.statusCode).toBe(201);
    const surveyId = created.json().id as string;
    const cohorts = { department: DEPARTMENTS.map(([name]) => name).filter(Boolean) };
    await db.update(survey).set({ inviteeCohorts: cohorts }).where(eq(survey.id, surveyId));
    const [row] = await db.select({ fields: survey.fields }).from(survey).where(eq(survey.id, surveyId));
    const fields = row.fields as SurveyField[];

    const random = createRandom(20_261_126);
    const [jobs, genders, departments] = [deal(random, JOB_TYPES), deal(random, GENDERS), deal(random, DEPARTMENTS)];
    const answers: Record<string, string>[] = [];
    for (let index = 0; index < jobs.length; index++) {
      const answer = generateLowiAnswers(fields, random);
      for (const field of fields) if (field.group === "demographic") delete answer[field.key];
      answer.lowi_demo_job_type = jobs[index];
      answer.lowi_demo_gender = genders[index];
      if (departments[index]) answer["cohort.department"] = departments[index];
      answers.push(answer);
      await insertResponse(db, testApp.ctx.database.sql, owner.tenantId, {
        surveyId,
        answers: answer,
        submittedOn: "2026-11-20",
        tokenHash: null,
      });
    }
    await flushSurveyState(testApp.ctx, owner.tenantId, surveyId);
    const query = (filters: readonly CohortFilter[]) => (filters.length > 0 ? `?${filterQuery(filters)}` : "");
    const base = `/api/reports/${surveyId}`;
    // While the survey is open the drivers give nothing under any filter, so no reading falls between two responses.
    for (const filters of [[], [{ key: "lowi_demo_job_type", value: "Manager of Others" }]]) {
      const open = await call(app, "GET", `${base}/drivers${query(filters)}`, { cookie: owner.cookie });
      expect(open.statusCode).toBe(409);
      expect(open.json().error.message).toBe(DRIVERS_NEED_CLOSED_SURVEY);
    }
    await db
      .update(survey)
      .set({ endDate: new Date(Date.now() - 86_400_000) })
      .where(eq(survey.id, surveyId));

    const allDimensions = cohortDimensionsFromFields([...fields, ...inviteeCohortFields(cohorts)]);
    // Questions nobody answered add only empty groups, which the attacker is assumed to know: the attack leaves them out.
    const dimensions = allDimensions.filter((dimension) => ANSWERED_KEYS.includes(dimension.key));
    expect(dimensions.map((dimension) => dimension.key)).toEqual(ANSWERED_KEYS);
    // 150 answers, all published in blocks of 3.
    const published = answers.map((answer) => respondentCohortsOf(answer, dimensions));
    const sizeOf = (filters: readonly CohortFilter[]) =>
      published.filter((cohorts) => filters.every((filter) => cohorts[filter.key] === filter.value)).length;
    const get = async (url: string) => {
      const response = await call(app, "GET", url, { cookie: owner.cookie });
      expect(response.statusCode, url).toBe(200);
      return response.json();
    };

    // 1. Every group size the reports show.
    const { sizes, thresholds } = await readGroupSizes(app, owner.cookie, surveyId, dimensions);
    expect([...thresholds]).toEqual([K]);
    expect(sizes.get("")).toBe(150);
    for (const filters of listQueryableGroups(dimensions)) {
      const size = sizes.get(groupName(filters));
      if (typeof size === "number") expect(size, groupName(filters)).toBe(sizeOf(filters));
    }
    const stated: StatedSizes = new Map();

    // 2. Key drivers for the company and for every cohort of every question, answered or not.
    const whole = await get(`${base}/drivers`);
    expect(whole).toMatchObject({ hidden: false, scope: "company", scopeNote: null, responses: 150, n: 150 });
    stateSizes(stated, [], countsOf(whole));
    const withoutScope = (body: Record<string, unknown>) => ({ ...body, filters: null, scope: null, scopeNote: null });
    const own: string[] = [];
    for (const dimension of allDimensions) {
      for (const value of dimension.values) {
        const filters = [{ key: dimension.key, value }];
        const drivers = await get(`${base}/drivers${query(filters)}`);
        const report = await get(`${base}/company${query(filters)}`);
        // Hidden exactly when the report is, and then the notice alone: no count, no figure.
        expect(drivers.hidden, groupName(filters)).toBe(report.hidden);
        if (drivers.hidden) {
          expect(drivers).toEqual({ hidden: true, threshold: K, filters, notice: formatHiddenNotice("Key drivers") });
          continue;
        }
        if (drivers.scope === "company") {
          // The company's figures, exactly: nothing of the cohort, and of its size only that it is short of the minimum.
          expect(report.responses, groupName(filters)).toBeLessThan(MIN);
          expect(withoutScope(drivers)).toEqual(withoutScope(whole));
          expect(drivers.scopeNote).toBe(DRIVER_SCOPE_NOTES.tooFew(MIN));
          continue;
        }
        // The cohort's own drivers: every count they state is the report's size of the cohort.
        own.push(groupName(filters));
        expect(drivers).toMatchObject({ scope: "cohort", scopeNote: null, filters });
        expect(report.responses).toBeGreaterThanOrEqual(MIN);
        expect(new Set(countsOf(drivers))).toEqual(new Set([report.responses]));
        stateSizes(stated, filters, countsOf(drivers));
        // And every score and favourability beside them is the report's figure for the same group.
        const breakdown = await get(`${base}/breakdown${query(filters)}`);
        const rows: ScoreRow[] = [...report.competencies, ...report.loveAreas];
        for (const driver of drivers.outcomes.flatMap((outcome: Outcome) => outcome.drivers) as DriverRow[]) {
          if (driver.kind === "area") {
            expect(driver.scorePercent).toBe(report.sparkAreas.find((area: ScoreRow) => area.topic === driver.key).percent);
            continue;
          }
          expect(driver.scorePercent).toBe(rows.find((item) => item.topic === topicOf(driver.key))?.percent);
          const question = breakdown.questions.find((entry: { key: string }) => entry.key === driver.key);
          const count = (label: string) => question.options.find((option: { label: string }) => option.label === label).count;
          expect(driver.favourability).toBe(roundTo(((count(AGREE_SCALE[3]) + count(AGREE_SCALE[4])) / question.total) * 100, 1));
        }
        expect(drivers.averagePercent).toBe(roundTo(rows.reduce((sum, item) => sum + item.percent, 0) / rows.length, 1));
      }
    }
    // Seven cohorts of 30 or more are readable and get their own drivers; Front Line's 33 are hidden with the report.
    expect(own.sort()).toEqual(
      [
        [{ key: "cohort.department", value: "Harbour" }],
        [{ key: "cohort.department", value: "Finance" }],
        [{ key: "cohort.department", value: "Studio" }],
        [{ key: "lowi_demo_gender", value: "Woman" }],
        [{ key: "lowi_demo_gender", value: "Man" }],
        [{ key: "lowi_demo_job_type", value: "Manager of Others" }],
        [{ key: "lowi_demo_job_type", value: "Individual Contributor" }],
      ]
        .map(groupName)
        .sort(),
    );
    // A cohort within a cohort is never asked of the drivers: its figures against its parent's would be a difference.
    const harbourWomen = [
      { key: "cohort.department", value: "Harbour" },
      { key: "lowi_demo_gender", value: "Woman" },
    ];
    expect(sizes.get(groupName(harbourWomen))).toBeGreaterThanOrEqual(K);
    const pair = await call(app, "GET", `${base}/drivers${query(harbourWomen)}`, { cookie: owner.cookie });
    expect(pair.statusCode).toBe(400);

    // 3. Progress at the baseline: one plan, moved through every cohort the plan form can name, for every focus.
    const api = planCalls(testApp);
    const plan = (await api.create(owner, { ...PLAN, ownerUserId: owner.userId, baselineSurveyId: surveyId })).json();
    const scopes: { key: string | null; value: string | null; filters: CohortFilter[] | null }[] = [
      { key: null, value: null, filters: [] },
      ...cohorts.department.map((value) => ({ key: "department", value, filters: [{ key: "cohort.department", value }] })),
      { key: "department", value: "Nowhere", filters: null },
      // The plan's cohort is an invitee cohort: a survey question's key names none.
      { key: "lowi_demo_job_type", value: "Front Line", filters: null },
    ];
    const focuses = [...LOWI_AGREE_FIELDS.map((field) => field.key), ...SPARK_AREAS];
    let readable = 0;
    for (const scope of scopes) {
      const report = scope.filters ? await get(`${base}/company${query(scope.filters)}`) : null;
      for (const focusKey of focuses) {
        const patched = await api.patch(owner, plan.id, { scopeCohortKey: scope.key, scopeCohortValue: scope.value, focusKey });
        expect(patched.statusCode, patched.body).toBe(200);
        const point = patched.json().progress.baseline;
        const none = { score: null, n: null, ci: null, change: null };
        if (!report || !scope.filters) {
          expect(point).toMatchObject({ ...none, notice: PROGRESS_REASONS.noCohort });
          continue;
        }
        if (report.hidden) {
          expect(point).toMatchObject({ ...none, notice: PROGRESS_HIDDEN_NOTICE });
          continue;
        }
        readable += 1;
        const item = (SPARK_AREAS as readonly string[]).includes(focusKey)
          ? (report.sparkAreas as ScoreRow[]).find((area) => area.topic === focusKey)
          : ([...report.competencies, ...report.loveAreas] as ScoreRow[]).find((entry) => entry.topic === topicOf(focusKey));
        // The report's own figures for the same group and question.
        expect(point, `${focusKey} in ${groupName(scope.filters)}`).toMatchObject({
          score: item?.score,
          n: item?.answers,
          ci: item?.ci,
          notice: null,
        });
        // An item's n is the group's size (every LOWI item is required); an area's counts its items' answers.
        if (!(SPARK_AREAS as readonly string[]).includes(focusKey)) {
          expect(point.n).toBe(report.responses);
          stateSizes(stated, scope.filters, [point.n]);
        }
      }
    }
    expect(readable).toBe(5 * focuses.length);

    // 4. The attack: everything the reports, the drivers and the progress showed, together.
    expectWithinReports(stated, sizes);
    const shown = (filters: CohortFilter[]) => typeof sizes.get(groupName(filters)) === "number" || stated.has(groupName(filters));
    expect(differencingAttack(dimensions, published, K, shown)).toEqual([]);
    // Not toothless: drivers for every cohort of 30 or more (Front Line too) would show the 2 Executives.
    const frontLine = [{ key: "lowi_demo_job_type", value: "Front Line" }];
    expect(sizes.get(groupName(frontLine))).toBeNull();
    const careless = (filters: CohortFilter[]) => shown(filters) || (filters.length === 1 && sizeOf(filters) >= MIN);
    const leaks = differencingAttack(dimensions, published, K, careless);
    expect(leaks).toContain("lowi_demo_job_type=Executive (2)");
  }, 300_000);
});
