/**
 * Daily action reminders (issue 26 item 5, decision 0078): each action owner hears once a company day of their
 * actions due within 3 days or overdue (not done, in an active plan, in a company with Transformation Plans). One
 * notification per person, in-app and live, listing the actions with a link to the plan (or to the plans page when
 * they span several), and the same as an email when the person's address is verified (decision 0056: no email leaves
 * for an unverified account). The job runs hourly and a company's people hear from 07:00 in its zone, once that day;
 * `action_plan_reminder` holds one row per person
 * and day, claimed in the transaction that notifies, so a run that repeats or overlaps another sends nothing more.
 */
import { addDaysToDay, formatPlanDayBare, hasFeature, hourInZone, type Plan, resolveTimeZone, todayInZone } from "@hearth/shared";
import type { AppContext } from "../../app-context.js";
import type { Database } from "../../db/client.js";
import { readEffectivePlan } from "../billing/billing.service.js";
import { renderEmail } from "../email/email.layout.js";
import { notify, type NotificationEvent } from "../notifications/notifications.service.js";
import { claimReminder, listReminderCandidates, type ReminderCandidate } from "./action-plan-reminders.repo.js";

/** An action due this many days ahead (or sooner, or overdue) is in the day's reminder. */
export const REMINDER_DAYS_AHEAD = 3;
export const REMINDER_KIND = "action-plan-reminder";
/** The local hour from which a company's day's reminders go out (the job runs every hour, at five past). */
export const REMINDER_LOCAL_HOUR = 7;
const PLANS_PATH = "/dashboard/plans";
const planPath = (planId: string) => `${PLANS_PATH}/${planId}`;

export interface ReminderAction {
  planId: string;
  planTitle: string;
  actionTitle: string;
  dueDate: string;
}

const whenDue = (action: ReminderAction, today: string) =>
  action.dueDate < today
    ? `overdue since ${formatPlanDayBare(action.dueDate)}`
    : action.dueDate === today
      ? "due today"
      : `due ${formatPlanDayBare(action.dueDate)}`;

const describe = (action: ReminderAction, today: string) => `"${action.actionTitle}" (${action.planTitle}), ${whenDue(action, today)}`;

/** The person's reminder: one notification for their actions (in due order), linked to the plan or to every plan. */
export function reminderEvent(userId: string, today: string, actions: readonly ReminderAction[]): NotificationEvent {
  const overdue = actions.filter((action) => action.dueDate < today).length;
  const count = actions.length;
  const plans = new Set(actions.map((action) => action.planId));
  const title =
    overdue === count
      ? `${count === 1 ? "An action is" : `${count} actions are`} overdue`
      : overdue > 0
        ? `${count} actions need you: ${overdue} overdue`
        : `${count === 1 ? "An action is" : `${count} actions are`} due soon`;
  return {
    audience: { userIds: [userId] },
    kind: REMINDER_KIND,
    eventKey: `${REMINDER_KIND}:${today}`,
    title,
    body: `${actions.map((action) => describe(action, today)).join("; ")}.`,
    link: plans.size === 1 ? planPath(actions[0].planId) : PLANS_PATH,
  };
}

function reminderEmail(appUrl: string, person: ReminderCandidate, today: string, actions: readonly ReminderAction[], title: string) {
  const base = appUrl.replace(/\/+$/, "");
  const plans = new Map<string, string>();
  for (const action of actions) plans.set(action.planId, action.planTitle);
  return renderEmail(title, [
    { type: "text", text: person.firstName ? `Hi ${person.firstName},` : "Hi," },
    { type: "text", text: "These actions of your company's action plans are yours:" },
    ...actions.map((action) => ({ type: "text" as const, text: `• ${describe(action, today)}` })),
    ...[...plans].map(([planId, planTitle]) => ({ type: "button" as const, text: `Open ${planTitle}`, url: `${base}${planPath(planId)}` })),
    { type: "text", text: "Mark an action done, or change its status, on its plan. You get at most one reminder a day." },
  ]);
}

/** Whether the company's plan (or its own grants) includes Transformation Plans. */
async function companyHasPlans(db: Database, tenantId: string, features: string[], now: Date): Promise<boolean> {
  const { plan } = await readEffectivePlan(db, tenantId, now);
  return hasFeature({}, { plan: plan as Plan, features }, "TransformationPlans");
}

/** One run: answers how many people were reminded. Safe to run twice, or twice at once. */
export async function sendActionReminders(ctx: AppContext, now = new Date()): Promise<number> {
  const { db } = ctx.database;
  // Every zone's day is within a day of UTC's: the widest window, narrowed per company below.
  const latest = addDaysToDay(now.toISOString().slice(0, 10), REMINDER_DAYS_AHEAD + 1);
  const byPerson = new Map<string, ReminderCandidate[]>();
  for (const row of await listReminderCandidates(db, latest)) {
    const key = `${row.tenantId}:${row.userId}`;
    byPerson.set(key, [...(byPerson.get(key) ?? []), row]);
  }
  const allowed = new Map<string, boolean>();
  let reminded = 0;
  const failures: unknown[] = [];
  for (const rows of byPerson.values()) {
    try {
      reminded += await remindPerson(ctx, rows, allowed, now);
    } catch (error) {
      // One person's failure (a notification, an address) must not cost everyone after them their reminder.
      failures.push(error);
    }
  }
  // The run fails after everyone else was reminded, so the job is retried; the day's claims keep the others to one.
  if (failures.length > 0) {
    throw new AggregateError(failures, `${failures.length} of ${byPerson.size} action reminders failed; the rest were sent`);
  }
  return reminded;
}

/** One person's reminder of the day: 1 when sent now, 0 when nothing is due, the plan lacks the feature or it was sent today. */
async function remindPerson(
  ctx: AppContext,
  rows: readonly ReminderCandidate[],
  allowed: Map<string, boolean>,
  now: Date,
): Promise<number> {
  const { db } = ctx.database;
  const person = rows[0];
  if (!allowed.has(person.tenantId)) allowed.set(person.tenantId, await companyHasPlans(db, person.tenantId, person.features, now));
  if (!allowed.get(person.tenantId)) return 0;
  const timeZone = resolveTimeZone(person.timeZone);
  // Each company hears in its own morning: an hourly run reaches every zone (half-hour ones and daylight saving too).
  if (hourInZone(timeZone, now.getTime()) < REMINDER_LOCAL_HOUR) return 0;
  const today = todayInZone(timeZone, now.getTime());
  const until = addDaysToDay(today, REMINDER_DAYS_AHEAD);
  const actions = rows
    .filter((row) => row.dueDate !== null && row.dueDate <= until)
    .map((row) => ({ planId: row.planId, planTitle: row.planTitle, actionTitle: row.actionTitle, dueDate: row.dueDate as string }));
  if (actions.length === 0) return 0;
  const event = reminderEvent(person.userId, today, actions);
  let reminded = 0;
  const outboxId = await db.transaction(async (tx) => {
    const database = tx as unknown as Database;
    if (!(await claimReminder(database, person.tenantId, person.userId, today, actions.length))) return undefined;
    await notify(database, person.tenantId, event);
    reminded = 1;
    if (!person.emailVerified) return null;
    const email = reminderEmail(ctx.env.APP_URL, person, today, actions, event.title);
    return ctx.email.queue({ ...email, to: person.email, kind: REMINDER_KIND, tenantId: person.tenantId }, database);
  });
  if (outboxId) await ctx.email.enqueueDelivery(outboxId);
  return reminded;
}
