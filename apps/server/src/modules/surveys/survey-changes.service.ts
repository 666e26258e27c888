/**
 * Survey change logs (issue 25 item 7, decision 0075): every edit of a survey writes one activity log entry that says
 * what changed, in the edit's transaction, and the survey's page reads them back. Only the survey's own settings and
 * questions are compared; answers and respondents never enter a change log.
 */
import {
  type SurveyChangeAction,
  type SurveyChangesPage,
  type SurveyChangesQuery,
  type SurveyVersion,
  activityActorName,
  canReadSurvey,
  describeSurveyChangeAction,
  diffSurveyVersions,
  readSurveyChanges,
  resolveTimeZone,
} from "@hearth/shared";
import type { AppContext } from "../../app-context.js";
import type { Database } from "../../db/client.js";
import type { Actor } from "../../lib/actor.js";
import { notFound } from "../../lib/errors.js";
import { insertActivityLogs } from "../activity-log/activity-log.repo.js";
import { findTenant } from "../company/company.repo.js";
import { listSurveyChangeEntries } from "./survey-changes.repo.js";
import { type SurveyRow, findSurvey } from "./surveys.repo.js";

export function surveyVersionOf(row: SurveyRow): SurveyVersion {
  return {
    name: row.name,
    description: row.description,
    endDate: row.endDate?.getTime() ?? null,
    draft: row.draft,
    metaFields: (row.metaFields ?? {}) as Record<string, string>,
    fields: (row.fields ?? []) as SurveyVersion["fields"],
  };
}

/** The company's zone, in which the change log writes its dates (the zone is named in the text). */
export async function companyTimeZone(db: Database, tenantId: string): Promise<string> {
  return resolveTimeZone((await findTenant(db, tenantId))?.timeZone);
}

/**
 * Writes the entry of one change to a survey, from its row before to its row after, in the caller's transaction.
 * An edit (update, end date, close) that changed nothing writes nothing; archiving and restoring are recorded when the
 * caller saw the flag flip. Returns whether an entry was written.
 */
export async function recordSurveyChange(
  tx: Database,
  actor: Actor,
  action: SurveyChangeAction,
  before: SurveyRow,
  after: SurveyRow,
  timeZone: string,
): Promise<boolean> {
  const { changes, moreChanges } = diffSurveyVersions(surveyVersionOf(before), surveyVersionOf(after), timeZone);
  const isArchiveFlip = action === "archive_survey" || action === "restore_survey";
  if (!isArchiveFlip && changes.length === 0) return false;
  await insertActivityLogs(tx, actor.tenantId, actor.userId, [
    {
      action,
      data: {
        surveyId: after.id,
        surveyName: after.name,
        changes,
        moreChanges,
        byInternalAccount: actor.isInternalAccount,
      },
    },
  ]);
  return true;
}

async function readChangePage(db: Database, tenantId: string, surveyId: string, query: SurveyChangesQuery): Promise<SurveyChangesPage> {
  const { rows, total } = await listSurveyChangeEntries(db, tenantId, surveyId, query.page, query.pageSize);
  return {
    entries: rows.map((row) => {
      const data = row.data ?? {};
      const { changes, moreChanges } = readSurveyChanges(data);
      return {
        id: row.id,
        action: row.action,
        title: describeSurveyChangeAction(row.action) ?? row.action.replaceAll("_", " "),
        createdAt: row.createdAt.toISOString(),
        who: activityActorName({ userId: row.userId, firstName: row.firstName, lastName: row.lastName, email: row.email, data }),
        byHearthStaff: data.byInternalAccount === true || typeof data.operatorEmail === "string",
        changes,
        moreChanges,
      };
    }),
    page: query.page,
    pageSize: query.pageSize,
    total,
  };
}

/**
 * `GET /api/surveys/:id/changes`: the survey's change history for a reader of the company. A survey the reader may not
 * see (another company's, or another person's action plan check-in for Staff, `canReadSurvey`) is not found.
 */
export async function readSurveyChangeLog(ctx: AppContext, actor: Actor, surveyId: string, query: SurveyChangesQuery) {
  const { db } = ctx.database;
  const row = await findSurvey(db, actor.tenantId, surveyId);
  if (!row || !canReadSurvey(actor, row)) throw notFound("Survey not found");
  return readChangePage(db, actor.tenantId, surveyId, query);
}

/** The same history for the operator console, for any company by its id. */
export async function readCompanySurveyChangeLog(ctx: AppContext, tenantId: string, surveyId: string, query: SurveyChangesQuery) {
  const { db } = ctx.database;
  const row = await findSurvey(db, tenantId, surveyId);
  if (!row) throw notFound("Survey not found");
  return readChangePage(db, tenantId, surveyId, query);
}
