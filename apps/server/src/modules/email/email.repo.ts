import { and, desc, eq, inArray, lt, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { emailOutbox } from "../../db/schema.js";

export type OutboxRow = typeof emailOutbox.$inferSelect;
export type NewOutboxRow = typeof emailOutbox.$inferInsert;

/** Outbox rows are platform records: a tenant id is stored when the email belongs to one, and every tenant-facing read filters on it. */
export async function insertOutboxMessage(db: Database, row: NewOutboxRow): Promise<OutboxRow> {
  const [inserted] = await db.insert(emailOutbox).values(row).returning();
  return inserted;
}

/** Claims a message for sending; a message already sent is never claimed again. */
export async function claimOutboxMessage(db: Database, id: string): Promise<OutboxRow | undefined> {
  const [claimed] = await db
    .update(emailOutbox)
    .set({ status: "sending", attempts: sql`${emailOutbox.attempts} + 1` })
    .where(and(eq(emailOutbox.id, id), inArray(emailOutbox.status, ["queued", "failed", "sending"])))
    .returning();
  return claimed;
}

export async function markOutboxMessage(
  db: Database,
  id: string,
  status: "sent" | "stored" | "failed",
  lastError: string | null = null,
): Promise<void> {
  await db
    .update(emailOutbox)
    .set({ status, lastError, sentAt: status === "failed" ? null : new Date() })
    .where(eq(emailOutbox.id, id));
}

export async function listStaleQueuedMessageIds(db: Database, olderThan: Date, limit = 500): Promise<string[]> {
  const rows = await db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(and(inArray(emailOutbox.status, ["queued", "failed"]), lt(emailOutbox.createdAt, olderThan), lt(emailOutbox.attempts, 8)))
    .limit(limit);
  return rows.map((row) => row.id);
}

/** For the development mail viewer only (no SMTP configured): the newest messages across the instance. */
export async function listRecentOutboxMessages(db: Database, limit = 100): Promise<OutboxRow[]> {
  return db.select().from(emailOutbox).orderBy(desc(emailOutbox.createdAt)).limit(limit);
}

export async function findOutboxMessage(db: Database, id: string): Promise<OutboxRow | undefined> {
  const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
  return row;
}
