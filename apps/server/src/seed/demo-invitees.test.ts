import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestApp, call, createTestApp, signIn } from "../test/harness.js";
import { DEMO_ADMIN_EMAIL, seedDemoData } from "./demo.js";
import { DEMO_HEADCOUNT, DEMO_LOWI_INVITED } from "./demo-invitees.js";

describe("demo invitees", () => {
  let testApp: TestApp;
  let cookie: string;
  beforeAll(async () => {
    testApp = await createTestApp();
    await seedDemoData(testApp.ctx.database.db);
    cookie = await signIn(testApp.app, DEMO_ADMIN_EMAIL, "Demo-Password-2026!");
  });
  afterAll(async () => {
    await testApp.close();
  });

  it("gives each demo survey invitees in every state, never more replies than responses", async () => {
    const surveys = (await call(testApp.app, "GET", "/api/surveys", { cookie })).json() as {
      id: string;
      name: string;
      completed: number;
    }[];
    // The closed LOWI survey, the active custom survey and the growth plan's closed check-in (decision 0079).
    expect(surveys).toHaveLength(3);
    for (const survey of surveys) {
      const list = (await call(testApp.app, "GET", `/api/surveys/${survey.id}/invitees`, { cookie })).json();
      const replied = list.invitees.filter((row: { replied: boolean }) => row.replied).length;
      expect(replied, survey.name).toBeGreaterThan(0);
      expect(replied, survey.name).toBeLessThanOrEqual(survey.completed);
      const statuses = new Set(list.invitees.map((row: { sendStatus: string }) => row.sendStatus));
      expect(statuses.has("Sent") && statuses.has("Failed"), survey.name).toBe(true);
      const failed = list.invitees.filter((row: { sendStatus: string }) => row.sendStatus === "Failed");
      expect(failed).toHaveLength(1);
      expect(failed[0].failureReason).toContain("550");
    }
    const checkIn = surveys.find((survey) => survey.name === "Hybrid work check-in");
    const list = (await call(testApp.app, "GET", `/api/surveys/${checkIn?.id}/invitees`, { cookie })).json();
    const byStatus = (status: string) => list.invitees.filter((row: { sendStatus: string }) => row.sendStatus === status);
    expect(byStatus("Pending").every((row: { scheduledDate: number }) => row.scheduledDate > Date.now())).toBe(true);
    expect(byStatus("Pending").length).toBeGreaterThan(0);
    expect(byStatus("Cancelled").length).toBeGreaterThan(0);
    expect(list.dispatching).toBe(0);
    const everyone = (await call(testApp.app, "GET", "/api/invitees", { cookie })).json();
    expect(everyone.total).toBe(DEMO_LOWI_INVITED);
    const both = everyone.invitees.find(
      (row: { mostRecentEmails: Record<string, number> }) => Object.keys(row.mostRecentEmails).length >= 2,
    );
    expect(both.meta.department).toEqual(expect.any(String));
  });

  it("adds up (issue 25 item 8): responses = replied invitees ≤ invited ≤ the company's headcount, for every survey", async () => {
    const profile = (await call(testApp.app, "GET", "/api/company/profile", { cookie })).json() as { headcount: number };
    expect(profile.headcount).toBe(DEMO_HEADCOUNT);
    const surveys = (await call(testApp.app, "GET", "/api/surveys", { cookie })).json() as {
      id: string;
      name: string;
      completed: number;
    }[];
    for (const survey of surveys) {
      const list = (await call(testApp.app, "GET", `/api/surveys/${survey.id}/invitees`, { cookie })).json();
      const invited = list.invitees.length as number;
      const replied = list.invitees.filter((row: { replied: boolean }) => row.replied).length;
      expect(replied, survey.name).toBe(survey.completed);
      expect(invited, survey.name).toBeGreaterThanOrEqual(survey.completed);
      expect(invited, survey.name).toBeLessThanOrEqual(DEMO_HEADCOUNT);
    }
    const dashboard = (await call(testApp.app, "GET", "/api/dashboard", { cookie })).json() as {
      activeSurveys: { responses: number; invited: number }[];
    };
    for (const active of dashboard.activeSurveys) expect(active.responses).toBeLessThanOrEqual(active.invited);
  });

  it("gives the check-in a cohort question, so its Team tab compares the offices on its five-point question", async () => {
    const surveys = (await call(testApp.app, "GET", "/api/surveys", { cookie })).json() as { id: string; name: string }[];
    const checkIn = surveys.find((survey) => survey.name === "Hybrid work check-in");
    const response = await call(testApp.app, "GET", `/api/reports/${checkIn?.id}/team`, { cookie });
    expect(response.statusCode, response.body).toBe(200);
    const team = response.json();
    expect(team.cohortKey).toBe("custom_5");
    expect(team.columns).toEqual([{ id: "custom_4", name: "Our office days are worth the trip in." }]);
    const visible = team.rows.filter((row: { hidden: boolean }) => !row.hidden);
    expect(visible.length).toBeGreaterThan(0);
    for (const row of visible) expect(row.scores.custom_4).toBeGreaterThanOrEqual(1);
  });
});
