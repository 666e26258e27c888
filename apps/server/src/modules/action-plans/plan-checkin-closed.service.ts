/**
 * A closed check-in tells its plan's owner the result (issue 26 item 5, decision 0079): the focus score at the check-in
 * with its n, interval and change since the baseline, exactly as the plan page shows it to that owner (their own
 * reading rights, the reports' suppression plan: a group below the threshold gives the hidden notice, never a
 * number). In-app and live, and by email when the owner's address is verified. A job every 15 minutes finds the
 * check-ins that ended; each notice is claimed in the transaction that sends it, so it goes out once.
 */
import { describeProgressChange, describeProgressPoint, type Role } from "@hearth/shared";
import type { AppContext } from "../../app-context.js";
import type { Database } from "../../db/client.js";
import type { Actor } from "../../lib/actor.js";
import { renderEmail } from "../email/email.layout.js";
import { notify, type NotificationEvent } from "../notifications/notifications.service.js";
import { findPlan, listPlanCheckins } from "./action-plans.repo.js";
import { claimCheckinClosedNotice, findPlanOwnerAccount, listClosedCheckinsToNotify } from "./plan-checkin-jobs.repo.js";
import { planProgress } from "./plan-progress.service.js";

export const CHECKIN_CLOSED_JOB = "action-plans.checkins-closed";
export const CHECKIN_CLOSED_KIND = "action-plan-checkin-closed";

export interface ClosedCheckinNotice {
  planId: string;
  planTitle: string;
  focusLabel: string;
  slot: number;
  /** The check-in's result in words ("3.40 (n = 12; …)" or the hidden notice) and its change, if any. */
  result: string;
  change: string | null;
}

export function closedCheckinEvent(ownerId: string, notice: ClosedCheckinNotice): NotificationEvent {
  const change = notice.change ? `, ${notice.change}` : "";
  return {
    audience: { userIds: [ownerId] },
    kind: CHECKIN_CLOSED_KIND,
    eventKey: `${CHECKIN_CLOSED_KIND}:${notice.planId}:${notice.slot}`,
    title: `Check-in ${notice.slot + 1} of "${notice.planTitle}" has closed`,
    body: `${notice.focusLabel}: ${notice.result}${change}.`,
    link: `/dashboard/plans/${notice.planId}`,
  };
}

/** One run: answers how many owners were told. A failure for one check-in does not stop the others. */
export async function notifyClosedCheckins(ctx: AppContext, now = new Date()): Promise<number> {
  const rows = await listClosedCheckinsToNotify(ctx.database.db, now);
  let told = 0;
  const failures: unknown[] = [];
  for (const row of rows) {
    try {
      told += await notifyOne(ctx, row);
    } catch (error) {
      failures.push(error);
    }
  }
  if (failures.length > 0)
    throw new AggregateError(failures, `${failures.length} of ${rows.length} check-in notices failed; the rest were sent`);
  return told;
}

async function notifyOne(ctx: AppContext, row: { tenantId: string; planId: string; slot: number }): Promise<number> {
  const { db } = ctx.database;
  const loaded = await findPlan(db, row.tenantId, row.planId);
  const ownerId = loaded?.plan.ownerUserId;
  const owner = ownerId ? await findPlanOwnerAccount(db, row.tenantId, ownerId) : undefined;
  if (!loaded || !owner) {
    await claimCheckinClosedNotice(db, row.tenantId, row.planId, row.slot);
    return 0;
  }
  // The owner's own reading of the figures: what their plan page shows them, nothing more.
  const reader: Actor = {
    userId: owner.id,
    tenantId: row.tenantId,
    email: owner.email,
    emailVerified: owner.emailVerified,
    firstName: owner.firstName,
    lastName: owner.lastName,
    role: owner.role as Role,
    isInternalAccount: owner.isInternalAccount,
    internalVisibility: owner.internalVisibility,
    sessionId: "",
    tenantSwitch: null,
  };
  const checkins = await listPlanCheckins(db, row.tenantId, row.planId);
  const progress = await planProgress(ctx, reader, loaded.plan, checkins);
  const point = progress.checkins.find((entry) => entry.slot === row.slot);
  const notice: ClosedCheckinNotice = {
    planId: row.planId,
    planTitle: loaded.plan.title,
    focusLabel: loaded.plan.focusLabel,
    slot: row.slot,
    result: point ? describeProgressPoint(point) : (progress.reason ?? "Not available."),
    change: point ? describeProgressChange(point) : null,
  };
  const event = closedCheckinEvent(owner.id, notice);
  let told = 0;
  const outboxId = await db.transaction(async (tx) => {
    const database = tx as unknown as Database;
    if (!(await claimCheckinClosedNotice(database, row.tenantId, row.planId, row.slot))) return undefined;
    await notify(database, row.tenantId, event);
    told = 1;
    if (!owner.emailVerified) return null;
    const email = renderEmail(event.title, [
      { type: "text", text: owner.firstName ? `Hi ${owner.firstName},` : "Hi," },
      { type: "text", text: `The check-in survey of your action plan "${loaded.plan.title}" has closed.` },
      { type: "text", text: event.body },
      { type: "button", text: "Open the plan", url: `${ctx.env.APP_URL.replace(/\/+$/, "")}${event.link}` },
    ]);
    return ctx.email.queue({ ...email, to: owner.email, kind: CHECKIN_CLOSED_KIND, tenantId: row.tenantId }, database);
  });
  if (outboxId) await ctx.email.enqueueDelivery(outboxId);
  return told;
}
