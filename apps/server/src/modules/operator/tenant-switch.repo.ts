import { and, desc, eq, gt, isNull } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { tenant, user } from "../../db/schema.js";
import { tenantSwitch } from "../../db/schema-operator.js";
import { listActivityEntries } from "../activity-log/activity-log.repo.js";

export interface ActiveSwitchRow {
  id: string;
  tenantId: string;
  companyName: string | null;
  startedAt: Date;
  expiresAt: Date;
}

/**
 * The switch a session is in now: its newest row, if that row is neither ended nor past its end. Only the session's
 * own row counts, so another session (or a copied cookie of an ended switch) never inherits one.
 */
export async function findActiveSwitch(
  db: Database,
  sessionId: string,
  operatorUserId: string,
  now: Date,
): Promise<ActiveSwitchRow | null> {
  const [row] = await db
    .select({
      id: tenantSwitch.id,
      tenantId: tenantSwitch.tenantId,
      companyName: tenant.companyName,
      startedAt: tenantSwitch.startedAt,
      expiresAt: tenantSwitch.expiresAt,
      endedAt: tenantSwitch.endedAt,
    })
    .from(tenantSwitch)
    .innerJoin(tenant, eq(tenant.id, tenantSwitch.tenantId))
    .where(and(eq(tenantSwitch.sessionId, sessionId), eq(tenantSwitch.operatorUserId, operatorUserId)))
    .orderBy(desc(tenantSwitch.startedAt))
    .limit(1);
  if (!row || row.endedAt || row.expiresAt.getTime() <= now.getTime()) return null;
  return { id: row.id, tenantId: row.tenantId, companyName: row.companyName, startedAt: row.startedAt, expiresAt: row.expiresAt };
}

/** Ends every running switch of the session (a new switch replaces it; Return to my account ends it). */
export async function endSwitches(db: Database, sessionId: string, reason: "returned" | "replaced", now: Date): Promise<number> {
  const ended = await db
    .update(tenantSwitch)
    .set({ endedAt: now, endReason: reason })
    .where(and(eq(tenantSwitch.sessionId, sessionId), isNull(tenantSwitch.endedAt), gt(tenantSwitch.expiresAt, now)))
    .returning({ id: tenantSwitch.id });
  return ended.length;
}

export async function insertSwitch(
  db: Database,
  input: { sessionId: string; operatorUserId: string; tenantId: string; startedAt: Date; expiresAt: Date },
): Promise<string> {
  const [row] = await db.insert(tenantSwitch).values(input).returning({ id: tenantSwitch.id });
  return row.id;
}

/** A company an internal account may view: any customer company (not the operator's own). */
export async function findSwitchableTenant(
  db: Database,
  tenantId: string,
): Promise<{ id: string; isInternalAccount: boolean } | undefined> {
  const [row] = await db.select({ id: tenant.id, isInternalAccount: tenant.isInternalAccount }).from(tenant).where(eq(tenant.id, tenantId));
  return row;
}

/** Sets an internal account's visibility only if it still is what the caller saw; false when it was not. */
export async function compareAndSetVisibility(db: Database, userId: string, from: boolean, to: boolean): Promise<boolean> {
  const updated = await db
    .update(user)
    .set({ internalVisibility: to, updatedAt: new Date() })
    .where(and(eq(user.id, userId), eq(user.isInternalAccount, true), eq(user.internalVisibility, from)))
    .returning({ id: user.id });
  return updated.length === 1;
}

export async function readVisibility(db: Database, userId: string): Promise<boolean | undefined> {
  const [row] = await db.select({ internalVisibility: user.internalVisibility }).from(user).where(eq(user.id, userId));
  return row?.internalVisibility;
}

/** One page of a company's admin activity log, newest first, with who wrote each entry. */
export function listActivityLog(db: Database, tenantId: string, page: number, pageSize: number) {
  return listActivityEntries(db, tenantId, page, pageSize);
}
