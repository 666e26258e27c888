/**
 * A plan's progress (decision 0078): its focus at the baseline LOWI™ survey and at each check-in, computed from each
 * survey's published state through the reports' own loading and suppression plan. The plan's group is the whole
 * company, or its cohort for a cohort plan; a group below the survey's threshold gives the reports' hidden notice and
 * no number. Wherever a figure cannot be read the point says why.
 */
import {
  type CohortFilter,
  type FocusScore,
  focusScoreOf,
  formatHiddenNotice,
  groupVisibility,
  inviteeCohortKey,
  isInviteeCohortKey,
  type PlanProgress,
  type PlanProgressPoint,
  PROGRESS_REASONS,
  progressFocusKind,
  cohortAggregate,
  cohortKeyLabel,
  comparableCohortValues,
  scoreChange,
  visibleCohortValues,
} from "@hearth/shared";
import type { AppContext } from "../../app-context.js";
import type { Actor } from "../../lib/actor.js";
import { AppError } from "../../lib/errors.js";
import { type LoadedSurvey, loadSurvey } from "../reports/reports.service.js";
import { type ActionPlanRow, listPlannedCohortValues } from "./action-plans.repo.js";

const reportCohortKey = (key: string) => (isInviteeCohortKey(key) ? key : inviteeCohortKey(key));

export const PROGRESS_HIDDEN_NOTICE = formatHiddenNotice("Scores");

type Reading = { score: FocusScore } | { notice: string };

/** The survey as the reports load it for this reader, or why it cannot be read. */
async function loadForProgress(ctx: AppContext, actor: Actor, surveyId: string): Promise<LoadedSurvey | { notice: string }> {
  try {
    return await loadSurvey(ctx, actor, surveyId);
  } catch (error) {
    if (error instanceof AppError && error.code === "CONFLICT") return { notice: PROGRESS_REASONS.baselineDraft };
    if (error instanceof AppError && error.status === 404) return { notice: PROGRESS_REASONS.unreadable };
    throw error;
  }
}

/** The plan's group: its cohort ("cohort.department" as the reports name it), or the whole company. */
function planFilters(plan: ActionPlanRow, value = plan.scopeCohortValue): CohortFilter[] {
  return plan.scopeCohortKey && value ? [{ key: reportCohortKey(plan.scopeCohortKey), value }] : [];
}

/** The focus in one group of a loaded survey, through the suppression plan. */
function readFocus(loaded: LoadedSurvey, plan: ActionPlanRow, filters: CohortFilter[] = planFilters(plan)): Reading {
  if (filters.some((filter) => loaded.lockedCohortKeys.has(filter.key))) return { notice: PROGRESS_REASONS.noCohort };
  const visibility = groupVisibility(loaded.suppression, filters);
  if (!visibility) return { notice: PROGRESS_REASONS.noCohort };
  if (!visibility.visible) return { notice: PROGRESS_HIDDEN_NOTICE };
  const aggregate = filters.length === 0 ? loaded.state.all : cohortAggregate(loaded.state, filters[0].key, filters[0].value);
  const score = focusScoreOf(aggregate, plan.focusKey);
  return score ? { score } : { notice: PROGRESS_REASONS.noAnswers };
}

/**
 * The cohorts a cohort plan is compared with (decision 0079): the baseline report's visible cohorts of the plan's key
 * without a plan of their own, largest first.
 */
async function comparisonCohorts(ctx: AppContext, plan: ActionPlanRow, baseline: LoadedSurvey) {
  if (!plan.scopeCohortKey || !plan.scopeCohortValue) return null;
  const key = reportCohortKey(plan.scopeCohortKey);
  if (baseline.lockedCohortKeys.has(key)) return null;
  const visible = visibleCohortValues(baseline.suppression, key).map((value) => {
    const group = groupVisibility(baseline.suppression, [{ key, value }]);
    return { value, size: group?.visible ? group.size : 0 };
  });
  const planned = await listPlannedCohortValues(ctx.database.db, plan.tenantId, plan.scopeCohortKey, plan.id);
  return comparableCohortValues(visible, plan.scopeCohortValue, new Set(planned));
}

