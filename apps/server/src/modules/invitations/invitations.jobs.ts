import type { AppContext } from "../../app-context.js";
import type { JobDefinition } from "../../jobs/queue.js";
import { SEND_INVITATION_JOB, SWEEP_INVITATIONS_JOB, sendInvitationEmail, sweepStrandedDeliveries } from "./invitation-delivery.service.js";

export function defineInvitationJobs(ctx: AppContext): JobDefinition[] {
  const send: JobDefinition<{ deliveryId: string }> = {
    name: SEND_INVITATION_JOB,
    retryLimit: 6,
    retryDelaySeconds: 15,
    // A job still active after the lease is taken to have died with its worker; the delivery's lease agrees.
    expireInSeconds: ctx.env.INVITE_SEND_LEASE_SECONDS,
    batchSize: ctx.env.INVITE_SEND_CONCURRENCY,
    handle: ({ deliveryId }, run) => sendInvitationEmail(ctx, deliveryId, run),
  };
  const sweep: JobDefinition = {
    name: SWEEP_INVITATIONS_JOB,
    retryLimit: 0,
    cron: "*/5 * * * *",
    handle: async () => {
      await sweepStrandedDeliveries(ctx);
    },
  };
  return [send as JobDefinition, sweep];
}
