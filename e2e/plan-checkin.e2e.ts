/**
 * A plan's whole course (issue 26, decisions 0077–0079), in Chromium on a server of its own that mails to a sink: the
 * demo Admin opens the closed LOWI survey's Key drivers, starts a plan from an opportunity, adds two actions, adds a
 * check-in survey and publishes and schedules it for today; the invitations reach the baseline survey's invitees; ten
 * of them answer through their personal links; the check-in closes; the plan page shows the focus at baseline and at
 * the check-in with n, the interval and the change, on a desktop and a phone. Axe checks every page reached.
 */
import type { ActionPlanDetail, KeyDrivers } from "@hearth/shared";
import { request } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { checkA11y } from "./support/a11y";
import { DEMO_USERS, openBrowser, PHONE, screenshot, signIn } from "./support/browser";
import { fetchInvitees, type MailingDemo, personalLink, startMailingDemo } from "./support/invitations";
import { ok, until, visibleText } from "./support/page-helpers";
import { ownNetwork } from "./support/respondents";

/** The demo's closed LOWI survey whose key drivers can be read (the one with the most responses). */
async function closedLowiSurvey(api: import("playwright-core").APIRequestContext): Promise<{ id: string; drivers: KeyDrivers }> {
  const surveys = await ok<{ id: string; isLOWI: boolean; completed: number }[]>(await api.get("/api/surveys"));
  for (const survey of surveys.filter((one) => one.isLOWI).sort((a, b) => b.completed - a.completed)) {
    const response = await api.get(`/api/reports/${survey.id}/drivers`);
    if (response.status() === 200) {
      const drivers = (await response.json()) as KeyDrivers;
      if (!drivers.hidden) return { id: survey.id, drivers };
    }
  }
  throw new Error("the demo company has no closed LOWI survey whose key drivers can be read");
}

/** One answer through a personal link, from a network of its own, as a respondent's browser would post it. */
async function answerThroughLink(baseUrl: string, link: string, data: Record<string, string>): Promise<void> {
  const url = new URL(link);
  const surveyId = url.pathname.split("/").pop() as string;
  const respondent = await request.newContext({ baseURL: baseUrl, extraHTTPHeaders: { ...ownNetwork(), origin: new URL(baseUrl).origin } });
  try {
    const answered = await respondent.post("/api/response", { data: { surveyId, data, r: url.searchParams.get("r") } });
    if (answered.status() !== 200) throw new Error(`POST /api/response answered ${answered.status()}: ${await answered.text()}`);
  } finally {
    await respondent.dispose();
  }
}

