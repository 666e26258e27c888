import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { sellerSetting } from "../../db/schema-billing.js";

/** The one row of the seller's overrides. Platform-wide, not a tenant's data, so no tenant id (decision 0060). */
export const SELLER_SETTING_ID = "seller";

export type SellerSettingRow = typeof sellerSetting.$inferSelect;
export type SellerSettingChange = Partial<Pick<SellerSettingRow, "name" | "address" | "taxId" | "remittance">>;

export async function findSellerSetting(db: Database): Promise<SellerSettingRow | undefined> {
  const [row] = await db.select().from(sellerSetting).where(eq(sellerSetting.id, SELLER_SETTING_ID));
  return row;
}

/** Writes the fields given (and only those), creating the row the first time. */
export async function upsertSellerSetting(
  db: Database,
  change: SellerSettingChange,
  updatedBy: string,
  at: Date,
): Promise<SellerSettingRow> {
  const [row] = await db
    .insert(sellerSetting)
    .values({ id: SELLER_SETTING_ID, ...change, updatedBy, updatedAt: at })
    .onConflictDoUpdate({ target: sellerSetting.id, set: { ...change, updatedBy, updatedAt: at } })
    .returning();
  return row;
}
