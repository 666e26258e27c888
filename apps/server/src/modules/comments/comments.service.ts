/**
 * Sentiment & Emotion, Comments and Thematic Analysis. Every group goes through the survey's suppression plan first
 * (reports.service.ts), and comment lists go through one more rule, because a list is not a count: two lists for
 * different cohorts can be intersected ("Engineering" ∩ "Women" = the women engineers' comments) even when the plan
 * hides that intersection's count. So comments are listed only for the survey's *listable* cohorts — a fixed set,
 * the same for every user, chosen so that every pattern of membership across them holds 0 or at least k commenting
 * respondents — and a hidden or unlistable cohort lists nothing at all (docs/decisions/0017).
 */
import { analyzeThemes, type ThemeInput } from "@hearth/analysis";
import {
  COMMENT_DISPLAY_CAP,
  COMMENT_EMOTIONS,
  COMMENT_MESSAGES,
  COMMENT_MIN_LENGTH,
  COMMENT_SENTIMENTS,
  type CohortFilter,
  type CohortOption,
  type CommentRow,
  type CommentsRequest,
  type CommentsResponse,
  type CommentSentiment,
  findDemographicCategory,
  formatHiddenNotice,
  groupVisibility,
  MAX_REPORT_FILTERS,
  type ReportFilter,
  type SentimentBlock,
  type SentimentReport,
  type SurveyField,
  type ThematicReport,
} from "@hearth/shared";
import type { AppContext } from "../../app-context.js";
import type { Actor } from "../../lib/actor.js";
import { AppError } from "../../lib/errors.js";
import { checkFilters, featureAllowed, hiddenReport, type LoadedSurvey, loadSurvey, requireFeature } from "../reports/reports.service.js";
import { publishedCommentSeq } from "../reports/survey-state.js";
import { openQuestionKeys } from "./comment-jobs.js";
import { claimAssignedCohorts, countSentiments, findAssignedCohorts, listSurveyComments, type StoredComment } from "./comments.repo.js";
import {
  atomId,
  chooseListableGroups,
  countingRespondents,
  type ListAtom,
  type ListableGroups,
  type ListPerson,
} from "./listable-groups.js";

/** Admins and the operator's internal accounts read every comment; everyone else only their assigned cohorts'. */
export function readsAllComments(actor: Pick<Actor, "role" | "isInternalAccount">): boolean {
  return actor.role === "Admin" || actor.isInternalAccount;
}

const cohortId = atomId;
const round1 = (value: number) => Math.round(value * 10) / 10;

/** "Gender: Woman": the demographic's name (or its question) and the value. */
export function cohortLabel(fields: readonly SurveyField[], key: string, value: string): string {
  const field = fields.find((candidate) => candidate.key === key);
  const name = findDemographicCategory(key) ?? field?.title?.trim() ?? field?.question?.trim() ?? key;
  return `${name}: ${value}`;
}

/** Every value of the survey's cohort questions, as picker options (the plan's dimensions, in option order). */
export function surveyCohortOptions(loaded: Pick<LoadedSurvey, "plan" | "fields">): CohortOption[] {
  return loaded.plan.dimensions.flatMap((dimension) =>
    dimension.values.map((value) => ({ key: dimension.key, value, label: cohortLabel(loaded.fields, dimension.key, value) })),
  );
}

/**
 * The order cohort questions are offered to the listable set: organisational groups first (the ones a manager is
 * responsible for and is assigned), personal and sensitive characteristics last. Other keys follow, sorted.
 */
const LISTABLE_KEY_ORDER = [
  "lowi_demo_job_function",
  "lowi_demo_region",
  "lowi_demo_job_type",
  "lowi_demo_years_of_service",
  "lowi_demo_age",
  "lowi_demo_gender",
  "lowi_demo_salary",
  "lowi_demo_ethnicity",
];
const keyRank = (key: string) => {
  const index = LISTABLE_KEY_ORDER.indexOf(key);
  return index === -1 ? LISTABLE_KEY_ORDER.length : index;
};

const listableCache = new Map<string, { signature: string; groups: ListableGroups }>();

