/**
 * Invitee cohorts (issue 14 item 4, docs/decisions/0045): the cohort fields a person was invited with — typed into the
 * invitation's recipient list or taken from imported employee attributes — follow their response as cohort answers, so
 * reports break responses down by department, location or team exactly as they do by a demographic question. The
 * person never does: the response holds the cohort values only, like an answer the respondent gave.
 *
 * In a response and in a report a cohort field is a key of its own, `cohort.<key>` (a survey question's key cannot hold
 * a dot), and in the report plan it is a filterable Radio question whose options are the values the survey's invitees
 * carry, in the order they were first seen.
 */
import { COHORT_FIELDS, type CohortKey, MAX_COHORT_VALUE_LENGTH } from "../invitations/recipients.js";
import type { SurveyField } from "../surveys/survey-field.js";

export const INVITEE_COHORT_PREFIX = "cohort.";
/** A cohort field keeps its first 100 values (the most a question may offer); later values are not filterable. */
export const MAX_INVITEE_COHORT_VALUES = 100;

/** The values of a survey's invitees by cohort key (the survey's `invitee_cohorts`). */
export type InviteeCohortValues = Readonly<Record<string, readonly string[]>>;

export const inviteeCohortKey = (key: CohortKey | string) => `${INVITEE_COHORT_PREFIX}${key}`;
export const isInviteeCohortKey = (key: string) => key.startsWith(INVITEE_COHORT_PREFIX);

const cleanValue = (raw: unknown): string | null => {
  if (typeof raw !== "string") return null;
  const value = raw.trim().replace(/\s+/g, " ").slice(0, MAX_COHORT_VALUE_LENGTH);
  return value === "" || value.includes("\u0000") ? null : value;
};

/** A person's cohort fields as the answers their response carries: `{"cohort.department": "Sales"}`, known keys only. */
export function inviteeCohortAnswers(meta: Readonly<Record<string, unknown>> | null | undefined): Record<string, string> {
  const answers: Record<string, string> = {};
  if (!meta) return answers;
  for (const field of COHORT_FIELDS) {
    const value = Object.hasOwn(meta, field.key) ? cleanValue(meta[field.key]) : null;
    if (value !== null) answers[inviteeCohortKey(field.key)] = value;
  }
  return answers;
}

/**
 * The survey's invitee cohort values with these people's cohort fields added (values are only ever added, in the order
 * first seen, at most MAX_INVITEE_COHORT_VALUES per key); `changed` says whether anything was added.
 */
export function mergeInviteeCohorts(
  current: InviteeCohortValues,
  metas: Iterable<Readonly<Record<string, unknown>>>,
): { values: Record<string, string[]>; changed: boolean } {
  const values: Record<string, string[]> = {};
  for (const [key, list] of Object.entries(current)) values[key] = [...list];
  let changed = false;
  for (const meta of metas) {
    for (const field of COHORT_FIELDS) {
      const value = Object.hasOwn(meta, field.key) ? cleanValue(meta[field.key]) : null;
      if (value === null) continue;
      const list = values[field.key] ?? [];
      if (list.includes(value) || list.length >= MAX_INVITEE_COHORT_VALUES) continue;
      list.push(value);
      values[field.key] = list;
      changed = true;
    }
  }
  return { values, changed };
}

/**
 * The survey's invitee cohort fields as the report plan reads them: one filterable Radio question per cohort key that
 * has values, in the order of COHORT_FIELDS, titled by the field's label. They are never shown to respondents.
 */
export function inviteeCohortFields(values: InviteeCohortValues | null | undefined): SurveyField[] {
  if (!values) return [];
  const fields: SurveyField[] = [];
  for (const field of COHORT_FIELDS) {
    const list = Object.hasOwn(values, field.key) ? values[field.key] : undefined;
    if (!Array.isArray(list)) continue;
    const options = [...new Set(list.map(cleanValue).filter((value): value is string => value !== null))].slice(
      0,
      MAX_INVITEE_COHORT_VALUES,
    );
    if (options.length === 0) continue;
    fields.push({
      key: inviteeCohortKey(field.key),
      question: field.label,
      questionType: "Text",
      answerType: "Radio",
      radioOptions: options,
      topic: null,
      required: false,
      filter: true,
      isDefault: false,
      group: "custom",
    });
  }
  return fields;
}

/**
 * Which invitee cohort fields a company's reports may use: none without the Custom Cohorts feature, else the first
 * `cohortLicence` of them (null: unlimited) in the order of COHORT_FIELDS (each cohort field is one custom cohort of the licence).
 */
export function allowedInviteeCohortKeys(
  keys: readonly string[],
  access: { customCohorts: boolean; cohortLicence: number | null },
): Set<string> {
  if (!access.customCohorts) return new Set();
  const ordered = COHORT_FIELDS.map((field) => inviteeCohortKey(field.key)).filter((key) => keys.includes(key));
  return new Set(access.cohortLicence === null ? ordered : ordered.slice(0, Math.max(0, access.cohortLicence)));
}
