/** The LOWI™ question keys the company report reads, taken from the instrument (decision 0008), never retyped. */
import { LOWI_COMPETENCY_FIELDS, LOWI_LOVE_FIELDS } from "../surveys/lowi/agree-items.js";
import { COMPETENCIES, GROUP_AREAS, LOVE_AREAS, type SparkArea } from "../surveys/lowi/areas.js";
import { LOWI_BENEFIT_FIELDS, LOWI_RECOMMENDATION_FIELDS } from "../surveys/lowi/matrix-items.js";
import { LOWI_RECOMMEND_FIELD } from "../surveys/lowi/recommend.js";

export interface LowiScoredItem {
  key: string;
  name: string;
  topic: string;
  sparkArea: SparkArea;
}

export const LOWI_COMPETENCY_ITEMS: readonly LowiScoredItem[] = COMPETENCIES.map((competency, index) => ({
  key: LOWI_COMPETENCY_FIELDS[index].key,
  name: competency.name,
  topic: competency.topic,
  sparkArea: competency.sparkArea,
}));

export const LOWI_LOVE_ITEMS: readonly LowiScoredItem[] = LOVE_AREAS.map((area, index) => ({
  key: LOWI_LOVE_FIELDS[index].key,
  name: area.name,
  topic: area.topic,
  sparkArea: area.sparkArea,
}));

export const LOWI_RECOMMEND_KEY = LOWI_RECOMMEND_FIELD.key;

export const LOWI_GROUP_ROWS: readonly { key: string; name: string; topic: string; question: string }[] = LOWI_RECOMMENDATION_FIELDS.map(
  (field) => {
    const area = GROUP_AREAS.find((group) => group.topic === field.topic)!;
    return { key: field.key, name: area.name, topic: area.topic, question: field.question };
  },
);

export const LOWI_BENEFIT_ROWS: readonly { key: string; topic: string; question: string }[] = LOWI_BENEFIT_FIELDS.map((field) => ({
  key: field.key,
  topic: field.topic!,
  question: field.question,
}));
