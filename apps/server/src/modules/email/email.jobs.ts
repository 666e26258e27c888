import type { JobDefinition } from "../../jobs/queue.js";
import { type EmailService, SEND_EMAIL_JOB, SWEEP_OUTBOX_JOB } from "./email.service.js";

export function defineEmailJobs(email: EmailService): JobDefinition[] {
  const send: JobDefinition<{ outboxId: string }> = {
    name: SEND_EMAIL_JOB,
    retryLimit: 6,
    retryDelaySeconds: 15,
    handle: ({ outboxId }) => email.deliver(outboxId),
  };
  const sweep: JobDefinition = {
    name: SWEEP_OUTBOX_JOB,
    retryLimit: 0,
    cron: "* * * * *",
    handle: async () => {
      await email.sweep();
    },
  };
  return [send as JobDefinition, sweep];
}
