/**
 * The creation wizard's rules for a survey before it is saved or published (spec surveys §5 "Wizard and survey").
 * Errors are keyed by path: name, description, metaFields.<name>, fields, fields.<i>, fields.<i>.<property>.
 */
import { LOWI_AGREE_FIELDS } from "./lowi/agree-items.js";
import { describeMetaField } from "./presets/meta-fields.js";
import type { MetaFieldName } from "./presets/types.js";
import type { SurveyField } from "./survey-field.js";
import { SURVEY_MESSAGES } from "./survey-messages.js";

export const MAX_NAME_LENGTH = 200;
export const MAX_DESCRIPTION_LENGTH = 2000;
export const MAX_META_FIELD_LENGTH = 200;
export const MAX_QUESTION_LENGTH = 1000;
export const MAX_OPTION_LENGTH = 200;
export const MAX_OPTIONS = 100;
/** Cap on questions of the company's own per survey (spec §9 "custom question list size cap 100"). */
export const MAX_CUSTOM_QUESTIONS = 100;
export const FIELD_KEY_PATTERN = /^[a-z][a-z0-9_]{1,79}$/;

export interface SurveyDraft {
  name: string;
  description: string;
  metaFields: Readonly<Record<string, string>>;
  fields: readonly SurveyField[];
}

export interface DraftPreset {
  id: string;
  fields: readonly SurveyField[];
  requiredMetaFields: readonly MetaFieldName[];
}

export interface DraftRules {
  canAddCustomQuestions: boolean;
  /** Saving as a draft: name, description, meta fields and "at least one question" are not yet required. */
  asDraft?: boolean;
}

export interface DraftValidation {
  ok: boolean;
  errors: Record<string, string>;
}

const blank = (value: string | undefined | null) => typeof value !== "string" || value.trim() === "";

/** Properties a preset default question must keep exactly. */
function describeDefault(field: SurveyField): string {
  return JSON.stringify([
    field.key,
    field.question,
    field.questionType,
    field.answerType,
    field.radioOptions,
    field.topic,
    field.title ?? null,
    field.required,
    field.filter ?? false,
    field.group,
    field.competency ?? null,
    field.loveArea ?? null,
    field.sparkArea ?? null,
    field.isDefault,
  ]);
}

function checkQuestion(field: SurveyField, path: string, errors: Record<string, string>): void {
  if (blank(field.question)) errors[`${path}.question`] = SURVEY_MESSAGES.questionRequired;
  else if (field.question.length > MAX_QUESTION_LENGTH) errors[`${path}.question`] = SURVEY_MESSAGES.questionTooLong;

  if (field.answerType === "Radio") {
    const options = field.radioOptions.map((option) => option.trim());
    const lowered = options.map((option) => option.toLowerCase());
    if (options.some((option) => option === "")) errors[`${path}.radioOptions`] = SURVEY_MESSAGES.optionEmpty;
    else if (options.length < 2) errors[`${path}.radioOptions`] = SURVEY_MESSAGES.optionsTooFew;
    else if (options.length > MAX_OPTIONS) errors[`${path}.radioOptions`] = SURVEY_MESSAGES.optionsTooMany;
    else if (options.some((option) => option.length > MAX_OPTION_LENGTH)) errors[`${path}.radioOptions`] = SURVEY_MESSAGES.optionTooLong;
    else if (new Set(lowered).size !== lowered.length) errors[`${path}.radioOptions`] = SURVEY_MESSAGES.optionsDuplicate;
  }

  if (field.questionType === "Matrix") {
    if (blank(field.title)) errors[`${path}.title`] = SURVEY_MESSAGES.matrixTitleRequired;
    if (field.answerType !== "Radio") errors[`${path}.answerType`] = SURVEY_MESSAGES.matrixNeedsRadio;
  }
}

/**
 * The questions an Action Plan Check-In may hold beside its own defaults (decision 0078): the plan's focus item, a
 * LOWI™ agree item kept exactly as the LOWI survey asks it, so the check-in measures it the same way as the baseline.
 */