function asksFocus(loaded: LoadedSurvey, plan: ActionPlanRow): boolean {
  if (progressFocusKind(plan.focusKey) === "item") return loaded.fields.some((field) => field.key === plan.focusKey);
  return loaded.fields.some((field) => field.sparkArea === plan.focusKey);
}

function point(
  slot: number | null,
  survey: { id: string; name: string | null },
  reading: Reading,
  baseline: FocusScore | null,
): PlanProgressPoint {
  const base = { slot, surveyId: survey.id, surveyName: survey.name };
  if ("notice" in reading) return { ...base, score: null, n: null, ci: null, change: null, notice: reading.notice };
  const { score } = reading;
  const change = slot !== null && baseline ? scoreChange(baseline, score) : null;
  return { ...base, score: score.score, n: score.n, ci: score.ci, change, notice: null };
}

export async function planProgress(
  ctx: AppContext,
  actor: Actor,
  plan: ActionPlanRow,
  checkins: readonly { slot: number; surveyId: string | null; surveyName: string | null; draft: boolean }[],
): Promise<PlanProgress> {
  const none = (reason: string): PlanProgress => ({ reason, baseline: null, checkins: [], comparison: null });
  if (!progressFocusKind(plan.focusKey)) return none(PROGRESS_REASONS.focus);
  if (!plan.baselineSurveyId) return none(PROGRESS_REASONS.noBaseline);

  const baselineLoad = await loadForProgress(ctx, actor, plan.baselineSurveyId);
  if (!("notice" in baselineLoad) && !baselineLoad.survey.isLowi) return none(PROGRESS_REASONS.notLowi);
  const baselineSurvey = { id: plan.baselineSurveyId, name: "notice" in baselineLoad ? null : baselineLoad.survey.name };
  const baselineReading = "notice" in baselineLoad ? baselineLoad : readFocus(baselineLoad, plan);
  const baselineScore = "score" in baselineReading ? baselineReading.score : null;
  const compared = "notice" in baselineLoad ? null : await comparisonCohorts(ctx, plan, baselineLoad);
  const cohorts = (compared?.values ?? []).map((value) => {
    const reading = "notice" in baselineLoad ? baselineLoad : readFocus(baselineLoad, plan, planFilters(plan, value));
    return { value, reading, score: "score" in reading ? reading.score : null, checkins: [] as PlanProgressPoint[] };
  });

  const points: PlanProgressPoint[] = [];
  for (const slot of checkins) {
    if (!slot.surveyId) continue;
    const survey = { id: slot.surveyId, name: slot.surveyName };
    const loaded: LoadedSurvey | { notice: string } = slot.draft
      ? { notice: PROGRESS_REASONS.draft }
      : await loadForProgress(ctx, actor, slot.surveyId);
    const readIn = (filters: CohortFilter[]): Reading =>
      "notice" in loaded ? loaded : !asksFocus(loaded, plan) ? { notice: PROGRESS_REASONS.notAsked } : readFocus(loaded, plan, filters);
    points.push(point(slot.slot, survey, readIn(planFilters(plan)), baselineScore));
    for (const cohort of cohorts) cohort.checkins.push(point(slot.slot, survey, readIn(planFilters(plan, cohort.value)), cohort.score));
  }
  return {
    reason: null,
    baseline: point(null, baselineSurvey, baselineReading, null),
    checkins: points,
    comparison:
      compared && plan.scopeCohortKey
        ? {
            cohortLabel: cohortKeyLabel(plan.scopeCohortKey),
            cohorts: cohorts.map((cohort) => ({
              value: cohort.value,
              baseline: point(null, baselineSurvey, cohort.reading, null),
              checkins: cohort.checkins,
            })),
            more: compared.more,
          }
        : null,
  };
}
