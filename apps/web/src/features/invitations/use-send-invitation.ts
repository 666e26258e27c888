/** Sending step 3's invitation: one id for every batch, 1500 recipients a call, 800 ms apart, each batch retried. */
import {
  chunkRecipients,
  type DuplicateInvitee,
  INVITE_BATCH_PAUSE_MS,
  INVITE_BATCH_SIZE,
  type InvitationInput,
  type InviteResponse,
  type Recipient,
} from "@hearth/shared";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useRef, useState } from "react";
import { errorMessage, isApiError } from "../../lib/api";
import { postInviteBatch, SENDING_ALLOWANCE_KEY } from "./invitation-api";
import type { ScheduleChoice } from "./schedule-dialog";
import { type BatchProgress, sendInBatches } from "./send-batches";

/** Extra attempts for a failing batch, waiting 1 s, 2 s, then 4 s. */
const BATCH_RETRIES = 3;
const backoffMs = (attempt: number) => 1000 * 2 ** (attempt - 1);

/** A network failure, a timeout, rate limiting or a server error may pass on another try; a rejected request will not. */
export function isRetryable(error: unknown): boolean {
  if (!isApiError(error)) return true;
  // The day's sending allowance is used up: another try today cannot pass (decision 0056).
  if (error.code === "SENDING_ALLOWANCE_REACHED") return false;
  return error.status === 0 || error.status === 408 || error.status === 429 || error.status >= 500;
}

export type InvitationFields = Pick<InvitationInput, "subject" | "name" | "cc" | "content"> & { sendReminder: boolean };

export interface SendSummary {
  invited: number;
  duplicates: DuplicateInvitee[];
  scheduledDate: number | null;
  senderAddress: string;
}

export type SendOutcome =
  | { ok: true; summary: SendSummary }
  /** `accepted` holds the emails of the batches the server took before the failure. */
  | { ok: false; accepted: Set<string>; message: string; retryable: boolean };

const toRequestRecipient = (recipient: Recipient) => ({
  email: recipient.email,
  ...(recipient.firstName ? { firstName: recipient.firstName } : {}),
  ...(recipient.lastName ? { lastName: recipient.lastName } : {}),
  ...(recipient.meta && Object.keys(recipient.meta).length > 0 ? { meta: recipient.meta } : {}),
  ...(recipient.usePreviousMeta ? { usePreviousMeta: true } : {}),
});

export function useSendInvitation(surveyId: string) {
  /** Chosen once: every batch, and any retry after a failure, joins the same invitation (the server skips people already sent). */
  const invitationId = useRef<string>(crypto.randomUUID());
  const [progress, setProgress] = useState<BatchProgress | null>(null);
  const [sending, setSending] = useState(false);
  const queryClient = useQueryClient();

  const send = useCallback(
    async (fields: InvitationFields, recipients: readonly Recipient[], schedule: ScheduleChoice | null): Promise<SendOutcome> => {
      const invitation: InvitationInput = {
        id: invitationId.current,
        survey: surveyId,
        subject: fields.subject.trim(),
        name: fields.name.trim(),
        cc: fields.cc.trim().toLowerCase(),
        content: fields.content,
        ...(schedule ? { sendDate: schedule.sendDate, timeZone: schedule.timeZone } : {}),
        ...(fields.sendReminder ? { sendReminder: true } : {}),
      };
      const accepted = new Set<string>();
      setSending(true);
      setProgress({ done: 0, sending: Math.min(recipients.length, INVITE_BATCH_SIZE), total: recipients.length });
      try {
        const result = await sendInBatches<Recipient, InviteResponse>({
          batches: chunkRecipients(recipients, INVITE_BATCH_SIZE),
          send: (batch) => postInviteBatch({ invitation, recipients: batch.map(toRequestRecipient) }),
          pauseMs: INVITE_BATCH_PAUSE_MS,
          retries: BATCH_RETRIES,
          backoffMs,
          shouldRetry: isRetryable,
          onProgress: setProgress,
          onBatchDone: (batch) => {
            for (const recipient of batch) accepted.add(recipient.email);
          },
        });
        if (!result.ok) return { ok: false, accepted, message: errorMessage(result.error), retryable: isRetryable(result.error) };
        const last = result.results[result.results.length - 1];
        return {
          ok: true,
          summary: {
            invited: result.results.reduce((sum, response) => sum + response.invitees.length, 0),
            duplicates: result.results.flatMap((response) => response.duplicateInvitees),
            scheduledDate: last?.scheduledDate ?? null,
            senderAddress: last?.senderAddress ?? "",
          },
        };
      } finally {
        setSending(false);
        setProgress(null);
        void queryClient.invalidateQueries({ queryKey: SENDING_ALLOWANCE_KEY });
      }
    },
    [surveyId, queryClient],
  );

  /** A fresh id for the next invitation (after one was sent in full). */
  const reset = useCallback(() => {
    invitationId.current = crypto.randomUUID();
  }, []);

  return { send, sending, progress, reset };
}
