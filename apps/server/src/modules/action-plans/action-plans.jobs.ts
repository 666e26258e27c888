import type { AppContext } from "../../app-context.js";
import type { JobDefinition } from "../../jobs/queue.js";
import { sendActionReminders } from "./action-plan-reminders.service.js";
import { CHECKIN_CLOSED_JOB, notifyClosedCheckins } from "./plan-checkin-closed.service.js";
import { CHECKIN_INVITE_JOB, type CheckinInviteJob, inviteCheckin } from "./plan-checkin-schedule.service.js";

export const ACTION_REMINDERS_JOB = "action-plans.reminders";

/**
 * Hourly at five past: each action owner's reminder of their actions due within 3 days or overdue (decision 0078), from
 * 07:00 in their company's zone, once that company day; safe to run twice (one reminder per person and day).
 * A scheduled check-in's invitations (decision 0079), once per schedule; every 15 minutes, the closed check-ins'
 * notices to their plans' owners, once per check-in.
 */
export function defineActionPlanJobs(ctx: AppContext): JobDefinition[] {
  return [
    {
      name: ACTION_REMINDERS_JOB,
      retryLimit: 1,
      cron: "5 * * * *",
      expireInSeconds: 1800,
      handle: async () => {
        await sendActionReminders(ctx);
      },
    },
    {
      name: CHECKIN_INVITE_JOB,
      retryLimit: 5,
      expireInSeconds: 900,
      handle: async (data: object) => {
        await inviteCheckin(ctx, data as CheckinInviteJob);
      },
    },
    {
      name: CHECKIN_CLOSED_JOB,
      retryLimit: 1,
      cron: "*/15 * * * *",
      expireInSeconds: 900,
      handle: async () => {
        await notifyClosedCheckins(ctx);
      },
    },
  ];
}
