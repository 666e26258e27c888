/** Small rules the question builder follows (spec surveys §5 "Wizard and survey"). */
import type { SurveyField } from "./survey-field.js";

/** The last remaining question and preset default questions cannot be deleted. */
export function canDeleteQuestion(fields: readonly Pick<SurveyField, "isDefault">[], index: number): boolean {
  const field = fields[index];
  return Boolean(field) && !field.isDefault && fields.length > 1;
}

/** Preset default questions cannot be moved; a question of your own may move to a place that is not a default's. */
export function canMoveQuestion(fields: readonly Pick<SurveyField, "isDefault">[], from: number, to: number): boolean {
  const moving = fields[from];
  if (!moving || moving.isDefault || to < 0 || to >= fields.length || from === to) return false;
  const reordered = [...fields];
  reordered.splice(from, 1);
  reordered.splice(to, 0, moving);
  return reordered.every((field, index) => !field.isDefault || fields[index] === field);
}

/** The first option of a choice question cannot be removed. */
export function canRemoveOption(optionIndex: number): boolean {
  return optionIndex > 0;
}

/** The add-option button appears on the last option only. */
export function showsAddOptionButton(optionIndex: number, optionCount: number): boolean {
  return optionIndex === optionCount - 1;
}
