/**
 * Action plans (issue 26, decision 0078): list, create, read, change and archive a company's plans. Every call first
 * passes the Transformation Plans gate (action-plans.access.ts); every write runs in one transaction with its
 * activity log entry.
 */
import {
  type ActionPlanCheckin,
  type ActionPlanDetail,
  type ActionPlanList,
  type ActionPlanPatch,
  type ActionPlanStatus,
  type ActionPlanSummary,
  type ActionPlanSource,
  cohortKeyLabel,
  defaultPlanEndDay,
  isActionOverdue,
  nextCheckin,
  nextFreeCheckinSlot,
  type ParsedActionPlanInput,
  type PlanAction,
  type PlanActionStatus,
  resolveFocusLabel,
  suggestedCheckinSendDay,
  todayInZone,
} from "@hearth/shared";
import type { AppContext } from "../../app-context.js";
import type { Database } from "../../db/client.js";
import type { Actor } from "../../lib/actor.js";
import { AppError } from "../../lib/errors.js";
import { insertActivityLogs } from "../activity-log/activity-log.repo.js";
import {
  forbiddenFor,
  loadVisiblePlan,
  openActionPlans,
  type PlanAbilities,
  type PlanGate,
  personName,
  planAbilities,
  planNotFound,
  requireCompanySurvey,
  requireCompanyUser,
  requireScopeFeature,
} from "./action-plans.access.js";
import {
  type ActionPlanRow,
  type FoundPlan,
  insertPlan,
  type ListedPlanAction,
  listCheckinSchedules,
  listPlanActions,
  listPlanCheckins,
  type PlanCheckinRow,
  listPlanSummaries,
  lockPlan,
  type PlanChange,
  type PlanSummaryRow,
  updatePlan,
} from "./action-plans.repo.js";
import { planProgress } from "./plan-progress.service.js";

const scopeOf = (plan: Pick<ActionPlanRow, "scopeCohortKey" | "scopeCohortValue">) =>
  plan.scopeCohortKey && plan.scopeCohortValue
    ? { key: plan.scopeCohortKey, value: plan.scopeCohortValue, label: cohortKeyLabel(plan.scopeCohortKey) }
    : null;

function planFields(plan: ActionPlanRow) {
  return {
    id: plan.id,
    title: plan.title,
    focusKey: plan.focusKey,
    focusLabel: plan.focusLabel,
    ownerUserId: plan.ownerUserId,
    scope: scopeOf(plan),
    status: plan.status as ActionPlanStatus,
    source: plan.source as ActionPlanSource,
    startDate: plan.startDate,
    endDate: plan.endDate,
    updatedAt: plan.updatedAt.toISOString(),
  };
}

type ScheduleRow = { slot: number; surveyId: string | null; sendAt: Date | null; invitedAt: Date | null };

/** The plan's next check-in to be sent, from its slots' schedules (decision 0079). */
function nextCheckinOf(plan: ActionPlanRow, slots: readonly ScheduleRow[], gate: PlanGate, now: number) {
  const states = slots.map((slot) => ({
    slot: slot.slot,
    surveyId: slot.surveyId,
    sendDay: slot.sendAt ? todayInZone(gate.timeZone, slot.sendAt.getTime()) : null,
    sent: slot.invitedAt !== null && slot.sendAt !== null && slot.sendAt.getTime() <= now,
  }));
  return nextCheckin(plan.startDate, states, gate.today);
}

function toSummary(row: PlanSummaryRow, slots: readonly ScheduleRow[], gate: PlanGate, now: number): ActionPlanSummary {
  return {
    ...planFields(row.plan),
    ownerName: personName(row.ownerFirstName, row.ownerLastName, row.ownerEmail),
    nextDueDate: row.nextDueDate,
    actionsDone: row.actionsDone,
    actionsTotal: row.actionsTotal,
    overdueActions: row.overdueActions,
    nextCheckinSlot: row.nextCheckinSlot,
    nextCheckin: nextCheckinOf(row.plan, slots, gate, now),
  };
}

