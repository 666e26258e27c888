/**
 * Report numbers for the pages, the dashboard and integrators. Everything is computed from the survey's published
 * state (survey-state.ts: its first ⌊n / k⌋ · k responses) with the shared score engine, and every group goes through
 * the suppression plan first: a group below the survey's visibility threshold, or one that would reveal such a group
 * by difference, answers `{hidden: true}` with no numbers (docs/decisions/0015, 0016, 0022).
 */
import {
  allowanceLimit,
  allowedInviteeCohortKeys,
  canReadSurvey,
  type BenchmarkBlock,
  type BreakdownReport,
  type CohortFilter,
  type CompanyReport,
  type CompanyReportResponse,
  type ComputedCompanyReport,
  type ComputedScoreRow,
  cohortAggregate,
  computeBreakdown,
  computeCompanyReport,
  createEmptyAggregate,
  defaultTeamCohortKey,
  type Feature,
  foldResponse,
  formatHiddenNotice,
  groupVisibility,
  hasFeature,
  type HiddenReport,
  isInviteeCohortKey,
  type Plan,
  planSuppression,
  type ReportAggregate,
  type ReportCohort,
  type ReportFilter,
  reportFilterError,
  type SuppressionPlan,
  type SurveyField,
  type SurveyReportPlan,
  type SurveyReportState,
  type TeamReport,
  scaleColumns,
  scaleScores,
  sharePercent,
} from "@hearth/shared";
import type { AppContext } from "../../app-context.js";
import { type Actor, featureUserOf } from "../../lib/actor.js";
import { AppError, notFound } from "../../lib/errors.js";
import { readEffectivePlan } from "../billing/billing.service.js";
import {
  countCommentTags,
  countInviteesBySurvey,
  findReportSurvey,
  findReportTenant,
  listResponsesMatching,
  type ReportSurveyRow,
  type ReportTenantRow,
} from "./reports.repo.js";
import { surveyBenchmark } from "./report-benchmarks.service.js";
import { publishedCommentSeq, readSurveyState } from "./survey-state.js";

/** The company as the reports see it: its row, with the plan in force now from its deals (decision 0027). */
export type ReportTenant = ReportTenantRow & { effectivePlan: Plan };

const suppressionCache = new Map<string, { total: number; threshold: number; counts: object; plan: SuppressionPlan }>();

export interface LoadedSurvey {
  survey: ReportSurveyRow;
  fields: SurveyField[];
  tenant: ReportTenant;
  /** The survey's own threshold (frozen at publication), never the company's current setting. */
  threshold: number;
  plan: SurveyReportPlan;
  /** The published state: the first ⌊n / k⌋ · k responses by arrival (decision 0022). */
  state: SurveyReportState;
  /** Row-level reads (comments, sentiment, quotes, exports, two-filter groups) take responses with seq ≤ this only. */
  publishedSeq: number;
  suppression: SuppressionPlan;
  /** Invitee cohort fields the company's plan does not let its reports use (decision 0045): never offered or filtered by. */
  lockedCohortKeys: ReadonlySet<string>;
}

/** A survey ready to report on: its questions, tenant, threshold, published state and suppression plan (shared with the comments slice). */
export async function loadSurvey(ctx: AppContext, actor: Actor, surveyId: string): Promise<LoadedSurvey> {
  const { db } = ctx.database;
  const [survey, row, effective] = await Promise.all([
    findReportSurvey(db, actor.tenantId, surveyId),
    findReportTenant(db, actor.tenantId),
    readEffectivePlan(db, actor.tenantId),
  ]);
  if (!survey || !row || !canReadSurvey(actor, survey)) throw notFound("This survey does not exist.");
  const tenant: ReportTenant = { ...row, effectivePlan: effective.plan };
  if (survey.draft) throw new AppError("CONFLICT", "This survey is still a draft: it has no report yet.");
  const read = await readSurveyState(ctx, survey);
  const { threshold, state, publishedSeq } = read;
  // Invitee cohort fields are custom cohorts: behind the feature and the plan's cohort licence (decision 0045). The
  // folded state and the suppression plan keep every dimension (more dimensions only ever hide more); the readers'
  // view leaves the locked ones out.
  const inviteeKeys = read.plan.dimensions.map((dimension) => dimension.key).filter(isInviteeCohortKey);
  const allowed = allowedInviteeCohortKeys(inviteeKeys, {
    customCohorts: featureAllowed(actor, tenant, "CustomCohort"),
    cohortLicence: allowanceLimit(tenant.effectivePlan, "cohort"),
  });
  const lockedCohortKeys = new Set(inviteeKeys.filter((key) => !allowed.has(key)));
  const fields = lockedCohortKeys.size === 0 ? read.fields : read.fields.filter((field) => !lockedCohortKeys.has(field.key));
  const plan =
    lockedCohortKeys.size === 0
      ? read.plan
      : { ...read.plan, dimensions: read.plan.dimensions.filter((dimension) => !lockedCohortKeys.has(dimension.key)) };
  const key = survey.id;
  let cached = suppressionCache.get(key);
  // The published state only changes by whole blocks, which always add to the total.
  // A state rebuilt under new cohort dimensions (decision 0045) is a new object: its plan is computed again.
  if (!cached || cached.total !== state.counts.total || cached.threshold !== threshold || cached.counts !== state.counts) {
    // Visibility is decided on the responses that count toward the thresholds, emptiness on everyone (decision 0052).
    cached = {
      total: state.counts.total,
      threshold,
      counts: state.counts,
      plan: planSuppression(state.countingCounts, threshold, state.counts),
    };
    suppressionCache.set(key, cached);
    if (suppressionCache.size > 500) suppressionCache.delete(suppressionCache.keys().next().value as string);
  }
  return { survey, fields, tenant, threshold, plan, state, publishedSeq, suppression: cached.plan, lockedCohortKeys };
}

