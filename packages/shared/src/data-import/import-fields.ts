/**
 * The fields a demographics import knows and the header spellings that name them (spec surveys §2 screen 5, §5
 * "Import": known columns detected by name variants, case-insensitively; a column already used cannot be chosen
 * twice). Headers are compared through normalizeLabel, so case, accents, spacing, underscores and punctuation do not
 * matter. Tables in docs/decisions/0040.
 */
import type { DemographicCategory } from "../surveys/lowi/demographics.js";
import type { AttributeKind } from "./attributes.js";
import { normalizeLabel } from "./normalize.js";

export const NOT_A_VALID_COHORT = "This column is not a valid cohort";

export type ImportFieldGroup = "person" | "demographic" | "attribute";

export interface ImportField {
  key: string;
  label: string;
  group: ImportFieldGroup;
  /** For a demographic: the survey category its values map to. */
  category?: DemographicCategory;
  /** For an attribute: how its values are cleaned. */
  kind?: AttributeKind;
  /** Header spellings besides the key and the label. */
  aliases: readonly string[];
}

const person = (key: string, label: string, aliases: string[]): ImportField => ({ key, label, group: "person", aliases });
const demographic = (key: string, label: string, category: DemographicCategory, aliases: string[]): ImportField => ({
  key,
  label,
  group: "demographic",
  category,
  aliases,
});
const attribute = (key: string, label: string, kind: AttributeKind, aliases: string[]): ImportField => ({
  key,
  label,
  group: "attribute",
  kind,
  aliases,
});

export const IMPORT_FIELDS: readonly ImportField[] = [
  person("email", "Email", ["e mail", "email address", "e mail address", "work email", "business email", "mail", "employee email"]),
  person("first_name", "First name", ["firstname", "given name", "forename", "preferred name"]),
  person("last_name", "Last name", ["lastname", "surname", "family name"]),
  demographic("age", "Age", "Age", ["age band", "age group", "age range", "birth year", "year of birth"]),
  demographic("gender", "Gender", "Gender", ["gender identity", "sex"]),
  demographic("ethnicity", "Ethnicity", "Ethnicity", ["race", "race ethnicity", "ethnic group", "ethnic origin"]),
  demographic("tenure", "Tenure", "Tenure", [
    "years of service",
    "service years",
    "length of service",
    "tenure band",
    "tenure years",
    "years at company",
    "hire date",
    "start date",
    "date of hire",
    "seniority date",
  ]),
  demographic("income", "Income", "Income", ["salary", "annual salary", "base salary", "pay", "compensation", "salary band", "pay band"]),
  demographic("job_type", "Job type", "Job type", ["employee type", "role type", "position type", "job category"]),
  demographic("job_function", "Job function", "Job function", ["function", "business function", "functional area"]),
  demographic("region", "Geographic region", "Geographic region", ["region", "geo", "geography", "country", "work country"]),
  attribute("job_code", "Job code", "code", ["job id", "job number", "position code"]),
  attribute("job_name", "Job name", "text", ["job title", "title", "position", "position title", "role", "job"]),
  attribute("job_family", "Job family", "text", ["job group", "career family"]),
  attribute("department_code", "Department code", "code", ["dept code", "department id", "dept id", "department number"]),
  attribute("department", "Department name", "text", ["department", "dept", "dept name", "department name"]),
  attribute("location_code", "Location code", "code", ["site code", "office code", "location id"]),
  attribute("location", "Location name", "text", ["location", "office", "site", "work location", "city", "location name"]),
  attribute("business_group", "Business group", "text", ["business unit", "bu", "division", "segment", "business line"]),
  attribute("cost_centre", "Cost centre", "code", [
    "cost center",
    "costcentre",
    "costcenter",
    "cost centre code",
    "cost center code",
    "cc",
  ]),
  attribute("team", "Team", "text", ["team name", "squad", "group"]),
  attribute("manager_level", "Manager level", "managerLevel", ["management level", "mgr level", "manager lvl", "level"]),
  attribute("standard_hours", "Standard hours per week", "hours", [
    "standard hours",
    "standard hours week",
    "hours week",
    "weekly hours",
    "hours per week",
    "contracted hours",
    "scheduled hours",
    "std hours",
  ]),
  attribute("fte", "Full-time equivalent (FTE)", "fte", ["f t e", "full time equivalent", "fte percent"]),
  ...[1, 2, 3, 4, 5].map((level) =>
    attribute(`manager_${level}`, `Manager level ${level} name`, "text", [
      `manager ${level}`,
      `manager level ${level}`,
      `manager level ${level} name`,
      `manager name ${level}`,
      `level ${level} manager`,
      `l${level} manager`,
      `mgr ${level}`,
      `supervisor ${level}`,
      ...(level === 1 ? ["manager", "manager name", "direct manager", "line manager", "reports to", "supervisor"] : []),
    ]),
  ),
];

