/** The survey being built, and the edits the question builder makes to it (rules come from the shared package). */
import {
  canDeleteQuestion,
  canMoveQuestion,
  createCustomField,
  findPreset,
  listPresetFields,
  type SurveyCreateInput,
  type SurveyDetail,
  type SurveyField,
  type SurveyPreset,
  type SurveyPresetId,
  SURVEY_MESSAGES,
} from "@hearth/shared";

export interface WizardDraft {
  presetId: SurveyPresetId;
  name: string;
  description: string;
  metaFields: Record<string, string>;
  fields: SurveyField[];
}

/** A fresh survey of a type: its questions, and its meta fields with the company's name filled in. */
export function newDraft(presetId: SurveyPresetId, companyName: string | null): WizardDraft {
  const preset = findPreset(presetId);
  const metaFields: Record<string, string> = {};
  for (const name of preset?.requiredMetaFields ?? []) metaFields[name] = name === "company_name" ? (companyName ?? "") : "";
  return { presetId, name: "", description: "", metaFields, fields: listPresetFields(presetId) };
}

/**
 * A saved survey back in the builder. The API's detail leaves out some properties of preset questions (filter,
 * competency, SPARK area), so preset defaults are taken from the preset itself by key.
 */
export function draftFromSurvey(survey: SurveyDetail): WizardDraft {
  const presetId = survey.surveyPreset as SurveyPresetId;
  const defaults = new Map(listPresetFields(presetId).map((field) => [field.key, field]));
  const fields = survey.fields.map((field) => (field.isDefault ? (defaults.get(field.key) ?? field) : { ...field }));
  return { presetId, name: survey.name, description: survey.description, metaFields: { ...survey.metaFields }, fields };
}

export function toSurveyInput(draft: WizardDraft, publish: { draft: boolean; endDate?: number | null }): SurveyCreateInput {
  const required = findPreset(draft.presetId)?.requiredMetaFields ?? [];
  const metaFields: Record<string, string> = {};
  for (const name of required) metaFields[name] = (draft.metaFields[name] ?? "").trim();
  const input: SurveyCreateInput = {
    surveyPreset: draft.presetId,
    name: draft.name.trim(),
    description: draft.description.trim(),
    metaFields,
    fields: draft.fields,
    draft: publish.draft,
  };
  if (publish.endDate != null) input.endDate = publish.endDate;
  return input;
}

export function updateField(fields: SurveyField[], index: number, patch: Partial<SurveyField>): SurveyField[] {
  return fields.map((field, at) => {
    if (at !== index || field.isDefault) return field;
    const next = { ...field, ...patch };
    if (patch.answerType === "Text") next.radioOptions = [];
    if (patch.answerType === "Radio" && next.radioOptions.length === 0) next.radioOptions = ["Option 1", "Option 2"];
    return next;
  });
}

export function addQuestion(fields: SurveyField[]): SurveyField[] {
  return [...fields, createCustomField(fields, { question: "New question", answerType: "Text" })];
}

export function removeQuestion(fields: SurveyField[], index: number): SurveyField[] {
  return canDeleteQuestion(fields, index) ? fields.filter((_, at) => at !== index) : fields;
}

export function moveQuestion(fields: SurveyField[], from: number, to: number): SurveyField[] {
  if (!canMoveQuestion(fields, from, to)) return fields;
  const next = [...fields];
  const [moving] = next.splice(from, 1);
  next.splice(to, 0, moving);
  return next;
}

/** Errors for one question (fields.<i>, fields.<i>.question …), keyed by the property. */
export function questionErrors(errors: Record<string, string>, index: number): Record<string, string> {
  const prefix = `fields.${index}`;
  const found: Record<string, string> = {};
  for (const [path, message] of Object.entries(errors)) {
    if (path === prefix) found._ = message;
    else if (path.startsWith(`${prefix}.`)) found[path.slice(prefix.length + 1)] = message;
  }
  return found;
}

/** Errors left once the given parts of the draft changed (a part clears its own paths: fields clears fields.*). */
export function clearErrors(errors: Record<string, string>, parts: string[]): Record<string, string> {
  const stale = (path: string) => parts.some((part) => path === part || path.startsWith(`${part}.`));
  return Object.fromEntries(Object.entries(errors).filter(([path]) => !stale(path)));
}

/** The wizard dialog's title at each step (spec surveys §2 screen 6). */
export function wizardTitle(stage: 1 | 2 | 3, preset: SurveyPreset | null, published: boolean): string {
  if (stage === 1) return SURVEY_MESSAGES.chooseSurveyType;
  if (stage === 3) return SURVEY_MESSAGES.surveyExpiration;
  if (published) return `Edit ${preset?.title ?? "survey"}`;
  return SURVEY_MESSAGES.newSurveyTitle(preset && preset.id !== "Custom" ? preset.title : null);
}
