/** Invitations: who gets one, when, and the lists of people invited (issue #4; spec accounts §4, surveys §5). */
import { randomUUID } from "node:crypto";
import {
  type SurveyField,
  checkSchedule,
  cohortFieldsFromAttributes,
  groupCohortValues,
  COHORT_INVITEE_PAGE_SIZE,
  COHORT_KEYS,
  type CompanyInviteesResponse,
  type DedupeResponse,
  type DuplicateInvitee,
  emailHtmlToText,
  INVITEE_FETCH_PAGE_SIZE,
  type InviteeSendStatus,
  type InviteesByCohortResponse,
  type InviteRequest,
  type InviteResponse,
  isSurveyOpen,
  type RecipientInput,
  sanitizeEmailHtml,
  type SurveyInviteesResponse,
} from "@hearth/shared";
import type { AppContext } from "../../app-context.js";
import type { Database } from "../../db/client.js";
import type { Actor } from "../../lib/actor.js";
import { AppError, notFound } from "../../lib/errors.js";
import { findEmployeeAttributes } from "../data/data.repo.js";
import { lockTenantForLicences } from "../billing/licences.repo.js";
import { assertSenderVerified, takeSendingAllowance } from "../senders/senders.service.js";
import { findSurvey, type SurveyRow } from "../surveys/surveys.repo.js";
import { SEND_INVITATION_JOB } from "./invitation-delivery.service.js";
import { invitationBrand, invitationDuration, renderInvitation } from "./invitation-email.js";
import {
  addSurveyInviteeCohorts,
  cancelScheduledInvitees,
  findCompanyBrand,
  insertDeliveries,
  insertInvitees,
  listAllInviteesOfSurvey,
  listCohortValues,
  listInviteesByEmail,
  listInviteesWithDelivery,
  listPreviousInviteeDetails,
  listSuppressedEmails,
  listSurveyNames,
  type NewInvitee,
  pageCompanyInvitees,
  pageSurveyInvitees,
  resetInviteesForResend,
  upsertInvitation,
} from "./invitations.repo.js";

const validation = (field: string, message: string) => new AppError("VALIDATION_FAILED", message, { fields: { [field]: message } });

async function requireSurvey(db: Database, actor: Pick<Actor, "tenantId">, surveyId: string): Promise<SurveyRow> {
  const row = await findSurvey(db, actor.tenantId, surveyId);
  if (!row) throw notFound("This survey does not exist.");
  return row;
}

function requireOpenSurvey(row: SurveyRow, now: number) {
  if (!isSurveyOpen({ archived: row.archived, draft: row.draft, endDate: row.endDate?.getTime() ?? null }, now)) {
    throw new AppError("SURVEY_CLOSED", "This survey is not open, so no invitations can be sent for it.", { status: 409 });
  }
}

/** Cohort fields from the top level or `meta`, known keys only (unknown columns were stripped by the schema's keys). */
function recipientMeta(recipient: RecipientInput): Record<string, string> {
  const meta: Record<string, string> = {};
  for (const key of COHORT_KEYS) {
    const raw = recipient.meta?.[key] ?? recipient[key];
    if (typeof raw === "string" && raw.trim() !== "") meta[key] = raw.trim().slice(0, 120);
  }
  return meta;
}

/** An invitee whose earlier send did not reach them may be invited again without reminder mode. */
const canInviteAgain = (status: string) => status === "Cancelled" || status === "Failed";

/**
 * POST /api/invite, one batch of at most 1500 recipients. In one transaction: the invitation (once per id),
 * new invitees, re-sent ones, one delivery per person and one job per delivery, starting at the scheduled time.
 * Nobody is sent the same invitation twice: people already invited, already answered, unsubscribed or listed
 * twice come back in `duplicateInvitees`.
 */
/** Who sends an invitation: the signed-in user, or the person who scheduled a plan's check-in (its job). */
export type Inviter = Pick<Actor, "tenantId" | "userId" | "email">;