const FIELD_BY_SPELLING = new Map<string, string>();
/** The same spellings with their spaces left out, so "Work E-mail", "WorkEmail" and "work email" meet. */
const FIELD_BY_COMPACT_SPELLING = new Map<string, string>();
const compact = (normalized: string) => normalized.replace(/ /g, "");
for (const field of IMPORT_FIELDS) {
  for (const spelling of [field.key, field.label, ...field.aliases]) {
    const key = normalizeLabel(spelling);
    if (!FIELD_BY_SPELLING.has(key)) FIELD_BY_SPELLING.set(key, field.key);
    if (!FIELD_BY_COMPACT_SPELLING.has(compact(key))) FIELD_BY_COMPACT_SPELLING.set(compact(key), field.key);
  }
}

export function findImportField(key: string): ImportField | null {
  return IMPORT_FIELDS.find((field) => field.key === key) ?? null;
}

/** The field a header names, by any of its spellings; null for a header no field knows. */
export function matchHeader(header: string): string | null {
  const normalized = normalizeLabel(header);
  return FIELD_BY_SPELLING.get(normalized) ?? FIELD_BY_COMPACT_SPELLING.get(compact(normalized)) ?? null;
}

/** A mapping from a header (as normalizeLabel reads it) to the field a company chose for it, or null for None. */
export type RememberedMapping = Readonly<Record<string, string | null>>;

export interface ColumnMatch {
  header: string;
  /** The field the column imports into, or null (None). */
  field: string | null;
  /** Why a column has no field: no spelling matched, or its field was taken by an earlier column. */
  note: "unknown" | "duplicate" | "none" | null;
}

/**
 * The mapping a file starts with: what the company chose last time for the same header, else the field a spelling
 * names. A field goes to its first column only; a later column naming it again is left unmapped ("duplicate").
 */
export function matchHeaders(headers: readonly string[], remembered: RememberedMapping = {}): ColumnMatch[] {
  const used = new Set<string>();
  return headers.map((header) => {
    const normalized = normalizeLabel(header);
    const chosen = Object.hasOwn(remembered, normalized) ? remembered[normalized] : undefined;
    if (chosen === null) return { header, field: null, note: "none" };
    const field = chosen && findImportField(chosen) ? chosen : matchHeader(header);
    if (!field) return { header, field: null, note: "unknown" };
    if (used.has(field)) return { header, field: null, note: "duplicate" };
    used.add(field);
    return { header, field, note: null };
  });
}

/** The fields a column may be remapped to: every field no other column uses. */
export function availableFields(columns: readonly ColumnMatch[], column: number): ImportField[] {
  const taken = new Set(columns.flatMap((match, index) => (index !== column && match.field ? [match.field] : [])));
  return IMPORT_FIELDS.filter((field) => !taken.has(field.key));
}

/**
 * Remaps one column to a field or to None (null). A field another column already uses cannot be chosen twice: the
 * columns come back unchanged with the reason.
 */
export function remapColumn(
  columns: readonly ColumnMatch[],
  column: number,
  field: string | null,
): { columns: ColumnMatch[]; error: string | null } {
  const unchanged = { columns: [...columns], error: null };
  if (column < 0 || column >= columns.length) return { ...unchanged, error: "No such column" };
  if (field !== null) {
    const known = findImportField(field);
    if (!known) return { ...unchanged, error: "No such field" };
    const owner = columns.findIndex((match, index) => index !== column && match.field === field);
    if (owner !== -1) return { ...unchanged, error: `${known.label} is already used by the column "${columns[owner].header}".` };
  }
  const next = columns.map((match, index) => (index === column ? { ...match, field, note: field ? null : ("none" as const) } : match));
  return { columns: next, error: null };
}

/** What the company's choices were, to offer next time: header (normalized) → field or null. */
export function rememberMapping(columns: readonly ColumnMatch[]): Record<string, string | null> {
  return Object.fromEntries(columns.map((match) => [normalizeLabel(match.header), match.field]));
}

/** The preview's counts: columns that will be imported and columns that will not. */
export function countMappedColumns(columns: readonly ColumnMatch[]): { imported: number; notImported: number } {
  const imported = columns.filter((match) => match.field !== null).length;
  return { imported, notImported: columns.length - imported };
}
