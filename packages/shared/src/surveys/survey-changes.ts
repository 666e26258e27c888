/**
 * What changed between two versions of a survey, in words (issue 25 item 7, decision 0075): the survey's change log.
 * Only what the company wrote into the survey is compared (name, description, end date, draft or published, meta fields
 * and the questions); answers and respondents are never an input, so they can never be in a change.
 */
import { formatDayInZone } from "../time-zones.js";
import type { SurveyField } from "./survey-field.js";

/** The parts of a survey an edit can change. */
export interface SurveyVersion {
  name: string;
  description: string;
  endDate: number | null;
  draft: boolean;
  metaFields: Readonly<Record<string, string>>;
  fields: readonly Pick<SurveyField, "key" | "question" | "radioOptions" | "required" | "title">[];
}

/** One change: which part (in words), its value before and after (null: it did not exist), and the whole sentence. */
export interface SurveyChange {
  field: string;
  before: string | null;
  after: string | null;
  summary: string;
}

/** At most this many changes are stored per entry; the rest are counted (`moreChanges`). */
export const MAX_SURVEY_CHANGES = 20;
/** Each value (a name, a question's wording, a list of options) keeps at most this many characters. */
export const MAX_CHANGE_TEXT = 120;

/** A value cut to the bound with an ellipsis, spaces and line breaks folded to one space. */
export function clipChangeText(text: string, max = MAX_CHANGE_TEXT): string {
  const folded = text.replace(/\s+/g, " ").trim();
  return folded.length <= max ? folded : `${folded.slice(0, max - 1).trimEnd()}…`;
}

const quoted = (text: string | null) => (text === null || text === "" ? "(empty)" : `“${text}”`);

function change(field: string, before: string | null, after: string | null, summary: string): SurveyChange {
  return { field, before, after, summary };
}

function textChange(field: string, before: string, after: string): SurveyChange | null {
  if (before.trim() === after.trim()) return null;
  const from = clipChangeText(before);
  const to = clipChangeText(after);
  return change(field, from, to, `${field} ${quoted(from)} → ${quoted(to)}`);
}

function endDateChange(before: number | null, after: number | null, timeZone: string): SurveyChange | null {
  if (before === after) return null;
  const day = (at: number | null) => (at === null ? null : formatDayInZone(at, timeZone));
  const from = day(before);
  const to = day(after);
  // Two moments on the same calendar day still changed: the sentence says so rather than "12/08 → 12/08".
  const summary = from === to ? `End date moved within ${from ?? "the same day"}` : `End date ${from ?? "none"} → ${to ?? "none"}`;
  return change("End date", from, to, summary);
}

function metaFieldChanges(before: SurveyVersion["metaFields"], after: SurveyVersion["metaFields"]): SurveyChange[] {
  const names = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  const changes: SurveyChange[] = [];
  for (const name of names) {
    const from = before[name] ?? "";
    const to = after[name] ?? "";
    const found = textChange(`Field ${clipChangeText(name, 40)}`, from, to);
    if (found) changes.push(found);
  }
  return changes;
}

/** The keys of the questions that moved: those outside the longest run of kept questions still in their old order. */
function movedKeys(beforeKeys: string[], afterKeys: string[]): Set<string> {
  const kept = new Set(beforeKeys.filter((key) => afterKeys.includes(key)));
  const oldIndex = new Map(beforeKeys.filter((key) => kept.has(key)).map((key, index) => [key, index]));
  const sequence = afterKeys.filter((key) => kept.has(key));
  // Longest increasing subsequence of the old positions, O(n²): surveys have at most a few hundred questions.
  const length = sequence.map(() => 1);
  const previous = sequence.map(() => -1);
  for (let i = 0; i < sequence.length; i++) {
    for (let j = 0; j < i; j++) {
      const a = oldIndex.get(sequence[j]) as number;
      const b = oldIndex.get(sequence[i]) as number;
      if (a < b && length[j] + 1 > length[i]) {
        length[i] = length[j] + 1;
        previous[i] = j;
      }
    }
  }
  let end = -1;
  for (let i = 0; i < sequence.length; i++) if (end === -1 || length[i] > length[end]) end = i;
  const inOrder = new Set<string>();
  for (let i = end; i !== -1; i = previous[i]) inOrder.add(sequence[i]);
  return new Set(sequence.filter((key) => !inOrder.has(key)));
}

const optionsText = (options: readonly string[]) => (options.length === 0 ? "" : options.join(", "));