export async function inviteRecipients(ctx: AppContext, actor: Inviter, request: InviteRequest, now = Date.now()): Promise<InviteResponse> {
  const { db } = ctx.database;
  const input = request.invitation;
  const survey = await requireSurvey(db, actor, input.survey);
  // Nothing is sent to anyone for a user whose own address is unverified (decision 0056).
  await assertSenderVerified(db, actor);
  requireOpenSurvey(survey, now);

  let sendAt: Date | null = null;
  if (input.sendDate) {
    if (!input.timeZone) throw validation("timeZone", "Choose a time zone for the scheduled send.");
    const schedule = checkSchedule(input.sendDate, input.timeZone, now);
    if (!schedule.ok) throw validation(schedule.field, schedule.message);
    sendAt = schedule.sendAt;
    if (survey.endDate && sendAt.getTime() >= survey.endDate.getTime()) {
      throw validation("sendDate", "The survey closes before this time. Choose an earlier time or extend the survey first.");
    }
  } else if (input.timeZone) {
    throw validation("sendDate", "Choose a date for the scheduled send.");
  }
  const content = sanitizeEmailHtml(input.content);
  if (emailHtmlToText(content).trim() === "") throw validation("content", "The email needs some content");

  const invitationId = input.id ?? randomUUID();
  const duplicates: DuplicateInvitee[] = [];
  const seen = new Set<string>();
  const recipients = request.recipients.filter((recipient) => {
    if (seen.has(recipient.email)) {
      duplicates.push({ email: recipient.email, reason: "listed-twice" });
      return false;
    }
    seen.add(recipient.email);
    return true;
  });
  const emails = recipients.map((recipient) => recipient.email);

  const result = await db.transaction(async (tx) => {
    // First, before any row is written: the company's sending allowance is counted under its row's lock, and taking
    // it first keeps every sending transaction's lock order the same (company row, then invitees, then the survey).
    await lockTenantForLicences(tx, actor.tenantId);
    const { row: invitationRow, created } = await upsertInvitation(tx, actor.tenantId, {
      id: invitationId,
      surveyId: survey.id,
      subject: input.subject,
      senderName: input.name,
      replyTo: actor.email,
      cc: input.cc,
      content,
      sendAt,
      timeZone: sendAt ? (input.timeZone ?? null) : null,
      reminder: input.sendReminder ?? false,
      createdBy: actor.userId,
    });
    if (!invitationRow || invitationRow.surveyId !== survey.id) {
      throw new AppError("CONFLICT", "This invitation belongs to another survey.", { status: 409 });
    }
    const scheduledDate = invitationRow.sendAt;
    const startAt = scheduledDate && scheduledDate.getTime() > now ? scheduledDate : new Date(now);

    const existing = new Map((await listInviteesByEmail(tx, actor.tenantId, survey.id, emails)).map((row) => [row.email, row]));
    const suppressed = await listSuppressedEmails(tx, actor.tenantId, emails);
    const alreadyInThisInvitation = await listInviteesWithDelivery(
      tx,
      actor.tenantId,
      invitationRow.id,
      [...existing.values()].map((row) => row.id),
    );
    const wantsPrevious = recipients.filter((recipient) => recipient.usePreviousMeta).map((recipient) => recipient.email);
    const previous = await listPreviousInviteeDetails(tx, actor.tenantId, wantsPrevious);
    // Imported employee attributes are the freshest record of a person's organisation (decision 0045).
    const imported = new Map(
      (await findEmployeeAttributes(tx, actor.tenantId, wantsPrevious)).map((row) => [
        row.email,
        { firstName: row.firstName, lastName: row.lastName, meta: cohortFieldsFromAttributes(row.attributes) },
      ]),
    );

    const toCreate: NewInvitee[] = [];
    const toResend: { id: string; email: string }[] = [];
    for (const recipient of recipients) {
      const known = existing.get(recipient.email);
      if (suppressed.has(recipient.email)) {
        duplicates.push({ email: recipient.email, reason: "unsubscribed" });
      } else if (known?.replied) {
        duplicates.push({ email: recipient.email, reason: "already-responded" });
      } else if (known && (alreadyInThisInvitation.has(known.id) || !(invitationRow.reminder || canInviteAgain(known.sendStatus)))) {
        duplicates.push({ email: recipient.email, reason: "already-invited" });
      } else if (known) {
        toResend.push({ id: known.id, email: known.email });
      } else {
        const earlier = recipient.usePreviousMeta ? previous.get(recipient.email) : undefined;
        const fromImport = recipient.usePreviousMeta ? imported.get(recipient.email) : undefined;
        toCreate.push({
          surveyId: survey.id,
          email: recipient.email,
          firstName: recipient.firstName || fromImport?.firstName || earlier?.firstName || null,
          lastName: recipient.lastName || fromImport?.lastName || earlier?.lastName || null,
          meta: { ...(earlier?.meta ?? {}), ...(fromImport?.meta ?? {}), ...recipientMeta(recipient) },
          scheduledDate,
        });
      }
    }
    const created_ = await insertInvitees(tx, actor.tenantId, toCreate);
    await resetInviteesForResend(
      tx,
      actor.tenantId,
      toResend.map((row) => row.id),
      scheduledDate,
    );
    const invited = [...created_, ...toResend];
    // One email per person invited, and the copy to the cc address with the first batch; counted on the send's day.
    const copies = created && invited.length > 0 ? 1 : 0;
    await takeSendingAllowance(tx, actor.tenantId, invited.length + copies, startAt.getTime(), now);
    const deliveries = await insertDeliveries(tx, actor.tenantId, {
      invitationId: invitationRow.id,
      sendAt: startAt,
      messageIdDomain: ctx.email.messageIdDomain,
      rows: invited.map((row) => ({ id: randomUUID(), inviteeId: row.id })),
    });
    await ctx.jobs.enqueueMany(
      SEND_INVITATION_JOB,
      deliveries.map((delivery) => ({ data: { deliveryId: delivery.id }, singletonKey: delivery.id, startAfter: startAt })),
      tx,
    );
    let copyId: string | null = null;
    if (copies > 0) {
      const brand = await findCompanyBrand(tx, actor.tenantId);
      const copy = renderInvitation({
        appUrl: ctx.env.APP_URL,
        secret: ctx.env.AUTH_SECRET,
        tenantId: actor.tenantId,
        companyName: brand.companyName,
        brand: invitationBrand(ctx.env.APP_URL, survey.id, brand),
        invitation: { subject: invitationRow.subject, senderName: invitationRow.senderName, content: invitationRow.content },
        survey: {
          id: survey.id,
          name: survey.name,
          surveyPreset: survey.surveyPreset,
          metaFields: survey.metaFields,
          duration: invitationDuration(survey.fields as SurveyField[]),
        },
        recipient: { inviteeId: null, email: invitationRow.cc, firstName: null, lastName: null, meta: {} },
        copyNotice: { sendAt: scheduledDate, timeZone: invitationRow.timeZone },
      });
      copyId = await ctx.email.queue(
        {
          to: invitationRow.cc,
          subject: copy.subject,
          html: copy.html,
          text: copy.text,
          kind: "invitation-copy",
          tenantId: actor.tenantId,
        },
        tx,
      );
    }
    // Last, so the survey row's lock (two batches must not lose each other's values) is held only until the commit.
    await addSurveyInviteeCohorts(
      tx,
      actor.tenantId,
      survey.id,
      toCreate.map((row) => row.meta),
    );
    return { invited, copyId, scheduledDate, sendsNow: deliveries.length > 0 && startAt.getTime() <= now };
  });
  if (result.sendsNow) ctx.jobs.wake(SEND_INVITATION_JOB);
  if (result.copyId) await ctx.email.enqueueDelivery(result.copyId);
  return {
    success: true,
    invitationId,
    invitees: result.invited.map((row) => ({ id: row.id, email: row.email })),
    duplicateInvitees: duplicates,
    scheduledDate: result.scheduledDate?.getTime() ?? null,
    senderAddress: ctx.email.fromAddress,
  };
}

