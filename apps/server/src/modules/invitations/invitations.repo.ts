/** Every SQL statement of invitations, invitees, deliveries, templates and unsubscribes; each takes the tenant id. */
import { and, asc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { rowsOf } from "../../db/client.js";
import { emailSuppression, emailTemplate, invitation, invitationDelivery, invitee, survey, tenant } from "../../db/schema.js";

export type InvitationRow = typeof invitation.$inferSelect;
export type InviteeRow = typeof invitee.$inferSelect;
export type DeliveryRow = typeof invitationDelivery.$inferSelect;
export type TemplateRow = typeof emailTemplate.$inferSelect;

/**
 * A list as one bound parameter: a PostgreSQL array literal (`{"a","b"}`) bound as a `text[]` or `uuid[]` parameter.
 * A 1,500-row batch then costs one parameter instead of 1,500, which drizzle builds and the driver encodes far
 * faster. Because the parameter has the array type itself (not text cast in the statement), it is a constant
 * when the statement is planned: the planner knows its length and hashes it when it filters a scan, where a
 * list cast from text is searched linearly per row (1,500 × 1,500 comparisons on a table without statistics,
 * as PGlite's are, took over a second).
 */
function arrayParam(values: readonly (string | null)[]): string {
  return `{${values.map((value) => (value === null ? "NULL" : `"${value.replace(/[\\"]/g, "\\$&")}"`)).join(",")}}`;
}
const textArray = (values: readonly (string | null)[]) => sql`${arrayParam(values)}::text[]`;
const uuidArray = (values: readonly string[]) => sql`${arrayParam(values)}::uuid[]`;

/** Writes the invitation once; a later batch (or a retried one) with the same id finds it. */
export async function upsertInvitation(db: Database, tenantId: string, row: Omit<typeof invitation.$inferInsert, "tenantId">) {
  const [inserted] = await db
    .insert(invitation)
    .values({ ...row, tenantId })
    .onConflictDoNothing({ target: invitation.id })
    .returning();
  if (inserted) return { row: inserted, created: true };
  const [existing] = await db
    .select()
    .from(invitation)
    .where(and(eq(invitation.id, row.id as string), eq(invitation.tenantId, tenantId)));
  return { row: existing as InvitationRow | undefined, created: false };
}

export async function listInviteesByEmail(db: Database, tenantId: string, surveyId: string, emails: readonly string[]) {
  if (emails.length === 0) return [];
  return db
    .select({
      id: invitee.id,
      email: invitee.email,
      replied: invitee.replied,
      sendStatus: invitee.sendStatus,
      firstName: invitee.firstName,
      lastName: invitee.lastName,
    })
    .from(invitee)
    .where(and(eq(invitee.tenantId, tenantId), eq(invitee.surveyId, surveyId), sql`${invitee.email} = any(${textArray(emails)})`));
}

export async function listAllInviteesOfSurvey(db: Database, tenantId: string, surveyId: string) {
  return db
    .select({
      id: invitee.id,
      email: invitee.email,
      replied: invitee.replied,
      sendStatus: invitee.sendStatus,
      firstName: invitee.firstName,
      lastName: invitee.lastName,
    })
    .from(invitee)
    .where(and(eq(invitee.tenantId, tenantId), eq(invitee.surveyId, surveyId)));
}

export async function listSuppressedEmails(db: Database, tenantId: string, emails?: readonly string[]): Promise<Set<string>> {
  if (emails && emails.length === 0) return new Set();
  const rows = await db
    .select({ email: emailSuppression.email })
    .from(emailSuppression)
    .where(
      emails
        ? and(eq(emailSuppression.tenantId, tenantId), sql`${emailSuppression.email} = any(${textArray(emails)})`)
        : eq(emailSuppression.tenantId, tenantId),
    );
  return new Set(rows.map((row) => row.email));
}

/** Invitee ids that already have an email of this invitation (a batch sent twice). */
export async function listInviteesWithDelivery(db: Database, tenantId: string, invitationId: string, inviteeIds: readonly string[]) {
  if (inviteeIds.length === 0) return new Set<string>();
  const rows = await db
    .select({ inviteeId: invitationDelivery.inviteeId })
    .from(invitationDelivery)
    .where(
      and(
        eq(invitationDelivery.tenantId, tenantId),
        eq(invitationDelivery.invitationId, invitationId),
        sql`${invitationDelivery.inviteeId} = any(${uuidArray(inviteeIds)})`,
      ),
    );
  return new Set(rows.map((row) => row.inviteeId));
}