function toCheckin(slot: PlanCheckinRow, plan: ActionPlanRow, gate: PlanGate, now: number): ActionPlanCheckin {
  return {
    slot: slot.slot,
    surveyId: slot.surveyId,
    surveyName: slot.surveyName,
    draft: slot.draft,
    suggestedSendDay: suggestedCheckinSendDay(plan.startDate, slot.slot, gate.today),
    sendAt: slot.sendAt?.toISOString() ?? null,
    invitedAt: slot.invitedAt?.toISOString() ?? null,
    invitedCount: slot.invitedCount,
    inviteError: slot.inviteError,
    endsAt: slot.surveyId && slot.surveyEndDate ? slot.surveyEndDate.toISOString() : null,
    closed: Boolean(slot.surveyId && !slot.draft && slot.surveyEndDate && slot.surveyEndDate.getTime() <= now),
    askComparison: slot.askComparison,
  };
}

function toAction(row: ListedPlanAction, actor: Actor, plan: { can: PlanAbilities; archived: boolean }, today: string): PlanAction {
  const { action } = row;
  const status = action.status as PlanActionStatus;
  const ownsAction = action.ownerUserId !== null && action.ownerUserId === actor.userId;
  return {
    id: action.id,
    title: action.title,
    ownerUserId: action.ownerUserId,
    ownerName: personName(row.ownerFirstName, row.ownerLastName, row.ownerEmail),
    dueDate: action.dueDate,
    status,
    notes: action.notes,
    position: action.position,
    doneAt: action.doneAt?.toISOString() ?? null,
    overdue: isActionOverdue({ status, dueDate: action.dueDate }, today),
    canEdit: plan.can.manageActions,
    canUpdateStatus: !plan.archived && (plan.can.manageActions || ownsAction),
    createdAt: action.createdAt.toISOString(),
    updatedAt: action.updatedAt.toISOString(),
  };
}

/** The plan as its page shows it, read again after any change, with what the caller may do and its progress. */
export async function planDetail(ctx: AppContext, gate: PlanGate, actor: Actor, loaded: FoundPlan): Promise<ActionPlanDetail> {
  const { db } = ctx.database;
  const { plan } = loaded;
  const now = Date.now();
  const [actionRows, checkins] = await Promise.all([
    listPlanActions(db, actor.tenantId, plan.id),
    listPlanCheckins(db, actor.tenantId, plan.id),
  ]);
  const progress = await planProgress(ctx, actor, plan, checkins);
  const can = planAbilities(gate, actor, plan);
  const archived = plan.status === "archived";
  const actions = actionRows.map((row) => toAction(row, actor, { can, archived }, gate.today));
  const open = actions.filter((action) => action.status !== "done" && action.dueDate !== null).map((action) => action.dueDate as string);
  return {
    ...planFields(plan),
    ownerName: personName(loaded.ownerFirstName, loaded.ownerLastName, loaded.ownerEmail),
    nextDueDate: open.length > 0 ? open.sort()[0] : null,
    actionsDone: actions.filter((action) => action.status === "done").length,
    actionsTotal: actions.length,
    overdueActions: actions.filter((action) => action.overdue).length,
    nextCheckinSlot: nextFreeCheckinSlot(checkins),
    nextCheckin: nextCheckinOf(plan, checkins, gate, now),
    target: plan.target,
    baselineSurveyId: plan.baselineSurveyId,
    baselineSurveyName: loaded.baselineSurveyName,
    createdByName: personName(loaded.authorFirstName, loaded.authorLastName, loaded.authorEmail),
    createdAt: plan.createdAt.toISOString(),
    today: gate.today,
    actions,
    checkins: checkins.map((slot) => toCheckin(slot, plan, gate, now)),
    progress,
    can,
  };
}

/** The plans the caller may see (Staff: those they own or hold an action of), archived ones only when asked for. */
export async function listActionPlans(ctx: AppContext, actor: Actor, archived: boolean): Promise<ActionPlanList> {
  const { db } = ctx.database;
  const gate = await openActionPlans(db, actor);
  const rows = await listPlanSummaries(db, actor.tenantId, { today: gate.today, archived, viewerId: gate.manager ? null : actor.userId });
  const schedules = await listCheckinSchedules(
    db,
    actor.tenantId,
    rows.map((row) => row.plan.id),
  );
  const now = Date.now();
  const slotsOf = (planId: string) => schedules.filter((slot) => slot.planId === planId);
  return { plans: rows.map((row) => toSummary(row, slotsOf(row.plan.id), gate, now)), canCreate: gate.manager, today: gate.today };
}

