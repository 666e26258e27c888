/**
 * The company report PDF's "Action plans" section (issue 26 item 6, decision 0078), read out of the downloaded file:
 * the plans whose baseline is the survey, with their actions and the plan page's progress words (a check-in below the
 * threshold as the hidden notice, never a number); only the plans the reader may see; never another company's; one
 * sentence when none answers the survey; no section without Transformation Plans; long text wrapped over pages.
 */
import {
  describeProgressChange,
  describeProgressPoint,
  formatPlanDayRange,
  type PlanProgressPoint,
  PROGRESS_REASONS,
  type SurveyField,
} from "@hearth/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { survey } from "../../db/schema.js";
import { actionPlan } from "../../db/schema-action-plans.js";
import { addMember, call, createTestApp, type Session, type TestApp } from "../../test/harness.js";
import { pdfTextItems } from "../../test/pdf-text.js";
import { putTenantOnPlan } from "../billing/billing.test-helpers.js";
import { COMPLETE_PROFILE, completeProfileAndSetPlan, lowiInput } from "../surveys/surveys.test-helpers.js";
import { answerTrust, PLAN, planCalls, publishSurvey } from "./action-plans.test-helpers.js";

const HIDDEN = "Scores are hidden as the number available falls below the visibility threshold.";
const FOOTER = new RegExp(`${COMPLETE_PROFILE.companyName} - Company report - generated \\d{4}-\\d{2}-\\d{2} by Hearth Page \\d+`, "g");
/** The PDF's fonts write a dash for the en dash and the minus sign. */
const plain = (text: string) => text.replace(/[–−]/g, "-");