/** The newest names and cohort fields each email had in any earlier invitation of the company. */
export async function listPreviousInviteeDetails(db: Database, tenantId: string, emails: readonly string[]) {
  if (emails.length === 0) return new Map<string, { firstName: string | null; lastName: string | null; meta: Record<string, string> }>();
  const rows = await db
    .selectDistinctOn([invitee.email], {
      email: invitee.email,
      firstName: invitee.firstName,
      lastName: invitee.lastName,
      meta: invitee.meta,
    })
    .from(invitee)
    .where(and(eq(invitee.tenantId, tenantId), sql`${invitee.email} = any(${textArray(emails)})`))
    .orderBy(invitee.email, sql`${invitee.createdAt} desc`);
  return new Map(rows.map((row) => [row.email, row]));
}

export interface NewInvitee {
  surveyId: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  meta: Record<string, string>;
  scheduledDate: Date | null;
}

/**
 * New invitees of one batch, Pending, in one statement whose rows arrive as one JSON parameter (a 1,500-row
 * VALUES list would be 12,000 bound parameters). Answers the new ids in the order of `rows`.
 */
export async function insertInvitees(
  db: Database,
  tenantId: string,
  rows: readonly NewInvitee[],
): Promise<{ id: string; email: string }[]> {
  if (rows.length === 0) return [];
  const payload = rows.map((row) => ({
    s: row.surveyId,
    e: row.email,
    f: row.firstName,
    l: row.lastName,
    m: row.meta,
    d: row.scheduledDate?.toISOString() ?? null,
  }));
  const inserted = rowsOf<{ id: string; email: string }>(
    await db.execute(sql`
      insert into invitee (tenant_id, survey_id, email, first_name, last_name, meta, scheduled_date, send_status)
      select ${tenantId}::uuid, r.s, r.e, r.f, r.l, coalesce(r.m, '{}'::jsonb), r.d, 'Pending'
      from json_to_recordset(${JSON.stringify(payload)}::json) as r(s text, e text, f text, l text, m jsonb, d timestamptz)
      returning id, email`),
  );
  const idByEmail = new Map(inserted.map((row) => [row.email, row.id]));
  return rows.flatMap((row) => {
    const id = idByEmail.get(row.email);
    return id ? [{ id, email: row.email }] : [];
  });
}

/** Invitees invited again (a reminder, or after a cancelled or failed send) go back to Pending. */
export async function resetInviteesForResend(db: Database, tenantId: string, inviteeIds: readonly string[], scheduledDate: Date | null) {
  if (inviteeIds.length === 0) return;
  await db
    .update(invitee)
    .set({ sendStatus: "Pending", scheduledDate, lastError: null })
    .where(and(eq(invitee.tenantId, tenantId), sql`${invitee.id} = any(${uuidArray(inviteeIds)})`));
}

/**
 * One queued delivery per invitee of one invitation, in one statement (the rows as one JSON parameter). Each
 * delivery's Message-ID is fixed here: `<{id}.invitation@{domain}>`. A pair that already has one is skipped.
 */
export async function insertDeliveries(
  db: Database,
  tenantId: string,
  batch: { invitationId: string; sendAt: Date; messageIdDomain: string; rows: readonly { id: string; inviteeId: string }[] },
): Promise<{ id: string; inviteeId: string }[]> {
  if (batch.rows.length === 0) return [];
  const payload = batch.rows.map((row) => ({ i: row.id, v: row.inviteeId }));
  return rowsOf<{ id: string; inviteeId: string }>(
    await db.execute(sql`
      insert into invitation_delivery (id, tenant_id, invitation_id, invitee_id, send_at, message_id)
      select r.i, ${tenantId}::uuid, ${batch.invitationId}::uuid, r.v, ${batch.sendAt.toISOString()}::timestamptz,
        '<' || r.i::text || '.invitation@' || ${batch.messageIdDomain}::text || '>'
      from json_to_recordset(${JSON.stringify(payload)}::json) as r(i uuid, v uuid)
      on conflict do nothing
      returning id, invitee_id as "inviteeId"`),
  );
}

/** A delivery claimed for sending, with what its email needs about the invitee. */
export interface ClaimedDelivery {
  id: string;
  tenantId: string;
  invitationId: string;
  inviteeId: string;
  messageId: string;
  /** Null when the invitee no longer exists. */
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  meta: Record<string, string> | null;
  /** The address unsubscribed from the company's invitations. */
  suppressed: boolean;
}

