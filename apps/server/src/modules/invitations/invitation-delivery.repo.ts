/**
 * The SQL of sending invitation emails: claiming deliveries, reading what their emails share, recording outcomes and
 * finding stranded ones. The send worker serves every company, so these statements go by delivery id (each row
 * carries its tenant id, and every join matches on it).
 */
import type { SurveyField } from "@hearth/shared";
import { sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { rowsOf } from "../../db/client.js";
import { invitationDelivery } from "../../db/schema.js";
import { textArray, uuidArray } from "../../db/sql-arrays.js";

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
  /** The survey's questions (its duration is computed from them) and the company's brand (decision 0065). */
  fields: SurveyField[];
  logoContentType: string | null;
  logoUpdatedAt: Date | null;
  accentColor: string | null;
  /** The user who created the invitation has an unverified address (and is no internal account): nothing is sent. */
  senderUnverified: boolean;
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
        s.meta_fields as "metaFields", t.company_name as "companyName", s.fields,
        t.logo_content_type as "logoContentType", t.logo_updated_at as "logoUpdatedAt", t.accent_color as "accentColor",
        coalesce(not (u.email_verified or u.is_internal_account), false) as "senderUnverified"
      from unnest(${uuidArray(invitations.map((row) => row.tenantId))}, ${uuidArray(invitations.map((row) => row.invitationId))}) as r(t, i)
      join invitation inv on inv.id = r.i and inv.tenant_id = r.t
      join survey s on s.id = inv.survey_id and s.tenant_id = inv.tenant_id
      join tenant t on t.id = inv.tenant_id
      left join "user" u on u.id = inv.created_by`),
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
