/**
 * Scheduling an invitation (spec surveys §2 screen 2, §5): a wall-clock date and time in one of the ten time zones,
 * never in the past; a preview of the same moment in a second zone.
 */
import { TIME_ZONE_NAMES, type TimeZoneName } from "../time-zones.js";
import { INVITATION_MESSAGES } from "./constants.js";

const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** The offset (ms) of `timeZone` from UTC at the instant `utcMs`. */
function zoneOffsetMs(utcMs: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(new Date(utcMs));
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value);
  const asUtc = Date.UTC(get("year"), get("month") - 1, get("day"), get("hour") % 24, get("minute"), get("second"));
  return asUtc - Math.floor(utcMs / 1000) * 1000;
}

/**
 * "2026-12-01T13:00" in `timeZone` → the UTC instant, or null when the text is not a real date and time
 * (31 February, 25:00) or the zone is unknown. A time in a daylight-saving gap moves forward by the gap (02:30 → 03:30).
 */
export function zonedDateTimeToUtc(local: string, timeZone: string): Date | null {
  const match = LOCAL_DATE_TIME.exec(local);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number);
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  const check = new Date(wall);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day || hour > 23 || minute > 59)
    return null;
  try {
    const first = wall - zoneOffsetMs(wall, timeZone);
    const second = wall - zoneOffsetMs(first, timeZone);
    // In a gap neither candidate shows the wall-clock time asked for: take the later one, as the clocks moved forward.
    return new Date(second + zoneOffsetMs(second, timeZone) === wall ? second : Math.max(first, second));
  } catch {
    return null;
  }
}

/** The wall-clock text ("YYYY-MM-DDTHH:mm") of an instant in `timeZone`. */
export function utcToZonedDateTime(instant: Date, timeZone: string): string {
  const shifted = new Date(instant.getTime() + zoneOffsetMs(instant.getTime(), timeZone));
  return shifted.toISOString().slice(0, 16);
}

/** A readable preview, for example "Tue, Dec 1, 2026, 1:00 PM". */
export function formatInTimeZone(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat("en-US", {
    timeZone,
    weekday: "short",
    month: "short",
    day: "numeric",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
  }).format(instant);
}

export type ScheduleCheck = { ok: true; sendAt: Date } | { ok: false; field: "sendDate" | "timeZone"; message: string };

/** Checks a schedule: a known zone, a real date and time, not before `now` (one minute of grace for slow clicks). */
export function checkSchedule(sendDate: string, timeZone: string, now: number = Date.now()): ScheduleCheck {
  if (!TIME_ZONE_NAMES.includes(timeZone as TimeZoneName))
    return { ok: false, field: "timeZone", message: "Choose one of the listed time zones." };
  const sendAt = zonedDateTimeToUtc(sendDate, timeZone);
  if (!sendAt) return { ok: false, field: "sendDate", message: INVITATION_MESSAGES.invalidDate };
  if (sendAt.getTime() < now - 60_000) return { ok: false, field: "sendDate", message: INVITATION_MESSAGES.pastDate };
  return { ok: true, sendAt };
}
