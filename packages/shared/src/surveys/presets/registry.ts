/** Every survey preset, in the order the "Choose A Survey Type" step lists them. See decision 0009. */
import type { SurveyField } from "../survey-field.js";
import { resolveContentSet } from "./content-sets.js";
import { DIVERSITY, LGBTQ, PARENTS_CAREGIVERS, VOLUNTEERING, WOMEN, YOUNG_PROFESSIONALS } from "./group-presets.js";
import { CUSTOM, CUSTOMER_LOVE_OF_COMPANY, PULSE_VALIDATION, TRANSFORMATION } from "./other-presets.js";
import { CAREER_ADVANCEMENT, INCLUSIVITY, NEURODIVERSITY, VETERANS, WELLNESS } from "./shared-set-presets.js";
import { AFTER_ACTION_REVIEW, EMPLOYEE_EXPERIENCE, LEADER_EFFECTIVENESS, MANAGER_EFFECTIVENESS } from "./team-presets.js";
import { type PresetDefinition, SURVEY_PRESET_IDS, type SurveyPreset, type SurveyPresetId } from "./types.js";

const DEFINITIONS: readonly PresetDefinition[] = [
  PULSE_VALIDATION,
  PARENTS_CAREGIVERS,
  DIVERSITY,
  YOUNG_PROFESSIONALS,
  WOMEN,
  VOLUNTEERING,
  LGBTQ,
  INCLUSIVITY,
  NEURODIVERSITY,
  WELLNESS,
  VETERANS,
  CAREER_ADVANCEMENT,
  EMPLOYEE_EXPERIENCE,
  AFTER_ACTION_REVIEW,
  LEADER_EFFECTIVENESS,
  MANAGER_EFFECTIVENESS,
  CUSTOMER_LOVE_OF_COMPANY,
  TRANSFORMATION,
  CUSTOM,
];

function completePreset(definition: PresetDefinition): SurveyPreset {
  const contentSet = resolveContentSet(definition.id);
  return {
    ...definition,
    contentSet: contentSet.id,
    emailSubject: contentSet.emailSubject,
    emailBody: contentSet.emailBody,
    mandatoryLink: contentSet.mandatoryLink,
  };
}

const PRESETS: readonly SurveyPreset[] = DEFINITIONS.map(completePreset);

export function isSurveyPresetId(value: unknown): value is SurveyPresetId {
  return typeof value === "string" && (SURVEY_PRESET_IDS as readonly string[]).includes(value);
}

/** Every preset, LOWI™ first and Custom last. */
export function listPresets(): readonly SurveyPreset[] {
  return PRESETS;
}

export function findPreset(id: string): SurveyPreset | null {
  return PRESETS.find((preset) => preset.id === id) ?? null;
}

/** A fresh copy of the questions a new survey of this type starts with (safe to edit). */
export function listPresetFields(id: string): SurveyField[] {
  return (findPreset(id)?.fields ?? []).map((field) => ({ ...field, radioOptions: [...field.radioOptions] }));
}

/** The preset's default questions only (the ones a survey of this type must keep unchanged and in order). */
export function listDefaultFields(id: string): SurveyField[] {
  return listPresetFields(id).filter((field) => field.isDefault);
}