/**
 * The survey loaded for reading when its whole group (no filters) passes the suppression plan, i.e. it has at least
 * the survey's visibility threshold of published respondents; null otherwise (drafts and unknown surveys included).
 * Used by social quotes.
 */
export async function loadSurveyIfVisibleAsWhole(ctx: AppContext, actor: Actor, surveyId: string): Promise<LoadedSurvey | null> {
  const survey = await findReportSurvey(ctx.database.db, actor.tenantId, surveyId);
  // A survey the reader may not read (a Transformation check-in another person wrote, for Staff) has nothing for them.
  if (!survey || survey.draft || !canReadSurvey(actor, survey)) return null;
  const loaded = await loadSurvey(ctx, actor, surveyId);
  return groupVisibility(loaded.suppression, [])?.visible === true ? loaded : null;
}

/** Feature gates read the effective plan (the plan in force now), never the stored one. */
export function featureAllowed(actor: Actor, tenant: ReportTenant, feature: Feature): boolean {
  const user = featureUserOf(actor);
  return hasFeature(user, { plan: tenant.effectivePlan, features: tenant.features }, feature);
}

export function requireFeature(actor: Actor, tenant: ReportTenant, feature: Feature, what: string): void {
  if (!featureAllowed(actor, tenant, feature)) {
    throw new AppError("PLAN_UPGRADE_REQUIRED", `${what} needs a higher plan.`, { status: 403, fields: { feature } });
  }
}

/** `key:value` strings from `?filter=` (repeatable) as filters; 400 on anything malformed. */
export function parseReportFilters(raw: string | string[] | undefined): ReportFilter[] {
  const values = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
  return values.map((value) => {
    const at = value.indexOf(":");
    if (at <= 0 || at === value.length - 1) {
      throw new AppError("VALIDATION_FAILED", "A filter is written cohortKey:value.", {
        fields: { filter: `"${value}" is not cohortKey:value` },
      });
    }
    return { key: value.slice(0, at), value: value.slice(at + 1) };
  });
}

export function checkFilters(loaded: LoadedSurvey, filters: readonly CohortFilter[]): void {
  if (filters.some((filter) => loaded.lockedCohortKeys.has(filter.key))) {
    throw new AppError("PLAN_UPGRADE_REQUIRED", "Custom cohorts need a higher plan.", {
      status: 403,
      fields: { feature: "CustomCohort" },
    });
  }
  const problem = reportFilterError(loaded.suppression, filters);
  if (problem === "TOO_MANY_FILTERS") {
    throw new AppError("VALIDATION_FAILED", "A report can be narrowed by at most two cohorts at once.", {
      fields: { filter: "At most two filters" },
    });
  }
  if (problem === "DUPLICATE_FILTER_KEY") {
    throw new AppError("VALIDATION_FAILED", "Each cohort can be used once in a filter.", {
      fields: { filter: "The same cohort appears twice" },
    });
  }
  if (problem === "UNKNOWN_FILTER") {
    throw new AppError("VALIDATION_FAILED", "That cohort is not in this survey.", { fields: { filter: "Unknown cohort or value" } });
  }
}

