import type { AppContext } from "../../app-context.js";
import type { JobDefinition } from "../../jobs/queue.js";
import { sendActionReminders } from "./action-plan-reminders.service.js";

export const ACTION_REMINDERS_JOB = "action-plans.reminders";

/**
 * Daily at 07:05 UTC: each action owner's reminder of their actions due within 3 days or overdue (decision 0078). The
 * day of each reminder is its company's, in its zone; safe to run twice (one reminder per person and day).
 */
export function defineActionPlanJobs(ctx: AppContext): JobDefinition[] {
  return [
    {
      name: ACTION_REMINDERS_JOB,
      retryLimit: 1,
      cron: "5 7 * * *",
      expireInSeconds: 1800,
      handle: async () => {
        await sendActionReminders(ctx);
      },
    },
  ];
}
