import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { tenant } from "../../db/schema.js";

export type TenantRow = typeof tenant.$inferSelect;
export type NewTenantRow = typeof tenant.$inferInsert;

export async function insertTenant(db: Database, row: NewTenantRow): Promise<TenantRow> {
  const [inserted] = await db.insert(tenant).values(row).returning();
  return inserted;
}

export async function findTenant(db: Database, tenantId: string): Promise<TenantRow | undefined> {
  const [row] = await db.select().from(tenant).where(eq(tenant.id, tenantId));
  return row;
}

export async function updateTenant(
  db: Database,
  tenantId: string,
  changes: Partial<Omit<NewTenantRow, "id" | "createdAt">>,
): Promise<TenantRow | undefined> {
  const [row] = await db
    .update(tenant)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(tenant.id, tenantId))
    .returning();
  return row;
}

/** Sets the owner only while the company has none: the first admin to register is its Company Leader. */
export async function claimTenantOwnership(db: Database, tenantId: string, userId: string): Promise<void> {
  await db
    .update(tenant)
    .set({ ownerUserId: userId })
    .where(and(eq(tenant.id, tenantId), isNull(tenant.ownerUserId)));
}
