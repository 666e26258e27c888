/**
 * Check-in surveys of an action plan (issue 26, decision 0078): what the survey made for a plan's free slot holds,
 * what it is called and when it ends. A plan holds at most three.
 */
import { LOWI_AGREE_FIELDS } from "../surveys/lowi/agree-items.js";
import { listPresetFields } from "../surveys/presets/registry.js";
import { TRANSFORMATION_PRESET_ID } from "../surveys/survey-access.js";
import type { SurveyField } from "../surveys/survey-field.js";
import { addDaysToDay } from "./plan-days.js";

export const CHECKIN_LIMIT_MESSAGE = "A plan holds at most three check-in surveys.";

/** Days from the plan's start to each check-in (30, 60, 90), and how long each stays open after that. */
export const CHECKIN_INTERVAL_DAYS = 30;
export const CHECKIN_OPEN_DAYS = 7;

/** "Rebuild trust: check-in 2" for slot 1. */
export function checkinSurveyName(planTitle: string, slot: number): string {
  return `${planTitle}: check-in ${slot + 1}`;
}

/** The check-in's last day: the plan's start + 30 × (slot + 1) days, then 7 days open. */
export function checkinEndDay(planStartDay: string, slot: number): string {
  return addDaysToDay(planStartDay, CHECKIN_INTERVAL_DAYS * (slot + 1) + CHECKIN_OPEN_DAYS);
}

/** The LOWI™ agree item a plan is about, exactly as the LOWI survey asks it; undefined for any other focus. */
export function findLowiFocusItem(focusKey: string): SurveyField | undefined {
  const item = LOWI_AGREE_FIELDS.find((field) => field.key === focusKey);
  return item ? structuredClone(item) : undefined;
}

/** The check-in's questions: the plan's focus item first when it is a LOWI agree item, then the preset's own. */
export function checkinSurveyFields(focusKey: string): SurveyField[] {
  const focus = findLowiFocusItem(focusKey);
  return [...(focus ? [focus] : []), ...listPresetFields(TRANSFORMATION_PRESET_ID)];
}

export function checkinSurveyDescription(planTitle: string): string {
  return `A short check-in on our action plan “${planTitle}”: whether you see change, and what to tackle next.`;
}
