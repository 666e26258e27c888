/** Adding questions of the company's own (custom questions) to a survey. */
import { AGREE_SCALE } from "./scales.js";
import { type SurveyField, surveyFieldSchema } from "./survey-field.js";

export interface CustomFieldInit {
  question?: string;
  questionType?: SurveyField["questionType"];
  answerType?: SurveyField["answerType"];
  radioOptions?: readonly string[];
  title?: string;
  required?: boolean;
}

/** The next free custom_<n> key: one above the highest custom_<n> in use, so removed keys are never reused. */
export function nextCustomKey(existing: readonly Pick<SurveyField, "key">[]): string {
  let highest = 0;
  for (const { key } of existing) {
    const match = /^custom_(\d+)$/.exec(key);
    if (match) highest = Math.max(highest, Number(match[1]));
  }
  return `custom_${highest + 1}`;
}

/**
 * A valid custom question with a fresh key. Defaults: a single-choice question on the agree scale, optional.
 * Throws if the init makes it invalid (for example empty text).
 */
export function createCustomField(existing: readonly Pick<SurveyField, "key">[], init: CustomFieldInit = {}): SurveyField {
  const answerType = init.answerType ?? "Radio";
  const questionType = init.questionType ?? "Text";
  const field: SurveyField = {
    key: nextCustomKey(existing),
    question: init.question ?? "New question",
    questionType,
    answerType,
    radioOptions: answerType === "Radio" ? [...(init.radioOptions ?? AGREE_SCALE)] : [],
    topic: null,
    required: init.required ?? false,
    isDefault: false,
    group: "custom",
  };
  if (questionType === "Matrix") field.title = init.title ?? "How much do you agree with each statement?";
  return surveyFieldSchema.parse(field);
}

/**
 * Whether the user may write questions of their own in a survey of this type: with the CustomQuestions feature in
 * any survey, and in a Custom survey also with AllSurveys ("Custom Surveys"), since there the questions are the survey.
 */
export function canWriteCustomQuestions(presetId: string, has: { customQuestions: boolean; allSurveys: boolean }): boolean {
  return has.customQuestions || (presetId === "Custom" && has.allSurveys);
}
