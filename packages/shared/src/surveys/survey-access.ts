/** Who may start which survey type (spec surveys §2 screen 6, §5 "Wizard and survey", §6). */
import { describeUpgradeTarget, type UpgradeTarget } from "../features.js";
import type { Plan } from "../plans.js";
import { LOWI_PRESET_ID } from "./presets/types.js";
import { SURVEY_MESSAGES } from "./survey-messages.js";

export const COMPANY_PROFILE_PATH = "/dashboard/profile";
export const BILLING_PLAN_PATH = "/dashboard/billing/plan";

/** The Action Plan Check-In preset: a survey a person runs about their own action plan. */
export const TRANSFORMATION_PRESET_ID = "Transformation";

/**
 * Whether a reader sees a survey at all (spec surveys §6): Staff see only the Transformation surveys they authored
 * themselves — another person's action plan check-in is theirs — and every other survey their permissions allow.
 */
export function canReadSurvey(
  reader: { role: string; userId: string; isInternalAccount?: boolean | null },
  survey: { surveyPreset: string; authorUserId: string | null },
): boolean {
  if (reader.isInternalAccount || reader.role !== "Staff" || survey.surveyPreset !== TRANSFORMATION_PRESET_ID) return true;
  return survey.authorUserId === reader.userId;
}

/** Every type but the LOWI™ survey needs the AllSurveys feature ("Custom Surveys", Gold). */
export function presetNeedsAllSurveys(presetId: string): boolean {
  return presetId !== LOWI_PRESET_ID;
}

/**
 * One open survey per type. Custom is exempt: it is a blank survey rather than a preset type, and companies run
 * several unrelated custom surveys at once. So is the Action Plan Check-In (decision 0078): each action plan runs its
 * own check-ins, so two plans' check-ins may be open at once.
 */
export function isLimitedToOneOpenSurvey(presetId: string): boolean {
  return presetId !== "Custom" && presetId !== TRANSFORMATION_PRESET_ID;
}

/**
 * Whether a survey of this type takes one of the company's survey slots while Active or Draft. Action Plan
 * Check-Ins do not (decision 0078): they are bounded by the plans instead, three per plan.
 */
export function takesSurveySlot(presetId: string): boolean {
  return presetId !== TRANSFORMATION_PRESET_ID;
}

export interface SurveyCreationContext {
  presetId: string;
  /** hasFeature(user, tenant, "AllSurveys"). */
  hasAllSurveys: boolean;
  /** isCompanyProfileComplete(profile). */
  profileComplete: boolean;
  /** Whether the company already has an open (Active) survey of this type. */
  hasOpenSurveyOfType: boolean;
}

export type SurveyCreationCheck =
  | { ok: true }
  | { ok: false; reason: "upgrade"; upgrade: UpgradeTarget }
  | { ok: false; reason: "incompleteProfile"; message: string; link: string }
  | { ok: false; reason: "conflict"; message: string };

/** The first thing that stops the user starting this survey type, in the order the wizard meets them. */
export function checkSurveyCreation(context: SurveyCreationContext): SurveyCreationCheck {
  if (presetNeedsAllSurveys(context.presetId) && !context.hasAllSurveys) {
    return { ok: false, reason: "upgrade", upgrade: describeUpgradeTarget("AllSurveys") };
  }
  if (context.presetId === LOWI_PRESET_ID && !context.profileComplete) {
    return { ok: false, reason: "incompleteProfile", message: SURVEY_MESSAGES.incompleteProfile, link: COMPANY_PROFILE_PATH };
  }
  if (context.hasOpenSurveyOfType && isLimitedToOneOpenSurvey(context.presetId)) {
    return { ok: false, reason: "conflict", message: SURVEY_MESSAGES.conflictingSurvey };
  }
  return { ok: true };
}

export type PresetCardState = "continue" | "upgrade" | "disabled";

/**
 * The Continue button on a survey-type card: enabled when the type is available; on the Free plan other types'
 * Continue is disabled (spec §5); on paid plans without AllSurveys it opens the upgrade to Gold for "Custom Surveys".
 * The LOWI™ card is always available (Free gets the LOWI survey).
 */
export function describePresetCardState(presetId: string, context: { plan: Plan; hasAllSurveys: boolean }): PresetCardState {
  if (!presetNeedsAllSurveys(presetId) || context.hasAllSurveys) return "continue";
  return context.plan === "Free" ? "disabled" : "upgrade";
}
