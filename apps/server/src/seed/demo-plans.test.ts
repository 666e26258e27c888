/**
 * The demo company shows key drivers (issue 26 item 1): its closed LOWI survey names strengths and opportunities on
 * both outcomes, so a newcomer sees the Key drivers tab filled, and each opportunity can start a plan; two plans
 * started from them show the Action Plans page at work (issue 26 item 7).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestApp, call, createTestApp, signIn } from "../test/harness.js";
import { DEMO_ADMIN_EMAIL, DEMO_PASSWORD, DEMO_STAFF_EMAIL, seedDemoData } from "./demo.js";

describe("the demo company's key drivers", () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
    await seedDemoData(testApp.ctx.database.db);
  });
  afterAll(() => testApp.close());

  it("names strengths and opportunities on the closed LOWI survey", async () => {
    const cookie = await signIn(testApp.app, DEMO_ADMIN_EMAIL, DEMO_PASSWORD);
    const surveys = (await call(testApp.app, "GET", "/api/surveys", { cookie })).json() as {
      id: string;
      isLOWI: boolean;
      status?: string;
    }[];
    const lowi = surveys.filter((survey) => survey.isLOWI);
    const answers = await Promise.all(lowi.map((survey) => call(testApp.app, "GET", `/api/reports/${survey.id}/drivers`, { cookie })));
    const closed = answers.filter((response) => response.statusCode === 200).map((response) => response.json());
    expect(closed.length).toBeGreaterThan(0);
    const drivers = closed[0];
    expect(drivers).toMatchObject({ scope: "company", responses: 320, n: 320 });
    for (const outcome of drivers.outcomes) {
      expect(outcome.strengths.length).toBeGreaterThan(0);
      expect(outcome.opportunities.length).toBeGreaterThan(0);
    }
  });

  it("has two plans from that survey: one under way, one with an overdue action", async () => {
    const cookie = await signIn(testApp.app, DEMO_ADMIN_EMAIL, DEMO_PASSWORD);
    const listed = await call(testApp.app, "GET", "/api/action-plans", { cookie });
    expect(listed.statusCode, listed.body).toBe(200);
    const plans = listed.json().plans as { title: string; overdueActions: number; source: string }[];
    expect(plans.map((plan) => plan.title).sort()).toEqual(["Make growth visible in every team", "Respect in every meeting"]);
    expect(plans.every((plan) => plan.source === "suggested")).toBe(true);
    expect(plans.map((plan) => plan.overdueActions).sort()).toEqual([0, 1]);
  });

  it("shows the growth plan's answered check-in above the threshold, with the change from the baseline", async () => {
    const cookie = await signIn(testApp.app, DEMO_ADMIN_EMAIL, DEMO_PASSWORD);
    const plans = (await call(testApp.app, "GET", "/api/action-plans", { cookie })).json().plans as { id: string; title: string }[];
    const growth = plans.find((plan) => plan.title === "Make growth visible in every team");
    const detail = (await call(testApp.app, "GET", `/api/action-plans/${growth?.id}`, { cookie })).json();
    expect(detail.checkins[0]).toMatchObject({ draft: false, closed: true, invitedCount: 420, inviteError: null });
    const [point] = detail.progress.checkins;
    // 210 answers, published in whole blocks of the threshold (5): all 210.
    expect(point).toMatchObject({ slot: 0, n: 210, notice: null });
    expect(detail.progress.baseline).toMatchObject({ n: 320, notice: null });
    expect(point.change).toBeGreaterThan(0.1);
    // The change shown is the difference of the two scores shown.
    expect(point.change).toBeCloseTo(point.score - detail.progress.baseline.score, 10);
    // The check-in's invitees add up: 420 invited, 210 replied.
    const invitees = await call(testApp.app, "GET", `/api/surveys/${detail.checkins[0].surveyId}/invitees`, { cookie });
    expect(invitees.statusCode, invitees.body).toBe(200);
  });

  it("leaves the check-in, which Staff may not read (§6), out of what Staff read, without failing their pages", async () => {
    const cookie = await signIn(testApp.app, DEMO_STAFF_EMAIL, DEMO_PASSWORD);
    const quotes = await call(testApp.app, "GET", "/api/amplification/quotes", { cookie });
    expect(quotes.statusCode, quotes.body).toBe(200);
    const surveys = (await call(testApp.app, "GET", "/api/surveys", { cookie })).json() as { name: string }[];
    expect(surveys.some((survey) => survey.name.includes("check-in 1"))).toBe(false);
  });
});
