/**
 * The SQL of invitations, invitees and unsubscribes; each statement takes the tenant id. Sending's statements are in
 * invitation-delivery.repo.ts, templates' in email-templates.repo.ts.
 */
import { and, asc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { mergeInviteeCohorts } from "@hearth/shared";
import type { Database } from "../../db/client.js";
import { rowsOf } from "../../db/client.js";
import { textArray, uuidArray } from "../../db/sql-arrays.js";
import { emailSuppression, invitation, invitationDelivery, invitee, survey, tenant } from "../../db/schema.js";

export type InvitationRow = typeof invitation.$inferSelect;
export type InviteeRow = typeof invitee.$inferSelect;
export type DeliveryRow = typeof invitationDelivery.$inferSelect;

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
          // one bind parameter for the whole list (inArray would bind one per id and pass PostgreSQL's 65,535)
          sql`${invitee.id} = any(${uuidArray(inviteeIds)})`,
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
            sql`${invitationDelivery.inviteeId} = any(${uuidArray(ids)})`,
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

/** The company's name and brand (logo version, accent colour) for the emails of an invitation. */
export async function findCompanyBrand(db: Database, tenantId: string) {
  const [row] = await db
    .select({
      companyName: tenant.companyName,
      logoContentType: tenant.logoContentType,
      logoUpdatedAt: tenant.logoUpdatedAt,
      accentColor: tenant.accentColor,
    })
    .from(tenant)
    .where(eq(tenant.id, tenantId));
  return row ?? { companyName: null, logoContentType: null, logoUpdatedAt: null, accentColor: null };
}

/**
 * Adds new invitees' cohort values to their survey's `invitee_cohorts` (decision 0045). The survey row is locked for
 * the merge, so two batches inviting at once cannot lose each other's values; nothing is written when nothing is new.
 */
export async function addSurveyInviteeCohorts(
  db: Database,
  tenantId: string,
  surveyId: string,
  metas: readonly Readonly<Record<string, string>>[],
): Promise<void> {
  if (!metas.some((meta) => Object.keys(meta).length > 0)) return;
  const [row] = await db
    .select({ inviteeCohorts: survey.inviteeCohorts })
    .from(survey)
    .where(and(eq(survey.tenantId, tenantId), eq(survey.id, surveyId)))
    .for("update");
  if (!row) return;
  const merged = mergeInviteeCohorts(row.inviteeCohorts ?? {}, metas);
  if (!merged.changed) return;
  await db
    .update(survey)
    .set({ inviteeCohorts: merged.values })
    .where(and(eq(survey.tenantId, tenantId), eq(survey.id, surveyId)));
}
