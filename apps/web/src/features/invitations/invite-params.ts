/** The invite screen's query parameters (spec accounts §2, surveys §2 screen 1) and the reminder hand-over. */
import { cleanRecipient, isValidEmail, mergeRecipients, type Recipient } from "@hearth/shared";

/** Step 1's tabs, in order; ?tab= takes the index (0..4) or the name. */
export const RECIPIENT_TABS = ["csv", "manual", "share", "previous", "imported"] as const;
export type RecipientTab = (typeof RECIPIENT_TABS)[number];

export function parseRecipientTab(value: string | null | undefined): RecipientTab {
  const text = (value ?? "").trim().toLowerCase();
  if (/^[0-4]$/.test(text)) return RECIPIENT_TABS[Number(text)];
  return (RECIPIENT_TABS as readonly string[]).includes(text) ? (text as RecipientTab) : "csv";
}

export type InviteView = "invite" | "sent";
export const parseInviteView = (value: string | null | undefined): InviteView => (value === "sent" ? "sent" : "invite");

const isTrue = (value: string | null | undefined) => value === "true" || value === "1";
export const isReminderMode = (params: URLSearchParams) => isTrue(params.get("reminder"));
export const shouldLoadReminder = (params: URLSearchParams) => isTrue(params.get("load"));

/** Where the Sent Surveys table leaves the people a "Draft Reminder" goes to. */
export const reminderStorageKey = (surveyId: string) => `hearth:reminder:${surveyId}`;

/** The stored reminder list (JSON array of {email, firstName?, lastName?}) as recipients; anything unreadable is skipped. */
export function readReminderRecipients(raw: string | null): Recipient[] {
  if (!raw) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  const rows = parsed
    .filter((row): row is Record<string, unknown> => typeof row === "object" && row !== null)
    .map((row) => cleanRecipient({ email: row.email, firstName: row.firstName, lastName: row.lastName }))
    .filter((recipient) => isValidEmail(recipient.email));
  return mergeRecipients([], rows);
}
