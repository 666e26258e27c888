/**
 * The days of action plans: calendar days written "YYYY-MM-DD", each a day in the company's zone (decision 0078),
 * never a moment. Whether an action is overdue compares days, so every role and every browser agrees.
 */
import { formatDateInZone, zoneTimeName } from "../time-zones.js";

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Years a plan's day may fall in: wide enough for any plan, narrow enough that day arithmetic stays four-digit. */
export const PLAN_DAY_FIRST_YEAR = 1900;
export const PLAN_DAY_LAST_YEAR = 2999;

/** How long a plan runs when no end is given: 90 days from its start. */
export const DEFAULT_PLAN_LENGTH_DAYS = 90;

function dayParts(day: string): [number, number, number] | null {
  const match = ISO_DAY.exec(day);
  if (!match) return null;
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

/** Whether the text is a real calendar day as YYYY-MM-DD (2026-02-30 is not) within the years plans may use. */
export function isPlanDay(day: string): boolean {
  const parts = dayParts(day);
  if (!parts) return false;
  const [year, month, date] = parts;
  if (year < PLAN_DAY_FIRST_YEAR || year > PLAN_DAY_LAST_YEAR) return false;
  const at = new Date(Date.UTC(year, month - 1, date));
  return at.getUTCFullYear() === year && at.getUTCMonth() === month - 1 && at.getUTCDate() === date;
}

/** The day `days` after (or before, when negative) a YYYY-MM-DD day. */
export function addDaysToDay(day: string, days: number): string {
  const parts = dayParts(day);
  if (!parts) throw new Error(`Not a day: ${day}`);
  const [year, month, date] = parts;
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}

/** The plan's end when none is given: its start plus 90 days. */
export function defaultPlanEndDay(startDay: string): string {
  return addDaysToDay(startDay, DEFAULT_PLAN_LENGTH_DAYS);
}

function zonedParts(epochMs: number, timeZone: string): Record<string, number> {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "numeric",
  }).formatToParts(epochMs);
  const read: Record<string, number> = {};
  for (const part of parts) if (part.type !== "literal") read[part.type] = Number(part.value);
  return read;
}

/** Today in the company's zone as YYYY-MM-DD. */
export function todayInZone(timeZone: string, now: number = Date.now()): string {
  const parts = zonedParts(now, timeZone);
  const pad = (value: number, width = 2) => String(value).padStart(width, "0");
  return `${pad(parts.year, 4)}-${pad(parts.month)}-${pad(parts.day)}`;
}

/** The hour (0–23) of the moment in the company's zone. */
export function hourInZone(timeZone: string, now: number = Date.now()): number {
  return zonedParts(now, timeZone).hour;
}

/**
 * A moment inside the day in the company's zone (its noon), so that a formatter reading the company's zone writes
 * that very day: midnight UTC would be the day before in the Americas.
 */
export function epochOfDayInZone(day: string, timeZone: string): number {
  const parts = dayParts(day);
  if (!parts) return Number.NaN;
  const [year, month, date] = parts;
  const guess = Date.UTC(year, month - 1, date, 12);
  const wall = zonedParts(guess, timeZone);
  const offset = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute) - guess;
  return guess - offset;
}

/** A plan's day written out with the company's zone named: "Dec 8, 2026 (Eastern time)"; "—" for no day. */
export function formatPlanDay(day: string | null | undefined, timeZone: string): string {
  if (!day || !isPlanDay(day)) return "—";
  return formatDateInZone(epochOfDayInZone(day, timeZone), timeZone);
}

/**
 * A plan's day written out without its zone, for a table whose heading names the zone: "Dec 8, 2026". The day is
 * already the company's, so it is written as it stands.
 */
export function formatPlanDayBare(day: string | null | undefined): string {
  if (!day || !isPlanDay(day)) return "—";
  return formatDateInZone(epochOfDayInZone(day, "UTC"), "UTC").replace(/ \(UTC\)$/, "");
}

/** "Dec 7, 2026 to Mar 7, 2027 (Eastern time)": a plan's run with the company's zone named once. */
export function formatPlanDayRange(start: string, end: string, timeZone: string): string {
  return `${formatPlanDayBare(start)} to ${formatPlanDayBare(end)} (${zoneTimeName(timeZone)})`;
}
