/** The whole LOWI™ (PulseValidation) instrument, in the order respondents see it. See decision 0008. */
import { openItem } from "../field-builders.js";
import type { SurveyField } from "../survey-field.js";
import { LOWI_AGREE_FIELDS } from "./agree-items.js";
import { LOWI_DEMOGRAPHIC_FIELDS } from "./demographics.js";
import { LOWI_BENEFIT_FIELDS, LOWI_RECOMMENDATION_FIELDS } from "./matrix-items.js";
import { LOWI_RECOMMEND_FIELD } from "./recommend.js";

/** The two open questions whose answers feed comment, sentiment, emotion and thematic analysis. */
export const LOWI_OPEN_FIELDS: SurveyField[] = [
  openItem("lowi_open_well", "What does {{company_name}} do well that you would not want to lose?", { group: "open" }),
  openItem("lowi_open_better", "What is one thing {{company_name}} could do better to make this a better place to work?", {
    group: "open",
  }),
];

export const LOWI_FIELDS: readonly SurveyField[] = [
  ...LOWI_AGREE_FIELDS,
  LOWI_RECOMMEND_FIELD,
  ...LOWI_OPEN_FIELDS,
  ...LOWI_RECOMMENDATION_FIELDS,
  ...LOWI_BENEFIT_FIELDS,
  ...LOWI_DEMOGRAPHIC_FIELDS,
];

/** How many questions of each group the instrument holds (spec surveys §9). */
export const LOWI_GROUP_COUNTS = { agree: 20, open: 2, recommendation: 14, benefit: 20, recommend: 1, demographic: 8 } as const;

/** A fresh copy of the instrument's questions for a new survey. */
export function listLowiFields(): SurveyField[] {
  return LOWI_FIELDS.map((field) => ({ ...field, radioOptions: [...field.radioOptions] }));
}

export function isLowiKey(key: string): boolean {
  return LOWI_FIELDS.some((field) => field.key === key);
}
