/**
 * Issue 26, "Done when: the differencing attack finds nothing through driver or progress numbers": a plan's progress
 * at its check-ins. The attacker (every Admin permission, the lowest threshold, the invitees' cohort values of their
 * choosing) moves one plan through every cohort and focus and reads the check-in's score, n and interval each time,
 * beside every group size the check-in's breakdown shows, and reads them again after every response to an open
 * check-in. Each group progress describes is one the breakdown shows, of the size it shows, with the breakdown's own
 * score; exact linear algebra over all of it isolates nobody; and an open check-in's progress moves only when a block
 * of k responses completes (decision 0022).
 */
import {
  AGREE_SCALE,
  type CohortFilter,
  cohortDimensionsFromFields,
  confidenceInterval95,
  createRandom,
  inviteeCohortFields,
  LOWI_AGREE_FIELDS,
  PROGRESS_REASONS,
  respondentCohortsOf,
  roundTo,
  type SurveyField,
} from "@hearth/shared";
import { differencingAttack } from "@hearth/shared/testing/differencing-attack";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { survey } from "../../db/schema.js";
import { call, createTestApp, type Session, type TestApp } from "../../test/harness.js";
import {
  expectWithinReports,
  filterQuery,
  groupName,
  readBreakdownSizes,
  type StatedSizes,
  stateSizes,
} from "../reports/report-attacker.test-helpers.js";
import { flushSurveyState } from "../reports/survey-state.js";
import { insertResponse } from "../surveys/surveys.repo.js";
import { answerAll, completeProfileAndSetPlan, lowiInput } from "../surveys/surveys.test-helpers.js";
import { PLAN, planCalls } from "./action-plans.test-helpers.js";
import { PROGRESS_HIDDEN_NOTICE } from "./plan-progress.service.js";

const K = 3;
const FOCUS = PLAN.focusKey;
const FOCUS_AREA = LOWI_AGREE_FIELDS.find((field) => field.key === FOCUS)?.sparkArea as string;
/** A LOWI item the check-ins do not ask (they ask the plan's focus only). */
const OTHER_ITEM = LOWI_AGREE_FIELDS.find((field) => field.key !== FOCUS)?.key as string;

type Scope = { key: string | null; value: string | null; filters: CohortFilter[] | null };
const scopeOf = (key: string, value: string): Scope => ({ key, value, filters: [{ key: `cohort.${key}`, value }] });
const WHOLE: Scope = { key: null, value: null, filters: [] };

/** Score, n and 95% interval of the focus as the breakdown's counts of its answers give them. */
function fromCounts(question: { options: { label: string; count: number }[] }) {
  const moments = { n: 0, sum: 0, sumSq: 0 };
  AGREE_SCALE.forEach((label, index) => {
    const count = question.options.find((option) => option.label === label)?.count ?? 0;
    moments.n += count;
    moments.sum += (index + 1) * count;
    moments.sumSq += (index + 1) ** 2 * count;
  });
  const mean = moments.sum / moments.n;
  return { score: roundTo(mean, 2), n: moments.n, ci: confidenceInterval95(moments, mean) };
}

