import type { FastifyInstance } from "fastify";
import {
  actionPlanDetailSchema,
  actionPlanInputSchema,
  actionPlanListSchema,
  actionPlanPatchSchema,
  checkinScheduleSchema,
  actionPlansQuerySchema,
  planActionInputSchema,
  planActionPatchSchema,
  planActionReorderSchema,
  planActionSchema,
} from "@hearth/shared";
import { z } from "zod";
import type { AppContext } from "../../app-context.js";
import { sendAttachment } from "../../lib/download.js";
import { defineRoute } from "../../lib/route.js";
import { exportActionPlansCsv } from "./action-plans-export.service.js";
import { archiveActionPlan, changeActionPlan, createActionPlan, listActionPlans, readActionPlan } from "./action-plans.service.js";
import { addPlanCheckin } from "./plan-checkins.service.js";
import { scheduleCheckin } from "./plan-checkin-schedule.service.js";
import { addPlanAction, changePlanAction, removePlanAction, reorderPlanActions } from "./plan-actions.service.js";

const tags = ["action-plans"];
const planParams = z.object({ id: z.uuid("This action plan does not exist.") });
const actionParams = planParams.extend({ actionId: z.uuid("This action does not exist.") });
const checkinParams = planParams.extend({
  slot: z.coerce
    .number("Choose check-in 0, 1 or 2.")
    .int("Choose check-in 0, 1 or 2.")
    .min(0, "Choose check-in 0, 1 or 2.")
    .max(2, "Choose check-in 0, 1 or 2."),
});
const GATED = "403 PLAN_UPGRADE_REQUIRED without Transformation Plans";

/**
 * Action plans (issue 26, decision 0078). Every route needs Transformation Plans (Silver and up); the service decides
 * who may do what: Admins and Managers everything, a plan's owner its plan and actions, an action's owner its status
 * and notes. Staff get 404 for plans that are not theirs.
 */
export async function registerActionPlanRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  defineRoute(app, ctx, {
    method: "GET",
    url: "/api/action-plans",
    summary: `The plans the caller may see (Staff: those they own or hold an action of) with progress and overdue actions; archived ones with archived=true. ${GATED}`,
    tags,
    access: "action-plans",
    query: actionPlansQuerySchema,
    response: actionPlanListSchema,
    handler: ({ actor, query }) => listActionPlans(ctx, actor, query.archived === "true"),
  });

  defineRoute(app, ctx, {
    method: "GET",
    url: "/api/action-plans/export.csv",
    summary: `The plans the list shows the caller, archived ones too, as CSV: one row per action (a plan without actions has one row with empty action columns). ${GATED}`,
    tags,
    access: "action-plans",
    produces: ["text/csv; charset=utf-8"],
    handler: async ({ actor, reply }) => {
      const file = await exportActionPlansCsv(ctx, actor);
      return sendAttachment(reply, "text/csv; charset=utf-8", file.fileName, file.text);
    },
  });

  defineRoute(app, ctx, {
    method: "POST",
    url: "/api/action-plans",
    summary: `Create a plan (Admins and Managers); the end defaults to the start plus 90 days; a cohort scope needs Department Insights. ${GATED}`,
    tags,
    access: "action-plans",
    status: 201,
    body: actionPlanInputSchema,
    response: actionPlanDetailSchema,
    handler: ({ actor, body }) => createActionPlan(ctx, actor, body),
  });

  defineRoute(app, ctx, {
    method: "GET",
    url: "/api/action-plans/:id",
    summary: `One plan with its actions in order, its three check-in slots and what the caller may do with it. ${GATED}`,
    tags,
    access: "action-plans",
    params: planParams,
    response: actionPlanDetailSchema,
    handler: ({ actor, params }) => readActionPlan(ctx, actor, params.id),
  });

  defineRoute(app, ctx, {
    method: "PATCH",
    url: "/api/action-plans/:id",
    summary: `Change only the fields sent (Admins, Managers, the plan's owner; only Admins and Managers change the owner or archive). ${GATED}`,
    tags,
    access: "action-plans",
    params: planParams,
    body: actionPlanPatchSchema,
    response: actionPlanDetailSchema,
    handler: ({ actor, params, body }) => changeActionPlan(ctx, actor, params.id, body),
  });

  defineRoute(app, ctx, {
    method: "DELETE",
    url: "/api/action-plans/:id",
    summary: `Archive a plan (Admins and Managers); it stays readable and can be made active again. ${GATED}`,
    tags,
    access: "action-plans",
    params: planParams,
    response: actionPlanDetailSchema,
    handler: ({ actor, params }) => archiveActionPlan(ctx, actor, params.id),
  });

  defineRoute(app, ctx, {
    method: "POST",
    url: "/api/action-plans/:id/actions",
    summary: `Add an action at the end of the plan (Admins, Managers, the plan's owner; at most 100). ${GATED}`,
    tags,
    access: "action-plans",
    status: 201,
    params: planParams,
    body: planActionInputSchema,
    response: planActionSchema,
    handler: ({ actor, params, body }) => addPlanAction(ctx, actor, params.id, body),
  });

  defineRoute(app, ctx, {
    method: "PATCH",
    url: "/api/action-plans/:id/actions/:actionId",
    summary: `Change only the fields sent; the action's own owner may send only status and notes. ${GATED}`,
    tags,
    access: "action-plans",
    params: actionParams,
    body: planActionPatchSchema,
    response: planActionSchema,
    handler: ({ actor, params, body }) => changePlanAction(ctx, actor, params.id, params.actionId, body),
  });

  defineRoute(app, ctx, {
    method: "DELETE",
    url: "/api/action-plans/:id/actions/:actionId",
    summary: `Remove an action (Admins, Managers, the plan's owner); answers the plan. ${GATED}`,
    tags,
    access: "action-plans",
    params: actionParams,
    response: actionPlanDetailSchema,
    handler: ({ actor, params }) => removePlanAction(ctx, actor, params.id, params.actionId),
  });

  defineRoute(app, ctx, {
    method: "POST",
    url: "/api/action-plans/:id/actions/reorder",
    summary: `Put the plan's actions in a new order: every action id of the plan exactly once; answers the plan. ${GATED}`,
    tags,
    access: "action-plans",
    params: planParams,
    body: planActionReorderSchema,
    response: actionPlanDetailSchema,
    handler: ({ actor, params, body }) => reorderPlanActions(ctx, actor, params.id, body.actionIds),
  });

  defineRoute(app, ctx, {
    method: "POST",
    url: "/api/action-plans/:id/checkins",
    summary: `Add a draft Action Plan Check-In survey to the plan's next free slot (Admins and Managers); it asks the plan's LOWI focus item too; 409 once all three slots hold one. ${GATED}`,
    tags,
    access: "action-plans",
    status: 201,
    params: planParams,
    response: actionPlanDetailSchema,
    handler: ({ actor, params }) => addPlanCheckin(ctx, actor, params.id),
  });

  defineRoute(app, ctx, {
    method: "POST",
    url: "/api/action-plans/:id/checkins/:slot/schedule",
    summary: `Publish the slot's check-in survey when it is a draft and schedule its invitations (Admins and Managers): on sendDay at 09:00 in the company's zone, to the plan's scope among the baseline survey's invitees; 409 when the slot holds no survey, is already scheduled or has closed. ${GATED}`,
    tags,
    access: "action-plans",
    params: checkinParams,
    body: checkinScheduleSchema,
    response: actionPlanDetailSchema,
    handler: ({ actor, params, body }) => scheduleCheckin(ctx, actor, params.id, params.slot, body),
  });
}
