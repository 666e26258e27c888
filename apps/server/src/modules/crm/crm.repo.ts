import { and, count, desc, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { crmOutbox } from "../../db/schema-crm.js";
import { type CrmEvent, eventPayload } from "./crm.events.js";

export type CrmOutboxRow = typeof crmOutbox.$inferSelect;
export type CrmEventStatus = "stored" | "sent" | "failed";

export async function findCrmEvent(db: Database, tenantId: string, eventKey: string): Promise<CrmOutboxRow | undefined> {
  const [row] = await db
    .select()
    .from(crmOutbox)
    .where(and(eq(crmOutbox.tenantId, tenantId), eq(crmOutbox.eventKey, eventKey)));
  return row;
}

/** An event's row as first written (one attempt). */
function outboxRow(tenantId: string, event: CrmEvent, status: CrmEventStatus) {
  return {
    eventKey: event.eventKey,
    tenantId,
    userId: event.userId,
    kind: event.kind,
    payload: eventPayload(event),
    status,
    attempts: 1,
  };
}

/** The outbox write: one row per event key; a second write of the same event does nothing. True when stored now. */
export async function insertCrmEvent(db: Database, tenantId: string, event: CrmEvent, status: CrmEventStatus): Promise<boolean> {
  const rows = await db
    .insert(crmOutbox)
    .values(outboxRow(tenantId, event, status))
    .onConflictDoNothing({ target: crmOutbox.eventKey })
    .returning({ id: crmOutbox.id });
  return rows.length > 0;
}

/** The HubSpot ledger: records an attempt's outcome (sent, or failed with its error), counting attempts. */
export async function recordCrmAttempt(
  db: Database,
  tenantId: string,
  event: CrmEvent,
  status: "sent" | "failed",
  lastError: string | null,
): Promise<void> {
  await db
    .insert(crmOutbox)
    .values({ ...outboxRow(tenantId, event, status), lastError })
    .onConflictDoUpdate({
      target: crmOutbox.eventKey,
      set: { status, lastError, attempts: sql`${crmOutbox.attempts} + 1`, updatedAt: new Date() },
      // a row of another tenant with the same key is never touched (keys carry no tenant id in clear)
      setWhere: eq(crmOutbox.tenantId, tenantId),
    });
}

type OutboxFilter = { tenantId?: string; kind?: string };

const outboxWhere = (filter: OutboxFilter) =>
  and(filter.tenantId ? eq(crmOutbox.tenantId, filter.tenantId) : undefined, filter.kind ? eq(crmOutbox.kind, filter.kind) : undefined);

/**
 * The internal accounts' view across companies (platform records, like the email outbox): optionally one company's.
 * These two reads are the only ones here without a required tenant id; their route is internal-only.
 */
export async function countCrmOutbox(db: Database, filter: OutboxFilter): Promise<number> {
  const [{ total }] = await db.select({ total: count() }).from(crmOutbox).where(outboxWhere(filter));
  return Number(total);
}

/** A page of events, newest first. */
export async function listCrmOutbox(db: Database, filter: OutboxFilter, offset: number, limit: number): Promise<CrmOutboxRow[]> {
  return db
    .select()
    .from(crmOutbox)
    .where(outboxWhere(filter))
    .orderBy(desc(crmOutbox.createdAt), desc(crmOutbox.id))
    .offset(offset)
    .limit(limit);
}
