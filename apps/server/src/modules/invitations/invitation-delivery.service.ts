/**
 * Sending one invitation email (the `invitation.send` job). The delivery row is the durable record: a job claims
 * it, sends, and records the outcome; a job that runs twice finds nothing to claim and sends nothing. If a worker
 * dies after the mail server accepted a message but before the outcome was written, the lease runs out and the
 * message is sent again with the same Message-ID, which mailbox providers treat as the same message
 * (docs/decisions/0011-invitation-delivery.md).
 */
import type { AppContext } from "../../app-context.js";
import type { JobRun } from "../../jobs/queue.js";
import {
  claimDelivery,
  finishDelivery,
  isSuppressed,
  listStrandedDeliveries,
  loadDeliveryContext,
  releaseDelivery,
} from "./invitations.repo.js";
import { renderInvitation } from "./invitation-email.js";

export const SEND_INVITATION_JOB = "invitation.send";
export const SWEEP_INVITATIONS_JOB = "invitation.sweep";

/** A mail server's 5xx answer is final; anything else (4xx, a dropped connection, a timeout) is worth retrying. */
export function isPermanentSmtpFailure(error: unknown): boolean {
  const code = (error as { responseCode?: number } | null)?.responseCode;
  return typeof code === "number" && code >= 500 && code < 600;
}

const describeError = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 1000);

export async function sendInvitationEmail(
  ctx: AppContext,
  deliveryId: string,
  run: Pick<JobRun, "retryCount" | "retryLimit">,
): Promise<void> {
  const { db } = ctx.database;
  const delivery = await claimDelivery(db, deliveryId, ctx.env.INVITE_SEND_LEASE_SECONDS);
  if (!delivery) return;
  const context = await loadDeliveryContext(db, delivery);
  if (!context) {
    await finishDelivery(db, delivery, { status: "failed", error: "The survey or invitee no longer exists." });
    return;
  }
  const { invitation, invitee, survey, tenant } = context;
  if (await isSuppressed(db, delivery.tenantId, invitee.email)) {
    await finishDelivery(db, delivery, { status: "unsubscribed", error: "The recipient unsubscribed from this company's invitations." });
    return;
  }
  const rendered = renderInvitation({
    appUrl: ctx.env.APP_URL,
    secret: ctx.env.AUTH_SECRET,
    tenantId: delivery.tenantId,
    companyName: tenant.companyName,
    invitation: { subject: invitation.subject, senderName: invitation.senderName, content: invitation.content },
    survey: { id: survey.id, name: survey.name, surveyPreset: survey.surveyPreset, metaFields: survey.metaFields },
    recipient: {
      inviteeId: invitee.id,
      email: invitee.email,
      firstName: invitee.firstName,
      lastName: invitee.lastName,
      meta: invitee.meta,
    },
  });
  try {
    await ctx.email.sendImmediately({
      to: invitee.email,
      subject: rendered.subject,
      html: rendered.html,
      text: rendered.text,
      kind: "invitation",
      tenantId: delivery.tenantId,
      messageId: delivery.messageId,
      fromName: invitation.senderName,
      replyTo: invitation.replyTo,
      headers: rendered.unsubscribeUrl
        ? { "List-Unsubscribe": `<${rendered.unsubscribeUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" }
        : {},
    });
  } catch (error) {
    const reason = describeError(error);
    if (isPermanentSmtpFailure(error) || run.retryCount >= run.retryLimit) {
      await finishDelivery(db, delivery, { status: "failed", error: reason });
      return;
    }
    await releaseDelivery(db, delivery, reason);
    throw error;
  }
  await finishDelivery(db, delivery, { status: "sent" });
}

/** Safety net: re-enqueues deliveries whose job is gone (retries used up by repeated crashes, a lost queue). */
export async function sweepStrandedDeliveries(ctx: AppContext): Promise<number> {
  const stranded = await listStrandedDeliveries(ctx.database.db);
  await ctx.jobs.enqueueMany(
    SEND_INVITATION_JOB,
    stranded.map((row) => ({ data: { deliveryId: row.id }, singletonKey: `${row.id}:sweep` })),
  );
  return stranded.length;
}
