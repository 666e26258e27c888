import {
  activityActorName,
  type ActivityLogPage,
  type ChangeInternalAccountInput,
  type InternalVisibility,
  type SwitchTenantResponse,
  TENANT_SWITCH_MINUTES,
  type TenantSwitchState,
} from "@hearth/shared";
import type { AppContext } from "../../app-context.js";
import type { Database } from "../../db/client.js";
import type { Actor, TenantSwitchAccess } from "../../lib/actor.js";
import { AppError, notFound } from "../../lib/errors.js";
import { insertActivityLogs } from "../activity-log/activity-log.repo.js";
import {
  compareAndSetVisibility,
  endSwitches,
  findActiveSwitch,
  findSwitchableTenant,
  insertSwitch,
  listActivityLog,
  readVisibility,
} from "./tenant-switch.repo.js";

export const ACTIVITY_LOG_PAGE_SIZE = 50;
/** The activity log action of a request made while Hearth staff viewed the company. */
export const SWITCHED_REQUEST_ACTION = "hearth_staff_request";

const toVisibility = (flag: boolean): InternalVisibility => (flag ? "Gold" : "User");
const operatorName = (actor: Actor) => [actor.firstName, actor.lastName].filter(Boolean).join(" ") || null;

/** The toggle of spec surveys §4: an internal account flips its own visibility between User and Gold. */
export async function changeInternalVisibility(
  ctx: AppContext,
  actor: Actor,
  input: ChangeInternalAccountInput,
): Promise<{ ok: true; internalVisibility: InternalVisibility }> {
  // Each internal account sets its own; another user's id is not something this caller can see.
  if (input.userId !== actor.userId) throw notFound("User not found");
  const from = input.currentState === "Gold";
  const changed = await compareAndSetVisibility(ctx.database.db, actor.userId, from, !from);
  if (!changed) {
    const now = await readVisibility(ctx.database.db, actor.userId);
    throw new AppError("CONFLICT", `Visibility is already ${toVisibility(now ?? true)}.`);
  }
  return { ok: true, internalVisibility: toVisibility(!from) };
}

export function readSwitchState(actor: Actor): TenantSwitchState {
  const active = actor.tenantSwitch;
  return {
    internalVisibility: toVisibility(actor.internalVisibility),
    active: active
      ? {
          tenantId: actor.tenantId,
          companyName: active.companyName,
          startedAt: active.startedAt.toISOString(),
          expiresAt: active.expiresAt.toISOString(),
        }
      : null,
  };
}

/**
 * Starts viewing one company from this session for TENANT_SWITCH_MINUTES (decision 0048). Any switch the session was
 * in ends first; the company's activity log records the start with the operator's identity. Choosing the account's
 * own company is the same as returning to it.
 */
export async function switchTenant(ctx: AppContext, actor: Actor, newTenantId: string, now = new Date()): Promise<SwitchTenantResponse> {
  const homeTenantId = actor.tenantSwitch?.homeTenantId ?? actor.tenantId;
  if (newTenantId === homeTenantId) {
    await endSwitches(ctx.database.db, actor.sessionId, "returned", now);
    return { success: true, error: null };
  }
  const target = await findSwitchableTenant(ctx.database.db, newTenantId);
  if (!target) return { success: false, error: "That company does not exist." };
  if (target.isInternalAccount) return { success: false, error: "Hearth's own company cannot be viewed this way." };
  const expiresAt = new Date(now.getTime() + TENANT_SWITCH_MINUTES * 60_000);
  await ctx.database.db.transaction(async (tx) => {
    const db = tx as unknown as Database;
    await endSwitches(db, actor.sessionId, "replaced", now);
    const switchId = await insertSwitch(db, {
      sessionId: actor.sessionId,
      operatorUserId: actor.userId,
      tenantId: newTenantId,
      startedAt: now,
      expiresAt,
    });
    await insertActivityLogs(db, newTenantId, actor.userId, [
      {
        action: "hearth_staff_switched_in",
        data: { switchId, operatorEmail: actor.email, operatorName: operatorName(actor), expiresAt: expiresAt.toISOString() },
      },
    ]);
  });
  return { success: true, error: null };
}

/** Return to my account: ends the session's switch at once and records it in the company's log. */
export async function returnToOwnAccount(ctx: AppContext, actor: Actor, now = new Date()): Promise<{ success: true }> {
  const active = actor.tenantSwitch;
  await ctx.database.db.transaction(async (tx) => {
    const db = tx as unknown as Database;
    const ended = await endSwitches(db, actor.sessionId, "returned", now);
    if (active && ended > 0) {
      await insertActivityLogs(db, actor.tenantId, actor.userId, [
        { action: "hearth_staff_returned", data: { switchId: active.id, operatorEmail: actor.email, operatorName: operatorName(actor) } },
      ]);
    }
  });
  return { success: true };
}

/**
 * Writes the activity log entry of one write request made while switched, before the request's handler runs, so
 * no change happens without it (decision 0048).
 */
export async function recordSwitchedWrite(db: Database, actor: Actor, request: { method: string; route: string }): Promise<void> {
  if (!actor.tenantSwitch) return;
  await insertActivityLogs(db, actor.tenantId, actor.userId, [
    {
      action: SWITCHED_REQUEST_ACTION,
      data: {
        switchId: actor.tenantSwitch.id,
        operatorEmail: actor.email,
        operatorName: operatorName(actor),
        method: request.method,
        route: request.route,
      },
    },
  ]);
}

/** The company's admin activity log, newest first (its Admins, and Hearth staff while viewing it). */
export async function readActivityLog(ctx: AppContext, actor: Actor, page: number): Promise<ActivityLogPage> {
  return readCompanyActivityLog(ctx, actor.tenantId, page);
}

/** A company's admin activity log by its id: for the operator console's company page. */
export async function readCompanyActivityLog(ctx: AppContext, tenantId: string, page: number): Promise<ActivityLogPage> {
  const { rows, total } = await listActivityLog(ctx.database.db, tenantId, page, ACTIVITY_LOG_PAGE_SIZE);
  return {
    entries: rows.map((row) => {
      const data = row.data ?? {};
      const byHearthStaff = typeof data.operatorEmail === "string";
      return {
        id: row.id,
        action: row.action,
        createdAt: row.createdAt.toISOString(),
        userName: [row.firstName, row.lastName].filter(Boolean).join(" ") || null,
        userEmail: row.email,
        who: activityActorName({ userId: row.userId, firstName: row.firstName, lastName: row.lastName, email: row.email, data }),
        byHearthStaff,
        data,
      };
    }),
    page,
    pageSize: ACTIVITY_LOG_PAGE_SIZE,
    total,
  };
}

/** The tenant switch as the platform reads it (lib/actor.ts's TenantSwitchAccess), over this database. */
export function tenantSwitchAccess(db: Database): TenantSwitchAccess {
  return {
    findActive: (sessionId, operatorUserId, now) => findActiveSwitch(db, sessionId, operatorUserId, now),
    readVisibility: (userId) => readVisibility(db, userId),
    recordWrite: (actor, request) => recordSwitchedWrite(db, actor, request),
  };
}
