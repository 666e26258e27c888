/**
 * A plan's check-in surveys (issue 26, decision 0078): Admins, Managers and the plan's owner add one to the plan's
 * next free slot. The plan's row is locked while the slot is chosen and filled, so two requests at once never fill
 * the same slot; a fourth is refused. The survey itself is made by the surveys slice (below this one).
 */
import {
  type ActionPlanDetail,
  CHECKIN_LIMIT_MESSAGE,
  checkinEndDay,
  checkinSurveyDescription,
  checkinSurveyFields,
  checkinSurveyName,
  nextFreeCheckinSlot,
} from "@hearth/shared";
import type { AppContext } from "../../app-context.js";
import type { Database } from "../../db/client.js";
import type { Actor } from "../../lib/actor.js";
import { AppError } from "../../lib/errors.js";
import { insertActivityLogs } from "../activity-log/activity-log.repo.js";
import { insertCheckinSurvey } from "../surveys/checkin-survey.service.js";
import { forbiddenFor, loadVisiblePlan, openActionPlans, planNotFound } from "./action-plans.access.js";
import { fillCheckinSlot, listPlanCheckins, lockPlan } from "./action-plans.repo.js";
import { readActionPlan } from "./action-plans.service.js";

/** A check-in is a survey: only those who edit and publish surveys add one (Staff have no survey-edit). */
export const CHECKIN_MANAGERS_ONLY = "Only Admins and Managers can add a check-in survey: they are the ones who edit and publish surveys.";

export async function addPlanCheckin(ctx: AppContext, actor: Actor, planId: string): Promise<ActionPlanDetail> {
  const { db } = ctx.database;
  const gate = await openActionPlans(db, actor);
  await loadVisiblePlan(db, gate, actor, planId);
  await db.transaction(async (tx) => {
    const txDb = tx as unknown as Database;
    const plan = await lockPlan(txDb, actor.tenantId, planId);
    if (!plan) throw planNotFound();
    // Decided on the locked row: an owner replaced or a plan archived meanwhile is read as it is now.
    if (!gate.manager) throw forbiddenFor(CHECKIN_MANAGERS_ONLY);
    if (plan.status === "archived") throw new AppError("CONFLICT", "Make the plan active again before adding a check-in survey.");
    const slot = nextFreeCheckinSlot(await listPlanCheckins(txDb, actor.tenantId, planId));
    if (slot === null) throw new AppError("CONFLICT", CHECKIN_LIMIT_MESSAGE);
    const survey = await insertCheckinSurvey(txDb, actor, {
      name: checkinSurveyName(plan.title, slot),
      description: checkinSurveyDescription(plan.title),
      fields: checkinSurveyFields(plan.focusKey),
      endDay: checkinEndDay(plan.startDate, slot),
      planId,
    });
    await fillCheckinSlot(txDb, actor.tenantId, planId, slot, survey.id);
    await insertActivityLogs(txDb, actor.tenantId, actor.userId, [
      { action: "add_plan_checkin", data: { planId, planTitle: plan.title, slot, surveyId: survey.id, surveyName: survey.name } },
    ]);
  });
  return readActionPlan(ctx, actor, planId);
}