export function hiddenReport(loaded: LoadedSurvey, filters: ReportFilter[], page: string): HiddenReport {
  return { hidden: true, threshold: loaded.threshold, filters, notice: formatHiddenNotice(page) };
}

/** The aggregate of the group the filters select (the caller has checked that the group is visible). */
async function groupAggregate(ctx: AppContext, loaded: LoadedSurvey, filters: readonly CohortFilter[]): Promise<ReportAggregate> {
  if (filters.length === 0) return loaded.state.all;
  if (filters.length === 1) return cohortAggregate(loaded.state, filters[0].key, filters[0].value);
  // Two cohorts at once: not folded ahead; the matching responses are folded now (a small group by construction).
  const aggregate = createEmptyAggregate();
  let after = 0;
  for (;;) {
    const page = await listResponsesMatching(
      ctx.database.db,
      loaded.survey.tenantId,
      loaded.survey.id,
      filters,
      loaded.publishedSeq,
      after,
      5_000,
    );
    for (const row of page) foldResponse(aggregate, row.answers, loaded.plan.fold);
    if (page.length < 5_000) break;
    after = page[page.length - 1].seq;
  }
  return aggregate;
}

const blankRow = (row: ComputedScoreRow): ComputedScoreRow => ({
  ...row,
  score: 0,
  percent: 0,
  answers: 0,
  benchmark: 0,
  comparison: "-%",
  hideBar: true,
  ci: null,
  benchmarkNote: null,
});

/** Plans without the LOWI report keep only the first row of score bars (the LOWI score); the rest is blanked. */
function lockReport(report: ComputedCompanyReport): ComputedCompanyReport {
  const blank = <T extends ComputedScoreRow>(rows: T[]) => rows.map((row) => blankRow(row) as T);
  return {
    ...report,
    sparkScore: 0,
    spark: blankRow(report.spark),
    competencies: blank(report.competencies),
    loveAreas: blank(report.loveAreas),
    sparkAreas: blank(report.sparkAreas),
    top5: [],
    low5: [],
    recommend: {
      ...report.recommend,
      recommend: 0,
      neutral: 0,
      wontRecommend: 0,
      total: 0,
      shares: { recommend: 0, neutral: 0, wontRecommend: 0 },
      enps: null,
      distribution: report.recommend.distribution.map((entry) => ({ ...entry, count: 0, share: 0 })),
      benchmark: null,
      enpsDifference: null,
    },
    groupAreas: report.groupAreas.map((row) => ({
      ...row,
      doWell: 0,
      doBetter: 0,
      notSure: 0,
      shares: { doWell: 0, doBetter: 0, notSure: 0 },
    })),
    benefits: report.benefits.map((row) => ({
      ...row,
      satisfaction: 0,
      percent: 0,
      benchmark: 0,
      comparison: "-%",
      hideBar: true,
      offeredShare: 0,
      answers: 0,
      benchmarkNote: null,
      distribution: row.distribution.map((entry) => ({ ...entry, count: 0, share: 0 })),
    })),
  };
}

function hiddenCohorts(loaded: LoadedSurvey): { key: string; value: string }[] {
  const hidden: { key: string; value: string }[] = [];
  for (const dimension of loaded.plan.dimensions) {
    for (const value of dimension.values) {
      const visibility = groupVisibility(loaded.suppression, [{ key: dimension.key, value }]);
      if (!visibility?.visible) hidden.push({ key: dimension.key, value });
    }
  }
  return hidden;
}

/**
 * The company numbers of an aggregate, computed once per state: an aggregate only changes by folding, which always
 * adds to `responses`, so (object, responses, benchmark) identifies its numbers.
 */
const companyNumberCache = new WeakMap<ReportAggregate, { responses: number; benchmarkKey: string; report: ComputedCompanyReport }>();
function companyNumbers(aggregate: ReportAggregate, benchmark: BenchmarkBlock | null, benchmarkKey: string): ComputedCompanyReport {
  const cached = companyNumberCache.get(aggregate);
  if (cached && cached.responses === aggregate.responses && cached.benchmarkKey === benchmarkKey) return cached.report;
  const report = computeCompanyReport(aggregate, benchmark);
  companyNumberCache.set(aggregate, { responses: aggregate.responses, benchmarkKey, report });
  return report;
}

