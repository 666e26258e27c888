/** Every SQL statement of invitations, invitees, deliveries, templates and unsubscribes; each takes the tenant id. */
import { and, asc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { emailSuppression, emailTemplate, invitation, invitationDelivery, invitee, survey, tenant } from "../../db/schema.js";

export type InvitationRow = typeof invitation.$inferSelect;
export type InviteeRow = typeof invitee.$inferSelect;
export type DeliveryRow = typeof invitationDelivery.$inferSelect;
export type TemplateRow = typeof emailTemplate.$inferSelect;

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
    .where(and(eq(invitee.tenantId, tenantId), eq(invitee.surveyId, surveyId), inArray(invitee.email, [...emails])));
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
        ? and(eq(emailSuppression.tenantId, tenantId), inArray(emailSuppression.email, [...emails]))
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
        inArray(invitationDelivery.inviteeId, [...inviteeIds]),
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
    .where(and(eq(invitee.tenantId, tenantId), inArray(invitee.email, [...emails])))
    .orderBy(invitee.email, sql`${invitee.createdAt} desc`);
  return new Map(rows.map((row) => [row.email, row]));
}

export async function insertInvitees(db: Database, tenantId: string, rows: readonly Omit<typeof invitee.$inferInsert, "tenantId">[]) {
  if (rows.length === 0) return [];
  return db
    .insert(invitee)
    .values(rows.map((row) => ({ ...row, tenantId })))
    .returning({ id: invitee.id, email: invitee.email });
}

/** Invitees invited again (a reminder, or after a cancelled or failed send) go back to Pending. */
export async function resetInviteesForResend(db: Database, tenantId: string, inviteeIds: readonly string[], scheduledDate: Date | null) {
  if (inviteeIds.length === 0) return;
  await db
    .update(invitee)
    .set({ sendStatus: "Pending", scheduledDate, lastError: null })
    .where(and(eq(invitee.tenantId, tenantId), inArray(invitee.id, [...inviteeIds])));
}

export async function insertDeliveries(
  db: Database,
  tenantId: string,
  rows: readonly Omit<typeof invitationDelivery.$inferInsert, "tenantId">[],
) {
  if (rows.length === 0) return [];
  return db
    .insert(invitationDelivery)
    .values(rows.map((row) => ({ ...row, tenantId })))
    .onConflictDoNothing()
    .returning({ id: invitationDelivery.id, inviteeId: invitationDelivery.inviteeId, sendAt: invitationDelivery.sendAt });
}

/**
 * Claims a delivery for sending: a queued one, or one whose sender's lease ran out (its worker died). A sent,
 * failed, cancelled or unsubscribed delivery is never claimed, so a job that runs twice sends once.
 */
export async function claimDelivery(db: Database, deliveryId: string, leaseSeconds: number): Promise<DeliveryRow | undefined> {
  const [row] = await db
    .update(invitationDelivery)
    .set({
      status: "sending",
      attempts: sql`${invitationDelivery.attempts} + 1`,
      claimedUntil: sql`now() + make_interval(secs => ${leaseSeconds})`,
    })
    .where(
      and(
        eq(invitationDelivery.id, deliveryId),
        sql`(${invitationDelivery.status} = 'queued' or (${invitationDelivery.status} = 'sending' and ${invitationDelivery.claimedUntil} < now()))`,
      ),
    )
    .returning();
  return row;
}

/** What a delivery needs to be rendered: its invitation, invitee, survey and company. */
export async function loadDeliveryContext(db: Database, delivery: DeliveryRow) {
  const [row] = await db
    .select({ invitation, invitee, survey, tenant: { companyName: tenant.companyName } })
    .from(invitation)
    .innerJoin(invitee, eq(invitee.id, delivery.inviteeId))
    .innerJoin(survey, eq(survey.id, invitation.surveyId))
    .innerJoin(tenant, eq(tenant.id, invitation.tenantId))
    .where(
      and(eq(invitation.id, delivery.invitationId), eq(invitation.tenantId, delivery.tenantId), eq(invitee.tenantId, delivery.tenantId)),
    );
  return row;
}

export async function isSuppressed(db: Database, tenantId: string, email: string): Promise<boolean> {
  const [row] = await db
    .select({ email: emailSuppression.email })
    .from(emailSuppression)
    .where(and(eq(emailSuppression.tenantId, tenantId), eq(emailSuppression.email, email)));
  return Boolean(row);
}

/** Records the outcome of a delivery and mirrors it on the invitee (Sent / Failed / Unsubscribed), in one transaction. */
export async function finishDelivery(
  db: Database,
  delivery: Pick<DeliveryRow, "id" | "tenantId" | "inviteeId">,
  outcome: { status: "sent" | "failed" | "unsubscribed"; error?: string | null },
) {
  await db.transaction(async (tx) => {
    await tx
      .update(invitationDelivery)
      .set({
        status: outcome.status,
        sentAt: outcome.status === "sent" ? sql`now()` : null,
        lastError: outcome.error ?? null,
        claimedUntil: null,
      })
      .where(and(eq(invitationDelivery.id, delivery.id), eq(invitationDelivery.tenantId, delivery.tenantId)));
    if (outcome.status === "sent") {
      await tx
        .update(invitee)
        .set({ sendStatus: "Sent", firstEmail: sql`coalesce(${invitee.firstEmail}, now())`, mostRecentEmail: sql`now()`, lastError: null })
        .where(and(eq(invitee.id, delivery.inviteeId), eq(invitee.tenantId, delivery.tenantId)));
    } else {
      await tx
        .update(invitee)
        .set({ sendStatus: outcome.status === "failed" ? "Failed" : "Unsubscribed", lastError: outcome.error ?? null })
        .where(and(eq(invitee.id, delivery.inviteeId), eq(invitee.tenantId, delivery.tenantId), sql`${invitee.sendStatus} <> 'Sent'`));
    }
  });
}

/** A send that will be retried: the claim is released and the reason kept. */
export async function releaseDelivery(db: Database, delivery: Pick<DeliveryRow, "id" | "tenantId" | "inviteeId">, error: string) {
  await db.transaction(async (tx) => {
    await tx
      .update(invitationDelivery)
      .set({ status: "queued", claimedUntil: null, lastError: error })
      .where(and(eq(invitationDelivery.id, delivery.id), eq(invitationDelivery.tenantId, delivery.tenantId)));
    await tx
      .update(invitee)
      .set({ lastError: error })
      .where(and(eq(invitee.id, delivery.inviteeId), eq(invitee.tenantId, delivery.tenantId)));
  });
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