/**
 * The groups whose comments may be listed, given who commented (decision 0017, extended to answer filters by 0053):
 * candidates are the cohorts the plan shows (visible, non-empty) in a fixed order (LISTABLE_KEY_ORDER, values in
 * option order), then every option of the survey's answer-filter questions (field order). Each is kept only if every
 * non-empty membership pattern across the kept atoms and the recommend tag still holds at least k counting
 * commenters (`chooseListableGroups`). Cached per survey and published comment block, threshold and question set.
 */
export function listableGroups(loaded: LoadedSurvey, comments: readonly StoredComment[], upToSeq: number): ListableGroups {
  const respondents = new Map<string, ListPerson>();
  for (const comment of comments) {
    respondents.set(comment.responseId, {
      answers: comment.answers,
      recommendTag: comment.recommendTag,
      countsTowardThreshold: comment.countsTowardThreshold,
    });
  }
  const questions = answerQuestions(loaded);
  // Invitee cohort values are only ever added (decision 0045): each dimension's size names its values.
  const dimensions = loaded.plan.dimensions.map((dimension) => `${dimension.key}=${dimension.values.length}`).join(",");
  const asked = questions.map((question) => `${question.key}=${question.options.length}`).join(",");
  const signature = `${loaded.threshold}:${upToSeq}:${respondents.size}:${comments.length}:${loaded.state.counts.total}:${dimensions}:${asked}`;
  const cached = listableCache.get(loaded.survey.id);
  if (cached && cached.signature === signature) return cached.groups;

  const candidates: ListAtom[] = [];
  if (groupVisibility(loaded.suppression, [])?.visible) {
    const ordered = [...loaded.plan.dimensions].sort(
      (a, b) => keyRank(a.key) - keyRank(b.key) || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0),
    );
    for (const dimension of ordered) {
      for (const value of dimension.values) {
        const group = groupVisibility(loaded.suppression, [{ key: dimension.key, value }]);
        if (group?.visible && group.size > 0) candidates.push({ key: dimension.key, value });
      }
    }
    for (const question of questions) for (const value of question.options) candidates.push({ key: question.key, value });
  }
  const chosen = chooseListableGroups([...respondents.values()], candidates, loaded.threshold);
  const groups = groupVisibility(loaded.suppression, [])?.visible ? chosen : { ...chosen, wholeListable: false };
  listableCache.set(loaded.survey.id, { signature, groups });
  if (listableCache.size > 500) listableCache.delete(listableCache.keys().next().value as string);
  return groups;
}

interface Scope {
  restricted: boolean;
  message: string | null;
  /** Cohorts whose comments (any of them) may be read; null = no cohort restriction. */
  cohorts: CohortFilter[] | null;
  /** Options the user may pick. */
  options: CohortOption[];
  /** True when a requested or assigned cohort is hidden (its comments are left out). */
  hiddenSome: boolean;
}

/**
 * Which cohorts a user reads: everyone may narrow by listable cohorts; members limited to assigned cohorts read only
 * those (all of them when the request names none, none when it names an empty list).
 */
async function commentScope(
  ctx: AppContext,
  actor: Actor,
  loaded: LoadedSurvey,
  listable: Set<string>,
  requested: CommentsRequest["cohorts"],
): Promise<Scope> {
  const all = surveyCohortOptions(loaded);
  const known = new Set(all.map((option) => cohortId(option.key, option.value)));
  for (const cohort of requested ?? []) {
    if (!known.has(cohortId(cohort.key, cohort.value))) {
      throw new AppError("VALIDATION_FAILED", "That cohort is not in this survey.", { fields: { cohorts: "Unknown cohort or value" } });
    }
  }
  if (readsAllComments(actor)) {
    const options = all.filter((option) => listable.has(cohortId(option.key, option.value)));
    if (!requested || requested.length === 0) return { restricted: false, message: null, cohorts: null, options, hiddenSome: false };
    const allowed = requested.filter((cohort) => listable.has(cohortId(cohort.key, cohort.value)));
    return { restricted: false, message: null, cohorts: allowed, options, hiddenSome: allowed.length < requested.length };
  }
  const row = await findAssignedCohorts(ctx.database.db, actor.tenantId, loaded.survey.id, { userId: actor.userId, email: actor.email });
  // Cohorts assigned to this address before the account existed now belong to it.
  if (row && row.userId === null) await claimAssignedCohorts(ctx.database.db, actor.tenantId, actor.userId, actor.email);
  const assigned = (row?.cohorts ?? []).filter((cohort) => known.has(cohortId(cohort.key, cohort.value)));
  if (assigned.length === 0) {
    return { restricted: true, message: COMMENT_MESSAGES.noCohortsAssigned, cohorts: [], options: [], hiddenSome: false };
  }
  const options = assigned.map((cohort) => ({ ...cohort, label: cohortLabel(loaded.fields, cohort.key, cohort.value) }));
  const assignedIds = new Set(assigned.map((cohort) => cohortId(cohort.key, cohort.value)));
  const chosen = requested ?? assigned;
  if (chosen.some((cohort) => !assignedIds.has(cohortId(cohort.key, cohort.value)))) {
    throw new AppError("FORBIDDEN", "You can read the comments of your assigned cohorts only.", { status: 403 });
  }
  if (chosen.length === 0)
    return { restricted: true, message: COMMENT_MESSAGES.noCohortsSelected, cohorts: [], options, hiddenSome: false };
  const allowed = chosen.filter((cohort) => listable.has(cohortId(cohort.key, cohort.value)));
  return { restricted: true, message: null, cohorts: allowed, options, hiddenSome: allowed.length < chosen.length };
}

