import { and, desc, eq } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { upgradeRequest } from "../../db/schema.js";

export type UpgradeRequestRow = typeof upgradeRequest.$inferSelect;

export async function insertUpgradeRequest(
  db: Database,
  tenantId: string,
  userId: string,
  planRequested: string,
): Promise<UpgradeRequestRow> {
  const [row] = await db.insert(upgradeRequest).values({ tenantId, userId, planRequested }).returning();
  return row;
}

export async function listUserUpgradeRequests(db: Database, tenantId: string, userId: string): Promise<UpgradeRequestRow[]> {
  return db
    .select()
    .from(upgradeRequest)
    .where(and(eq(upgradeRequest.tenantId, tenantId), eq(upgradeRequest.userId, userId)))
    .orderBy(desc(upgradeRequest.dateRequested));
}
