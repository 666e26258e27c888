/**
 * The events that notify, with who hears of each and what it says (decision 0047). Admins hear of everything; Managers
 * of what they run (surveys, invitations, imports, certification); Staff only of surveys they can open and their
 * results, never of billing, invitations or the team. The one who caused an event is not told of it.
 */
import { type Role, TRANSFORMATION_PRESET_ID } from "@hearth/shared";
import type { NotificationEvent } from "./notifications.service.js";

const EVERYONE: readonly Role[] = ["Admin", "Manager", "Staff"];
const SURVEY_RUNNERS: readonly Role[] = ["Admin", "Manager"];
const ADMINS: readonly Role[] = ["Admin"];

export interface SurveyRef {
  id: string;
  name: string;
  isLowi: boolean;
  /** An Action Plan Check-In (Transformation) survey is not announced to Staff: they see only those they wrote (§6). */
  surveyPreset?: string;
}

const surveyLink = (survey: SurveyRef) => `/dashboard/surveys/${survey.isLowi ? "lowi" : "other"}/${survey.id}`;
const reportLink = (survey: SurveyRef) =>
  survey.isLowi ? `/dashboard/reports/lowi/${survey.id}/company` : `/dashboard/reports/other/${survey.id}/sentiment`;
const plural = (count: number, one: string, many: string) => `${count.toLocaleString("en-US")} ${count === 1 ? one : many}`;

export function surveyPublished(survey: SurveyRef, publishedBy: string): NotificationEvent {
  return {
    audience: { roles: survey.surveyPreset === TRANSFORMATION_PRESET_ID ? SURVEY_RUNNERS : EVERYONE, except: publishedBy },
    kind: "survey-published",
    eventKey: `survey-published:${survey.id}`,
    title: `Survey published: ${survey.name}`,
    body: `"${survey.name}" is now open for responses.`,
    link: surveyLink(survey),
  };
}

export function surveyClosingSoon(survey: SurveyRef, endDate: Date): NotificationEvent {
  return {
    audience: { roles: SURVEY_RUNNERS },
    kind: "survey-closing-soon",
    // the end date is part of the key: a survey given a new end date is announced again before that one
    eventKey: `survey-closing-soon:${survey.id}:${endDate.getTime()}`,
    title: `${survey.name} closes in 2 days`,
    body: `"${survey.name}" stops taking responses in 2 days. Send a reminder now, or edit its expiration to give people more time.`,
    link: surveyLink(survey),
  };
}

export function surveyClosed(survey: SurveyRef, endDate: Date): NotificationEvent {
  return {
    audience: { roles: EVERYONE },
    kind: "survey-closed",
    eventKey: `survey-closed:${survey.id}:${endDate.getTime()}`,
    title: `${survey.name} has closed`,
    body: `"${survey.name}" no longer takes responses. Its report shows the final results.`,
    link: reportLink(survey),
  };
}

export function surveyReachedThreshold(survey: SurveyRef, threshold: number): NotificationEvent {
  return {
    audience: { roles: EVERYONE },
    kind: "survey-threshold-reached",
    eventKey: `survey-threshold-reached:${survey.id}`,
    title: `${survey.name} has enough responses for its report`,
    body: `${plural(threshold, "person has", "people have")} answered "${survey.name}", so its results can be shown without pointing to anyone.`,
    link: reportLink(survey),
  };
}

export function surveyMetCertificationRule(survey: SurveyRef, required: number): NotificationEvent {
  return {
    audience: { roles: SURVEY_RUNNERS },
    kind: "survey-certification-rule-met",
    eventKey: `survey-certification-rule-met:${survey.id}`,
    title: `${survey.name} meets the response rule for certification`,
    body: `"${survey.name}" has the ${plural(required, "response", "responses")} certification asks for. Once it closes it can count toward certifying your company.`,
    link: "/dashboard/billing",
  };
}

export function invitationsFailed(survey: SurveyRef, failed: number): NotificationEvent {
  return {
    audience: { roles: SURVEY_RUNNERS },
    kind: "invitations-failed",
    // one notice per new total of failed invitations of the survey: more bounces, a new notice
    eventKey: `invitations-failed:${survey.id}:${failed}`,
    title: `Invitations to ${survey.name} could not be delivered`,
    body: `${plural(failed, "invitation", "invitations")} to "${survey.name}" could not be delivered. The invitee list shows which addresses failed.`,
    link: `${surveyLink(survey)}/invitees`,
  };
}

export function importFinished(
  importId: string,
  startedBy: string | null,
  outcome: { fileName: string; rows: number; rejected: number; kind: "demographics" | "feedback" },
): NotificationEvent {
  const what = outcome.kind === "feedback" ? "feedback" : "people";
  const rejected = outcome.rejected > 0 ? ` ${plural(outcome.rejected, "row was", "rows were")} rejected; the import page lists them.` : "";
  return {
    // the person who started it; when they are gone, the Admins
    audience: startedBy ? { userIds: [startedBy] } : { roles: ADMINS },
    kind: "import-finished",
    eventKey: `import-finished:${importId}`,
    title: `Import finished: ${outcome.fileName}`,
    body: `${plural(outcome.rows, "row", "rows")} of ${what} imported from ${outcome.fileName}.${rejected}`,
    link: `/dashboard/data/import/${importId}`,
  };
}

export function upgradeRequestAddressed(requestId: string, plan: string, requestedBy: string | null): NotificationEvent {
  return {
    audience: requestedBy ? { userIds: [requestedBy] } : { roles: ADMINS },
    kind: "upgrade-request-addressed",
    eventKey: `upgrade-request-addressed:${requestId}`,
    title: `Your request for ${plan} has been handled`,
    body: `Our team has addressed your request to move to the ${plan} plan. The plan page shows what is in force now.`,
    link: "/dashboard/billing/plan",
  };
}

export function certificationGranted(badge: { badgeId: string; name: string; year: number }): NotificationEvent {
  return {
    audience: { roles: ["Admin", "Manager"] },
    kind: "certification-granted",
    eventKey: `certification-granted:${badge.badgeId}`,
    title: `${badge.name} granted`,
    body: `Your company now holds ${badge.name} for ${badge.year}. Download the badge or embed it from the billing page.`,
    link: "/dashboard/billing",
  };
}

export function teamMemberJoined(member: { userId: string; name: string; role: Role }): NotificationEvent {
  return {
    audience: { roles: ADMINS, except: member.userId },
    kind: "team-member-joined",
    eventKey: `team-member-joined:${member.userId}`,
    title: `${member.name} joined your team`,
    body: `${member.name} accepted the invitation and joined as ${member.role === "Staff" ? "an Employee" : `a ${member.role}`}.`,
    link: "/dashboard/groups",
  };
}
