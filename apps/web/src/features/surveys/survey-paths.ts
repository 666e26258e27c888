/** Where survey screens live (spec surveys §2 routes) and how their dates read. */
import { formatDayInZone } from "@hearth/shared";

export type SurveyKind = "lowi" | "other";

export const SURVEYS_PATH = "/dashboard/surveys";
export const NEW_SURVEY_PATH = "/dashboard/surveys/new";
export const BILLING_PLAN_PATH = "/dashboard/billing/plan";

export const surveyKind = (survey: { isLOWI: boolean }): SurveyKind => (survey.isLOWI ? "lowi" : "other");
export const surveyPath = (survey: { id: string; isLOWI: boolean }) => `${SURVEYS_PATH}/${surveyKind(survey)}/${survey.id}`;
export const editSurveyPath = (survey: { id: string; isLOWI: boolean }) => `${surveyPath(survey)}/edit`;
export const invitesPath = (survey: { id: string; isLOWI: boolean }) => `${surveyPath(survey)}/invitees`;
export const archivePath = (kind: SurveyKind) => `${SURVEYS_PATH}/${kind}/archive`;

/** The report a survey opens on: the company report for LOWI, sentiment for the others. */
export const reportPath = (survey: { id: string; isLOWI: boolean }) =>
  survey.isLOWI ? `/dashboard/reports/lowi/${survey.id}/company` : `/dashboard/reports/other/${survey.id}/sentiment`;

/** The share page shown after publishing. */
export const sharePagePath = (inviteLink: string) => `/page?next=${encodeURIComponent(inviteLink)}`;

/** An end date as the company reads it: MM/DD/YYYY in its time zone, the zone named ("12/08/2026 (Eastern time)"). */
export function formatEndDate(endDate: number | null | undefined, timeZone: string): string {
  if (typeof endDate !== "number") return "—";
  return formatDayInZone(endDate, timeZone);
}
