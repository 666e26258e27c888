/** How the company invitee list reads (spec accounts §3 Invitee): its cohort columns and each person's last invitations. */
import { COHORT_KEYS, type CompanyInvitee } from "@hearth/shared";

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
