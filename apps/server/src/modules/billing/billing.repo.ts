import { and, asc, eq, inArray } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { deal } from "../../db/schema-billing.js";

export type DealRow = typeof deal.$inferSelect;
export type NewDeal = Omit<typeof deal.$inferInsert, "id" | "tenantId" | "createdAt" | "updatedAt">;

/** A company's deals, oldest first (the order breaks ties between equal plans: decision 0027). */
export async function listTenantDeals(db: Database, tenantId: string): Promise<DealRow[]> {
  return db.select().from(deal).where(eq(deal.tenantId, tenantId)).orderBy(asc(deal.createdAt), asc(deal.id));
}

/** The deals of several companies in one read (the operator console's company list), oldest first per company. */
export async function listDealsOfTenants(db: Database, tenantIds: readonly string[]): Promise<Map<string, DealRow[]>> {
  const byTenant = new Map<string, DealRow[]>(tenantIds.map((id) => [id, []]));
  if (tenantIds.length === 0) return byTenant;
  const rows = await db
    .select()
    .from(deal)
    .where(inArray(deal.tenantId, [...tenantIds]))
    .orderBy(asc(deal.createdAt), asc(deal.id));
  for (const row of rows) byTenant.get(row.tenantId)?.push(row);
  return byTenant;
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

/** One deal of the company, locked for the rest of the transaction; undefined when it is not the company's. */
export async function findTenantDealForUpdate(db: Database, tenantId: string, id: string): Promise<DealRow | undefined> {
  const [row] = await db
    .select()
    .from(deal)
    .where(and(eq(deal.tenantId, tenantId), eq(deal.id, id)))
    .for("update");
  return row;
}

export async function updateTenantDeal(
  db: Database,
  tenantId: string,
  id: string,
  values: Pick<NewDeal, "isActive" | "activatedDate" | "expiryDate" | "forceActivate">,
): Promise<DealRow> {
  const [row] = await db
    .update(deal)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(deal.tenantId, tenantId), eq(deal.id, id)))
    .returning();
  return row;
}
