/** How the company invitee list reads (spec accounts §3 Invitee): its cohort columns and each person's last invitations. */
import { COHORT_INVITEE_PAGE_SIZE, COHORT_KEYS, type CompanyInvitee } from "@hearth/shared";

/** The cohort fields any row on the page carries: the known ones in their usual order, then any others A–Z. */
export function cohortColumns(invitees: readonly CompanyInvitee[]): string[] {
  const present = new Set<string>();
  for (const invitee of invitees) {
    for (const [key, value] of Object.entries(invitee.meta)) if (value?.trim()) present.add(key);
  }
  const known = COHORT_KEYS.filter((key) => present.has(key));
  const others = [...present].filter((key) => !(COHORT_KEYS as readonly string[]).includes(key)).sort();
  return [...known, ...others];
}

export interface LastInvitation {
  surveyId: string;
  surveyName: string;
  sentAt: number;
}

function surveyName(names: ReadonlyMap<string, string>, surveyId: string): string {
  if (!names.has(surveyId)) return "Removed survey";
  return names.get(surveyId)?.trim() || "Untitled survey";
}

/** One entry per survey the person was emailed for, the latest first. */
export function lastInvitations(
  mostRecentEmails: Readonly<Record<string, number>>,
  surveys: readonly { id: string; name: string }[],
): LastInvitation[] {
  const names = new Map(surveys.map((survey) => [survey.id, survey.name]));
  return Object.entries(mostRecentEmails)
    .filter(([, sentAt]) => typeof sentAt === "number")
    .map(([surveyId, sentAt]) => ({ surveyId, surveyName: surveyName(names, surveyId), sentAt }))
    .sort((a, b) => b.sentAt - a.sentAt || a.surveyName.localeCompare(b.surveyName));
}

/** How many last invitations a row lists before "+N more". */
export const VISIBLE_INVITATIONS = 3;

/** Rows a screen of /dashboard/invitees shows; each divides the API's page (COHORT_INVITEE_PAGE_SIZE), so no screen spans two. */
export const INVITEE_PAGE_SIZES = [25, 50, 100] as const;

/** Which page of GET /api/invitees holds screen `page` of `pageSize` rows, and where in that page the screen starts. */
export function serverSlice(
  page: number,
  pageSize: number,
  serverPageSize = COHORT_INVITEE_PAGE_SIZE,
): { serverPage: number; offset: number } {
  const first = (Math.max(1, Math.trunc(page)) - 1) * pageSize;
  return { serverPage: Math.floor(first / serverPageSize) + 1, offset: first % serverPageSize };
}
