/**
 * What the sent-invitee table may do with its rows (spec surveys §2 screen 3, §4 "Invitee sendStatus"): which rows a
 * Cancel Send applies to, who a Draft Reminder goes to, the email search. Pure, so it is tested without a browser.
 */
import { formatMomentInZone, type SurveyInvitee } from "@hearth/shared";

/** Cancel Send applies to an invitee whose email is still waiting for its scheduled time. */
export function isCancellable(invitee: SurveyInvitee, now: number): boolean {
  return invitee.sendStatus === "Pending" && invitee.scheduledDate !== null && invitee.scheduledDate > now;
}

/** The selected rows a bulk Cancel Send acts on: Cancelled (and every other non-Pending) row is left out of the count. */
export function cancellableIds(invitees: readonly SurveyInvitee[], selected: ReadonlySet<string>, now: number): string[] {
  return invitees.filter((invitee) => selected.has(invitee.id) && isCancellable(invitee, now)).map((invitee) => invitee.id);
}

/** Case-insensitive email search; an empty search keeps every row. */
export function filterByEmail<T extends { email: string }>(rows: readonly T[], search: string): T[] {
  const needle = search.trim().toLowerCase();
  if (!needle) return [...rows];
  return rows.filter((row) => row.email.toLowerCase().includes(needle));
}

export interface ReminderRecipient {
  email: string;
  firstName?: string;
  lastName?: string;
}

export interface ReminderPlan {
  recipients: ReminderRecipient[];
  /** Why the Draft Reminder button is disabled; null when there is someone to remind. */
  disabledReason: string | null;
}

const toRecipient = (invitee: SurveyInvitee): ReminderRecipient => ({
  email: invitee.email,
  ...(invitee.firstName ? { firstName: invitee.firstName } : {}),
  ...(invitee.lastName ? { lastName: invitee.lastName } : {}),
});

/**
 * Who a Draft Reminder goes to. With a selection: the selected people who have not replied (people who unsubscribed
 * cannot be emailed, so they are left out as well). Without one: everyone whose invitation was delivered (Sent) and who
 * has not replied — reminder mode defaults to non-responders; people still Pending have not had their first email yet,
 * and Failed, Cancelled or Unsubscribed invitations have nothing to remind about.
 */
export function planReminder(invitees: readonly SurveyInvitee[], selected: ReadonlySet<string>): ReminderPlan {
  const hasSelection = invitees.some((invitee) => selected.has(invitee.id));
  const pool = hasSelection
    ? invitees.filter((invitee) => selected.has(invitee.id) && !invitee.replied && invitee.sendStatus !== "Unsubscribed")
    : invitees.filter((invitee) => !invitee.replied && invitee.sendStatus === "Sent");
  const seen = new Set<string>();
  const recipients: ReminderRecipient[] = [];
  for (const invitee of pool) {
    const email = invitee.email.trim().toLowerCase();
    if (seen.has(email)) continue;
    seen.add(email);
    recipients.push(toRecipient(invitee));
  }
  if (recipients.length > 0) return { recipients, disabledReason: null };
  return {
    recipients,
    disabledReason: hasSelection
      ? "Everyone selected has already replied or unsubscribed, so there is nobody to remind."
      : "Nobody has an unanswered invitation that was delivered: everyone has replied, or their email is still waiting, failed, was cancelled or unsubscribed.",
  };
}

/** Where the invite screen finds the recipients of a drafted reminder (read once with load=true, then cleared). */
export const REMINDER_STORAGE_PREFIX = "hearth:reminder:";
export const reminderStorageKey = (surveyId: string) => `${REMINDER_STORAGE_PREFIX}${surveyId}`;

/** The invite screen in reminder mode, loading the stored recipients. */
export const reminderSearch = "?tab=0&load=true&reminder=true";

/** An epoch-ms time in the company's zone, the zone named ("Dec 8, 2026, 1:00 PM PST"); "—" when there is none. */
export function formatDateTime(value: number | null | undefined, timeZone: string): string {
  return typeof value === "number" ? formatMomentInZone(value, timeZone) : "—";
}

export function formatTime(value: number | null | undefined, timeZone: string): string {
  return typeof value === "number" ? formatMomentInZone(value, timeZone, "time") : "—";
}

export function formatDate(value: number | null | undefined, timeZone: string): string {
  return typeof value === "number" ? formatMomentInZone(value, timeZone, "date") : "—";
}

export const fullName = (person: { firstName: string | null; lastName: string | null }) =>
  [person.firstName, person.lastName].filter((part) => part?.trim()).join(" ");
