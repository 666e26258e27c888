/**
 * Each survey's report state: how it is folded from responses, the process's aggregate store, and each survey's
 * fold plan (docs/decisions/0016). Report services read through here; nothing else folds responses.
 *
 * `readSurveyState` is the one place a survey's readable content is decided (docs/decisions/0022): the survey's own
 * visibility threshold k (frozen at publication), the state of its first ⌊n / k⌋ · k responses by arrival, and the
 * `publishedSeq` every row-level reader (comments, sentiment, quotes, exports, two-filter groups) is bounded by.
 */
import {
  createEmptySurveyReportState,
  createSurveyReportPlan,
  foldSurveyResponse,
  inviteeCohortFields,
  normalizeVisibilityThreshold,
  reviveSurveyReportState,
  SURVEY_REPORT_STATE_VERSION,
  type SurveyField,
  type SurveyReportPlan,
  type SurveyReportState,
  serializeSurveyReportState,
} from "@hearth/shared";
import type { AppContext } from "../../app-context.js";
import { AggregateStore, type FoldEngine } from "./aggregate-store.js";
import {
  findFirstUnanalysedSeq,
  findReportSurvey,
  findSurveyFields,
  freezeSurveyThreshold,
  listBlockEnds,
  type ReportSurveyRow,
} from "./reports.repo.js";

/** How a survey's state is folded, stored and read back. */
const surveyStateEngine: FoldEngine<SurveyReportState, SurveyReportPlan> = {
  version: SURVEY_REPORT_STATE_VERSION,
  empty: (plan) => createEmptySurveyReportState(plan),
  fold: (state, answers, plan, counting) => foldSurveyResponse(state, answers, plan, counting),
  responses: (state) => state.all.responses,
  serialize: (state) => serializeSurveyReportState(state),
  revive: (data, plan) => reviveSurveyReportState(data, plan),
  // The cohort dimensions decide the state's layout; a new invitee cohort value adds one (decision 0045).
  samePlan: (a, b) => JSON.stringify(a.dimensions) === JSON.stringify(b.dimensions),
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

/**
 * Each survey's questions and fold plan, kept until the survey changes (its updated_at moves) or its invitees bring a
 * new cohort value. The plan's questions are the survey's own followed by its invitee cohort fields (decision 0045):
 * filterable questions nobody is shown, answered by the cohort values a personal link carries.
 */
const planCache = new Map<string, { updatedAt: number; cohorts: string; fields: SurveyField[]; plan: SurveyReportPlan }>();
export async function surveyPlan(ctx: AppContext, survey: ReportSurveyRow): Promise<{ fields: SurveyField[]; plan: SurveyReportPlan }> {
  const cached = planCache.get(survey.id);
  const cohorts = JSON.stringify(survey.inviteeCohorts ?? {});
  if (cached && cached.updatedAt === survey.updatedAt.getTime() && cached.cohorts === cohorts) return cached;
  const own = ((await findSurveyFields(ctx.database.db, survey.tenantId, survey.id)) ?? []) as SurveyField[];
  const fields = [...own, ...inviteeCohortFields(survey.inviteeCohorts)];
  const entry = { updatedAt: survey.updatedAt.getTime(), cohorts, fields, plan: createSurveyReportPlan(fields) };
  planCache.set(survey.id, entry);
  if (planCache.size > 500) planCache.delete(planCache.keys().next().value as string);
  return entry;
}

/**
 * The survey's visibility threshold: the company's threshold when it was published, kept for good (decision 0022).
 * A published survey without one (inserted by a path that did not set it, e.g. the demo seed) takes its company's
 * threshold now, once, before anything of it is read.
 */
export async function surveyThreshold(ctx: AppContext, survey: ReportSurveyRow): Promise<number> {
  if (survey.visibilityThreshold !== null) return normalizeVisibilityThreshold(survey.visibilityThreshold);
  const frozen = await freezeSurveyThreshold(ctx.database.db, survey.tenantId, survey.id);
  survey.visibilityThreshold = frozen;
  return normalizeVisibilityThreshold(frozen);
}

export interface SurveyStateRead {
  fields: SurveyField[];
  plan: SurveyReportPlan;
  /** The survey's threshold k, also the size of its publication blocks. */
  threshold: number;
  /** The first ⌊n / k⌋ · k settled responses by seq, folded. */
  state: SurveyReportState;
  /** Exactly the responses with seq ≤ publishedSeq are readable (0: none). */
  publishedSeq: number;
  /** Responses that arrived but are not published yet (a partial block, or not yet settled). */
  tail: number;
}

/** What of a survey may be read now: its published state and the seq bound for row-level reads (decision 0022). */
export async function readSurveyState(ctx: AppContext, survey: ReportSurveyRow): Promise<SurveyStateRead> {
  const { fields, plan } = await surveyPlan(ctx, survey);
  const threshold = await surveyThreshold(ctx, survey);
  const { state, publishedSeq, tail } = await reportStore(ctx).read(survey.tenantId, survey.id, plan, threshold);
  return { fields, plan, threshold, state, publishedSeq, tail };
}

/** Folds and stores a survey's state now (bench seeding; tests). */
export async function flushSurveyState(ctx: AppContext, tenantId: string, surveyId: string): Promise<void> {
  const survey = await findReportSurvey(ctx.database.db, tenantId, surveyId);
  if (!survey) return;
  await reportStore(ctx).flush(tenantId, surveyId, (await surveyPlan(ctx, survey)).plan, await surveyThreshold(ctx, survey));
}

/** Per survey: every response up to this seq that has open answers is analysed (excerpts are never deleted). */
const analysedUpTo = new Map<string, number>();

/**
 * The seq bound for comments and everything made of them (lists, sentiment and emotion counts, themes, quotes): the
 * published responses (`publishedSeq`), cut back to the end of the last block whose comments are all analysed.
 * Analysis runs after the response is stored, so without this a block's comments would appear a few at a time as
 * they are analysed — a change by fewer than k respondents. A block's comments appear together (decision 0022).
 */
export async function publishedCommentSeq(
  ctx: AppContext,
  loaded: { survey: ReportSurveyRow; fields: readonly SurveyField[]; threshold: number; publishedSeq: number },
): Promise<number> {
  const { survey, publishedSeq } = loaded;
  const known = analysedUpTo.get(survey.id) ?? 0;
  if (known >= publishedSeq) return publishedSeq;
  const openKeys = loaded.fields.filter((field) => field.answerType === "Text").map((field) => field.key);
  const db = ctx.database.db;
  const first = await findFirstUnanalysedSeq(db, survey.tenantId, survey.id, openKeys, known, publishedSeq);
  if (first === null) {
    analysedUpTo.set(survey.id, publishedSeq);
    if (analysedUpTo.size > 2_000) analysedUpTo.delete(analysedUpTo.keys().next().value as string);
    return publishedSeq;
  }
  analysedUpTo.set(survey.id, Math.max(known, first - 1));
  const ends = await listBlockEnds(db, survey.tenantId, survey.id, loaded.threshold, first - 1);
  return ends.length > 0 ? ends[ends.length - 1].seq : 0;
}
