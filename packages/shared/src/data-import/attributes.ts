/**
 * Employee and organisation attributes from an imported file (spec surveys §3 "Attribute mapping"; tables in
 * docs/decisions/0040): codes, names, levels, standard hours and the full-time equivalent, and the customer segment
 * fields a company reports by (department, location, cost centre, tenure band, management level). Each value is
 * cleaned or refused with a reason; nothing is invented.
 */
import { MAX_COHORT_VALUE_LENGTH } from "../invitations/recipients.js";
import { mapTenure } from "./demographic-values.js";
import { parseLooseNumber } from "./normalize.js";

/** The weekly hours of a full-time position: FTE is standard hours ÷ 40 (spec surveys §3). */
export const FULL_TIME_HOURS = 40;
/** Standard hours accepted: the spec saw 5 to 39; a full 40 and overtime contracts up to 60 are real too. */
export const MIN_STANDARD_HOURS = 1;
export const MAX_STANDARD_HOURS = 60;
export const MAX_MANAGER_LEVEL = 5;

export type AttributeResult = { ok: true; value: string } | { ok: false; reason: string };

const ok = (value: string): AttributeResult => ({ ok: true, value });
const refused = (reason: string): AttributeResult => ({ ok: false, reason });

/** Free text as a cohort value: spaces collapsed, at most the cohort value length. */
export function cleanText(raw: string): AttributeResult {
  const text = raw.trim().replace(/\s+/g, " ");
  if (text === "") return refused("Empty");
  if (text.length > MAX_COHORT_VALUE_LENGTH) return refused(`Longer than ${MAX_COHORT_VALUE_LENGTH} characters`);
  return ok(text);
}

/** A code (job, department, location, cost centre): letters, digits and - _ . / only, kept as written but upper case. */
export function cleanCode(raw: string): AttributeResult {
  const text = raw.trim();
  if (text === "") return refused("Empty");
  if (text.length > 40) return refused("Longer than 40 characters");
  if (!/^[A-Za-z0-9][A-Za-z0-9 _./-]*$/.test(text)) return refused("A code holds letters, digits and - _ . / only");
  return ok(text.toUpperCase());
}

/** Standard hours per week: a number from 1 to 60, quarter hours allowed ("37.5"). */
export function parseStandardHours(raw: string): AttributeResult {
  const hours = parseLooseNumber(raw.replace(/\s*(?:h|hrs?|hours?)(?:\s*(?:\/|per)\s*(?:w|wk|week))?\s*$/i, ""));
  if (hours === null) return refused("Not a number of hours");
  if (hours < MIN_STANDARD_HOURS || hours > MAX_STANDARD_HOURS) {
    return refused(`Standard hours run from ${MIN_STANDARD_HOURS} to ${MAX_STANDARD_HOURS} a week`);
  }
  return ok(String(Math.round(hours * 4) / 4));
}

/** FTE = standard hours ÷ 40, two decimals: 20 hours is 0.5, 37.5 hours is 0.94. */
export function fteFromHours(hours: number): number {
  return Math.round((hours / FULL_TIME_HOURS) * 100) / 100;
}

/**
 * The full-time equivalent: from an FTE column (0.01–1.5, or a percentage: "50%" or "50"), else from standard hours. When the
 * file gives both and they disagree by more than 0.05, the row is refused: one of them is wrong and the import cannot
 * tell which.
 */
export function resolveFte(fteRaw: string | undefined, hoursRaw: string | undefined): AttributeResult {
  const hours = hoursRaw?.trim() ? parseStandardHours(hoursRaw) : null;
  if (hours && !hours.ok) return hours;
  const fromHours = hours?.ok ? fteFromHours(Number(hours.value)) : null;
  if (!fteRaw?.trim()) return fromHours === null ? refused("Empty") : ok(fromHours.toFixed(2));
  const percent = fteRaw.trim().endsWith("%");
  const number = parseLooseNumber(fteRaw.replace("%", ""));
  if (number === null) return refused("Not an FTE (such as 0.5 or 50%)");
  // "50" is a percentage; "2" is neither a plausible FTE nor a plausible percentage, and is refused below
  const fte = percent || number >= 5 ? number / 100 : number;
  if (fte <= 0 || fte > 1.5) return refused("An FTE runs from 0.01 to 1.5");
  if (fromHours !== null && Math.abs(fromHours - fte) > 0.05) {
    return refused(`FTE ${fte.toFixed(2)} does not match ${hours?.ok ? hours.value : ""} standard hours (${fromHours.toFixed(2)})`);
  }
  return ok((Math.round(fte * 100) / 100).toFixed(2));
}

/** A manager level 0–5 ("3", "L3", "Level 3", "M3"), written "Level N". */
export function parseManagerLevel(raw: string): AttributeResult {
  const match = raw
    .trim()
    .toLowerCase()
    .match(/^(?:level|lvl|l|m|manager level)?\s*(\d+)$/);
  if (!match) return refused("Not a manager level (0 to 5)");
  const level = Number(match[1]);
  return level <= MAX_MANAGER_LEVEL ? ok(`Level ${level}`) : refused(`Manager levels run from 0 to ${MAX_MANAGER_LEVEL}`);
}

/** The kinds of value an attribute holds. */
export type AttributeKind = "text" | "code" | "hours" | "fte" | "managerLevel" | "tenureBand";

/** Cleans one attribute value by its kind (FTE alone: resolveFte reads it with the hours). */
export function cleanAttribute(kind: AttributeKind, raw: string, now = new Date()): AttributeResult {
  switch (kind) {
    case "code":
      return cleanCode(raw);
    case "hours":
      return parseStandardHours(raw);
    case "fte":
      return resolveFte(raw, undefined);
    case "managerLevel":
      return parseManagerLevel(raw);
    case "tenureBand": {
      if (raw.trim() === "") return refused("Empty");
      const band = mapTenure(raw, now);
      return band ? ok(band) : refused("Not a tenure (such as 3 years, 18 months or a start date)");
    }
    default:
      return cleanText(raw);
  }
}
