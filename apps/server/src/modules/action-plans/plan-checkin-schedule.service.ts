/**
 * Scheduling a plan's check-in (issue 26 item 3, decision 0079): an Admin or a Manager publishes the check-in survey
 * (when still a draft, through the surveys' own publishing and its rules) and chooses the day its invitations go out:
 * by default day 30, 60 or 90 of the plan at 09:00 in the company's zone. The schedule is written under the plan's
 * lock with a job in the same transaction; the job makes the invitations through the invitations' own scheduling
 * (a deterministic invitation id, so a second run invites nobody twice) and then claims the slot as invited.
 */
import { createHash } from "node:crypto";
import {
  type ActionPlanDetail,
  CHECKIN_SCHEDULE_MESSAGES,
  CHECKIN_SEND_TIME,
  type CheckinSchedule,
  checkCheckinSendDay,
  isCheckinScheduled,
  resolveContentSet,
  type SurveyField,
  resolveTimeZone,
  TRANSFORMATION_PRESET_ID,
  todayInZone,
  utcToZonedDateTime,
  zonedDateTimeToUtc,
} from "@hearth/shared";
import type { AppContext } from "../../app-context.js";
import type { Database } from "../../db/client.js";
import type { Actor } from "../../lib/actor.js";
import { AppError } from "../../lib/errors.js";
import { insertActivityLogs } from "../activity-log/activity-log.repo.js";
import { inviteRecipients } from "../invitations/invitations.service.js";
import { assertSenderVerified } from "../senders/senders.service.js";
import { requireSurvey, updateCompanySurvey } from "../surveys/surveys.service.js";
import { forbiddenFor, loadVisiblePlan, openActionPlans, personName, planNotFound } from "./action-plans.access.js";
import { listPlanCheckins, listPlannedCohortValues, lockPlan, type PlanCheckinRow, setCheckinSchedule } from "./action-plans.repo.js";
import { readActionPlan } from "./action-plans.service.js";
import { CHECKIN_MANAGERS_ONLY } from "./plan-checkins.service.js";
import { claimCheckinInvited, countSurveyInvitees, findCheckinToInvite, listCheckinRecipients } from "./plan-checkin-jobs.repo.js";

export const CHECKIN_INVITE_JOB = "action-plans.invite-checkin";
export interface CheckinInviteJob {
  tenantId: string;
  planId: string;
  slot: number;
}

/** Recipients per call of the invitations' scheduling (its own batch limit). */
const INVITE_BATCH = 1500;
const conflict = (message: string) => new AppError("CONFLICT", message);
const invalidDay = (message: string) => new AppError("VALIDATION_FAILED", message, { fields: { sendDay: message } });

function checkSlot(slot: PlanCheckinRow | undefined, now: number): asserts slot is PlanCheckinRow & { surveyId: string } {
  if (!slot?.surveyId) throw conflict(CHECKIN_SCHEDULE_MESSAGES.notCheckin);
  if (isCheckinScheduled(slot)) throw conflict(CHECKIN_SCHEDULE_MESSAGES.alreadyScheduled);
  if (slot.surveyArchived) throw conflict(CHECKIN_SCHEDULE_MESSAGES.archived);
  if (slot.surveyEndDate && slot.surveyEndDate.getTime() <= now) throw conflict(CHECKIN_SCHEDULE_MESSAGES.closed);
}

/** POST /api/action-plans/:id/checkins/:slot/schedule */
export async function scheduleCheckin(
  ctx: AppContext,
  actor: Actor,
  planId: string,
  slotNumber: number,
  input: CheckinSchedule,
  now = Date.now(),
): Promise<ActionPlanDetail> {
  const { db } = ctx.database;
  const gate = await openActionPlans(db, actor);
  const loaded = await loadVisiblePlan(db, gate, actor, planId);
  if (!gate.manager) throw forbiddenFor(CHECKIN_MANAGERS_ONLY);
  if (loaded.plan.status === "archived") throw conflict("Make the plan active again before scheduling a check-in.");
  if (!loaded.plan.baselineSurveyId) throw conflict(CHECKIN_SCHEDULE_MESSAGES.noBaseline);
  const slot = (await listPlanCheckins(db, actor.tenantId, planId)).find((entry) => entry.slot === slotNumber);
  checkSlot(slot, now);
  const today = todayInZone(gate.timeZone, now);
  const endDay = slot.surveyEndDate ? todayInZone(gate.timeZone, slot.surveyEndDate.getTime()) : null;
  const dayCheck = checkCheckinSendDay(input.sendDay, today, endDay);
  if (!dayCheck.ok) throw invalidDay(dayCheck.message);
  // Nothing is sent in the name of an unverified address (decision 0056): refused now, not in the job.
  await assertSenderVerified(db, actor);
  const atNine = zonedDateTimeToUtc(`${input.sendDay}T${CHECKIN_SEND_TIME}`, gate.timeZone);
  if (!atNine) throw invalidDay("Enter the send day as a real date, YYYY-MM-DD.");
  // Today after 09:00: the invitations go out now.
  const sendAt = new Date(Math.max(atNine.getTime(), now));

  if (slot.draft) {
    // Published by the surveys' own rules (threshold fixed, change logged, publication notified).
    const survey = await requireSurvey(db, actor.tenantId, slot.surveyId);
    await updateCompanySurvey(ctx, actor, survey.id, {
      surveyPreset: survey.surveyPreset,
      name: survey.name,
      description: survey.description,
      metaFields: survey.metaFields,
      fields: survey.fields as SurveyField[],
      draft: false,
      endDate: survey.endDate?.getTime() ?? null,
    });
  }

  await db.transaction(async (tx) => {
    const txDb = tx as unknown as Database;
    const plan = await lockPlan(txDb, actor.tenantId, planId);
    if (!plan) throw planNotFound();
    const current = (await listPlanCheckins(txDb, actor.tenantId, planId)).find((entry) => entry.slot === slotNumber);
    if (current?.surveyId !== slot.surveyId) throw conflict("This check-in changed meanwhile. Reload the plan and try again.");
    checkSlot(current, now);
    await setCheckinSchedule(txDb, actor.tenantId, planId, slotNumber, {
      sendAt,
      scheduledBy: actor.userId,
      // Only a cohort plan has comparable cohorts to ask.
      askComparison: Boolean(plan.scopeCohortKey) && (input.askComparison ?? true),
    });
    await ctx.jobs.enqueueMany<CheckinInviteJob>(
      CHECKIN_INVITE_JOB,
      [{ data: { tenantId: actor.tenantId, planId, slot: slotNumber }, singletonKey: `${planId}:${slotNumber}:${sendAt.toISOString()}` }],
      txDb,
    );
    await insertActivityLogs(txDb, actor.tenantId, actor.userId, [
      {
        action: "schedule_plan_checkin",
        data: { planId, planTitle: plan.title, slot: slotNumber, surveyId: slot.surveyId, sendAt: sendAt.toISOString() },
      },
    ]);
  });
  ctx.jobs.wake(CHECKIN_INVITE_JOB);
  return readActionPlan(ctx, actor, planId);
}

