/**
 * The company's activity log (spec: activityLog), written by many slices: the cart, the team, imports, senders,
 * badges and the operator console. Its writer lives in a slice of its own, below all of them, so none of them imports
 * another slice for it. Each slice that shows entries reads them in its own repository.
 */
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { activityLog } from "../../db/schema.js";

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
