import { AGREE_SCALE, type SurveyField } from "@hearth/shared";
import { and, count, eq } from "drizzle-orm";
import { activityLog, survey } from "../../db/schema.js";
import { actionPlan, actionPlanAction } from "../../db/schema-action-plans.js";
import { call, registerCompany, type Session, type TestApp } from "../../test/harness.js";
import { putTenantOnPlan } from "../billing/billing.test-helpers.js";
import { insertResponse } from "../surveys/surveys.repo.js";
import { answerAll } from "../surveys/surveys.test-helpers.js";

/** Calls of the action plan routes for one test app. */
export function planCalls(testApp: TestApp) {
  const db = () => testApp.ctx.database.db;
  const send = (session: Session | null, method: "GET" | "POST" | "PATCH" | "DELETE", url: string, body?: unknown) =>
    call(testApp.app, method, url, { cookie: session?.cookie, body });
  return {
    db,
    send,
    list: (session: Session | null, query = "") => send(session, "GET", `/api/action-plans${query}`),
    create: (session: Session | null, body: unknown) => send(session, "POST", "/api/action-plans", body),
    read: (session: Session | null, planId: string) => send(session, "GET", `/api/action-plans/${planId}`),
    patch: (session: Session | null, planId: string, body: unknown) => send(session, "PATCH", `/api/action-plans/${planId}`, body),
    archive: (session: Session | null, planId: string) => send(session, "DELETE", `/api/action-plans/${planId}`),
    addAction: (session: Session | null, planId: string, body: unknown) =>
      send(session, "POST", `/api/action-plans/${planId}/actions`, body),
    patchAction: (session: Session | null, planId: string, actionId: string, body: unknown) =>
      send(session, "PATCH", `/api/action-plans/${planId}/actions/${actionId}`, body),
    deleteAction: (session: Session | null, planId: string, actionId: string) =>
      send(session, "DELETE", `/api/action-plans/${planId}/actions/${actionId}`),
    reorder: (session: Session | null, planId: string, actionIds: unknown) =>
      send(session, "POST", `/api/action-plans/${planId}/actions/reorder`, { actionIds }),
    /** A company registered through sign-up and put on the plan (Silver unless said). */
    async company(plan = "Silver", name = "Plan Makers Co"): Promise<Session> {
      const owner = await registerCompany(testApp.app, { companyName: name });
      await putTenantOnPlan(db(), owner.tenantId, plan);
      return owner;
    },
    async storedPlans(tenantId: string): Promise<number> {
      return Number((await db().select({ n: count() }).from(actionPlan).where(eq(actionPlan.tenantId, tenantId)))[0].n);
    },
    async storedActions(tenantId: string): Promise<number> {
      return Number((await db().select({ n: count() }).from(actionPlanAction).where(eq(actionPlanAction.tenantId, tenantId)))[0].n);
    },
    async logged(tenantId: string, action: string) {
      return db()
        .select()
        .from(activityLog)
        .where(and(eq(activityLog.tenantId, tenantId), eq(activityLog.action, action)));
    },
  };
}

export const PLAN = { title: "Rebuild trust in leadership", focusKey: "lowi_trust" };

/** One complete response per level, each answering the LOWI trust item at that level (1 to 5) and every other question. */
export async function answerTrust(testApp: TestApp, tenantId: string, surveyId: string, levels: readonly number[]): Promise<void> {
  const db = testApp.ctx.database.db;
  const [row] = await db.select({ fields: survey.fields }).from(survey).where(eq(survey.id, surveyId));
  for (const level of levels) {
    const answers = answerAll(row.fields as SurveyField[]);
    answers.lowi_trust = AGREE_SCALE[level - 1];
    await insertResponse(db, testApp.ctx.database.sql, tenantId, { surveyId, answers, submittedOn: "2026-11-20", tokenHash: null });
  }
}

/** Publishes a draft survey through the editor's own route, as its Admin would. */
export async function publishSurvey(testApp: TestApp, session: Session, surveyId: string): Promise<void> {
  const stored = (await call(testApp.app, "GET", `/api/surveys/${surveyId}`, { cookie: session.cookie })).json();
  const published = await call(testApp.app, "PUT", `/api/surveys/${surveyId}`, {
    cookie: session.cookie,
    body: { ...stored, draft: false },
  });
  if (published.statusCode !== 200) throw new Error(`publishing answered ${published.statusCode}: ${published.body}`);
}