/**
 * Claims deliveries for sending, in one statement for a whole batch of jobs: the queued ones, and those whose
 * sender's lease ran out (its worker died), each leased for `leaseSeconds`. A sent, failed, cancelled or
 * unsubscribed delivery is never claimed, so a job that runs twice sends once; of two workers racing for one
 * delivery only one gets it. Each claimed row comes with its invitee and whether the address is suppressed.
 */
export async function claimDeliveries(db: Database, deliveryIds: readonly string[], leaseSeconds: number): Promise<ClaimedDelivery[]> {
  if (deliveryIds.length === 0) return [];
  return rowsOf<ClaimedDelivery>(
    await db.execute(sql`
      with claimed as (
        update invitation_delivery d
        set status = 'sending', attempts = d.attempts + 1, claimed_until = now() + make_interval(secs => ${leaseSeconds})
        where d.id = any(${uuidArray(deliveryIds)})
          and (d.status = 'queued' or (d.status = 'sending' and d.claimed_until < now()))
        returning d.id, d.tenant_id, d.invitation_id, d.invitee_id, d.message_id
      )
      select c.id, c.tenant_id as "tenantId", c.invitation_id as "invitationId", c.invitee_id as "inviteeId",
        c.message_id as "messageId", i.email, i.first_name as "firstName", i.last_name as "lastName", i.meta,
        exists (select 1 from email_suppression s where s.tenant_id = c.tenant_id and s.email = i.email) as suppressed
      from claimed c
      left join invitee i on i.id = c.invitee_id and i.tenant_id = c.tenant_id`),
  );
}

/** What every email of one invitation shares: its content, its survey (without the questions) and the company. */
export interface InvitationContext {
  id: string;
  tenantId: string;
  subject: string;
  senderName: string;
  replyTo: string | null;
  content: string;
  surveyId: string;
  surveyName: string;
  surveyPreset: string;
  metaFields: Record<string, string>;
  companyName: string | null;
}

export async function loadInvitationContexts(
  db: Database,
  invitations: readonly { tenantId: string; invitationId: string }[],
): Promise<InvitationContext[]> {
  if (invitations.length === 0) return [];
  return rowsOf<InvitationContext>(
    await db.execute(sql`
      select inv.id, inv.tenant_id as "tenantId", inv.subject, inv.sender_name as "senderName", inv.reply_to as "replyTo",
        inv.content, s.id as "surveyId", s.name as "surveyName", s.survey_preset as "surveyPreset",
        s.meta_fields as "metaFields", t.company_name as "companyName"
      from unnest(${uuidArray(invitations.map((row) => row.tenantId))}, ${uuidArray(invitations.map((row) => row.invitationId))}) as r(t, i)
      join invitation inv on inv.id = r.i and inv.tenant_id = r.t
      join survey s on s.id = inv.survey_id and s.tenant_id = inv.tenant_id
      join tenant t on t.id = inv.tenant_id`),
  );
}

/**
 * The end of a send attempt: `sent`, `failed` (a 5xx answer, retries used up, or nothing to send to),
 * `unsubscribed`, or `retry` (a 4xx answer or a dropped connection: the claim is released for the job's retry).
 */
export interface DeliveryOutcome {
  id: string;
  tenantId: string;
  inviteeId: string;
  status: "sent" | "failed" | "unsubscribed" | "retry";
  error: string | null;
}

/**
 * Records the outcomes of many deliveries and mirrors them on their invitees, in one statement (so atomically):
 * Sent keeps `firstEmail` and sets `mostRecentEmail`; Failed and Unsubscribed never overwrite Sent; a retry keeps
 * only the reason. Several outcomes for one invitee (two invitations at once) mirror a sent one if any.
 */
export async function recordDeliveryOutcomes(db: Database, outcomes: readonly DeliveryOutcome[]): Promise<void> {
  if (outcomes.length === 0) return;
  const byInvitee = new Map<string, DeliveryOutcome>();
  for (const outcome of outcomes) {
    const key = `${outcome.tenantId}:${outcome.inviteeId}`;
    if (byInvitee.get(key)?.status !== "sent") byInvitee.set(key, outcome);
  }
  const invitees = [...byInvitee.values()];
  const columns = (rows: readonly DeliveryOutcome[], id: (row: DeliveryOutcome) => string) =>
    sql`unnest(${uuidArray(rows.map(id))}, ${uuidArray(rows.map((row) => row.tenantId))}, ${textArray(rows.map((row) => row.status))}, ${textArray(rows.map((row) => row.error))})`;
  await db.execute(sql`
    with delivery_outcome as (
      update invitation_delivery d
      set status = case when o.s = 'retry' then 'queued' else o.s end,
        sent_at = case when o.s = 'sent' then now() when o.s = 'retry' then d.sent_at end,
        last_error = o.e,
        claimed_until = null
      from ${columns(outcomes, (row) => row.id)} as o(i, t, s, e)
      where d.id = o.i and d.tenant_id = o.t
      returning d.id
    )
    update invitee i
    set send_status = case o.s when 'sent' then 'Sent' when 'failed' then 'Failed' when 'unsubscribed' then 'Unsubscribed' else i.send_status end,
      first_email = case when o.s = 'sent' then coalesce(i.first_email, now()) else i.first_email end,
      most_recent_email = case when o.s = 'sent' then now() else i.most_recent_email end,
      last_error = case when o.s = 'sent' then null else o.e end
    from ${columns(invitees, (row) => row.inviteeId)} as o(i, t, s, e)
    where i.id = o.i and i.tenant_id = o.t and (o.s in ('sent', 'retry') or i.send_status <> 'Sent')`);
}

