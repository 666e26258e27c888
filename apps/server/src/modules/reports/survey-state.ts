/**
 * Each survey's report state: how it is folded from responses, the process's aggregate store, and each survey's
 * fold plan (docs/decisions/0016). Report services read through here; nothing else folds responses.
 */
import {
  cloneSurveyReportState,
  createEmptySurveyReportState,
  createSurveyReportPlan,
  foldSurveyResponse,
  reviveSurveyReportState,
  SURVEY_REPORT_STATE_VERSION,
  type SurveyField,
  type SurveyReportPlan,
  type SurveyReportState,
  serializeSurveyReportState,
} from "@hearth/shared";
import type { AppContext } from "../../app-context.js";
import { AggregateStore, type FoldEngine } from "./aggregate-store.js";
import { findReportSurvey, findSurveyFields, type ReportSurveyRow } from "./reports.repo.js";

/** How a survey's state is folded, stored and read back. */
const surveyStateEngine: FoldEngine<SurveyReportState, SurveyReportPlan> = {
  version: SURVEY_REPORT_STATE_VERSION,
  empty: (plan) => createEmptySurveyReportState(plan),
  fold: (state, answers, plan) => foldSurveyResponse(state, answers, plan),
  clone: (state) => cloneSurveyReportState(state),
  responses: (state) => state.all.responses,
  serialize: (state) => serializeSurveyReportState(state),
  revive: (data, plan) => reviveSurveyReportState(data, plan),
};

const stores = new WeakMap<object, AggregateStore<SurveyReportState, SurveyReportPlan>>();

/** The process's aggregate store for this database (one per app). */
export function reportStore(ctx: AppContext): AggregateStore<SurveyReportState, SurveyReportPlan> {
  let store = stores.get(ctx.database);
  if (!store) {
    store = new AggregateStore(ctx.database.db, surveyStateEngine, ctx.database.kind === "pglite");
    stores.set(ctx.database, store);
  }
  return store;
}

/** Each survey's questions and fold plan, kept until the survey changes (its updated_at moves). */
const planCache = new Map<string, { updatedAt: number; fields: SurveyField[]; plan: SurveyReportPlan }>();
export async function surveyPlan(ctx: AppContext, survey: ReportSurveyRow): Promise<{ fields: SurveyField[]; plan: SurveyReportPlan }> {
  const cached = planCache.get(survey.id);
  if (cached && cached.updatedAt === survey.updatedAt.getTime()) return cached;
  const fields = ((await findSurveyFields(ctx.database.db, survey.tenantId, survey.id)) ?? []) as SurveyField[];
  const entry = { updatedAt: survey.updatedAt.getTime(), fields, plan: createSurveyReportPlan(fields) };
  planCache.set(survey.id, entry);
  if (planCache.size > 500) planCache.delete(planCache.keys().next().value as string);
  return entry;
}

/** Folds and stores a survey's state now (bench seeding; tests). */
export async function flushSurveyState(ctx: AppContext, tenantId: string, surveyId: string): Promise<void> {
  const survey = await findReportSurvey(ctx.database.db, tenantId, surveyId);
  if (!survey) return;
  await reportStore(ctx).flush(tenantId, surveyId, (await surveyPlan(ctx, survey)).plan);
}