/** The same invitation id for every run of one schedule: a rerun joins the invitation and invites nobody twice. */
export function checkinInvitationId(tenantId: string, planId: string, slot: number, sendAt: Date): string {
  const hex = createHash("sha256").update(`plan-checkin:${tenantId}:${planId}:${slot}:${sendAt.toISOString()}`).digest("hex");
  const variant = ((Number.parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * The job: invites the plan's scope among the baseline survey's invitees to the check-in, at its scheduled time.
 * Safe to run twice or after a crash: the invitations dedupe by invitation and person, and the slot is claimed
 * once at the end. A refusal by the invitation rules (the sender's address, the survey closed, the day's sending
 * allowance) is written on the slot for the plan page, and the slot may then be scheduled again.
 */
export async function inviteCheckin(ctx: AppContext, job: CheckinInviteJob, now = Date.now()): Promise<void> {
  const { db } = ctx.database;
  const row = await findCheckinToInvite(db, job.tenantId, job.planId, job.slot);
  if (!row || row.checkin.invitedAt || !row.checkin.sendAt) return;
  const { sendAt, surveyId } = row.checkin;
  const finish = (outcome: { invitedCount: number | null; inviteError: string | null }) =>
    claimCheckinInvited(db, job.tenantId, job.planId, job.slot, { sendAt, ...outcome });
  if (!surveyId || row.surveyDraft === null)
    return void (await finish({ invitedCount: null, inviteError: "The check-in survey was deleted." }));
  if (!row.baselineSurveyId) return void (await finish({ invitedCount: null, inviteError: CHECKIN_SCHEDULE_MESSAGES.noBaseline }));
  if (!row.checkin.scheduledBy || !row.schedulerEmail) {
    return void (await finish({
      invitedCount: null,
      inviteError: "The person who scheduled this check-in no longer has an account. Schedule it again.",
    }));
  }
  const scope =
    row.scopeCohortKey && row.scopeCohortValue
      ? {
          key: row.scopeCohortKey,
          value: row.scopeCohortValue,
          // With the comparison: every cohort of the key except those acting on a plan of their own.
          comparisonExcept: row.checkin.askComparison
            ? await listPlannedCohortValues(db, job.tenantId, row.scopeCohortKey, job.planId)
            : null,
        }
      : null;
  const recipients = await listCheckinRecipients(db, job.tenantId, row.baselineSurveyId, scope);
  if (recipients.length === 0) {
    return void (await finish({
      invitedCount: 0,
      inviteError: "Nobody in the plan's scope was invited to its baseline survey, so nobody was asked.",
    }));
  }
  const content = resolveContentSet(TRANSFORMATION_PRESET_ID);
  const timeZone = resolveTimeZone(row.companyTimeZone);
  const later = sendAt.getTime() > now + 60_000;
  const inviter = { tenantId: job.tenantId, userId: row.checkin.scheduledBy, email: row.schedulerEmail };
  const invitationId = checkinInvitationId(job.tenantId, job.planId, job.slot, sendAt);
  try {
    for (let start = 0; start < recipients.length; start += INVITE_BATCH) {
      const batch = recipients.slice(start, start + INVITE_BATCH);
      await inviteRecipients(
        ctx,
        inviter,
        {
          invitation: {
            id: invitationId,
            survey: surveyId,
            subject: content.emailSubject,
            name: personName(row.schedulerFirstName, row.schedulerLastName, row.schedulerEmail) ?? row.schedulerEmail,
            cc: row.schedulerEmail,
            content: content.emailBody,
            ...(later ? { sendDate: utcToZonedDateTime(sendAt, timeZone), timeZone } : {}),
          },
          recipients: batch.map((person) => ({
            email: person.email,
            ...(person.firstName ? { firstName: person.firstName } : {}),
            ...(person.lastName ? { lastName: person.lastName } : {}),
            meta: person.meta,
          })),
        },
        now,
      );
    }
  } catch (error) {
    // The invitation rules refused (a business reason, not a crash): said on the plan page, not retried.
    if (!(error instanceof AppError) || error.status >= 500) throw error;
    const invited = await countSurveyInvitees(db, job.tenantId, surveyId);
    return void (await finish({ invitedCount: invited, inviteError: error.message }));
  }
  await finish({ invitedCount: await countSurveyInvitees(db, job.tenantId, surveyId), inviteError: null });
}
