/**
 * A survey's change history (decision 0075): its entries in the company's activity log, the survey's id in the
 * entry's data. The log itself is written by the activity-log slice's writer; this reads the survey's share of it.
 */
import { SURVEY_CHANGE_ACTIONS } from "@hearth/shared";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { activityLog, survey } from "../../db/schema.js";
import { listActivityEntries } from "../activity-log/activity-log.repo.js";
import type { SurveyRow } from "./surveys.repo.js";

/**
 * The survey as it stands, its row locked for the rest of the transaction: two edits at once are diffed one after the
 * other, each against what the other wrote, so no change goes unrecorded. FOR NO KEY UPDATE (the lock an UPDATE of the
 * row takes anyway), not FOR UPDATE: answers inserted meanwhile (their key share on the survey) are not held up.
 */
export async function lockSurveyForChange(db: Database, tenantId: string, surveyId: string): Promise<SurveyRow | undefined> {
  const [row] = await db
    .select()
    .from(survey)
    .where(and(eq(survey.id, surveyId), eq(survey.tenantId, tenantId)))
    .for("no key update");
  return row;
}

/** One page of a survey's change entries, newest first, with the account of who wrote each (null once removed). */
export function listSurveyChangeEntries(db: Database, tenantId: string, surveyId: string, page: number, pageSize: number) {
  const filter = and(inArray(activityLog.action, [...SURVEY_CHANGE_ACTIONS]), sql`${activityLog.data} ->> 'surveyId' = ${surveyId}`);
  return listActivityEntries(db, tenantId, page, pageSize, filter);
}
