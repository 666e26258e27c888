/**
 * Survey end dates (spec surveys §5 and §9): default 7 days ahead, at 23:59:59.999 in the company's time zone;
 * at least 7 days from now with one day of tolerance; internal accounts exempt; never in the past.
 * Time-zone arithmetic uses Intl.DateTimeFormat only.
 */
import { DEFAULT_TIME_ZONE } from "../time-zones.js";
import { SURVEY_MESSAGES } from "./survey-messages.js";

export const DAY_MS = 86_400_000;
export const DEFAULT_OPEN_DAYS = 7;
export const MIN_OPEN_DAYS = 7;
export const END_DATE_TOLERANCE_DAYS = 1;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The IANA zone to use: the given one when the runtime knows it, else the product default (Eastern). */
export function resolveTimeZone(timeZone: string | null | undefined): string {
  if (!timeZone) return DEFAULT_TIME_ZONE;
  try {
    formatterFor(timeZone);
    return timeZone;
  } catch {
    return DEFAULT_TIME_ZONE;
  }
}

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function readWallClock(ms: number, timeZone: string): WallClock {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(ms)) {
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  }
  return { year: parts.year, month: parts.month, day: parts.day, hour: parts.hour % 24, minute: parts.minute, second: parts.second };
}

/** Local time minus UTC, in ms, at the given instant. */
function offsetAt(ms: number, timeZone: string): number {
  const whole = Math.floor(ms / 1000) * 1000;
  const wall = readWallClock(whole, timeZone);
  return Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second) - whole;
}

const pad = (value: number, width = 2) => String(value).padStart(width, "0");

function parseDate(dateYmd: string): { year: number; month: number; day: number } {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(dateYmd);
  if (!match) throw new RangeError(`Not a YYYY-MM-DD date: ${dateYmd}`);
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) {
    throw new RangeError(`No such date: ${dateYmd}`);
  }
  return { year, month, day };
}

/** The calendar date (YYYY-MM-DD) of an instant in a time zone. */
export function toLocalDate(ms: number, timeZone: string): string {
  const wall = readWallClock(ms, resolveTimeZone(timeZone));
  return `${pad(wall.year, 4)}-${pad(wall.month)}-${pad(wall.day)}`;
}

/** Calendar arithmetic on YYYY-MM-DD dates (no time zone involved). */
export function addDaysToDate(dateYmd: string, days: number): string {
  const { year, month, day } = parseDate(dateYmd);
  const date = new Date(Date.UTC(year, month - 1, day + days));
  return `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

/** Epoch ms of 23:59:59.999 on the given calendar date in the time zone (DST-aware). Throws RangeError on a bad date. */
export function endOfDayInTimeZone(dateYmd: string, timeZone: string): number {
  const zone = resolveTimeZone(timeZone);
  const { year, month, day } = parseDate(dateYmd);
  const wallAsUtc = Date.UTC(year, month - 1, day, 23, 59, 59, 999);
  const firstOffset = offsetAt(wallAsUtc, zone);
  const guess = wallAsUtc - firstOffset;
  const secondOffset = offsetAt(guess, zone);
  return secondOffset === firstOffset ? guess : wallAsUtc - secondOffset;
}

/** The default end date: the end of the day 7 calendar days after today in the company's time zone. */
export function defaultEndDate(now: number, timeZone: string | null | undefined): number {
  const zone = resolveTimeZone(timeZone);
  return endOfDayInTimeZone(addDaysToDate(toLocalDate(now, zone), DEFAULT_OPEN_DAYS), zone);
}

export type EndDateCheck = { ok: true } | { ok: false; reason: "invalid" | "past" | "tooSoon"; message: string };

export interface EndDateOptions {
  isInternalAccount?: boolean | null;
}

/** The earliest end date (epoch ms) a non-internal account may publish with: now + 7 days − 1 day of tolerance. */
export function minimumEndDate(now: number): number {
  return now + (MIN_OPEN_DAYS - END_DATE_TOLERANCE_DAYS) * DAY_MS;
}

/**
 * Whether a survey may be published (or its expiration set) with this end date. Everyone: a real date after now.
 * Others than internal accounts: no earlier than minimumEndDate(now).
 */
export function checkEndDate(endDate: number, now: number, options: EndDateOptions = {}): EndDateCheck {
  if (!Number.isFinite(endDate)) return { ok: false, reason: "invalid", message: SURVEY_MESSAGES.endDateInvalid };
  if (endDate <= now) return { ok: false, reason: "past", message: SURVEY_MESSAGES.endDatePast };
  if (!options.isInternalAccount && endDate < minimumEndDate(now)) {
    return { ok: false, reason: "tooSoon", message: SURVEY_MESSAGES.endDateTooSoon };
  }
  return { ok: true };
}

/** The first calendar date the date picker should offer: the first day whose end passes checkEndDate. */
export function earliestEndDay(now: number, timeZone: string | null | undefined, options: EndDateOptions = {}): string {
  const zone = resolveTimeZone(timeZone);
  let date = toLocalDate(now, zone);
  for (let step = 0; step <= MIN_OPEN_DAYS + 1; step++) {
    if (checkEndDate(endOfDayInTimeZone(date, zone), now, options).ok) return date;
    date = addDaysToDate(date, 1);
  }
  return date;
}