describe("the differencing attack through a plan's progress at its check-ins (issue 26)", () => {
  let testApp: TestApp;
  let api: ReturnType<typeof planCalls>;
  beforeAll(async () => {
    testApp = await createTestApp();
    api = planCalls(testApp);
  });
  afterAll(() => testApp.close());

  const db = () => testApp.ctx.database.db;
  const get = async (session: Session, url: string) => {
    const response = await call(testApp.app, "GET", url, { cookie: session.cookie });
    expect(response.statusCode, url).toBe(200);
    return response.json();
  };
  async function fieldsOf(surveyId: string): Promise<SurveyField[]> {
    const [row] = await db().select({ fields: survey.fields }).from(survey).where(eq(survey.id, surveyId));
    return row.fields as SurveyField[];
  }
  /** One answer of `level` to the focus, with the invitee's cohort values, published as the survey's blocks allow. */
  async function respond(tenantId: string, surveyId: string, level: number, cohorts: Record<string, string>) {
    const answers: Record<string, string> = { ...answerAll(await fieldsOf(surveyId)), [FOCUS]: AGREE_SCALE[level - 1] };
    for (const [key, value] of Object.entries(cohorts)) answers[`cohort.${key}`] = value;
    await insertResponse(db(), testApp.ctx.database.sql, tenantId, { surveyId, answers, submittedOn: "2026-11-20", tokenHash: null });
    await flushSurveyState(testApp.ctx, tenantId, surveyId);
  }
  /** The plan, moved to this scope and focus: its progress as the plan page shows it. */
  async function progressAt(admin: Session, planId: string, scope: Scope, focusKey: string) {
    const patched = await api.patch(admin, planId, { scopeCohortKey: scope.key, scopeCohortValue: scope.value, focusKey });
    expect(patched.statusCode, patched.body).toBe(200);
    return patched.json().progress;
  }
  /** A plan on a small baseline with `slots` published check-ins carrying these invitee cohorts. */
  async function planWithCheckins(cohorts: Record<string, string[]>, slots: number) {
    const admin = await api.company();
    await completeProfileAndSetPlan(testApp, admin.tenantId, "Silver");
    const threshold = await call(testApp.app, "PUT", "/api/company/visibility-threshold", {
      cookie: admin.cookie,
      body: { visibilityThreshold: K },
    });
    expect(threshold.statusCode).toBe(200);
    const baselineId = (await call(testApp.app, "POST", "/api/surveys", { cookie: admin.cookie, body: lowiInput() })).json().id;
    for (const level of [2, 3, 2, 4, 1, 3]) await respond(admin.tenantId, baselineId, level, {});
    const plan = (await api.create(admin, { ...PLAN, ownerUserId: admin.userId, baselineSurveyId: baselineId })).json();
    const checkins: string[] = [];
    for (let slot = 0; slot < slots; slot++) {
      const detail = (await api.send(admin, "POST", `/api/action-plans/${plan.id}/checkins`)).json();
      const surveyId = detail.checkins[slot].surveyId as string;
      const stored = await get(admin, `/api/surveys/${surveyId}`);
      const published = await call(testApp.app, "PUT", `/api/surveys/${surveyId}`, {
        cookie: admin.cookie,
        body: { ...stored, draft: false },
      });
      expect(published.statusCode, published.body).toBe(200);
      // The invitees' cohort values, as invitations write them on the survey.
      await db().update(survey).set({ inviteeCohorts: cohorts }).where(eq(survey.id, surveyId));
      checkins.push(surveyId);
    }
    return { admin, planId: plan.id as string, checkins };
  }

  it("states at a check-in no group and no size its breakdown does not, under every cohort and focus", async () => {
    const cohorts = { department: ["Sales", "Operations", "Support", "Legal"], location: ["Oslo", "Lima"] };
    const { admin, planId, checkins } = await planWithCheckins(cohorts, 1);
    const [surveyId] = checkins;
    // 24 people: Support 4 and Legal 2, so Legal is hidden and Support with it (Legal would be the rest); some have no location.
    const random = createRandom(26_0078);
    const people = [
      ...Array.from({ length: 10 }, () => "Sales"),
      ...Array.from({ length: 8 }, () => "Operations"),
      ...Array.from({ length: 4 }, () => "Support"),
      ...Array.from({ length: 2 }, () => "Legal"),
    ];
    const answered: Record<string, string>[] = [];
    for (const department of people) {
      const draw = random();
      const person: Record<string, string> = { department, ...(draw < 0.85 ? { location: draw < 0.5 ? "Oslo" : "Lima" } : {}) };
      answered.push(Object.fromEntries(Object.entries(person).map(([key, value]) => [`cohort.${key}`, value])));
      await respond(admin.tenantId, surveyId, 1 + Math.floor(random() * 5), person);
    }
    const dimensions = cohortDimensionsFromFields([...(await fieldsOf(surveyId)), ...inviteeCohortFields(cohorts)]);
    expect(dimensions.map((dimension) => dimension.key)).toEqual(["cohort.department", "cohort.location"]);
    const published = answered.map((answer) => respondentCohortsOf(answer, dimensions));
    const sizes = await readBreakdownSizes(testApp.app, admin.cookie, surveyId, dimensions);
    expect(sizes.get("")).toBe(24);
    expect(sizes.get(groupName([{ key: "cohort.department", value: "Legal" }]))).toBeNull();
    expect(sizes.get(groupName([{ key: "cohort.department", value: "Support" }]))).toBeNull();

    const stated: StatedSizes = new Map();
    const scopes: Scope[] = [
      WHOLE,
      ...cohorts.department.map((value) => scopeOf("department", value)),
      ...cohorts.location.map((value) => scopeOf("location", value)),
      { key: "department", value: "Nowhere", filters: null },
    ];
    let readable = 0;
    for (const scope of scopes) {
      const breakdown = scope.filters ? await get(admin, `/api/reports/${surveyId}/breakdown?${filterQuery(scope.filters)}`) : null;
      for (const focusKey of [FOCUS, FOCUS_AREA, OTHER_ITEM]) {
        const progress = await progressAt(admin, planId, scope, focusKey);
        const point = progress.checkins[0];
        const none = { score: null, n: null, ci: null, change: null };
        if (focusKey === OTHER_ITEM) {
          expect(point).toMatchObject({ ...none, notice: PROGRESS_REASONS.notAsked });
          continue;
        }
        if (!breakdown) {
          expect(point).toMatchObject({ ...none, notice: PROGRESS_REASONS.noCohort });
          continue;
        }
        if (breakdown.hidden) {
          expect(point).toMatchObject({ ...none, notice: PROGRESS_HIDDEN_NOTICE });
          continue;
        }
        readable += 1;
        // The breakdown's own counts of the focus's answers in the same group; the area of one asked item is that item.
        const expected = fromCounts(breakdown.questions.find((question: { key: string }) => question.key === FOCUS));
        expect(point, `${focusKey} in ${groupName(scope.filters ?? [])}`).toMatchObject({ ...expected, notice: null });
        expect(point.n).toBe(breakdown.responses);
        // The change says how far the group moved from its baseline, only when both are readable.
        if (progress.baseline.score === null) expect(point.change).toBeNull();
        else expect(point.change).toEqual(expect.any(Number));
        stateSizes(stated, scope.filters ?? [], [point.n]);
      }
    }
    // Every scope the breakdown shows (the whole check-in, Sales, Operations, Oslo at least), for the item and its area.
    const shownScopes = scopes.filter((scope) => scope.filters && typeof sizes.get(groupName(scope.filters)) === "number");
    expect(shownScopes.length).toBeGreaterThanOrEqual(4);
    expect(readable).toBe(2 * shownScopes.length);

    expectWithinReports(stated, sizes);
    const shown = (filters: CohortFilter[]) => typeof sizes.get(groupName(filters)) === "number" || stated.has(groupName(filters));
    expect(differencingAttack(dimensions, published, K, shown)).toEqual([]);
    // Not toothless: progress for every cohort of at least k (Support too) would show Legal's 2 as the rest.
    const sizeOf = (filters: CohortFilter[]) => published.filter((person) => filters.every((f) => person[f.key] === f.value)).length;
    const careless = (filters: CohortFilter[]) => shown(filters) || (filters.length === 1 && sizeOf(filters) >= K);
    expect(differencingAttack(dimensions, published, K, careless)).toContain("cohort.department=Legal (2)");
  }, 300_000);

  it("moves an open check-in's progress, under every cohort, only when a block of k responses completes", async () => {
    const cohorts = { department: ["Sales", "Operations"] };
    const { admin, planId, checkins } = await planWithCheckins(cohorts, 2);
    const scopes = [WHOLE, ...cohorts.department.map((value) => scopeOf("department", value))];
    const readAll = async () => {
      const points = [];
      for (const scope of scopes) points.push((await progressAt(admin, planId, scope, FOCUS)).checkins[1]);
      return points;
    };
    let previous = await readAll();
    const changes: number[] = [];
    const random = createRandom(26_0022);
    for (let count = 1; count <= 4 * K + 1; count++) {
      // The attacker's own answers and everyone else's look alike: each is one more response, in one department.
      await respond(admin.tenantId, checkins[1], 1 + Math.floor(random() * 5), { department: random() < 0.6 ? "Sales" : "Operations" });
      const now = await readAll();
      const published = Math.floor(count / K) * K;
      // The whole check-in's n is the published count, once that reaches k.
      if (published >= K) expect(now[0]).toMatchObject({ n: published, notice: null });
      else expect(now[0]).toMatchObject({ n: null, score: null });
      for (const point of now) if (point.n !== null) expect(point.n).toBeGreaterThanOrEqual(K);
      if (JSON.stringify(now) !== JSON.stringify(previous)) changes.push(count);
      previous = now;
    }
    expect(changes).toEqual([K, 2 * K, 3 * K, 4 * K]);
  }, 300_000);
});
