/**
 * Recipients of an invitation (spec accounts §3 "Recipient row", surveys §3 "Invitation", §5 "Invitations and invitees").
 * A recipient is an email, optional names, cohort fields (key → value) and the usePreviousMeta marker; every other
 * column is stripped. One set of rules for the CSV upload, the manual form and the server.
 */
import Papa from "papaparse";
import { INVITATION_MESSAGES } from "./constants.js";

/** The cohort fields a recipient may carry, with the header spellings recognised for each (matched lower case). */
export const COHORT_FIELDS = [
  { key: "department", label: "Department", headers: ["department", "dept", "team department"] },
  { key: "team", label: "Team", headers: ["team", "team name", "group"] },
  { key: "location", label: "Location", headers: ["location", "office", "site", "city"] },
  { key: "region", label: "Region", headers: ["region", "geographic region", "country"] },
  { key: "division", label: "Division", headers: ["division", "business unit", "unit"] },
  { key: "manager", label: "Manager", headers: ["manager", "manager name", "reports to"] },
  { key: "job_title", label: "Job title", headers: ["job_title", "job title", "title", "position", "role"] },
  { key: "job_level", label: "Job level", headers: ["job_level", "job level", "level", "grade"] },
  { key: "employment_type", label: "Employment type", headers: ["employment_type", "employment type", "job type"] },
  { key: "tenure", label: "Tenure", headers: ["tenure", "years of service"] },
  { key: "start_date", label: "Start date", headers: ["start_date", "start date", "hire date", "hire_date"] },
] as const;
export type CohortKey = (typeof COHORT_FIELDS)[number]["key"];
export const COHORT_KEYS = COHORT_FIELDS.map((field) => field.key) as [CohortKey, ...CohortKey[]];

const EMAIL_HEADERS = ["email", "e-mail", "email address", "e-mail address", "work email", "mail"];
const FIRST_NAME_HEADERS = ["firstname", "first_name", "first name", "given name", "forename"];
const LAST_NAME_HEADERS = ["lastname", "last_name", "last name", "surname", "family name"];

export const MAX_COHORT_VALUE_LENGTH = 120;
export const MAX_PERSON_NAME_LENGTH = 100;

export interface Recipient {
  email: string;
  firstName?: string;
  lastName?: string;
  /** Cohort fields by key. */
  meta?: Partial<Record<CohortKey, string>>;
  /** Take the cohort fields (and missing names) from this person's earlier invitations. */
  usePreviousMeta?: boolean;
}

