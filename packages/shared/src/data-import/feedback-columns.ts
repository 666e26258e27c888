/**
 * Survey/feedback imports (issue 14 item 2, docs/decisions/0046): answers collected elsewhere, imported as an anonymous
 * survey. The page profiles every column of the file (what it holds, which values) so the "Select Data Columns" modal
 * can offer it; the server checks the chosen columns, turns them into survey questions, and the commit job turns each
 * row into one response with the same rules, so page and server agree on what is imported.
 */
import { isValidEmail } from "../invitations/recipients.js";
import type { SurveyField } from "../surveys/survey-field.js";
import { MAX_TEXT_ANSWER_LENGTH } from "../surveys/validate-response.js";
import { findImportField, matchHeader } from "./import-fields.js";
import { normalizeLabel } from "./normalize.js";
import type { RejectedImportRow } from "./validate-rows.js";

export const FEEDBACK_COLUMN_TYPES = ["comment", "choice", "rating"] as const;
export type FeedbackColumnType = (typeof FEEDBACK_COLUMN_TYPES)[number];

/** A choice column with at most this many values becomes a cohort the reports can be filtered by. */
export const COHORT_MAX_VALUES = 12;
/** A choice column has at most this many values (a survey question's option limit); more is written text. */
export const CHOICE_MAX_VALUES = 100;
/** A rating is a whole number on a scale of at most this many points (0–10 is 11). */
export const RATING_MAX_POINTS = 11;
/** Columns one import may take. */
export const FEEDBACK_MAX_COLUMNS = 50;
export const FEEDBACK_MAX_OPTION_LENGTH = 200;

export const FEEDBACK_TYPE_LABELS: Record<FeedbackColumnType, string> = {
  comment: "Comment text",
  choice: "Choice",
  rating: "Rating scale",
};

/** Why a column cannot be imported as feedback: it names or identifies a person. */
export const IDENTITY_NOTE = "Identifies a person: imported feedback is kept without names so it stays anonymous.";

/** Headers of columns that identify a person besides the import's person fields (email, first and last name). */
const IDENTITY_HEADERS = new Set(
  [
    "name",
    "full name",
    "employee name",
    "respondent",
    "respondent name",
    "employee id",
    "employee number",
    "staff id",
    "staff number",
    "person id",
    "id",
    "user id",
    "username",
    "user name",
    "phone",
    "phone number",
    "mobile",
    "ip address",
  ].map(normalizeLabel),
);

export interface FeedbackColumnProfile {
  /** The column's position in the file (0 is the first). */
  index: number;
  header: string;
  /** What the column seems to hold; null when it identifies a person (never importable). */
  type: FeedbackColumnType | null;
  /** Set when the column identifies a person: why it cannot be selected. */
  identity: string | null;
  /** The types the column can be imported as (the inferred one first); empty for an identity. */
  allowed: FeedbackColumnType[];
  /** Its distinct values by first appearance, when it can be a choice (at most CHOICE_MAX_VALUES short values). */
  values: string[] | null;
  /** Every point of its scale, low to high, when it can be a rating. */
  scale: string[] | null;
  /** Rows with a value in this column. */
  filled: number;
  /** A few of its values, for the modal. */
  samples: string[];
}

const INTEGER = /^-?\d{1,3}$/;

/** Whether a header names a person (the import's person fields and the spellings above). */
export function isIdentityHeader(header: string): boolean {
  const field = matchHeader(header);
  if (field && findImportField(field)?.group === "person") return true;
  return IDENTITY_HEADERS.has(normalizeLabel(header));
}

/** The points of a rating scale from its lowest to its highest value, or null when the values are not one. */
function ratingPoints(values: readonly string[]): string[] | null {
  if (values.length === 0 || !values.every((value) => INTEGER.test(value))) return null;
  const numbers = values.map(Number);
  const low = Math.min(...numbers);
  const high = Math.max(...numbers);
  if (low < 0 || high > 10 || high - low + 1 > RATING_MAX_POINTS || high === low) return null;
  return Array.from({ length: high - low + 1 }, (_, step) => String(low + step));
}

