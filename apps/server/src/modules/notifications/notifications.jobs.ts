/**
 * Notices nobody's request causes (decision 0047): a survey closing in 2 days, closed, reaching its visibility
 * threshold or the certification response rule, and invitations that could not be delivered. A job every 5 minutes
 * looks for them, off the response path (submitting a response does no work for notifications). Each notice has an
 * event key, so a run that repeats or overlaps another notifies no one twice.
 */
import { requiredResponsesForCertification } from "@hearth/shared";
import type { AppContext } from "../../app-context.js";
import type { Database } from "../../db/client.js";
import type { JobDefinition } from "../../jobs/queue.js";
import { countResponsesBySurvey } from "../surveys/surveys.repo.js";
import {
  invitationsFailed,
  surveyClosed,
  surveyClosingSoon,
  surveyMetCertificationRule,
  surveyReachedThreshold,
} from "./notification-events.js";
import { type SurveyForNotices, countFailedInvitees, listNotifiedEventKeys, listSurveysForNotices } from "./notifications.repo.js";
import { type NotificationEvent, notify } from "./notifications.service.js";

export const SURVEY_NOTICES_JOB = "notifications.survey-notices";
const DAY_MS = 24 * 60 * 60 * 1000;
export const CLOSING_SOON_MS = 2 * DAY_MS;
/** A survey closed longer ago than this is not announced any more (a sweep that was down for days stays quiet). */
export const CLOSED_NOTICE_WINDOW_MS = 3 * DAY_MS;

/** The notices due for one company's surveys now (some perhaps sent already: the event keys tell). */
async function dueNotices(db: Database, tenantId: string, surveys: readonly SurveyForNotices[], now: Date): Promise<NotificationEvent[]> {
  const events: NotificationEvent[] = [];
  const open = surveys.filter((row) => !row.endDate || row.endDate.getTime() > now.getTime());
  const ids = surveys.map((row) => row.id);
  const [responses, failed] = await Promise.all([countResponsesBySurvey(db, tenantId, ids), countFailedInvitees(db, tenantId, ids)]);
  for (const row of surveys) {
    const end = row.endDate;
    if (end && end.getTime() <= now.getTime()) events.push(surveyClosed(row, end));
    else if (end && end.getTime() - now.getTime() <= CLOSING_SOON_MS) events.push(surveyClosingSoon(row, end));
    const count = responses.get(row.id) ?? 0;
    if (row.visibilityThreshold !== null && count >= row.visibilityThreshold)
      events.push(surveyReachedThreshold(row, row.visibilityThreshold));
    const required = row.isLowi ? requiredResponsesForCertification(row.headcount) : null;
    if (required !== null && count >= required && open.includes(row)) events.push(surveyMetCertificationRule(row, required));
    const bounced = failed.get(row.id) ?? 0;
    if (bounced > 0) events.push(invitationsFailed(row, bounced));
  }
  return events;
}

/** One sweep: answers how many people were notified. Safe to run twice, or twice at once. */
export async function sendSurveyNotices(ctx: AppContext, now = new Date()): Promise<number> {
  const { db } = ctx.database;
  const surveys = await listSurveysForNotices(db, new Date(now.getTime() - CLOSED_NOTICE_WINDOW_MS));
  const byTenant = new Map<string, SurveyForNotices[]>();
  for (const row of surveys) byTenant.set(row.tenantId, [...(byTenant.get(row.tenantId) ?? []), row]);
  let notified = 0;
  for (const [tenantId, rows] of byTenant) {
    const due = await dueNotices(db, tenantId, rows, now);
    const sent = await listNotifiedEventKeys(
      db,
      tenantId,
      due.map((event) => event.eventKey),
    );
    const fresh = due.filter((event) => !sent.has(event.eventKey));
    if (fresh.length === 0) continue;
    // the rows and their announcement in one transaction per company
    await db.transaction(async (tx) => {
      for (const event of fresh) notified += (await notify(tx as unknown as Database, tenantId, event)).length;
    });
  }
  return notified;
}

export function defineNotificationJobs(ctx: AppContext): JobDefinition[] {
  const notices: JobDefinition = {
    name: SURVEY_NOTICES_JOB,
    retryLimit: 0,
    cron: "*/5 * * * *",
    handle: async () => {
      await sendSurveyNotices(ctx);
    },
  };
  return [notices];
}
