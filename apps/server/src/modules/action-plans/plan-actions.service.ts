/**
 * The actions of an action plan (decision 0078): add, change, delete and reorder. Admins, Managers and the plan's
 * owner manage them; an action's own owner changes only its status and notes. An archived plan's actions stay as
 * they were until the plan is made active again. Each write locks the plan, so positions and the count stay exact.
 */
import {
  ACTION_OWNER_FIELDS,
  type ActionPlanDetail,
  type ParsedPlanActionInput,
  type PlanAction,
  type PlanActionPatch,
  PLAN_ACTIONS_MAX,
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
  type PlanGate,
  planAbilities,
  planNotFound,
  requireCompanyUser,
} from "./action-plans.access.js";
import {
  type ActionChange,
  type ActionPlanRow,
  deletePlanAction,
  findPlanAction,
  insertPlanAction,
  listPlanActionIds,
  lockPlan,
  type PlanActionRow,
  setPlanActionOrder,
  touchPlan,
  updatePlanAction,
} from "./action-plans.repo.js";
import { readActionPlan } from "./action-plans.service.js";

const actionNotFound = () => new AppError("NOT_FOUND", "This action does not exist in this plan.");

const archivedPlan = () =>
  new AppError("CONFLICT", "This plan is archived, so its actions cannot change. Make the plan active again first.", {
    fields: { status: "The plan is archived." },
  });

/**
 * Runs a write on the plan's actions: the gate, the plan as the caller sees it (404 otherwise), then in one
 * transaction the plan's lock (an archived plan is refused 409) and the write.
 */
async function withPlanLocked<T>(
  ctx: AppContext,
  actor: Actor,
  planId: string,
  write: (db: Database, plan: ActionPlanRow, gate: PlanGate) => Promise<T>,
): Promise<T> {
  const { db } = ctx.database;
  const gate = await openActionPlans(db, actor);
  await loadVisiblePlan(db, gate, actor, planId);
  return db.transaction(async (tx) => {
    const txDb = tx as unknown as Database;
    const plan = await lockPlan(txDb, actor.tenantId, planId);
    if (!plan) throw planNotFound();
    if (plan.status === "archived") throw archivedPlan();
    return write(txDb, plan, gate);
  });
}

function requireManageActions(gate: PlanGate, actor: Actor, plan: ActionPlanRow): void {
  if (!planAbilities(gate, actor, plan).manageActions) {
    throw forbiddenFor("Only Admins, Managers and the plan's owner can add, edit, remove or reorder its actions.");
  }
}

async function readAction(ctx: AppContext, actor: Actor, planId: string, actionId: string): Promise<PlanAction> {
  const detail = await readActionPlan(ctx, actor, planId);
  const action = detail.actions.find((entry) => entry.id === actionId);
  if (!action) throw actionNotFound();
  return action;
}

/** The day an action is marked done, kept while it stays done; cleared when it moves back. */
function doneAtFor(status: string, current?: Pick<PlanActionRow, "status" | "doneAt">): Date | null {
  if (status !== "done") return null;
  return current?.status === "done" ? current.doneAt : new Date();
}

export async function addPlanAction(ctx: AppContext, actor: Actor, planId: string, input: ParsedPlanActionInput): Promise<PlanAction> {
  const created = await withPlanLocked(ctx, actor, planId, async (db, plan, gate) => {
    requireManageActions(gate, actor, plan);
    const count = (await listPlanActionIds(db, actor.tenantId, planId)).length;
    if (count >= PLAN_ACTIONS_MAX) {
      throw new AppError("CONFLICT", `A plan holds at most ${PLAN_ACTIONS_MAX} actions. Remove one before adding another.`);
    }
    if (input.ownerUserId) await requireCompanyUser(db, actor.tenantId, input.ownerUserId, "ownerUserId");
    const row = await insertPlanAction(db, actor.tenantId, planId, {
      title: input.title,
      ownerUserId: input.ownerUserId ?? null,
      dueDate: input.dueDate ?? null,
      status: input.status,
      notes: input.notes,
      doneAt: doneAtFor(input.status),
    });
    await touchPlan(db, actor.tenantId, planId);
    await insertActivityLogs(db, actor.tenantId, actor.userId, [
      {
        action: "create_plan_action",
        data: {
          planId,
          planTitle: plan.title,
          actionId: row.id,
          actionTitle: row.title,
          ownerUserId: row.ownerUserId,
          dueDate: row.dueDate,
        },
      },
    ]);
    return row;
  });
  return readAction(ctx, actor, planId, created.id);
}