/** The options a chosen type takes from a column's profile. */
export function optionsForType(profile: FeedbackColumnProfile, type: FeedbackColumnType): string[] {
  if (type === "rating") return profile.scale ?? [];
  if (type === "choice") return profile.values ?? [];
  return [];
}

/**
 * What each column of a feedback file holds, from all its rows:
 * - a person's identity (by header, or mostly email addresses, or a short code unique to every row) — not importable;
 * - a rating: whole numbers from 0 to 10 spanning at least two points (options: every point of the scale);
 * - a choice: at most CHOICE_MAX_VALUES distinct short values, each used twice on average (a cohort when at most
 *   COHORT_MAX_VALUES);
 * - otherwise comment text.
 * A column that can be a choice may also be imported as comment text, and the reverse when its values allow it.
 */
export function profileFeedbackColumns(headers: readonly string[], rows: readonly (readonly string[])[]): FeedbackColumnProfile[] {
  return headers.map((header, index) => {
    const seen = new Map<string, number>();
    let filled = 0;
    let emails = 0;
    let longest = 0;
    let spaced = false;
    for (const row of rows) {
      const value = (row[index] ?? "").trim();
      if (value === "") continue;
      filled += 1;
      if (value.includes("@") && isValidEmail(value)) emails += 1;
      if (/\s/.test(value)) spaced = true;
      longest = Math.max(longest, value.length);
      if (seen.size <= CHOICE_MAX_VALUES || seen.has(value)) seen.set(value, (seen.get(value) ?? 0) + 1);
    }
    const distinct = [...seen.keys()];
    const samples = distinct.slice(0, 3).map((value) => (value.length > 60 ? `${value.slice(0, 57)}…` : value));
    const base = { index, header, filled, samples };
    const uniqueCode = filled > COHORT_MAX_VALUES && seen.size === filled && !spaced && longest <= 40;
    if (isIdentityHeader(header) || (filled > 0 && emails * 2 >= filled) || uniqueCode) {
      return { ...base, type: null, identity: IDENTITY_NOTE, allowed: [], values: null, scale: null };
    }
    const values = filled > 0 && seen.size <= CHOICE_MAX_VALUES && longest <= FEEDBACK_MAX_OPTION_LENGTH ? distinct : null;
    const scale = ratingPoints(distinct);
    const repeats = seen.size * 2 <= filled && longest <= 60;
    const type: FeedbackColumnType = scale ? "rating" : values && repeats ? "choice" : "comment";
    const allowed = [type, ...FEEDBACK_COLUMN_TYPES.filter((other) => other !== type)].filter(
      (option) => option === "comment" || (option === "choice" && values !== null) || (option === "rating" && scale !== null),
    );
    return { ...base, type, identity: null, allowed, values, scale };
  });
}

/** One column chosen for a feedback import, as the page sends it and the server keeps it. */
export interface FeedbackColumnChoice {
  index: number;
  header: string;
  type: FeedbackColumnType;
  options: string[];
}

/** A question key from a header: lower case, letters, digits and underscores, starting with a letter, unique. */
export function feedbackFieldKeys(headers: readonly string[]): string[] {
  const used = new Set<string>();
  return headers.map((header, position) => {
    let base = header
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "_")
      .replace(/^_+|_+$/g, "")
      .slice(0, 60);
    if (!/^[a-z]/.test(base)) base = `q_${base || position + 1}`.replace(/_+$/, "");
    if (base.length < 2) base = `${base}_q`;
    let key = base;
    for (let suffix = 2; used.has(key); suffix += 1) key = `${base}_${suffix}`;
    used.add(key);
    return key;
  });
}

