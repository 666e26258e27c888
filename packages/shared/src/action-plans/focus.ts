/**
 * What an action plan can be about (decision 0078): one of the LOWI™ agree items (a culture competency or a
 * love-of-company area), one of the six SPARK areas, or a focus in the company's own words. The keys are the ones the
 * company report uses, so a report's "Create plan" link can name its row.
 */
import { LOWI_COMPETENCY_ITEMS, LOWI_LOVE_ITEMS } from "../reports/lowi-keys.js";
import { SPARK_AREA_LABELS, SPARK_AREAS } from "../surveys/lowi/areas.js";

export const ACTION_PLAN_FOCUS_GROUPS = ["Culture competencies", "Love of the company", "SPARK areas"] as const;
export type ActionPlanFocusGroup = (typeof ACTION_PLAN_FOCUS_GROUPS)[number];

export interface ActionPlanFocusOption {
  key: string;
  label: string;
  group: ActionPlanFocusGroup;
}

export const ACTION_PLAN_FOCUS_OPTIONS: readonly ActionPlanFocusOption[] = [
  ...LOWI_COMPETENCY_ITEMS.map((item) => ({ key: item.key, label: item.name, group: "Culture competencies" as const })),
  ...LOWI_LOVE_ITEMS.map((item) => ({ key: item.key, label: `Love of ${item.name}`, group: "Love of the company" as const })),
  ...SPARK_AREAS.map((area) => ({ key: area, label: SPARK_AREA_LABELS[area], group: "SPARK areas" as const })),
];

/** The longest focus key or label a plan stores. */
export const ACTION_PLAN_FOCUS_MAX = 120;

export function findFocusOption(key: string): ActionPlanFocusOption | undefined {
  return ACTION_PLAN_FOCUS_OPTIONS.find((option) => option.key === key);
}

/**
 * The label a plan stores for its focus: a known key's own label whatever was sent, else the label sent, else the key
 * itself (a focus in the company's own words is its own label).
 */
export function resolveFocusLabel(key: string, label?: string | null): string {
  const known = findFocusOption(key);
  if (known) return known.label;
  const given = label?.trim();
  return given ? given : key.trim();
}