function questionChanges(before: SurveyVersion["fields"], after: SurveyVersion["fields"]): SurveyChange[] {
  const changes: SurveyChange[] = [];
  const beforeKeys = before.map((field) => field.key);
  const afterKeys = after.map((field) => field.key);
  const oldByKey = new Map(before.map((field, index) => [field.key, { field, position: index + 1 }]));
  const newKeys = new Set(afterKeys);
  before.forEach((field, index) => {
    if (newKeys.has(field.key)) return;
    const text = clipChangeText(field.question);
    changes.push(change(`Question ${index + 1}`, text, null, `Question ${index + 1} removed: ${quoted(text)}`));
  });
  const moved = movedKeys(beforeKeys, afterKeys);
  after.forEach((field, index) => {
    const label = `Question ${index + 1}`;
    const old = oldByKey.get(field.key);
    if (!old) {
      const text = clipChangeText(field.question);
      changes.push(change(label, null, text, `${label} added: ${quoted(text)}`));
      return;
    }
    if (moved.has(field.key)) {
      const text = clipChangeText(field.question, 60);
      changes.push(
        change(
          `${label} position`,
          String(old.position),
          String(index + 1),
          `${label} moved from position ${old.position}: ${quoted(text)}`,
        ),
      );
    }
    const reworded = textChange(`${label} wording`, old.field.question, field.question);
    if (reworded) {
      changes.push({ ...reworded, summary: `${label} reworded: ${quoted(reworded.before)} → ${quoted(reworded.after)}` });
    }
    const prompt = textChange(`${label} prompt`, old.field.title ?? "", field.title ?? "");
    if (prompt) changes.push({ ...prompt, summary: `${label} prompt changed: ${quoted(prompt.before)} → ${quoted(prompt.after)}` });
    const fromOptions = optionsText(old.field.radioOptions);
    const toOptions = optionsText(field.radioOptions);
    if (fromOptions !== toOptions) {
      const from = clipChangeText(fromOptions);
      const to = clipChangeText(toOptions);
      changes.push(change(`${label} options`, from, to, `${label} options changed: ${from || "(none)"} → ${to || "(none)"}`));
    }
    if (old.field.required !== field.required) {
      const from = old.field.required ? "Required" : "Optional";
      const to = field.required ? "Required" : "Optional";
      changes.push(change(`${label} required`, from, to, `${label} ${field.required ? "now required" : "no longer required"}`));
    }
  });
  return changes;
}

export interface SurveyChangeList {
  /** The first MAX_SURVEY_CHANGES changes, in the order a reader meets them (survey, then questions). */
  changes: SurveyChange[];
  /** How many more changes there were beyond the bound (0 when all are listed). */
  moreChanges: number;
}

/**
 * The changes from one version of a survey to the next, bounded (MAX_SURVEY_CHANGES changes, MAX_CHANGE_TEXT
 * characters a value). Questions are matched by their stable key, so a reworded question is one change, not a removal
 * and an addition. Dates are days in the company's zone, the zone named. Empty when nothing changed.
 */
export function diffSurveyVersions(before: SurveyVersion, after: SurveyVersion, timeZone: string): SurveyChangeList {
  const all: SurveyChange[] = [];
  const push = (found: SurveyChange | null) => {
    if (found) all.push(found);
  };
  push(textChange("Name", before.name, after.name));
  push(textChange("Description", before.description, after.description));
  if (before.draft !== after.draft) {
    const from = before.draft ? "Draft" : "Published";
    const to = after.draft ? "Draft" : "Published";
    all.push(change("Status", from, to, after.draft ? "Moved back to draft" : "Published"));
  }
  push(endDateChange(before.endDate, after.endDate, timeZone));
  all.push(...metaFieldChanges(before.metaFields, after.metaFields));
  all.push(...questionChanges(before.fields, after.fields));
  return { changes: all.slice(0, MAX_SURVEY_CHANGES), moreChanges: Math.max(0, all.length - MAX_SURVEY_CHANGES) };
}

/** The survey actions that belong in a survey's change history (its creation is not an edit). */
export const SURVEY_CHANGE_ACTIONS = [
  "update_survey",
  "change_survey_end_date",
  "close_survey",
  "archive_survey",
  "restore_survey",
] as const;
export type SurveyChangeAction = (typeof SURVEY_CHANGE_ACTIONS)[number];

const ACTION_WORDS: Record<SurveyChangeAction, string> = {
  update_survey: "Survey edited",
  change_survey_end_date: "End date changed",
  close_survey: "Survey closed",
  archive_survey: "Survey archived",
  restore_survey: "Survey restored",
};

export function describeSurveyChangeAction(action: string): string | null {
  return (SURVEY_CHANGE_ACTIONS as readonly string[]).includes(action) ? ACTION_WORDS[action as SurveyChangeAction] : null;
}

/** The changes an activity log entry's data carries, read defensively (the data is stored JSON). */
export function readSurveyChanges(data: Readonly<Record<string, unknown>>): SurveyChangeList {
  const raw = Array.isArray(data.changes) ? data.changes : [];
  const text = (value: unknown) => (typeof value === "string" ? value : null);
  const changes = raw
    .filter((item): item is Record<string, unknown> => typeof item === "object" && item !== null)
    .map((item) => ({
      field: text(item.field) ?? "",
      before: text(item.before),
      after: text(item.after),
      summary: text(item.summary) ?? "",
    }))
    .filter((item) => item.summary !== "")
    .slice(0, MAX_SURVEY_CHANGES);
  const more = typeof data.moreChanges === "number" && Number.isInteger(data.moreChanges) ? Math.max(0, data.moreChanges) : 0;
  return { changes, moreChanges: more };
}

/**
 * What an entry did to which survey, for the activity log's What column: "Survey edited “Culture check”" (the
 * changes are listed beneath it). Null for an action that is not a survey change.
 */
export function describeSurveyChangeHeading(action: string, data: Readonly<Record<string, unknown>>): string | null {
  const words = describeSurveyChangeAction(action);
  if (!words) return null;
  const name =
    typeof data.surveyName === "string" && data.surveyName.trim() !== "" ? ` ${quoted(clipChangeText(data.surveyName, 60))}` : "";
  return `${words}${name}`;
}