/**
 * POST /api/surveys/dedupe: of the given emails (or everyone, without a list), those who will not get this
 * invitation: already invited (not cancelled or failed), already answered, or unsubscribed. In reminder mode
 * only people who answered or unsubscribed count.
 */
export async function findDuplicateInvitees(
  db: Database,
  actor: Actor,
  input: { survey: string; emails?: string[]; reminder?: boolean },
): Promise<DedupeResponse> {
  const survey = await requireSurvey(db, actor, input.survey);
  const rows = input.emails
    ? await listInviteesByEmail(db, actor.tenantId, survey.id, [...new Set(input.emails)])
    : await listAllInviteesOfSurvey(db, actor.tenantId, survey.id);
  const suppressed = await listSuppressedEmails(db, actor.tenantId, input.emails ? [...new Set(input.emails)] : undefined);
  const byEmail = new Map<string, DedupeResponse["invitees"][number]>();
  for (const row of rows) {
    const duplicate = row.replied || (!input.reminder && !canInviteAgain(row.sendStatus)) || row.sendStatus === "Unsubscribed";
    if (duplicate)
      byEmail.set(row.email, {
        email: row.email,
        firstName: row.firstName,
        lastName: row.lastName,
        replied: row.replied,
        sendStatus: row.sendStatus,
      });
  }
  for (const email of suppressed) {
    if (!byEmail.has(email)) byEmail.set(email, { email, firstName: null, lastName: null, replied: false, sendStatus: "Unsubscribed" });
  }
  return { invitees: [...byEmail.values()].sort((a, b) => a.email.localeCompare(b.email)) };
}

