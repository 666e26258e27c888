import type { Database } from "../../db/client.js";
import { supportRequest } from "../../db/schema.js";

export type SupportRequestRow = typeof supportRequest.$inferSelect;

export async function insertSupportRequest(
  db: Database,
  tenantId: string,
  row: Omit<typeof supportRequest.$inferInsert, "tenantId" | "id">,
): Promise<SupportRequestRow> {
  const [inserted] = await db
    .insert(supportRequest)
    .values({ ...row, tenantId })
    .returning();
  return inserted;
}