export async function readActionPlan(ctx: AppContext, actor: Actor, planId: string): Promise<ActionPlanDetail> {
  const { db } = ctx.database;
  const gate = await openActionPlans(db, actor);
  return planDetail(ctx, gate, actor, await loadVisiblePlan(db, gate, actor, planId));
}

const invalid = (field: string, message: string, sentence: string) =>
  new AppError("VALIDATION_FAILED", sentence, { fields: { [field]: message } });

/** Admins and Managers create plans; the owner must be one of the company's users, the end on or after the start. */
export async function createActionPlan(ctx: AppContext, actor: Actor, input: ParsedActionPlanInput): Promise<ActionPlanDetail> {
  const { db } = ctx.database;
  const gate = await openActionPlans(db, actor);
  if (!gate.manager) throw forbiddenFor("Only Admins and Managers can create action plans.");
  const scopeKey = input.scopeCohortKey || null;
  requireScopeFeature(gate, scopeKey);
  const startDate = input.startDate ?? gate.today;
  const endDate = input.endDate ?? defaultPlanEndDay(startDate);
  if (endDate < startDate) {
    throw invalid("endDate", "The end date must be on or after the start date.", "The plan must end on or after the day it starts.");
  }
  const created = await db.transaction(async (tx) => {
    const txDb = tx as unknown as Database;
    await requireCompanyUser(txDb, actor.tenantId, input.ownerUserId, "ownerUserId");
    if (input.baselineSurveyId) await requireCompanySurvey(txDb, actor.tenantId, input.baselineSurveyId);
    const row = await insertPlan(txDb, actor.tenantId, {
      title: input.title,
      focusKey: input.focusKey,
      focusLabel: resolveFocusLabel(input.focusKey, input.focusLabel),
      ownerUserId: input.ownerUserId,
      scopeCohortKey: scopeKey,
      scopeCohortValue: scopeKey ? (input.scopeCohortValue ?? null) : null,
      target: input.target || null,
      startDate,
      endDate,
      status: "active",
      source: input.source,
      baselineSurveyId: input.baselineSurveyId ?? null,
      createdBy: actor.userId,
    });
    await insertActivityLogs(txDb, actor.tenantId, actor.userId, [
      {
        action: "create_action_plan",
        data: {
          planId: row.id,
          title: row.title,
          focus: row.focusLabel,
          ownerUserId: row.ownerUserId,
          startDate,
          endDate,
          source: row.source,
        },
      },
    ]);
    return row;
  });
  return readActionPlan(ctx, actor, created.id);
}

/** The fields of a patch that differ from the plan as stored, as the change to write and the names to log. */
function planChangeOf(current: ActionPlanRow, patch: ActionPlanPatch): { change: PlanChange; changed: string[] } {
  const change: PlanChange = {};
  const changed: string[] = [];
  const set = <K extends keyof PlanChange>(key: K, value: PlanChange[K], logged: string = key) => {
    if (current[key as keyof ActionPlanRow] === value) return;
    change[key] = value;
    if (!changed.includes(logged)) changed.push(logged);
  };
  if (patch.title !== undefined) set("title", patch.title);
  if (patch.focusKey !== undefined) {
    set("focusKey", patch.focusKey);
    set("focusLabel", resolveFocusLabel(patch.focusKey, patch.focusLabel), "focusKey");
  } else if (patch.focusLabel) {
    set("focusLabel", resolveFocusLabel(current.focusKey, patch.focusLabel), "focusKey");
  }
  if (patch.ownerUserId !== undefined) set("ownerUserId", patch.ownerUserId);
  if (patch.scopeCohortKey !== undefined) {
    const key = patch.scopeCohortKey || null;
    set("scopeCohortKey", key, "scope");
    set("scopeCohortValue", key ? (patch.scopeCohortValue ?? null) : null, "scope");
  }
  if (patch.target !== undefined) set("target", patch.target || null);
  if (patch.startDate !== undefined) set("startDate", patch.startDate);
  if (patch.endDate !== undefined) set("endDate", patch.endDate);
  if (patch.status !== undefined) set("status", patch.status);
  if (patch.baselineSurveyId !== undefined) set("baselineSurveyId", patch.baselineSurveyId ?? null);
  return { change, changed };
}