/** Deliveries whose job may have gone missing: queued long after their time, or stuck with an expired lease. */
export async function listStrandedDeliveries(db: Database, limit = 1000) {
  return db
    .select({ id: invitationDelivery.id, sendAt: invitationDelivery.sendAt })
    .from(invitationDelivery)
    .where(
      sql`(${invitationDelivery.status} = 'queued' and ${invitationDelivery.sendAt} < now() - interval '15 minutes')
        or (${invitationDelivery.status} = 'sending' and ${invitationDelivery.claimedUntil} < now() - interval '15 minutes')`,
    )
    .limit(limit);
}

/** Cancel Send: only Pending invitees with a scheduled date; their queued emails are cancelled with them. */
export async function cancelScheduledInvitees(db: Database, tenantId: string, surveyId: string, inviteeIds: readonly string[]) {
  return db.transaction(async (tx) => {
    const paused = await tx
      .update(invitee)
      .set({ sendStatus: "Cancelled" })
      .where(
        and(
          eq(invitee.tenantId, tenantId),
          eq(invitee.surveyId, surveyId),
          inArray(invitee.id, [...inviteeIds]),
          eq(invitee.sendStatus, "Pending"),
          isNotNull(invitee.scheduledDate),
        ),
      )
      .returning({ id: invitee.id });
    const ids = paused.map((row) => row.id);
    if (ids.length > 0) {
      await tx
        .update(invitationDelivery)
        .set({ status: "cancelled" })
        .where(
          and(
            eq(invitationDelivery.tenantId, tenantId),
            inArray(invitationDelivery.inviteeId, ids),
            eq(invitationDelivery.status, "queued"),
          ),
        );
    }
    return ids.length;
  });
}

export async function pageSurveyInvitees(db: Database, tenantId: string, surveyId: string, page: number, pageSize: number) {
  const where = and(eq(invitee.tenantId, tenantId), eq(invitee.surveyId, surveyId));
  const [totals] = await db
    .select({
      total: sql<number>`count(*)::int`,
      dispatching: sql<number>`(count(*) filter (where ${invitee.sendStatus} = 'Pending' and (${invitee.scheduledDate} is null or ${invitee.scheduledDate} <= now())))::int`,
    })
    .from(invitee)
    .where(where);
  const rows = await db
    .select()
    .from(invitee)
    .where(where)
    .orderBy(asc(invitee.createdAt), asc(invitee.email))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { rows, total: totals?.total ?? 0, dispatching: totals?.dispatching ?? 0 };
}

export interface CompanyInviteeFilter {
  search?: string;
  cohortKey?: string;
  cohortValue?: string;
}