/** POST /api/pause-invitees: Cancel Send for Pending invitees with a scheduled date; others are left as they are. */
export async function pauseInvitees(db: Database, actor: Actor, input: { surveyId: string; inviteeIds: string[] }) {
  const survey = await requireSurvey(db, actor, input.surveyId);
  const paused = await cancelScheduledInvitees(db, actor.tenantId, survey.id, [...new Set(input.inviteeIds)]);
  return { ok: true as const, paused };
}

const epoch = (value: Date | null) => value?.getTime() ?? null;

/** GET /api/surveys/:id/invitees: the sent-invitee table, 1000 rows a page. */
export async function listSurveyInvitees(db: Database, actor: Actor, surveyId: string, page: number): Promise<SurveyInviteesResponse> {
  const survey = await requireSurvey(db, actor, surveyId);
  const { rows, total, dispatching } = await pageSurveyInvitees(db, actor.tenantId, survey.id, page, INVITEE_FETCH_PAGE_SIZE);
  return {
    invitees: rows.map((row) => ({
      id: row.id,
      email: row.email,
      firstName: row.firstName,
      lastName: row.lastName,
      scheduledDate: epoch(row.scheduledDate),
      firstEmail: epoch(row.firstEmail),
      mostRecentEmail: epoch(row.mostRecentEmail),
      sendStatus: row.sendStatus as InviteeSendStatus,
      failureReason: row.sendStatus === "Failed" ? row.lastError : null,
      replied: row.replied,
    })),
    page,
    maxPages: Math.max(1, Math.ceil(total / INVITEE_FETCH_PAGE_SIZE)),
    total,
    dispatching,
  };
}

const toNumberMap = (value: Record<string, number | string>) =>
  Object.fromEntries(Object.entries(value).map(([key, time]) => [key, Number(time)]));

/** GET /api/invitees: every person the company invited, one row per email. */
export async function listCompanyInvitees(
  db: Database,
  actor: Actor,
  query: { page: number; search?: string; cohortKey?: string; cohortValue?: string },
): Promise<CompanyInviteesResponse> {
  const { rows, total } = await pageCompanyInvitees(db, actor.tenantId, query, query.page, INVITEE_FETCH_PAGE_SIZE);
  const invitees = rows.map((row) => ({
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    meta: row.meta ?? {},
    mostRecentEmails: toNumberMap(row.most_recent_emails ?? {}),
  }));
  const surveyIds = [...new Set(invitees.flatMap((row) => Object.keys(row.mostRecentEmails)))];
  return {
    invitees,
    page: query.page,
    maxPages: Math.max(1, Math.ceil(total / INVITEE_FETCH_PAGE_SIZE)),
    total,
    surveys: await listSurveyNames(db, actor.tenantId, surveyIds),
  };
}

/** GET /api/invitees/cohorts: the cohort fields present among invitees, with their values and head counts. */
export async function listInviteeCohorts(db: Database, actor: Actor) {
  const rows = await listCohortValues(db, actor.tenantId, COHORT_KEYS);
  return { cohorts: groupCohortValues(rows) };
}

/** POST /api/get-invitees-by-cohort: earlier invitees of a cohort (or all), 500 a page, for a new invitation. */
export async function listInviteesByCohort(
  db: Database,
  actor: Actor,
  input: { page: number; cohortFilter?: { key: string; value: string } },
): Promise<InviteesByCohortResponse> {
  const filter = input.cohortFilter ? { cohortKey: input.cohortFilter.key, cohortValue: input.cohortFilter.value } : {};
  const { rows, total } = await pageCompanyInvitees(db, actor.tenantId, filter, input.page, COHORT_INVITEE_PAGE_SIZE);
  const invitees = rows.map((row) => ({ email: row.email, firstName: row.first_name, lastName: row.last_name, meta: row.meta ?? {} }));
  return {
    invitees,
    maxPages: Math.max(1, Math.ceil(total / COHORT_INVITEE_PAGE_SIZE)),
    hasFirstName: invitees.some((row) => Boolean(row.firstName)),
    hasLastName: invitees.some((row) => Boolean(row.lastName)),
    totalInvitees: total,
  };
}
