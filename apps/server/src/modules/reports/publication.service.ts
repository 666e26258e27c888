/** Why a survey's reports count fewer responses than its list shows (issue 25 item 1, decision 0022). */
import { describePublication, type ReportPublication } from "@hearth/shared";
import type { AppContext } from "../../app-context.js";
import type { Actor } from "../../lib/actor.js";
import { countResponsesBySurvey } from "../surveys/surveys.repo.js";
import { loadSurvey } from "./reports.service.js";

/**
 * The survey's responses, those its reports count (the published blocks) and the sentence that explains the gap.
 * Both counts are of the whole survey: they tell no one anything the survey list and the unfiltered report do not.
 */
export async function getReportPublication(ctx: AppContext, actor: Actor, surveyId: string): Promise<ReportPublication> {
  const loaded = await loadSurvey(ctx, actor, surveyId);
  const counted = await countResponsesBySurvey(ctx.database.db, actor.tenantId, [loaded.survey.id]);
  const total = counted.get(loaded.survey.id) ?? 0;
  const published = Math.min(loaded.state.all.responses, total);
  return { total, published, threshold: loaded.threshold, note: describePublication(published, total, loaded.threshold) };
}
