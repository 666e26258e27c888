/**
 * The cohort the team report ("Scores by team") opens on when the page names none (issue 25 item 3,
 * docs/decisions/0068). A team report is read to compare teams, so it opens on the company's team structure: first the
 * cohorts the company gave its invitees (team, then department, then division: HR's own data, not a self-reported
 * answer), then a cohort question of the survey that asks about a team, department or division, then the LOWI
 * question closest to one ("Which area do you mainly work in?"). Age, gender and the other demographics are never
 * chosen while one of those exists; with none, the first cohort as before. Among the candidates, one with a group the
 * reader may see goes first, so the page does not open on a table of hidden rows when another team cohort shows.
 */
import { inviteeCohortKey } from "./invitee-cohorts.js";

/** What the rule reads of a cohort: its key, its question and whether each value may be shown. */
export interface TeamCohortCandidate {
  key: string;
  label: string;
  values: readonly { visible: boolean }[];
}

const INVITEE_TEAM_KEYS = [inviteeCohortKey("team"), inviteeCohortKey("department"), inviteeCohortKey("division")];
const TEAM_WORDS = /\b(team|teams|department|departments|dept|division|divisions|business unit)\b/i;
export const LOWI_JOB_FUNCTION_KEY = "lowi_demo_job_function";

function rank(cohort: TeamCohortCandidate): number {
  const invitee = INVITEE_TEAM_KEYS.indexOf(cohort.key);
  if (invitee >= 0) return invitee;
  if (!cohort.key.includes(".") && TEAM_WORDS.test(cohort.label)) return INVITEE_TEAM_KEYS.length;
  if (cohort.key === LOWI_JOB_FUNCTION_KEY) return INVITEE_TEAM_KEYS.length + 1;
  return -1;
}

export function defaultTeamCohortKey(cohorts: readonly TeamCohortCandidate[]): string | null {
  const candidates = cohorts
    .map((cohort, order) => ({ cohort, order, rank: rank(cohort) }))
    .filter((entry) => entry.rank >= 0)
    .sort((a, b) => a.rank - b.rank || a.order - b.order)
    .map((entry) => entry.cohort);
  const shown = candidates.find((cohort) => cohort.values.some((value) => value.visible));
  return (shown ?? candidates[0] ?? cohorts[0])?.key ?? null;
}