/**
 * Changes only what was sent. The plan's owner may edit it but not hand it to someone else or archive it; the end
 * stays on or after the start (a field-level 400 naming the field sent). Nothing is written or logged when nothing
 * differs.
 */
export async function changeActionPlan(ctx: AppContext, actor: Actor, planId: string, patch: ActionPlanPatch): Promise<ActionPlanDetail> {
  const { db } = ctx.database;
  const gate = await openActionPlans(db, actor);
  const visible = await loadVisiblePlan(db, gate, actor, planId);
  if (!planAbilities(gate, actor, visible.plan).edit) throw forbiddenFor("Only Admins, Managers and the plan's owner can edit this plan.");
  await db.transaction(async (tx) => {
    const txDb = tx as unknown as Database;
    const current = await lockPlan(txDb, actor.tenantId, planId);
    if (!current) throw planNotFound();
    // The rights are read again on the locked row: an owner replaced meanwhile is no longer the owner.
    const can = planAbilities(gate, actor, current);
    if (!can.edit) throw forbiddenFor("Only Admins, Managers and the plan's owner can edit this plan.");
    const { change, changed } = planChangeOf(current, patch);
    if (changed.length === 0) return;
    // Archiving is a Manager's call, and so is undoing it: an archived plan changes only in an Admin's or a Manager's hands.
    if (current.status === "archived" && !can.archive) {
      throw forbiddenFor("Only Admins and Managers can change an archived plan or make it active again.");
    }
    if (change.ownerUserId !== undefined && !can.changeOwner) {
      throw forbiddenFor("Only Admins and Managers can give a plan to someone else.");
    }
    if (change.status === "archived" && !can.archive) throw forbiddenFor("Only Admins and Managers can archive a plan.");
    if (change.scopeCohortKey || change.scopeCohortValue) requireScopeFeature(gate, patch.scopeCohortKey);
    const startDate = change.startDate ?? current.startDate;
    const endDate = change.endDate ?? current.endDate;
    if (endDate < startDate) {
      const field = patch.endDate !== undefined ? "endDate" : "startDate";
      const message =
        field === "endDate" ? "The end date must be on or after the start date." : "The start date must be on or before the end date.";
      throw invalid(field, message, "The plan must end on or after the day it starts.");
    }
    if (change.ownerUserId) await requireCompanyUser(txDb, actor.tenantId, change.ownerUserId, "ownerUserId");
    if (change.baselineSurveyId) await requireCompanySurvey(txDb, actor.tenantId, change.baselineSurveyId);
    await updatePlan(txDb, actor.tenantId, planId, change);
    const archiving = change.status === "archived";
    await insertActivityLogs(txDb, actor.tenantId, actor.userId, [
      {
        action: archiving ? "archive_action_plan" : "update_action_plan",
        data: { planId, title: change.title ?? current.title, changes: changed, ...(change.status ? { status: change.status } : {}) },
      },
    ]);
  });
  return readActionPlan(ctx, actor, planId);
}

/** DELETE archives the plan (Admins and Managers); it stays readable and can be made active again. */
export async function archiveActionPlan(ctx: AppContext, actor: Actor, planId: string): Promise<ActionPlanDetail> {
  const { db } = ctx.database;
  const gate = await openActionPlans(db, actor);
  const visible = await loadVisiblePlan(db, gate, actor, planId);
  if (!planAbilities(gate, actor, visible.plan).archive) throw forbiddenFor("Only Admins and Managers can archive a plan.");
  await db.transaction(async (tx) => {
    const txDb = tx as unknown as Database;
    const current = await lockPlan(txDb, actor.tenantId, planId);
    if (!current) throw planNotFound();
    if (current.status === "archived") return;
    await updatePlan(txDb, actor.tenantId, planId, { status: "archived" });
    await insertActivityLogs(txDb, actor.tenantId, actor.userId, [
      { action: "archive_action_plan", data: { planId, title: current.title, from: current.status } },
    ]);
  });
  return readActionPlan(ctx, actor, planId);
}
