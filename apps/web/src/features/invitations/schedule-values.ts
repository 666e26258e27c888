/** The Schedule Invites dialog's values (spec surveys §2 screen 2): a day and a time in one of the ten zones. */
import { DEFAULT_INVITE_TIME, DEFAULT_TIME_ZONE, TIME_ZONES, toLocalDate, utcToZonedDateTime, zonedDateTimeToUtc } from "@hearth/shared";

export const isOfferedZone = (zone: string | null | undefined) => TIME_ZONES.some((item) => item.iana === zone);

/** The company's zone when it is one of the ten, else the product default. */
export const initialScheduleZone = (companyZone: string | null | undefined) =>
  isOfferedZone(companyZone) ? companyZone! : DEFAULT_TIME_ZONE;

/** Today in `timeZone` when the default time has not passed there yet, else tomorrow (YYYY-MM-DD). */
export function initialScheduleDay(timeZone: string, now: number = Date.now()): string {
  const today = toLocalDate(now, timeZone);
  const at = zonedDateTimeToUtc(`${today}T${DEFAULT_INVITE_TIME}`, timeZone);
  if (at && at.getTime() > now) return today;
  return utcToZonedDateTime(new Date(now + 24 * 60 * 60 * 1000), timeZone).slice(0, 10);
}

/** The browser's own zone, or null when the runtime does not say. */
export function browserTimeZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
}

/** The second zone of the preview: the browser's when it differs from the chosen one, else another of the ten. */
export function initialPreviewZone(chosen: string, browser: string | null): string {
  if (browser && browser !== chosen) return browser;
  return TIME_ZONES.find((zone) => zone.iana !== chosen)?.iana ?? DEFAULT_TIME_ZONE;
}

/** A typed date as YYYY-MM-DD: MM/DD/YYYY (as shown) or YYYY-MM-DD; null when it is not a real day. */
export function parseTypedDate(text: string): string | null {
  const value = text.trim();
  let year: number;
  let month: number;
  let day: number;
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value);
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(value);
  if (us) [month, day, year] = us.slice(1).map(Number);
  else if (iso) [year, month, day] = iso.slice(1).map(Number);
  else return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
}

/** "YYYY-MM-DD" + "HH:mm" → the "YYYY-MM-DDTHH:mm" the API takes, or "" when either part is missing. */
export function joinSendDate(day: string | null, time: string): string {
  const hhmm = /^(\d{2}):(\d{2})/.exec(time.trim());
  if (!day || !hhmm) return "";
  return `${day}T${hhmm[1]}:${hhmm[2]}`;
}