describe("the company report PDF's action plans section (issue 26 item 6)", () => {
  let testApp: TestApp;
  let api: ReturnType<typeof planCalls>;
  const db = () => testApp.ctx.database.db;

  /** A Silver company with a closed-enough LOWI survey of 12 answers (10 published at threshold 5). */
  async function companyWithSurvey(name: string) {
    const admin = await api.company("Silver", name);
    await completeProfileAndSetPlan(testApp, admin.tenantId, "Silver");
    const surveyId = (await call(testApp.app, "POST", "/api/surveys", { cookie: admin.cookie, body: lowiInput() })).json().id as string;
    await answerTrust(testApp, admin.tenantId, surveyId, [2, 3, 2, 1, 4, 3, 2, 2, 5, 3, 5, 5]);
    return { admin, surveyId };
  }

  /** The PDF's drawn texts, page footers left out. */
  async function download(session: Session, surveyId: string, query = ""): Promise<{ items: string[]; text: string }> {
    const response = await call(testApp.app, "GET", `/api/reports/${surveyId}/company.pdf${query}`, { cookie: session.cookie });
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    const items = pdfTextItems(response.rawPayload);
    return { items, text: items.join(" ").replace(FOOTER, " ").replace(/\s+/g, " ") };
  }

  /** The text from the section's heading on; empty when there is no section. */
  const sectionOf = (text: string) => {
    const at = text.indexOf(" Action plans ");
    return at < 0 ? "" : text.slice(at);
  };

  beforeAll(async () => {
    testApp = await createTestApp();
    api = planCalls(testApp);
  });
  afterAll(() => testApp.close());

  it("lists each plan with its actions and the plan page's progress, a small check-in as the hidden notice", async () => {
    const { admin, surveyId } = await companyWithSurvey("Section Co");
    const owner = await addMember(testApp, admin.tenantId, "Staff");
    const created = await api.create(admin, {
      ...PLAN,
      ownerUserId: owner.userId,
      baselineSurveyId: surveyId,
      target: "Trust at 3.5 or more by spring",
    });
    expect(created.statusCode, created.body).toBe(201);
    const planId = created.json().id as string;
    const forum = { title: "Hold monthly open forums", ownerUserId: owner.userId, dueDate: "2030-02-10", status: "in_progress" };
    expect((await api.addAction(admin, planId, forum)).statusCode).toBe(201);
    expect((await api.addAction(admin, planId, { title: "Publish the leadership calendar" })).statusCode).toBe(201);
    const slots: string[] = [];
    for (let slot = 0; slot < 3; slot += 1) {
      slots.push((await api.send(admin, "POST", `/api/action-plans/${planId}/checkins`)).json().checkins[slot].surveyId);
    }
    await publishSurvey(testApp, admin, slots[0]);
    await publishSurvey(testApp, admin, slots[1]);
    await answerTrust(testApp, admin.tenantId, slots[0], [4, 3, 4, 5, 3, 1, 1]);
    await answerTrust(testApp, admin.tenantId, slots[1], [5, 5, 5]);
    // A plan of the company on no baseline is not this survey's.
    await api.create(admin, { title: "Quieter meetings", focusKey: "Fewer meetings", ownerUserId: admin.userId });

    const plan = (await api.read(admin, planId)).json();
    const [first, second, third] = plan.progress.checkins as PlanProgressPoint[];
    expect(first.score).not.toBeNull();
    expect(second).toMatchObject({ score: null, n: null, notice: HIDDEN });
    const section = sectionOf((await download(admin, surveyId)).text);
    expect(section).not.toBe("");
    for (const line of [
      PLAN.title,
      `Focus: ${plan.focusLabel}`,
      `Owner: ${plan.ownerName} - Scope: Whole company - Status: Active`,
      `Runs ${formatPlanDayRange(plan.startDate, plan.endDate, COMPLETE_PROFILE.timeZone)}`,
      "Target: Trust at 3.5 or more by spring",
      "Actions (0 of 2 done)",
      `1. Hold monthly open forums - ${plan.ownerName}, due Feb 10, 2030 (Eastern time) - In progress`,
      "2. Publish the leadership calendar - No owner, no due date - Not started",
      "Scores from 1 (Strongly Disagree) to 5 (Strongly Agree), read from each survey's report.",
      `Baseline (Culture check 2026): ${plain(describeProgressPoint(plan.progress.baseline))}`,
      `Check-in 1 (${PLAN.title}: check-in 1): ${plain(describeProgressPoint(first))}, ${plain(describeProgressChange(first) ?? "")}`,
      `Check-in 2 (${PLAN.title}: check-in 2): ${HIDDEN}`,
      `Check-in 3 (${PLAN.title}: check-in 3): ${PROGRESS_REASONS.draft}`,
    ]) {
      expect(section, line).toContain(line);
    }
    expect(section).toMatch(/Runs \w{3} \d+, \d{4} to \w{3} \d+, \d{4} \(Eastern time\)/);
    expect(third.notice).toBe(PROGRESS_REASONS.draft);
    // The hidden check-in's line holds no figure: neither a score nor its n.
    const hiddenLine = section.slice(section.indexOf("Check-in 2 ("), section.indexOf("Check-in 3 ("));
    expect(hiddenLine).not.toMatch(/\d\.\d\d|n = /);
    expect(section).not.toContain("Quieter meetings");

    // A report narrowed to a cohort keeps the plans, read for their own group, and says so.
    const [row] = await db().select({ fields: survey.fields }).from(survey).where(eq(survey.id, surveyId));
    const gender = (row.fields as SurveyField[]).find((field) => field.key === "lowi_demo_gender");
    expect(gender).toBeDefined();
    const narrowed = (await download(admin, surveyId, `?filter=${encodeURIComponent(`lowi_demo_gender:${gender?.radioOptions[0]}`)}`)).text;
    expect(narrowed).toContain("Narrowed to lowi_demo_gender");
    expect(sectionOf(narrowed)).toContain("Each plan's progress is read for the plan's own group, not narrowed by this report's filters.");
    expect(sectionOf(narrowed)).toContain(`Baseline (Culture check 2026): ${plain(describeProgressPoint(plan.progress.baseline))}`);

    // The plan's Staff owner sees it, with the check-ins their survey access lets them read; another Staff member none.
    const ownView = sectionOf((await download(owner, surveyId)).text);
    expect(ownView).toContain(PLAN.title);
    expect(ownView).toContain(`Check-in 1 (${PLAN.title}: check-in 1): ${PROGRESS_REASONS.unreadable}`);
    const stranger = await addMember(testApp, admin.tenantId, "Staff");
    const strangerView = sectionOf((await download(stranger, surveyId)).text);
    expect(strangerView).toContain("No action plan you own or hold an action of answers this survey; your plans are at");
    expect(strangerView).toContain("/dashboard/plans");
    expect(strangerView).not.toContain(PLAN.title);
  });

  it("never shows another company's plan, and says in one sentence where to make one when none answers the survey", async () => {
    const { admin, surveyId } = await companyWithSurvey("Lonely Survey Co");
    const other = await api.company("Silver", "Elsewhere Co");
    const theirs = (await api.create(other, { ...PLAN, title: "Elsewhere's own plan", ownerUserId: other.userId })).json();
    // Planted straight in the table: a plan of the other company naming this company's survey as its baseline.
    await db().update(actionPlan).set({ baselineSurveyId: surveyId }).where(eq(actionPlan.id, theirs.id));

    const section = sectionOf((await download(admin, surveyId)).text);
    expect(section).toContain(
      `No action plan answers this survey yet: create one at ${testApp.ctx.env.APP_URL.replace(/\/+$/, "")}/dashboard/plans with this survey as its baseline.`,
    );
    expect(section).not.toContain("Elsewhere's own plan");
  });

  it("leaves the section out, and answers the report, for a company without Transformation Plans", async () => {
    const { admin, surveyId } = await companyWithSurvey("Moved Down Co");
    expect((await api.create(admin, { ...PLAN, ownerUserId: admin.userId, baselineSurveyId: surveyId })).statusCode).toBe(201);
    await putTenantOnPlan(db(), admin.tenantId, "Bronze");
    const { text } = await download(admin, surveyId);
    expect(text).toContain("Competencies");
    expect(sectionOf(text)).toBe("");
    expect(text).not.toContain(PLAN.title);
  });

  it("wraps long text to the page and carries a long plan over to the next pages", async () => {
    const { admin, surveyId } = await companyWithSurvey("Long Plans Co");
    const target = Array.from({ length: 60 }, (_, index) => `goal${index}`).join(" ");
    const plan = (await api.create(admin, { ...PLAN, ownerUserId: admin.userId, baselineSurveyId: surveyId, target })).json();
    const titles = Array.from(
      { length: 40 },
      (_, index) => `Action ${index + 1}: ${"listen to the teams and write down what they ask for ".repeat(2).trim()}`,
    );
    for (const title of titles) expect((await api.addAction(admin, plan.id, { title })).statusCode).toBe(201);

    const { items, text } = await download(admin, surveyId);
    const section = sectionOf(text);
    expect(section).toContain(`Target: ${target}`);
    for (const [index, title] of titles.entries()) expect(section).toContain(`${index + 1}. ${title.slice(0, 40)}`);
    // No drawn line runs past the page: the longest text of the section is cut into lines.
    expect(Math.max(...items.map((item) => item.length))).toBeLessThan(130);
    // The section starts on one page and its last action is on a later one.
    const pageBefore = (needle: string) => {
      const at = items.findIndex((item) => item.includes(needle));
      return items.slice(0, at).filter((item) => /^Page \d+$/.test(item)).length;
    };
    expect(pageBefore("Action 40:")).toBeGreaterThan(pageBefore("Action plans"));
  });
});