const inGroup = (comment: StoredComment, filters: readonly CohortFilter[]) =>
  filters.every((filter) => comment.answers[filter.key] === filter.value);
const inAnyCohort = (comment: StoredComment, cohorts: readonly CohortFilter[]) =>
  cohorts.some((cohort) => comment.answers[cohort.key] === cohort.value);

interface Selection {
  loaded: LoadedSurvey;
  comments: StoredComment[];
  scope: Scope;
  notice: string | null;
  /** True when the group asked for is not listable: nothing is listed, not even counted. */
  hidden: boolean;
  groups: ListableGroups;
}

/** Answer filters: a question key and the options asked for (any of them). */
export type AnswerFilter = readonly [key: string, answers: readonly string[]];

/** The survey's published comments (with the answers the atoms read) and its listable groups. */
async function publishedCommentsAndGroups(ctx: AppContext, loaded: LoadedSurvey) {
  const dimensionKeys = loaded.plan.dimensions.map((dimension) => dimension.key);
  const questionKeys = answerQuestions(loaded).map((question) => question.key);
  const upToSeq = await publishedCommentSeq(ctx, loaded);
  const all = await listSurveyComments(
    ctx.database.db,
    loaded.survey.tenantId,
    loaded.survey.id,
    [...new Set([...dimensionKeys, ...questionKeys])],
    COMMENT_MIN_LENGTH,
    upToSeq,
  );
  return { all, groups: listableGroups(loaded, all, upToSeq) };
}

/** Whether a list narrowed by these report filters and answer filters may be shown: every atom named is listable. */
function isListed(loaded: LoadedSurvey, groups: ListableGroups, filters: readonly ReportFilter[], answerFilters: readonly AnswerFilter[]) {
  return (
    groups.wholeListable &&
    groupVisibility(loaded.suppression, filters)?.visible === true &&
    filters.every((filter) => groups.atoms.has(cohortId(filter.key, filter.value))) &&
    answerFilters.every(([key, answers]) => answers.every((answer) => groups.atoms.has(atomId(key, answer))))
  );
}

/**
 * Whether figures made of comments' labels may be shown for a report group (decision 0053, amended 2026-12-02):
 * only where that group's comment list may be listed. A comment's sentiment and emotion show on its row of the
 * whole survey's list, so a label count for a group whose list the rule refuses (a cohort the plan shows but whose
 * membership pattern would be small) would tell which rows belong to it: the Sentiment report and the breakdown's
 * open questions answer only for listable groups, and so never say more than the list of the same group.
 */
export async function commentLabelsShown(ctx: AppContext, loaded: LoadedSurvey, filters: readonly ReportFilter[]): Promise<boolean> {
  if (!groupVisibility(loaded.suppression, filters)?.visible) return false;
  // The whole survey's list is listed exactly when the plan shows it: no need to read every comment for that.
  if (filters.length === 0) return true;
  const { groups } = await publishedCommentsAndGroups(ctx, loaded);
  return isListed(loaded, groups, filters, []);
}

