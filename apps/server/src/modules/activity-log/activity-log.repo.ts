/**
 * The company's activity log (spec: activityLog), written by many slices: the cart, the team, imports, senders,
 * badges and the operator console. Its writer and its one page reader live in a slice of its own, below all of them,
 * so none of them imports another slice for it; a slice that shows a share of the log passes its own filter.
 */
import { and, count, desc, eq, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { activityLog, user } from "../../db/schema.js";

/**
 * One page of a company's activity log, newest first, with the account of who wrote each entry (null once removed);
 * `filter` narrows it (a survey's changes, say) within the company.
 */
export async function listActivityEntries(db: Database, tenantId: string, page: number, pageSize: number, filter?: SQL) {
  const where = filter ? and(eq(activityLog.tenantId, tenantId), filter) : eq(activityLog.tenantId, tenantId);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        id: activityLog.id,
        action: activityLog.action,
        data: activityLog.data,
        createdAt: activityLog.createdAt,
        userId: activityLog.userId,
        firstName: user.firstName,
        lastName: user.lastName,
        email: user.email,
      })
      .from(activityLog)
      .leftJoin(user, eq(user.id, activityLog.userId))
      .where(where)
      .orderBy(desc(activityLog.createdAt), desc(activityLog.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(activityLog).where(where),
  ]);
  return { rows, total };
}

/** `userId` null: an entry written by a job, with no user behind it (shown as "System"). */
export async function insertActivityLogs(
  db: Database,
  tenantId: string,
  userId: string | null,
  entries: { action: string; data: Record<string, unknown> }[],
): Promise<void> {
  if (entries.length === 0) return;
  // One change can log two entries (a plan replaced: its removal, then the new plan's addition). A transaction's now()
  // would give both the same time; a millisecond apart they read back in the order they happened.
  const at = Date.now();
  await db
    .insert(activityLog)
    .values(entries.map((entry, index) => ({ tenantId, userId, action: entry.action, data: entry.data, createdAt: new Date(at + index) })));
}

/**
 * Before a member's account is removed, their entries record who they were (`actorName`, `actorEmail` in the entry's
 * data), so the log still names them afterwards (issue 25 item 5, decision 0070).
 */
export async function recordActorOnActivityLogs(
  db: Database,
  tenantId: string,
  userId: string,
  actor: { name: string | null; email: string },
): Promise<void> {
  const recorded = { actorName: actor.name, actorEmail: actor.email };
  await db
    .update(activityLog)
    .set({ data: sql`${activityLog.data} || ${JSON.stringify(recorded)}::jsonb` })
    .where(and(eq(activityLog.tenantId, tenantId), eq(activityLog.userId, userId)));
}