/** The survey questions of an import: a comment is an open question, a choice or rating a single choice. */
export function feedbackSurveyFields(columns: readonly FeedbackColumnChoice[]): SurveyField[] {
  const keys = feedbackFieldKeys(columns.map((column) => column.header));
  return columns.map((column, position) => ({
    key: keys[position],
    question: column.header.trim() || `Column ${column.index + 1}`,
    questionType: "Text",
    answerType: column.type === "comment" ? "Text" : "Radio",
    radioOptions: column.type === "comment" ? [] : [...column.options],
    topic: null,
    required: false,
    filter: column.type === "choice" && column.options.length <= COHORT_MAX_VALUES,
    isDefault: false,
    group: "custom",
  }));
}

/** What an imported question was made from: a rating's options are a whole-number scale, a choice's are not. */
export function feedbackTypeOfField(field: Pick<SurveyField, "answerType" | "radioOptions">): FeedbackColumnType {
  if (field.answerType === "Text") return "comment";
  return ratingPoints(field.radioOptions) !== null ? "rating" : "choice";
}

/** The reasons a chosen column cannot be imported, by problem (empty when it can). */
export function checkFeedbackColumn(column: FeedbackColumnChoice): string | null {
  const name = column.header.trim() || `Column ${column.index + 1}`;
  if (isIdentityHeader(column.header)) return `${name} identifies a person; imported feedback is kept without names.`;
  if (column.type === "comment") return column.options.length === 0 ? null : `${name} is comment text and has no options.`;
  if (column.options.length === 0) return `${name} has no values to choose from.`;
  if (new Set(column.options).size !== column.options.length) return `${name} lists a value twice.`;
  if (column.options.some((option) => option.trim() === "" || option !== option.trim())) return `${name} has an empty or untrimmed value.`;
  if (column.type === "choice" && column.options.length > CHOICE_MAX_VALUES) {
    return `${name} has more than ${CHOICE_MAX_VALUES} values; import it as comment text.`;
  }
  if (column.type === "rating" && ratingPoints(column.options)?.join(",") !== column.options.join(",")) {
    return `${name} is not a rating scale: its points must be whole numbers from 0 to 10, in order.`;
  }
  return null;
}

export interface FeedbackRowResult {
  answers: Record<string, string>[];
  rejected: RejectedImportRow[];
}

/**
 * The responses of a run of rows: each row's values of the chosen columns under their question keys. A row is
 * rejected with every reason found when it has no value in any chosen column, a choice or rating value that is not
 * one of the column's, or a comment longer than a survey answer may be.
 */
export function readFeedbackRows(
  columns: readonly FeedbackColumnChoice[],
  keys: readonly string[],
  rows: readonly (readonly string[])[],
  firstLine = 2,
): FeedbackRowResult {
  const optionSets = columns.map((column) => new Set(column.options));
  const answers: Record<string, string>[] = [];
  const rejected: RejectedImportRow[] = [];
  rows.forEach((row, offset) => {
    const reasons: string[] = [];
    const response: Record<string, string> = {};
    columns.forEach((column, position) => {
      const value = (row[column.index] ?? "").trim();
      if (value === "") return;
      const name = column.header.trim() || `Column ${column.index + 1}`;
      if (column.type === "comment") {
        if (value.length > MAX_TEXT_ANSWER_LENGTH)
          reasons.push(`${name} is longer than ${MAX_TEXT_ANSWER_LENGTH.toLocaleString("en-US")} characters`);
        else response[keys[position]] = value;
      } else if (!optionSets[position].has(value)) {
        reasons.push(`${name}: "${value.length > 40 ? `${value.slice(0, 37)}…` : value}" is not one of the column's values`);
      } else response[keys[position]] = value;
    });
    if (reasons.length === 0 && Object.keys(response).length === 0) reasons.push("No answer in the selected columns");
    if (reasons.length > 0) rejected.push({ line: firstLine + offset, values: row, reasons });
    else answers.push(response);
  });
  return { answers, rejected };
}