/** The fields of a patch that differ from the action as stored. */
function actionChangeOf(current: PlanActionRow, patch: PlanActionPatch): { change: ActionChange; changed: string[] } {
  const change: ActionChange = {};
  const changed: string[] = [];
  const set = <K extends keyof ActionChange>(key: K, value: ActionChange[K]) => {
    if (current[key] === value) return;
    change[key] = value;
    changed.push(key);
  };
  if (patch.title !== undefined) set("title", patch.title);
  if (patch.ownerUserId !== undefined) set("ownerUserId", patch.ownerUserId ?? null);
  if (patch.dueDate !== undefined) set("dueDate", patch.dueDate ?? null);
  if (patch.notes !== undefined) set("notes", patch.notes);
  if (patch.status !== undefined && patch.status !== current.status) {
    set("status", patch.status);
    change.doneAt = doneAtFor(patch.status, current);
  }
  return { change, changed };
}

/**
 * Changes only what was sent. Admins, Managers and the plan's owner may change every field; the action's owner only
 * its status and notes (403 when anything else is sent).
 */
export async function changePlanAction(
  ctx: AppContext,
  actor: Actor,
  planId: string,
  actionId: string,
  patch: PlanActionPatch,
): Promise<PlanAction> {
  await withPlanLocked(ctx, actor, planId, async (db, plan, gate) => {
    const current = await findPlanAction(db, actor.tenantId, planId, actionId);
    if (!current) throw actionNotFound();
    if (!planAbilities(gate, actor, plan).manageActions) {
      if (current.ownerUserId !== actor.userId) {
        throw forbiddenFor("Only Admins, Managers, the plan's owner and the action's owner can change this action.");
      }
      const others = Object.entries(patch).filter(
        ([field, value]) => value !== undefined && !(ACTION_OWNER_FIELDS as readonly string[]).includes(field),
      );
      if (others.length > 0) throw forbiddenFor("You can change only the status and notes of an action you own.");
    }
    const { change, changed } = actionChangeOf(current, patch);
    if (changed.length === 0) return;
    if (change.ownerUserId) await requireCompanyUser(db, actor.tenantId, change.ownerUserId, "ownerUserId");
    await updatePlanAction(db, actor.tenantId, planId, actionId, change);
    await touchPlan(db, actor.tenantId, planId);
    await insertActivityLogs(db, actor.tenantId, actor.userId, [
      {
        action: "update_plan_action",
        data: {
          planId,
          planTitle: plan.title,
          actionId,
          actionTitle: change.title ?? current.title,
          changes: changed,
          ...(change.status ? { status: change.status } : {}),
        },
      },
    ]);
  });
  return readAction(ctx, actor, planId, actionId);
}

/** Admins, Managers and the plan's owner remove an action; the rest keep their order. */
export async function removePlanAction(ctx: AppContext, actor: Actor, planId: string, actionId: string): Promise<ActionPlanDetail> {
  await withPlanLocked(ctx, actor, planId, async (db, plan, gate) => {
    const current = await findPlanAction(db, actor.tenantId, planId, actionId);
    if (!current) throw actionNotFound();
    requireManageActions(gate, actor, plan);
    await deletePlanAction(db, actor.tenantId, planId, actionId);
    await setPlanActionOrder(db, actor.tenantId, planId, await listPlanActionIds(db, actor.tenantId, planId));
    await touchPlan(db, actor.tenantId, planId);
    await insertActivityLogs(db, actor.tenantId, actor.userId, [
      {
        action: "delete_plan_action",
        data: { planId, planTitle: plan.title, actionId, actionTitle: current.title, status: current.status },
      },
    ]);
  });
  return readActionPlan(ctx, actor, planId);
}

/** The new order must name every action of the plan exactly once (a field-level 400 otherwise, nothing moves). */
export async function reorderPlanActions(
  ctx: AppContext,
  actor: Actor,
  planId: string,
  orderedIds: readonly string[],
): Promise<ActionPlanDetail> {
  await withPlanLocked(ctx, actor, planId, async (db, plan, gate) => {
    requireManageActions(gate, actor, plan);
    const current = await listPlanActionIds(db, actor.tenantId, planId);
    const sent = new Set(orderedIds);
    if (sent.size !== orderedIds.length || sent.size !== current.length || current.some((id) => !sent.has(id))) {
      throw new AppError("VALIDATION_FAILED", "The new order must list every action of this plan exactly once.", {
        fields: { actionIds: "Send every action of this plan exactly once, in the new order." },
      });
    }
    if (current.every((id, index) => orderedIds[index] === id)) return;
    await setPlanActionOrder(db, actor.tenantId, planId, orderedIds);
    await touchPlan(db, actor.tenantId, planId);
    await insertActivityLogs(db, actor.tenantId, actor.userId, [
      { action: "reorder_plan_actions", data: { planId, planTitle: plan.title, actionIds: [...orderedIds] } },
    ]);
  });
  return readActionPlan(ctx, actor, planId);
}
