/**
 * The only SQL behind senders and the sending allowance (docs/decisions/0056). Every function takes the tenant id.
 */
import { and, eq, gt, or, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { billingOrder } from "../../db/schema-orders.js";
import { sendingAllowanceGrant, sendingAllowanceUse } from "../../db/schema-sending.js";
import { tenant, user } from "../../db/schema.js";

/** Whether a user of the company may have email sent for them: a verified address, or an internal account. */
export async function findSenderStanding(
  db: Database,
  tenantId: string,
  userId: string,
): Promise<{ emailVerified: boolean; isInternalAccount: boolean } | undefined> {
  // An internal account viewing a company (tenant switch) belongs to its own company; a company user must be this one's.
  const [row] = await db
    .select({ emailVerified: user.emailVerified, isInternalAccount: user.isInternalAccount })
    .from(user)
    .where(and(eq(user.id, userId), or(eq(user.tenantId, tenantId), eq(user.isInternalAccount, true))));
  return row ? { emailVerified: row.emailVerified, isInternalAccount: row.isInternalAccount } : undefined;
}

/** The company's age and whether it is a customer company at all (internal and unknown companies have no allowance). */
export async function findAllowanceCompany(
  db: Database,
  tenantId: string,
): Promise<{ createdAt: Date; isInternalAccount: boolean } | undefined> {
  const [row] = await db
    .select({ createdAt: tenant.createdAt, isInternalAccount: tenant.isInternalAccount })
    .from(tenant)
    .where(eq(tenant.id, tenantId));
  return row;
}

/** True when the company has paid an order with something to pay. */
export async function hasPaidOrder(db: Database, tenantId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: billingOrder.id })
    .from(billingOrder)
    .where(and(eq(billingOrder.tenantId, tenantId), eq(billingOrder.status, "paid"), gt(billingOrder.total, 0)))
    .limit(1);
  return Boolean(row);
}

export async function findAllowanceGrant(db: Database, tenantId: string) {
  const [row] = await db.select().from(sendingAllowanceGrant).where(eq(sendingAllowanceGrant.tenantId, tenantId));
  return row;
}

export async function saveAllowanceGrant(
  db: Database,
  tenantId: string,
  grant: { dailyLimit: number; reason: string; grantedByUserId: string; grantedAt: Date },
): Promise<void> {
  await db
    .insert(sendingAllowanceGrant)
    .values({ tenantId, ...grant })
    .onConflictDoUpdate({ target: sendingAllowanceGrant.tenantId, set: grant });
}

export async function deleteAllowanceGrant(db: Database, tenantId: string): Promise<void> {
  await db.delete(sendingAllowanceGrant).where(eq(sendingAllowanceGrant.tenantId, tenantId));
}

/** Emails counted against the company's allowance on one UTC day. */
export async function readAllowanceUse(db: Database, tenantId: string, day: string): Promise<number> {
  const [row] = await db
    .select({ used: sendingAllowanceUse.used })
    .from(sendingAllowanceUse)
    .where(and(eq(sendingAllowanceUse.tenantId, tenantId), eq(sendingAllowanceUse.day, day)));
  return row?.used ?? 0;
}

/** Counts `count` more emails on the day (the caller holds the company's lock and has checked the limit). */
export async function addAllowanceUse(db: Database, tenantId: string, day: string, count: number): Promise<void> {
  await db
    .insert(sendingAllowanceUse)
    .values({ tenantId, day, used: count })
    .onConflictDoUpdate({
      target: [sendingAllowanceUse.tenantId, sendingAllowanceUse.day],
      set: { used: sql`${sendingAllowanceUse.used} + ${count}` },
    });
}