/**
 * The comments a user may read for the report filters, answer filters and cohorts asked for, before the per-comment
 * filters. Every atom named (a report filter, each option of an answer filter, a chosen cohort) must be listable;
 * a report filter must also be visible in the plan. A union of options within one question is listed only when every
 * option in it is listable (otherwise it would be a small cell, or the difference of two visible lists).
 */
async function selectComments(
  ctx: AppContext,
  actor: Actor,
  loaded: LoadedSurvey,
  filters: ReportFilter[],
  cohorts: CommentsRequest["cohorts"],
  answerFilters: readonly AnswerFilter[],
  page: string,
): Promise<Selection> {
  const { all, groups } = await publishedCommentsAndGroups(ctx, loaded);
  const scope = await commentScope(ctx, actor, loaded, groups.atoms, cohorts);
  const notice = formatHiddenNotice(page);
  if (!isListed(loaded, groups, filters, answerFilters)) return { loaded, comments: [], scope, notice, hidden: true, groups };
  if (scope.message) return { loaded, comments: [], scope, notice: null, hidden: false, groups };
  let comments = all.filter(
    (comment) => inGroup(comment, filters) && answerFilters.every(([key, answers]) => answers.includes(String(comment.answers[key] ?? ""))),
  );
  if (scope.cohorts !== null) {
    const chosen = scope.cohorts;
    comments = chosen.length === 0 ? [] : comments.filter((comment) => inAnyCohort(comment, chosen));
  }
  return { loaded, comments, scope, notice: scope.hiddenSome ? notice : null, hidden: false, groups };
}

/**
 * The ids of the survey's comments this user may read on the Comments page, with no filter or cohort asked for: the
 * same selection (scope, assigned cohorts, listable groups, published blocks), used by social quotes so that a quote
 * is never something its reader could not see as a comment. Null when the user reads every comment of the survey
 * (Admins and internal accounts) and the survey's whole group is listable.
 */
export async function readableCommentIds(ctx: AppContext, actor: Actor, loaded: LoadedSurvey): Promise<Set<string> | null> {
  const selection = await selectComments(ctx, actor, loaded, [], undefined, [], "Comments");
  if (readsAllComments(actor) && !selection.hidden) return null;
  return new Set(selection.comments.map((comment) => comment.id));
}

const emptyShares = <T extends string>(keys: readonly T[]) =>
  Object.fromEntries(keys.map((key) => [key, { count: 0, share: 0 }])) as Record<T, { count: number; share: number }>;

function block(rows: readonly { sentiment: string; emotion: string; total: number }[]): SentimentBlock {
  const sentiment = emptyShares(COMMENT_SENTIMENTS);
  const emotion = emptyShares(COMMENT_EMOTIONS);
  let total = 0;
  for (const row of rows) {
    total += row.total;
    const s = (COMMENT_SENTIMENTS as readonly string[]).includes(row.sentiment) ? (row.sentiment as CommentSentiment) : "none";
    const e = (COMMENT_EMOTIONS as readonly string[]).includes(row.emotion) ? (row.emotion as (typeof COMMENT_EMOTIONS)[number]) : "None";
    sentiment[s].count += row.total;
    emotion[e].count += row.total;
  }
  for (const entry of [...Object.values(sentiment), ...Object.values(emotion)]) {
    entry.share = total > 0 ? round1((entry.count / total) * 100) : 0;
  }
  return { total, sentiment, emotion };
}

/** GET /api/reports/:surveyId/sentiment: counts and shares overall and per open question, for a visible group. */
export async function getSentimentReport(
  ctx: AppContext,
  actor: Actor,
  surveyId: string,
  filters: ReportFilter[],
): Promise<SentimentReport> {
  const loaded = await loadSurvey(ctx, actor, surveyId);
  requireFeature(actor, loaded.tenant, "SentimentReport", "The Sentiment & Emotion report");
  checkFilters(loaded, filters);
  // The plan's visibility, then the comment lists' rule: label counts only for a group whose comments may be listed.
  if (!(await commentLabelsShown(ctx, loaded, filters))) return hiddenReport(loaded, filters, "Sentiment and emotion results");
  const rows = await countSentiments(ctx.database.db, actor.tenantId, surveyId, filters, await publishedCommentSeq(ctx, loaded));
  const openKeys = openQuestionKeys(loaded.fields);
  return {
    hidden: false,
    surveyId,
    filters,
    threshold: loaded.threshold,
    overall: block(rows),
    questions: openKeys.map((key) => {
      const field = loaded.fields.find((candidate) => candidate.key === key);
      return { key, title: field?.question ?? key, ...block(rows.filter((row) => row.questionKey === key)) };
    }),
  };
}

