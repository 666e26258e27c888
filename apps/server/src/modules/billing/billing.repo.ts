import { asc, eq } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { deal } from "../../db/schema-billing.js";

export type DealRow = typeof deal.$inferSelect;
export type NewDeal = Omit<typeof deal.$inferInsert, "id" | "tenantId" | "createdAt" | "updatedAt">;

/** A company's deals, oldest first (the order breaks ties between equal plans: decision 0027). */
export async function listTenantDeals(db: Database, tenantId: string): Promise<DealRow[]> {
  return db.select().from(deal).where(eq(deal.tenantId, tenantId)).orderBy(asc(deal.createdAt), asc(deal.id));
}

export async function insertDeal(db: Database, tenantId: string, values: NewDeal): Promise<DealRow> {
  const [row] = await db
    .insert(deal)
    .values({ ...values, tenantId })
    .returning();
  return row;
}

/** Clears the active flag of every deal of the company (its effective plan falls to Free until a new deal gives one). */
export async function deactivateTenantDeals(db: Database, tenantId: string): Promise<void> {
  await db.update(deal).set({ isActive: false, updatedAt: new Date() }).where(eq(deal.tenantId, tenantId));
}
