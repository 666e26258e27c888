/** Why a recipient is left out of an invitation, and which cohort columns the recipient table shows. */
import { COHORT_FIELDS, type CohortKey, type DedupeResponse, type DuplicateInvitee, type Recipient } from "@hearth/shared";

export type ExclusionMap = ReadonlyMap<string, string>;

const REASON_LABELS: Record<DuplicateInvitee["reason"], string> = {
  "already-invited": "Already invited",
  "already-responded": "Already responded",
  "listed-twice": "Listed twice",
  unsubscribed: "Unsubscribed",
};

export const duplicateReasonLabel = (reason: DuplicateInvitee["reason"]) => REASON_LABELS[reason] ?? reason;

/**
 * POST /api/surveys/dedupe's people as email → reason. In reminder mode the server lists only people who already
 * replied; otherwise everyone already invited (an unsubscribed person is named as such).
 */
export function exclusionsFromDedupe(invitees: DedupeResponse["invitees"], reminder: boolean): Map<string, string> {
  const reasons = new Map<string, string>();
  for (const invitee of invitees) {
    const email = invitee.email.trim().toLowerCase();
    let reason: string;
    if (invitee.sendStatus === "Unsubscribed") reason = REASON_LABELS.unsubscribed;
    else if (reminder || invitee.replied) reason = REASON_LABELS["already-responded"];
    else reason = REASON_LABELS["already-invited"];
    reasons.set(email, reason);
  }
  return reasons;
}

/** The cohort fields at least one recipient carries, in the order the product lists them. */
export function presentCohortKeys(recipients: readonly Recipient[]): CohortKey[] {
  const present = new Set<string>();
  for (const recipient of recipients) for (const key of Object.keys(recipient.meta ?? {})) present.add(key);
  return COHORT_FIELDS.map((field) => field.key).filter((key) => present.has(key));
}

export interface ExcludedEntry {
  email: string;
  reason: string;
}

/** The listed recipients the server will not email, with the reason, in list order. */
export function listExcluded(recipients: readonly Recipient[], exclusions: ExclusionMap): ExcludedEntry[] {
  return recipients.flatMap((recipient) => {
    const reason = exclusions.get(recipient.email);
    return reason ? [{ email: recipient.email, reason }] : [];
  });
}