/** Radio questions that are not cohorts: the Comments page may filter by a respondent's answer to them. */
function answerQuestions(loaded: LoadedSurvey) {
  const cohortKeys = new Set(loaded.fields.filter((field) => field.filter === true).map((field) => field.key));
  return loaded.fields
    .filter((field) => field.answerType === "Radio" && !cohortKeys.has(field.key) && field.radioOptions.length > 0)
    .map((field) => ({ key: field.key, title: field.question, options: field.radioOptions }));
}

const toRow = (comment: StoredComment, tagsShown: boolean): CommentRow => ({
  id: comment.id,
  text: comment.text,
  questionKey: comment.questionKey,
  recommendation: comment.direction === "do well" || comment.direction === "do better" ? comment.direction : null,
  recommendTag: tagsShown
    ? ((["recommend", "neutral", "won't recommend"] as const).find((tag) => tag === comment.recommendTag) ?? null)
    : null,
  sentiment: (COMMENT_SENTIMENTS as readonly string[]).includes(comment.sentiment)
    ? (comment.sentiment as CommentRow["sentiment"])
    : "none",
  emotion: (COMMENT_EMOTIONS as readonly string[]).includes(comment.emotion) ? (comment.emotion as CommentRow["emotion"]) : "None",
  topic: comment.topic || "General",
});

/** POST /api/reports/:surveyId/comments. */
/** `uncapped`: every matching comment (the CSV download), not only the first 102 the page shows without a search. */
export async function listComments(
  ctx: AppContext,
  actor: Actor,
  surveyId: string,
  request: CommentsRequest,
  options: { uncapped?: boolean } = {},
): Promise<CommentsResponse> {
  const loaded = await loadSurvey(ctx, actor, surveyId);
  requireFeature(actor, loaded.tenant, "CommentsReport", "The Comments report");
  const search = request.search?.trim() ?? "";
  if (search !== "") requireFeature(actor, loaded.tenant, "CommentSearch", "Comment search");
  const filters = request.filters ?? [];
  checkFilters(loaded, filters);
  const questions = answerQuestions(loaded);
  const answerFilters = Object.entries(request.questions ?? {}).filter(([, answers]) => answers.length > 0);
  for (const [key, answers] of answerFilters) {
    const question = questions.find((candidate) => candidate.key === key);
    if (!question || answers.some((answer) => !question.options.includes(answer))) {
      throw new AppError("VALIDATION_FAILED", "Comments can be filtered by the answers of this survey's choice questions only.", {
        fields: { questions: `Unknown question or answer: ${key}` },
      });
    }
  }
  const openKeys = openQuestionKeys(loaded.fields);
  for (const key of request.questionKeys ?? []) {
    if (!openKeys.includes(key)) {
      throw new AppError("VALIDATION_FAILED", "That is not an open question of this survey.", {
        fields: { questionKeys: `Unknown question: ${key}` },
      });
    }
  }
  if (filters.length + answerFilters.length > MAX_REPORT_FILTERS) {
    throw new AppError("VALIDATION_FAILED", `Comments can be narrowed by at most ${MAX_REPORT_FILTERS} cohorts or questions at once.`, {
      fields: { questions: `At most ${MAX_REPORT_FILTERS} filters across cohorts and answers` },
    });
  }
  const selection = await selectComments(ctx, actor, loaded, filters, request.cohorts, answerFilters, "Comments");
  const needle = search.toLocaleLowerCase();
  const keep = <T>(list: readonly T[] | undefined) => (list && list.length > 0 ? new Set<T>(list) : null);
  const directions = keep(request.recommendations);
  const tags = keep(request.recommendTags);
  const sentiments = keep(request.sentiments);
  const emotions = keep(request.emotions);
  const questionKeys = keep(request.questionKeys);
  // Rows show the recommend tag only when every tag class is listable; otherwise it can be neither shown nor asked.
  const tagsHidden = tags !== null && !selection.groups.tagsShown;
  const matching = selection.comments.filter(
    (comment) =>
      (!questionKeys || questionKeys.has(comment.questionKey)) &&
      (!directions || directions.has(comment.direction as never)) &&
      (!tags || tags.has(comment.recommendTag as never)) &&
      (!sentiments || sentiments.has(comment.sentiment as never)) &&
      (!emotions || emotions.has(comment.emotion as never)) &&
      (needle === "" || comment.text.toLocaleLowerCase().includes(needle)),
  );
  // A searched list holds no one or at least k respondents who count; a narrower one is hidden (decision 0053). The
  // label filters (question, direction, sentiment, emotion) select by what every row of the listable list shows.
  const people = countingRespondents(matching);
  const tooFew = needle !== "" && people.all > 0 && people.counting < loaded.threshold;
  const hidden = selection.hidden || tagsHidden || tooFew;
  const truncated = !hidden && !options.uncapped && needle === "" && matching.length > COMMENT_DISPLAY_CAP;
  const shown = hidden ? [] : truncated ? matching.slice(0, COMMENT_DISPLAY_CAP) : matching;
  return {
    comments: shown.map((comment) => toRow(comment, selection.groups.tagsShown)),
    total: hidden ? 0 : matching.length,
    truncated,
    hidden,
    notice: hidden ? formatHiddenNotice("Comments") : selection.notice,
    scope: { restricted: selection.scope.restricted, message: selection.scope.message },
    options: {
      cohorts: selection.scope.options,
      openQuestions: openKeys.map((key) => ({ key, title: loaded.fields.find((field) => field.key === key)?.question ?? key })),
      // Offered: the listable options only (like cohorts); other known options are accepted and answered hidden.
      answerQuestions: questions
        .map((question) => ({
          ...question,
          options: question.options.filter((option) => selection.groups.atoms.has(atomId(question.key, option))),
        }))
        .filter((question) => (question.key === "lowi_recommend" ? selection.groups.tagsShown : question.options.length > 0)),
    },
  };
}