/** Everyone the company invited, one row per email: newest names and cohort fields, and the last email per survey. */
export async function pageCompanyInvitees(db: Database, tenantId: string, filter: CompanyInviteeFilter, page: number, pageSize: number) {
  const conditions = [sql`tenant_id = ${tenantId}`];
  if (filter.search)
    conditions.push(
      sql`(email ilike ${`%${escapeLike(filter.search)}%`} or coalesce(first_name, '') || ' ' || coalesce(last_name, '') ilike ${`%${escapeLike(filter.search)}%`})`,
    );
  const where = sql.join(conditions, sql` and `);
  const cohort = filter.cohortKey && filter.cohortValue ? sql`where latest.meta ->> ${filter.cohortKey} = ${filter.cohortValue}` : sql``;
  const grouped = sql`
    select email,
      (array_agg(first_name order by created_at desc) filter (where first_name is not null))[1] as first_name,
      (array_agg(last_name order by created_at desc) filter (where last_name is not null))[1] as last_name,
      (array_agg(meta order by created_at desc))[1] as meta,
      coalesce(jsonb_object_agg(survey_id, (extract(epoch from most_recent_email) * 1000)::bigint) filter (where most_recent_email is not null), '{}'::jsonb) as most_recent_emails
    from invitee where ${where}
    group by email`;
  const totalRows = (await db.execute(sql`select count(*)::int as total from (${grouped}) latest ${cohort}`)) as unknown as {
    rows: { total: number }[];
  };
  const pageRows = (await db.execute(
    sql`select * from (${grouped}) latest ${cohort} order by latest.email limit ${pageSize} offset ${(page - 1) * pageSize}`,
  )) as unknown as {
    rows: {
      email: string;
      first_name: string | null;
      last_name: string | null;
      meta: Record<string, string> | null;
      most_recent_emails: Record<string, number | string>;
    }[];
  };
  return { rows: pageRows.rows, total: Number(totalRows.rows[0]?.total ?? 0) };
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** Cohort keys and values among the company's invitees, with how many people carry each. */
export async function listCohortValues(db: Database, tenantId: string, keys: readonly string[]) {
  const result = (await db.execute(sql`
    select field.key, field.value, count(distinct invitee.email)::int as count
    from invitee, jsonb_each_text(invitee.meta) as field
    where invitee.tenant_id = ${tenantId} and field.key in (${sql.join(
      keys.map((key) => sql`${key}`),
      sql`, `,
    )}) and field.value <> ''
    group by field.key, field.value
    order by field.key, count desc, field.value
  `)) as unknown as { rows: { key: string; value: string; count: number }[] };
  return result.rows;
}

export async function listSurveyNames(db: Database, tenantId: string, surveyIds: readonly string[]) {
  if (surveyIds.length === 0) return [];
  return db
    .select({ id: survey.id, name: survey.name })
    .from(survey)
    .where(and(eq(survey.tenantId, tenantId), inArray(survey.id, [...surveyIds])));
}

export async function listTemplates(db: Database, tenantId: string) {
  return db
    .select()
    .from(emailTemplate)
    .where(eq(emailTemplate.tenantId, tenantId))
    .orderBy(asc(sql`lower(${emailTemplate.name})`));
}

export async function findTemplate(db: Database, tenantId: string, id: string) {
  const [row] = await db
    .select()
    .from(emailTemplate)
    .where(and(eq(emailTemplate.tenantId, tenantId), eq(emailTemplate.id, id)));
  return row;
}

export async function insertTemplate(db: Database, tenantId: string, row: Omit<typeof emailTemplate.$inferInsert, "tenantId">) {
  const [inserted] = await db
    .insert(emailTemplate)
    .values({ ...row, tenantId })
    .onConflictDoNothing()
    .returning();
  return inserted;
}

export async function updateTemplate(
  db: Database,
  tenantId: string,
  id: string,
  changes: Partial<Pick<TemplateRow, "name" | "subject" | "content">>,
) {
  const [row] = await db
    .update(emailTemplate)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(and(eq(emailTemplate.tenantId, tenantId), eq(emailTemplate.id, id)))
    .returning();
  return row;
}

export async function deleteTemplate(db: Database, tenantId: string, id: string) {
  const rows = await db
    .delete(emailTemplate)
    .where(and(eq(emailTemplate.tenantId, tenantId), eq(emailTemplate.id, id)))
    .returning({ id: emailTemplate.id });
  return rows.length > 0;
}

/** An unsubscribe: no more invitations from this company; emails still queued for the address are dropped. */
export async function suppressEmail(db: Database, tenantId: string, email: string) {
  await db.transaction(async (tx) => {
    await tx.insert(emailSuppression).values({ tenantId, email }).onConflictDoNothing();
    const pending = await tx
      .update(invitee)
      .set({ sendStatus: "Unsubscribed" })
      .where(and(eq(invitee.tenantId, tenantId), eq(invitee.email, email), eq(invitee.sendStatus, "Pending")))
      .returning({ id: invitee.id });
    if (pending.length > 0) {
      await tx
        .update(invitationDelivery)
        .set({ status: "unsubscribed" })
        .where(
          and(
            eq(invitationDelivery.tenantId, tenantId),
            inArray(
              invitationDelivery.inviteeId,
              pending.map((row) => row.id),
            ),
            eq(invitationDelivery.status, "queued"),
          ),
        );
    }
  });
}

export async function findCompanyName(db: Database, tenantId: string) {
  const [row] = await db.select({ companyName: tenant.companyName }).from(tenant).where(eq(tenant.id, tenantId));
  return row?.companyName ?? null;
}
