/** The SQL of email templates; each statement takes the tenant id. */
import { and, asc, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { emailTemplate } from "../../db/schema.js";

export type TemplateRow = typeof emailTemplate.$inferSelect;

export async function listTemplates(db: Database, tenantId: string) {
  return db
    .select()
    .from(emailTemplate)
    .where(eq(emailTemplate.tenantId, tenantId))
    .orderBy(asc(sql`lower(${emailTemplate.name})`));
}

export async function findTemplate(db: Database, tenantId: string, id: string) {
  const [row] = await db
    .select()
    .from(emailTemplate)
    .where(and(eq(emailTemplate.tenantId, tenantId), eq(emailTemplate.id, id)));
  return row;
}

export async function insertTemplate(db: Database, tenantId: string, row: Omit<typeof emailTemplate.$inferInsert, "tenantId">) {
  const [inserted] = await db
    .insert(emailTemplate)
    .values({ ...row, tenantId })
    .onConflictDoNothing()
    .returning();
  return inserted;
}

export async function updateTemplate(
  db: Database,
  tenantId: string,
  id: string,
  changes: Partial<Pick<TemplateRow, "name" | "subject" | "content">>,
) {
  const [row] = await db
    .update(emailTemplate)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(and(eq(emailTemplate.tenantId, tenantId), eq(emailTemplate.id, id)))
    .returning();
  return row;
}

export async function deleteTemplate(db: Database, tenantId: string, id: string) {
  const rows = await db
    .delete(emailTemplate)
    .where(and(eq(emailTemplate.tenantId, tenantId), eq(emailTemplate.id, id)))
    .returning({ id: emailTemplate.id });
  return rows.length > 0;
}
