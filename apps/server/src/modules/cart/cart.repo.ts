/** The cart's SQL: one row per company (docs/decisions/0028). Every method but the platform scan takes the tenant id. */
import { and, asc, eq, isNotNull, lte, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { cart } from "../../db/schema-cart.js";

export type CartRow = typeof cart.$inferSelect;

export async function findCart(db: Database, tenantId: string): Promise<CartRow | undefined> {
  const [row] = await db.select().from(cart).where(eq(cart.tenantId, tenantId));
  return row;
}

/** The company's cart row, created empty when missing, locked until the transaction ends (changes are read-modify-write). */
export async function lockCart(tx: Database, tenantId: string): Promise<CartRow> {
  await tx.insert(cart).values({ tenantId }).onConflictDoNothing({ target: cart.tenantId });
  const [row] = await tx.select().from(cart).where(eq(cart.tenantId, tenantId)).for("update");
  return row;
}

export async function updateCart(
  db: Database,
  tenantId: string,
  changes: { items?: unknown[]; billingCycle?: string; updatedBy?: string | null },
): Promise<CartRow | undefined> {
  const [row] = await db
    .update(cart)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(cart.tenantId, tenantId))
    .returning();
  return row;
}

/**
 * Platform scan for the CRM (across companies, like the email outbox sweep): carts holding at least one item whose
 * last change, by a known user, is at or before `changedBefore`, oldest first.
 */
export async function listOpenCartRowsChangedBefore(db: Database, changedBefore: Date, limit: number): Promise<CartRow[]> {
  return db
    .select()
    .from(cart)
    .where(and(lte(cart.updatedAt, changedBefore), isNotNull(cart.updatedBy), sql`jsonb_array_length(${cart.items}) > 0`))
    .orderBy(asc(cart.updatedAt))
    .limit(limit);
}
