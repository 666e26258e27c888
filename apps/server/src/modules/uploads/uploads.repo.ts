import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { uploadedFile } from "../../db/schema-uploads.js";

export type UploadedFileRow = typeof uploadedFile.$inferSelect;

export async function insertUploadedFile(
  db: Database,
  tenantId: string,
  row: Omit<typeof uploadedFile.$inferInsert, "tenantId" | "createdAt">,
): Promise<UploadedFileRow> {
  const [created] = await db
    .insert(uploadedFile)
    .values({ ...row, tenantId })
    .returning();
  return created;
}

export async function findUploadedFile(db: Database, tenantId: string, id: string): Promise<UploadedFileRow | undefined> {
  const [row] = await db
    .select()
    .from(uploadedFile)
    .where(and(eq(uploadedFile.tenantId, tenantId), eq(uploadedFile.id, id)));
  return row;
}