const CHECKIN_FOCUS_ITEMS = new Map(LOWI_AGREE_FIELDS.map((field) => [field.key, field]));

function checkDefaults(draft: SurveyDraft, preset: DraftPreset, errors: Record<string, string>): void {
  const presetDefaults = preset.fields.filter((field) => field.isDefault);
  const byKey = new Map(presetDefaults.map((field) => [field.key, field]));
  const extraDefaults = preset.id === "Transformation" ? CHECKIN_FOCUS_ITEMS : new Map<string, SurveyField>();

  draft.fields.forEach((field, index) => {
    const original = byKey.get(field.key) ?? extraDefaults.get(field.key);
    if (original && describeDefault(original) !== describeDefault(field)) errors[`fields.${index}`] = SURVEY_MESSAGES.defaultChanged;
    else if (!original && field.isDefault) errors[`fields.${index}`] = SURVEY_MESSAGES.notPartOfPreset;
  });

  const presentKeys = draft.fields.map((field) => field.key).filter((key) => byKey.has(key));
  const missing = presetDefaults.find((field) => !presentKeys.includes(field.key));
  if (missing) {
    errors.fields = SURVEY_MESSAGES.defaultRemoved(missing.question);
    return;
  }
  const expectedOrder = presetDefaults.map((field) => field.key);
  if (presentKeys.join("\n") !== expectedOrder.join("\n")) errors.fields = SURVEY_MESSAGES.defaultsMoved;
}

/** Every rule the wizard enforces before Continue / Publish, with the messages to show. */
export function validateSurveyDraft(draft: SurveyDraft, preset: DraftPreset | null, rules: DraftRules): DraftValidation {
  const errors: Record<string, string> = {};
  if (!preset) return { ok: false, errors: { surveyPreset: SURVEY_MESSAGES.unknownSurveyType } };

  if (!rules.asDraft && blank(draft.name)) errors.name = SURVEY_MESSAGES.nameRequired;
  else if (draft.name.trim().length > MAX_NAME_LENGTH) errors.name = SURVEY_MESSAGES.nameTooLong;
  if (!rules.asDraft && blank(draft.description)) errors.description = SURVEY_MESSAGES.descriptionRequired;
  else if (draft.description.trim().length > MAX_DESCRIPTION_LENGTH) errors.description = SURVEY_MESSAGES.descriptionTooLong;

  for (const name of preset.requiredMetaFields) {
    const value = draft.metaFields[name];
    if (!rules.asDraft && blank(value))
      errors[`metaFields.${name}`] = SURVEY_MESSAGES.metaFieldRequired(describeMetaField(preset.id, name));
    else if ((value ?? "").trim().length > MAX_META_FIELD_LENGTH) errors[`metaFields.${name}`] = SURVEY_MESSAGES.metaFieldTooLong;
  }

  if (draft.fields.length === 0 && !rules.asDraft) errors.fields = SURVEY_MESSAGES.noQuestions;

  const seenKeys = new Set<string>();
  draft.fields.forEach((field, index) => {
    const path = `fields.${index}`;
    if (!FIELD_KEY_PATTERN.test(field.key)) errors[`${path}.key`] = SURVEY_MESSAGES.keyInvalid;
    else if (seenKeys.has(field.key)) errors[`${path}.key`] = SURVEY_MESSAGES.keyDuplicate;
    seenKeys.add(field.key);
    checkQuestion(field, path, errors);
    if (!field.isDefault && !rules.canAddCustomQuestions) errors[path] = SURVEY_MESSAGES.customQuestionsUpgrade;
  });

  if (draft.fields.filter((field) => !field.isDefault).length > MAX_CUSTOM_QUESTIONS) {
    errors.fields = SURVEY_MESSAGES.tooManyCustomQuestions;
  }
  checkDefaults(draft, preset, errors);

  return { ok: Object.keys(errors).length === 0, errors };
}
