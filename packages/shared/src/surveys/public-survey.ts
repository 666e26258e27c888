/** What the public survey page may see of a survey's questions: no private properties, placeholders filled. */
import { fillPlaceholders } from "./placeholders.js";
import type { SurveyField } from "./survey-field.js";

export interface PublicSurveyField {
  key: string;
  question: string;
  questionType: SurveyField["questionType"];
  answerType: SurveyField["answerType"];
  radioOptions: string[];
  topic: string | null;
  title?: string;
  required: boolean;
}

/** Questions as respondents see them, with the survey's meta fields filled in and unfilled placeholders removed. */
export function buildPublicFields(fields: readonly SurveyField[], metaFields: Readonly<Record<string, string>> = {}): PublicSurveyField[] {
  const fill = (text: string) => fillPlaceholders(text, metaFields, { stripUnreplaced: true });
  return fields.map((field) => {
    const visible: PublicSurveyField = {
      key: field.key,
      question: fill(field.question),
      questionType: field.questionType,
      answerType: field.answerType,
      radioOptions: field.answerType === "Radio" ? [...field.radioOptions] : [],
      topic: field.topic,
      required: field.required,
    };
    if (field.title !== undefined) visible.title = fill(field.title);
    return visible;
  });
}