export async function getCompanyReport(
  ctx: AppContext,
  actor: Actor,
  surveyId: string,
  filters: ReportFilter[],
): Promise<CompanyReportResponse> {
  const loaded = await loadSurvey(ctx, actor, surveyId);
  if (!loaded.survey.isLowi) throw notFound("This survey has no company report: only LOWI surveys do.");
  checkFilters(loaded, filters);
  const visibility = groupVisibility(loaded.suppression, filters);
  if (!visibility?.visible) return hiddenReport(loaded, filters, "Results");
  const aggregate = await groupAggregate(ctx, loaded, filters);
  const benchmark = await surveyBenchmark(ctx, loaded.survey, loaded.tenant);
  const computed = companyNumbers(aggregate, benchmark.benchmark, `${benchmark.year}:${benchmark.companySize}:${benchmark.source}`);
  const locked = !featureAllowed(actor, loaded.tenant, "LOWIReport");
  const report = locked ? lockReport(computed) : computed;
  let responseRate: CompanyReport["responseRate"] = null;
  if (filters.length === 0) {
    const invited = (await countInviteesBySurvey(ctx.database.db, actor.tenantId, [surveyId])).get(surveyId) ?? 0;
    if (invited > 0) {
      const responded = loaded.state.all.responses;
      responseRate = { invited, responded, rate: sharePercent(responded, invited) };
    }
  }
  return {
    hidden: false,
    surveyId,
    surveyName: loaded.survey.name,
    isDemo: loaded.survey.isDemo,
    locked,
    filters,
    threshold: loaded.threshold,
    ...report,
    benchmarkYear: benchmark.year ?? new Date().getUTCFullYear(),
    benchmarkSize: benchmark.companySize,
    benchmarkSource: benchmark.source,
    responseRate,
    hiddenCohorts: hiddenCohorts(loaded),
  } as CompanyReport;
}

/** The cohort questions of a survey and which of their values a report may show. */
function reportCohorts(loaded: LoadedSurvey): ReportCohort[] {
  const fields = loaded.fields;
  // The survey's own questions first (the team report opens on the first), then the invitee cohort fields.
  const dimensions = [
    ...loaded.plan.dimensions.filter((dimension) => !isInviteeCohortKey(dimension.key)),
    ...loaded.plan.dimensions.filter((dimension) => isInviteeCohortKey(dimension.key)),
  ];
  return dimensions.map((dimension) => {
    const field = fields.find((candidate) => candidate.key === dimension.key);
    return {
      key: dimension.key,
      label: field?.question?.trim() || dimension.key,
      values: dimension.values.map((value) => ({
        value,
        visible: groupVisibility(loaded.suppression, [{ key: dimension.key, value }])?.visible === true,
      })),
    };
  });
}

export const TEAM_COLUMNS: { id: string; name: string }[] = [
  { id: "love", name: "LOWI Score" },
  { id: "spark", name: "SPARK Score" },
  { id: "SystemicCollaboration", name: "Systemic Collaboration" },
  { id: "PositiveVisionOfFuture", name: "Positive Vision of the Future" },
  { id: "AlignmentOfValues", name: "Alignment of Values" },
  { id: "Respect", name: "Respect" },
  { id: "KillerSupportOfAchievement", name: "Killer Support of Achievement" },
  { id: "AchievementOrientation", name: "Achievement Orientation" },
];

function teamScores(aggregate: ReportAggregate): Record<string, number> {
  const report = computeCompanyReport(aggregate, null);
  const scores: Record<string, number> = { love: report.love.score, spark: report.spark.score };
  for (const area of report.sparkAreas) scores[area.topic] = area.score;
  return scores;
}

export async function getTeamReport(ctx: AppContext, actor: Actor, surveyId: string, cohortKey: string | undefined): Promise<TeamReport> {
  const loaded = await loadSurvey(ctx, actor, surveyId);
  // Other surveys have the Team tab too (spec surveys §2), scored on their five-point questions (decision 0073).
  const lowi = loaded.survey.isLowi;
  requireFeature(actor, loaded.tenant, lowi ? "LOWIReport" : "BreakdownReport", "The team report");
  const scaled = lowi ? [] : scaleColumns(loaded.fields);
  const columns = lowi ? TEAM_COLUMNS : scaled;
  const score = (aggregate: ReportAggregate) => (lowi ? teamScores(aggregate) : scaleScores(aggregate, scaled));
  const cohorts = reportCohorts(loaded);
  // With none asked for, the company's team structure rather than the first demographic (decision 0068).
  const key = cohortKey ?? defaultTeamCohortKey(cohorts);
  if (key !== null && !cohorts.some((cohort) => cohort.key === key)) {
    throw new AppError("VALIDATION_FAILED", "That cohort is not in this survey.", { fields: { cohort: "Unknown cohort" } });
  }
  const overallVisible = groupVisibility(loaded.suppression, [])?.visible === true;
  const rows: TeamReport["rows"] = [];
  const cohort = cohorts.find((candidate) => candidate.key === key);
  for (const { value, visible } of cohort?.values ?? []) {
    if (!visible || key === null) {
      rows.push({ value, hidden: true, responses: null, scores: null });
      continue;
    }
    const aggregate = cohortAggregate(loaded.state, key, value);
    rows.push({ value, hidden: false, responses: aggregate.responses, scores: score(aggregate) });
  }
  const anyHidden = rows.some((row) => row.hidden) || !overallVisible;
  return {
    surveyId,
    threshold: loaded.threshold,
    cohorts,
    cohortKey: key,
    columns: columns.map(({ id, name }) => ({ id, name })),
    rows: overallVisible ? rows : rows.map((row) => ({ value: row.value, hidden: true, responses: null, scores: null })),
    overall: overallVisible ? { responses: loaded.state.all.responses, scores: score(loaded.state.all) } : null,
    notice: anyHidden ? formatHiddenNotice("Some teams") : null,
  };
}

