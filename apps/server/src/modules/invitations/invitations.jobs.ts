import type { AppContext } from "../../app-context.js";
import type { JobDefinition } from "../../jobs/queue.js";
import {
  invitationSender,
  SEND_INVITATION_JOB,
  SWEEP_INVITATIONS_JOB,
  sendInvitationEmail,
  sweepStrandedDeliveries,
} from "./invitation-delivery.service.js";

/**
 * Jobs fetched at once per worker: several sends' worth, so the per-batch statements (fetch, claim, complete) are
 * shared by many emails; the emails themselves go out at most INVITE_SEND_CONCURRENCY at a time.
 */
export const sendFetchSize = (concurrency: number) => Math.min(200, Math.max(100, concurrency * 10));

export function defineInvitationJobs(ctx: AppContext): JobDefinition[] {
  const send: JobDefinition<{ deliveryId: string }> = {
    name: SEND_INVITATION_JOB,
    retryLimit: 6,
    retryDelaySeconds: 15,
    // A job still active after the lease is taken to have died with its worker; the delivery's lease agrees.
    expireInSeconds: ctx.env.INVITE_SEND_LEASE_SECONDS,
    batchSize: sendFetchSize(ctx.env.INVITE_SEND_CONCURRENCY),
    // two workers: while one batch's last emails finish, the other's fill the free sending slots
    workers: 2,
    handle: ({ deliveryId }, run) => sendInvitationEmail(ctx, deliveryId, run),
    handleBatch: (jobs) =>
      invitationSender(ctx).sendBatch(jobs.map((job) => ({ id: job.run.id, deliveryId: job.data.deliveryId, run: job.run }))),
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