describe("a plan from an opportunity to its measured check-in", () => {
  let demo: MailingDemo;
  beforeAll(async () => {
    demo = await startMailingDemo("Hearth Invitations <invitations@mail.hearth-e2e.test>");
  });
  afterAll(async () => {
    await demo?.close();
  });

  test("opportunity → plan with two actions → check-in scheduled and answered → progress, on a desktop and a phone", async () => {
    const { page } = demo.admin;
    const api = demo.api;
    const baseUrl = demo.server.url;
    const baseline = await closedLowiSurvey(api);
    // A LOWI agree item among the opportunities: the check-in asks it exactly as the baseline did.
    const opportunity = baseline.drivers.outcomes
      .flatMap((outcome) => outcome.opportunities.map((driver) => ({ outcome: outcome.outcome, driver })))
      .find((entry) => entry.driver.key.startsWith("lowi_"));
    if (!opportunity) throw new Error("no LOWI item among the demo's opportunities");

    await page.goto(`/dashboard/reports/lowi/${baseline.id}/drivers`);
    const card = page.getByTestId(`drivers-${opportunity.outcome}`).getByTestId(`driver-opportunity-${opportunity.driver.key}`);
    await card.waitFor();
    await card.getByTestId(`create-plan-${opportunity.driver.key}`).click();
    await page.waitForURL((url) => url.pathname === "/dashboard/plans/new");
    const title = `Improve ${opportunity.driver.label}`;
    expect(await page.getByRole("form", { name: "New action plan" }).getByLabel("Title").inputValue()).toBe(title);
    await page.getByRole("button", { name: "Create plan" }).click();
    await page.getByRole("heading", { name: title, level: 1 }).waitFor();
    const planId = new URL(page.url()).pathname.split("/").pop() as string;
    const details = await visibleText(page.getByTestId("action-plan-details"));
    expect(details).toContain("from a report suggestion");
    expect(details).toContain("Love of Workplace Index 2026");

    const addForm = page.getByRole("form", { name: "Add an action" });
    for (const action of ["Ask each team what would help most", "Share what we changed and why"]) {
      await addForm.getByRole("textbox", { name: "Action" }).fill(action);
      await addForm.getByRole("button", { name: "Add action" }).click();
      await page.getByTestId("plan-action").filter({ hasText: action }).waitFor();
    }
    await page.getByTestId("action-plan-progress").getByText("0 of 2 actions done").waitFor();

    // The first check-in: a draft, then published and scheduled for today (the default day 30 is weeks away).
    await page.getByRole("button", { name: "Add check-in survey" }).click();
    const slot = page.getByTestId("action-plan-checkin").first();
    await slot.getByText("Draft", { exact: true }).waitFor();
    const plan = await ok<ActionPlanDetail>(await api.get(`/api/action-plans/${planId}`));
    expect(plan.checkins[0].suggestedSendDay > plan.today).toBe(true);
    await slot.getByLabel("Send invitations on").fill(plan.today);
    await checkA11y(page, "plan with a draft check-in");
    await slot.getByRole("button", { name: "Publish and schedule" }).click();
    await slot.getByText("Scheduled").or(slot.getByText("Open")).first().waitFor();

    // The job invites the baseline's invitees, and the invitations reach the sink.
    const checkinId = plan.checkins[0].surveyId as string;
    const invitees = await until(
      "the check-in's invitations to the baseline's invitees",
      async () => {
        const rows = await fetchInvitees(api, checkinId);
        return rows.length >= 20 ? rows : undefined;
      },
      { timeoutMs: 60_000 },
    );
    const people = invitees.filter((row) => row.sendStatus !== "Failed").slice(0, 10);
    const links = await until(
      "ten invitations at the sink",
      async () => {
        const found = people.map((person) => demo.sink.messagesTo(person.email).at(-1));
        return found.every(Boolean) ? found.map((message) => personalLink(message!, baseUrl, checkinId)) : undefined;
      },
      { timeoutMs: 90_000 },
    );
    await page.reload();
    await page
      .getByTestId("action-plan-checkin-schedule")
      .first()
      .getByText(/^Sent .* to \d+ people\.$/)
      .waitFor();

    // Ten people answer through their own links; the check-in then closes.
    const agreeing = [
      "Agree",
      "Strongly Agree",
      "Agree",
      "Agree",
      "Strongly Agree",
      "Agree",
      "Neutral",
      "Agree",
      "Strongly Agree",
      "Agree",
    ];
    for (const [index, link] of links.entries()) {
      await answerThroughLink(baseUrl, link, {
        [opportunity.driver.key]: agreeing[index],
        transformation_shared: "Agree",
        transformation_known: "Agree",
        transformation_progress: "Neutral",
        transformation_involved: "Agree",
        transformation_better: "Agree",
      });
    }
    await ok(await api.post(`/api/surveys/${checkinId}/close`));

    // Progress: the focus at baseline and at the check-in, with n, the interval and the change.
    await page.reload();
    const progress = page.getByTestId("action-plan-progress-point");
    await progress.nth(1).waitFor();
    const measured = await ok<ActionPlanDetail>(await api.get(`/api/action-plans/${planId}`));
    const point = measured.progress.checkins[0];
    expect(point).toMatchObject({ slot: 0, n: 10, notice: null });
    const row = await visibleText(progress.nth(1));
    expect(row).toContain(`${point.score?.toFixed(2)} (n = 10; 95% interval`);
    expect(row).toMatch(/[+−]\d\.\d\d since baseline|No change since baseline/);
    await page.getByTestId("action-plan-checkin").first().getByText("Closed", { exact: true }).waitFor();
    await checkA11y(page, "plan with a measured check-in");
    await screenshot(page, "action-plan-checkin-desktop");

    const phone = await openBrowser(baseUrl, PHONE);
    try {
      await signIn(phone.page, DEMO_USERS.admin);
      await phone.page.goto(`/dashboard/plans/${planId}`);
      await phone.page.getByTestId("action-plan-progress-point").nth(1).waitFor();
      expect(await visibleText(phone.page.getByTestId("action-plan-progress-point").nth(1))).toContain("n = 10");
      const width = await phone.page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
      expect(width.scroll).toBeLessThanOrEqual(width.inner);
      await checkA11y(phone.page, "plan with a measured check-in (phone)");
      await screenshot(phone.page, "action-plan-checkin-phone");
      // The dashboard's card names the plans' next check-in.
      await phone.page.goto("/dashboard");
      expect(await visibleText(phone.page.getByTestId("dashboard-plans-next-checkin"))).toMatch(/^Next check-in: /);
    } finally {
      await phone.close();
    }
  });
});
