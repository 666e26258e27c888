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
  scoreChange,
} from "@hearth/shared";
import type { AppContext } from "../../app-context.js";
import type { Actor } from "../../lib/actor.js";
import { AppError } from "../../lib/errors.js";
import { type LoadedSurvey, loadSurvey } from "../reports/reports.service.js";
import type { ActionPlanRow } from "./action-plans.repo.js";

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

/** The focus in the plan's group of a loaded survey, through the suppression plan. */
function readFocus(loaded: LoadedSurvey, plan: ActionPlanRow): Reading {
  // A plan's cohort is an invitee cohort ("department"); the reports name it "cohort.department".
  const filters: CohortFilter[] =
    plan.scopeCohortKey && plan.scopeCohortValue ? [{ key: reportCohortKey(plan.scopeCohortKey), value: plan.scopeCohortValue }] : [];
  if (filters.some((filter) => loaded.lockedCohortKeys.has(filter.key))) return { notice: PROGRESS_REASONS.noCohort };
  const visibility = groupVisibility(loaded.suppression, filters);
  if (!visibility) return { notice: PROGRESS_REASONS.noCohort };
  if (!visibility.visible) return { notice: PROGRESS_HIDDEN_NOTICE };
  const aggregate = filters.length === 0 ? loaded.state.all : cohortAggregate(loaded.state, filters[0].key, filters[0].value);
  const score = focusScoreOf(aggregate, plan.focusKey);
  return score ? { score } : { notice: PROGRESS_REASONS.noAnswers };
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
  const none = (reason: string): PlanProgress => ({ reason, baseline: null, checkins: [] });
  if (!progressFocusKind(plan.focusKey)) return none(PROGRESS_REASONS.focus);
  if (!plan.baselineSurveyId) return none(PROGRESS_REASONS.noBaseline);

  const baselineLoad = await loadForProgress(ctx, actor, plan.baselineSurveyId);
  if (!("notice" in baselineLoad) && !baselineLoad.survey.isLowi) return none(PROGRESS_REASONS.notLowi);
  const baselineSurvey = { id: plan.baselineSurveyId, name: "notice" in baselineLoad ? null : baselineLoad.survey.name };
  const baselineReading = "notice" in baselineLoad ? baselineLoad : readFocus(baselineLoad, plan);
  const baselineScore = "score" in baselineReading ? baselineReading.score : null;

  const points: PlanProgressPoint[] = [];
  for (const slot of checkins) {
    if (!slot.surveyId) continue;
    const survey = { id: slot.surveyId, name: slot.surveyName };
    if (slot.draft) {
      points.push(point(slot.slot, survey, { notice: PROGRESS_REASONS.draft }, baselineScore));
      continue;
    }
    const loaded = await loadForProgress(ctx, actor, slot.surveyId);
    let reading: Reading;
    if ("notice" in loaded) reading = loaded;
    else if (!asksFocus(loaded, plan)) reading = { notice: PROGRESS_REASONS.notAsked };
    else reading = readFocus(loaded, plan);
    points.push(point(slot.slot, survey, reading, baselineScore));
  }
  return { reason: null, baseline: point(null, baselineSurvey, baselineReading, null), checkins: points };
}
