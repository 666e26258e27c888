/** Survey preset types. The registry is registry.ts; the reasoning is docs/decisions/0009-survey-presets.md. */
import type { SurveyField } from "../survey-field.js";

export const SURVEY_PRESET_IDS = [
  "PulseValidation",
  "ParentsCaregivers",
  "Diversity",
  "YoungProfessionals",
  "Women",
  "Volunteering",
  "LGBTQ",
  "Inclusivity",
  "Neurodiversity",
  "Wellness",
  "Veterans",
  "CareerAdvancement",
  "EmployeeExperience",
  "AfterActionReview",
  "LeaderEffectiveness",
  "ManagerEffectiveness",
  "CustomerLoveOfCompany",
  "Transformation",
  "Custom",
] as const;
export type SurveyPresetId = (typeof SURVEY_PRESET_IDS)[number];

/** The LOWI™ survey's preset id. */
export const LOWI_PRESET_ID = "PulseValidation" satisfies SurveyPresetId;

/** Personalisation placeholders a survey's meta fields may fill (spec surveys §3). */
export const META_FIELD_NAMES = ["company_name", "meeting_name", "first_name", "last_name"] as const;
export type MetaFieldName = (typeof META_FIELD_NAMES)[number];

export interface MandatoryLink {
  text: string;
  url: string;
}

/** What a preset defines itself; the email and link come from its content set. */
export interface PresetDefinition {
  id: SurveyPresetId;
  /** A @tabler/icons-react component name; the web app maps it to the icon. */
  icon: string;
  title: string;
  description: string;
  /** The questions a new survey of this type starts with (preset defaults have isDefault: true). */
  fields: readonly SurveyField[];
  requiredMetaFields: readonly MetaFieldName[];
  isLOWI: boolean;
}

export const CONTENT_SET_IDS = [
  "PulseValidation",
  "ParentsCaregivers",
  "Diversity",
  "YoungProfessionals",
  "Women",
  "Volunteering",
  "LGBTQ",
  "EmployeeExperience",
  "AfterActionReview",
  "LeaderEffectiveness",
  "ManagerEffectiveness",
  "CustomerLoveOfCompany",
  "Transformation",
  "SharedGroup",
  "Default",
] as const;
export type ContentSetId = (typeof CONTENT_SET_IDS)[number];

/** The invitation content a survey type uses: subject, HTML body with {{placeholders}}, the link it must keep. */
export interface ContentSet {
  id: ContentSetId;
  emailSubject: string;
  emailBody: string;
  mandatoryLink: MandatoryLink | null;
}

export interface SurveyPreset extends PresetDefinition {
  contentSet: ContentSetId;
  emailSubject: string;
  emailBody: string;
  mandatoryLink: MandatoryLink | null;
}