/** A practical address check: one @, a dot in the domain, no spaces, at most 254 characters. */
export function isValidEmail(value: string): boolean {
  if (value.length > 254) return false;
  return /^[^\s@<>(),;:"[\]]+@[^\s@<>(),;:"[\]]+\.[^\s@<>(),;:"[\]]{2,}$/.test(value);
}

export const normalizeEmail = (value: string) => value.trim().toLowerCase();

/** Header names are trimmed and lowercased, inner spaces collapsed. */
export const normalizeHeader = (header: string) => header.trim().toLowerCase().replace(/\s+/g, " ");

export type RecipientColumn =
  | { kind: "email" }
  | { kind: "firstName" }
  | { kind: "lastName" }
  | { kind: "cohort"; key: CohortKey }
  | { kind: "usePreviousMeta" };

/** What a (normalized) header means, or null for a column that is stripped. */
export function classifyHeader(header: string): RecipientColumn | null {
  const name = normalizeHeader(header);
  if (EMAIL_HEADERS.includes(name)) return { kind: "email" };
  if (FIRST_NAME_HEADERS.includes(name)) return { kind: "firstName" };
  if (LAST_NAME_HEADERS.includes(name)) return { kind: "lastName" };
  if (name === "usepreviousmeta" || name === "use previous meta") return { kind: "usePreviousMeta" };
  const cohort = COHORT_FIELDS.find((field) => (field.headers as readonly string[]).includes(name));
  return cohort ? { kind: "cohort", key: cohort.key } : null;
}

const clip = (value: unknown, max: number): string | undefined => {
  if (value === undefined || value === null) return undefined;
  const text = String(value).trim();
  return text === "" ? undefined : text.slice(0, max);
};

/**
 * Keep only what a recipient may carry: email (trimmed, lower case), names, known cohort fields and the
 * usePreviousMeta marker. Accepts both `{meta: {...}}` and cohort fields at the top level.
 */
export function cleanRecipient(row: Readonly<Record<string, unknown>>): Recipient {
  const recipient: Recipient = { email: normalizeEmail(String(row.email ?? "")) };
  const firstName = clip(row.firstName ?? row.firstname ?? row.first_name, MAX_PERSON_NAME_LENGTH);
  const lastName = clip(row.lastName ?? row.lastname ?? row.last_name, MAX_PERSON_NAME_LENGTH);
  if (firstName) recipient.firstName = firstName;
  if (lastName) recipient.lastName = lastName;
  const meta: Partial<Record<CohortKey, string>> = {};
  const nested = row.meta && typeof row.meta === "object" ? (row.meta as Record<string, unknown>) : {};
  for (const key of COHORT_KEYS) {
    const value = clip(Object.hasOwn(nested, key) ? nested[key] : row[key], MAX_COHORT_VALUE_LENGTH);
    if (value) meta[key] = value;
  }
  if (Object.keys(meta).length > 0) recipient.meta = meta;
  if (row.usePreviousMeta === true || row.usePreviousMeta === "true") recipient.usePreviousMeta = true;
  return recipient;
}

export interface RejectedRow {
  /** 1-based line number in the file (the header is line 1). */
  line: number;
  reason: string;
  value: string;
}

export interface RecipientCsvResult {
  recipients: Recipient[];
  /** Rows left out: a missing or malformed email, or an email already earlier in the file. */
  rejected: RejectedRow[];
  /** Headers that were not recognised and whose columns were stripped. */
  ignoredColumns: string[];
  /** Set when the file could not be read at all; recipients is then empty. */
  error?: string;
}

/**
 * Read an invitee CSV (spec surveys §5): the first row is the header, empty lines are skipped, header names are
 * trimmed and lowercased; on a parse failure the error is reported and the list is empty.
 */
export function parseRecipientCsv(text: string): RecipientCsvResult {
  const source = text.replace(/^\uFEFF/, "");
  // Empty lines are skipped here rather than by Papa, so that rejected rows keep their line numbers in the file;
  // the delimiter is still guessed with empty lines left out.
  const { delimiter } = Papa.parse<string[]>(source, { skipEmptyLines: "greedy", preview: 10 }).meta;
  const parsed = Papa.parse<string[]>(source, { delimiter, skipEmptyLines: false });
  const records: { cells: string[]; line: number }[] = [];
  let nextLine = 1;
  for (const cells of parsed.data) {
    if (cells.join("").trim() !== "") records.push({ cells, line: nextLine });
    nextLine += 1 + cells.reduce((count, cell) => count + (cell.match(/\r\n|\r|\n/g)?.length ?? 0), 0);
  }
  const fatal = parsed.errors.find((error) => error.type === "Quotes");
  if (fatal || records.length === 0) {
    return { recipients: [], rejected: [], ignoredColumns: [], error: INVITATION_MESSAGES.csvParseFailed };
  }
  const [{ cells: header }, ...rows] = records;
  const columns = header.map(classifyHeader);
  if (!columns.some((column) => column?.kind === "email")) {
    return { recipients: [], rejected: [], ignoredColumns: [], error: INVITATION_MESSAGES.csvNoEmailColumn };
  }
  const ignoredColumns = header
    .filter((_, index) => columns[index] === null)
    .map(normalizeHeader)
    .filter((name) => name !== "");
  const recipients: Recipient[] = [];
  const rejected: RejectedRow[] = [];
  const seen = new Set<string>();
  rows.forEach(({ cells, line }) => {
    const row: Record<string, unknown> = { meta: {} };
    cells.forEach((cell, column) => {
      const meaning = columns[column];
      if (!meaning) return;
      if (meaning.kind === "cohort") (row.meta as Record<string, string>)[meaning.key] = cell;
      else if (meaning.kind === "usePreviousMeta") row.usePreviousMeta = /^(true|yes|1)$/i.test(cell.trim());
      else row[meaning.kind] = cell;
    });
    const recipient = cleanRecipient(row);
    if (!isValidEmail(recipient.email)) {
      rejected.push({
        line,
        reason: recipient.email ? INVITATION_MESSAGES.emailInvalid : INVITATION_MESSAGES.emailRequired,
        value: cells.join(","),
      });
      return;
    }
    if (seen.has(recipient.email)) {
      rejected.push({ line, reason: "Duplicate email in this file", value: recipient.email });
      return;
    }
    seen.add(recipient.email);
    recipients.push(recipient);
  });
  return { recipients, rejected, ignoredColumns };
}

/** Add recipients to a list: later rows for an email already listed are dropped (the first one wins). */
export function mergeRecipients(current: readonly Recipient[], added: readonly Recipient[]): Recipient[] {
  const seen = new Set(current.map((recipient) => recipient.email));
  const merged = [...current];
  for (const recipient of added) {
    if (seen.has(recipient.email)) continue;
    seen.add(recipient.email);
    merged.push(recipient);
  }
  return merged;
}

/**
 * Who an invitation actually goes to (spec accounts §5): selected rows with a non-empty email, minus people who
 * already responded and minus duplicates (already invited, or listed twice).
 */
export function selectSendableRecipients(
  recipients: readonly Recipient[],
  options: { selected?: ReadonlySet<string>; responded?: ReadonlySet<string>; duplicates?: ReadonlySet<string> } = {},
): Recipient[] {
  const seen = new Set<string>();
  return recipients.filter((recipient) => {
    const email = normalizeEmail(recipient.email);
    if (!email || seen.has(email)) return false;
    if (options.selected && !options.selected.has(email)) return false;
    if (options.responded?.has(email) || options.duplicates?.has(email)) return false;
    seen.add(email);
    return true;
  });
}

/** Split into request batches (1500 per call). */
export function chunkRecipients<T>(items: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += size) chunks.push(items.slice(start, start + size));
  return chunks;
}

export function cohortLabel(key: string): string {
  return COHORT_FIELDS.find((field) => field.key === key)?.label ?? key;
}

/** One cohort field's values with head counts, as the invite screen's Group and value pickers list them. */
export interface CohortValueCount {
  key: string;
  value: string;
  count: number;
}

/** Counted cohort values grouped by cohort field, in the order of COHORT_FIELDS; fields with no value left out. */
export function groupCohortValues(rows: readonly CohortValueCount[]) {
  return COHORT_FIELDS.map((field) => ({
    key: field.key,
    label: field.label,
    values: rows.filter((row) => row.key === field.key).map((row) => ({ value: row.value, count: row.count })),
  })).filter((cohort) => cohort.values.length > 0);
}
