/** Survey display status and the surveys table's row actions (spec surveys §4). */
import { SURVEY_MESSAGES } from "./survey-messages.js";

export const SURVEY_STATUSES = ["Active", "Draft", "Closed", "Archived"] as const;
export type SurveyStatus = (typeof SURVEY_STATUSES)[number];

export interface SurveyStatusInput {
  archived?: boolean | null;
  draft?: boolean | null;
  endDate?: number | null;
}

/** Archived if archived; else Draft if draft; else Closed once now is past the end date; else Active. */
export function describeSurveyStatus(survey: SurveyStatusInput, now: number): SurveyStatus {
  if (survey.archived) return "Archived";
  if (survey.draft) return "Draft";
  if (typeof survey.endDate === "number" && now > survey.endDate) return "Closed";
  return "Active";
}

/** A survey is open (accepting answers, and blocking another of its type) only while Active. */
export function isSurveyOpen(survey: SurveyStatusInput, now: number): boolean {
  return describeSurveyStatus(survey, now) === "Active";
}

export const SURVEY_ACTIONS = [
  "View Report",
  "Export",
  "Edit",
  "Send Invitation",
  "Edit Expiration",
  "Close Survey",
  "Archive",
  "Restore",
] as const;
export type SurveyAction = (typeof SURVEY_ACTIONS)[number];

export interface SurveyActionRights {
  /** survey-view / report-view: View Report (and Export unless canExport says otherwise). */
  canView: boolean;
  /** survey-edit: Edit, Send Invitation, Edit Expiration, Close Survey, Archive, Restore. */
  canEdit: boolean;
  canExport?: boolean;
  isInternalAccount?: boolean;
}

export interface SurveyActionState {
  action: SurveyAction;
  authorized: boolean;
  /** "Not Authorized" when the user lacks the permission; the action is shown but disabled. */
  tooltip: string | null;
}

/** The row actions for a survey in the given status, in display order, each marked authorized or not. */
export function listSurveyActions(status: SurveyStatus, rights: SurveyActionRights): SurveyActionState[] {
  const actions: SurveyAction[] = [];
  if (status === "Closed") actions.push("View Report", "Export");
  if (status === "Draft") actions.push("Edit");
  // Close Survey (docs/decisions/0035): ends an active survey now, e.g. so a LOWI survey counts for certification.
  if (status === "Active") actions.push("Send Invitation", "Edit Expiration", "Close Survey");
  if (status === "Closed" && rights.isInternalAccount) actions.push("Edit Expiration");
  actions.push(status === "Archived" ? "Restore" : "Archive");
  return actions.map((action) => {
    const authorized =
      action === "View Report" ? rights.canView : action === "Export" ? (rights.canExport ?? rights.canView) : rights.canEdit;
    return { action, authorized, tooltip: authorized ? null : SURVEY_MESSAGES.notAuthorized };
  });
}