/** GET /api/reports/:surveyId/thematic: themes of the comments the user may read, each of at least k comments. */
export async function getThematicReport(
  ctx: AppContext,
  actor: Actor,
  surveyId: string,
  filters: ReportFilter[],
  cohorts: CommentsRequest["cohorts"],
): Promise<ThematicReport> {
  const loaded = await loadSurvey(ctx, actor, surveyId);
  requireFeature(actor, loaded.tenant, "ThematicAnalysis", "Thematic Analysis");
  checkFilters(loaded, filters);
  const selection = await selectComments(ctx, actor, loaded, filters, cohorts, [], "Themes");
  if (selection.hidden) {
    return hiddenReport(loaded, filters, "Themes");
  }
  const inputs: ThemeInput[] = selection.comments
    .filter((comment) => comment.sentiment !== "none")
    .map((comment) => ({
      id: comment.id,
      text: comment.text,
      sentiment: comment.sentiment as ThemeInput["sentiment"],
      topic: comment.topic,
    }));
  const k = loaded.threshold;
  // Too few comments tell too much about too few people: no theme below k comments, and none at all below k.
  const themes =
    inputs.length < k
      ? []
      : analyzeThemes(inputs)
          .filter((theme) => theme.count >= k)
          .map((theme) => ({
            key: theme.key,
            label: theme.label,
            topic: theme.topic,
            count: theme.count,
            sentiment: theme.sentiment,
            keyPhrases: theme.keyPhrases,
            // The same words written by several people are quoted once.
            examples: theme.examples
              .filter((example, index, all) => all.findIndex((other) => other.text.trim() === example.text.trim()) === index)
              .map((example) => ({ id: example.id, text: example.text, sentiment: example.sentiment })),
          }));
  return {
    hidden: false,
    surveyId,
    filters,
    threshold: k,
    comments: inputs.length,
    themes,
    notice: selection.notice,
    scope: { restricted: selection.scope.restricted, message: selection.scope.message },
  };
}

export { featureAllowed };