/**
 * `labelsShown` is the comment lists' rule for figures made of comments' labels (`commentLabelsShown` of the comments
 * slice, decision 0053): the open questions' sentiment and emotion are added only for a group it allows.
 */
export async function getBreakdownReport(
  ctx: AppContext,
  actor: Actor,
  surveyId: string,
  filters: ReportFilter[],
  labelsShown: (ctx: AppContext, loaded: LoadedSurvey, filters: readonly ReportFilter[]) => Promise<boolean>,
): Promise<BreakdownReport> {
  const loaded = await loadSurvey(ctx, actor, surveyId);
  requireFeature(actor, loaded.tenant, "BreakdownReport", "The breakdown report");
  checkFilters(loaded, filters);
  if (!groupVisibility(loaded.suppression, filters)?.visible) return hiddenReport(loaded, filters, "Results");
  const aggregate = await groupAggregate(ctx, loaded, filters);
  const fields = loaded.fields;
  const computed = computeBreakdown(aggregate, fields);
  const dimensionKeys = new Set(loaded.plan.dimensions.map((dimension) => dimension.key));
  const tags = (await labelsShown(ctx, loaded, filters))
    ? await countCommentTags(ctx.database.db, actor.tenantId, surveyId, filters, await publishedCommentSeq(ctx, loaded))
    : [];
  const questions: Extract<BreakdownReport, { hidden: false }>["questions"] = [];
  for (const question of computed) {
    let options = question.options;
    if (dimensionKeys.has(question.key)) {
      // A cohort question's own distribution is the size of each cohort: values the plan hides are merged into one
      // line with the people who did not say, so no small group's size shows (and none can be derived).
      const dimension = loaded.plan.dimensions.find((candidate) => candidate.key === question.key);
      const shown = options.filter(
        (option) =>
          dimension?.values.includes(option.label) &&
          groupVisibility(loaded.suppression, [...filters, { key: question.key, value: option.label }])?.visible === true,
      );
      const shownTotal = shown.reduce((sum, option) => sum + option.count, 0);
      const rest = aggregate.responses - shownTotal;
      options = [...shown, ...(rest > 0 ? [{ label: "Hidden or not answered", count: rest, share: 0 }] : [])];
      const total = aggregate.responses;
      options = options.map((option) => ({ ...option, share: sharePercent(option.count, total) }));
      questions.push({
        key: question.key,
        title: question.title,
        group: question.group ?? null,
        total,
        options,
        sentiment: null,
        emotion: null,
      });
      continue;
    }
    questions.push({
      key: question.key,
      title: question.title,
      group: question.group ?? null,
      total: question.total,
      options,
      sentiment: null,
      emotion: null,
    });
  }
  // Open questions: the sentiment and emotion of their comments.
  const openFields = fields.filter((field) => field.answerType === "Text");
  for (const field of openFields) {
    const rows = tags.filter((row) => row.questionKey === field.key);
    if (rows.length === 0) continue;
    const sentiment: Record<string, number> = {};
    const emotion: Record<string, number> = {};
    let total = 0;
    for (const row of rows) {
      const count = Number(row.total);
      sentiment[row.sentiment] = (sentiment[row.sentiment] ?? 0) + count;
      emotion[row.emotion] = (emotion[row.emotion] ?? 0) + count;
      total += count;
    }
    questions.push({ key: field.key, title: field.question, group: field.group ?? null, total, options: [], sentiment, emotion });
  }
  return { hidden: false, surveyId, filters, responses: aggregate.responses, questions };
}
