/** Small builders for default survey questions, so presets and the LOWI instrument read as content, not plumbing. */
import { AGREE_SCALE } from "./scales.js";
import type { QuestionGroup, SurveyField } from "./survey-field.js";

export interface FieldOptions {
  topic?: string | null;
  required?: boolean;
  group?: QuestionGroup;
  filter?: boolean;
  competency?: string;
  loveArea?: string;
  sparkArea?: string;
}

function withOptions(base: SurveyField, options: FieldOptions): SurveyField {
  const field: SurveyField = { ...base, topic: options.topic ?? null, group: options.group ?? base.group };
  if (options.required !== undefined) field.required = options.required;
  if (options.filter !== undefined) field.filter = options.filter;
  if (options.competency !== undefined) field.competency = options.competency;
  if (options.loveArea !== undefined) field.loveArea = options.loveArea;
  if (options.sparkArea !== undefined) field.sparkArea = options.sparkArea;
  return field;
}

/** A single-choice question; required unless told otherwise. */
export function choiceItem(key: string, question: string, radioOptions: readonly string[], options: FieldOptions = {}): SurveyField {
  return withOptions(
    {
      key,
      question,
      questionType: "Text",
      answerType: "Radio",
      radioOptions: [...radioOptions],
      topic: null,
      required: true,
      isDefault: true,
      group: "custom",
    },
    options,
  );
}

/** A statement answered on the 5-point agree scale; required unless told otherwise. */
export function agreeItem(key: string, question: string, options: FieldOptions = {}): SurveyField {
  return choiceItem(key, question, AGREE_SCALE, options);
}

/** An open question answered in the respondent's own words; optional unless told otherwise. */
export function openItem(key: string, question: string, options: FieldOptions = {}): SurveyField {
  return withOptions(
    {
      key,
      question,
      questionType: "Text",
      answerType: "Text",
      radioOptions: [],
      topic: null,
      required: false,
      isDefault: true,
      group: "custom",
    },
    options,
  );
}

/** One row of a matrix: rows with the same title are shown together under it. Optional unless told otherwise. */
export function matrixRow(
  key: string,
  title: string,
  question: string,
  radioOptions: readonly string[],
  options: FieldOptions = {},
): SurveyField {
  return withOptions(
    {
      key,
      question,
      questionType: "Matrix",
      answerType: "Radio",
      radioOptions: [...radioOptions],
      title,
      topic: null,
      required: false,
      isDefault: true,
      group: "custom",
    },
    options,
  );
}
