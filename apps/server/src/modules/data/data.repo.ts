/** Data imports, imported employee attributes and remembered mappings (docs/decisions/0043); every query takes the tenant id. */
import { and, desc, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { dataImport, employeeAttribute, type ImportColumnMapping, importMapping } from "../../db/schema-data.js";

export type DataImportRow = typeof dataImport.$inferSelect;

export async function insertDataImport(
  db: Database,
  tenantId: string,
  row: { kind: string; uploadId: string; fileName: string; mapping: ImportColumnMapping[]; createdByUserId: string },
): Promise<DataImportRow> {
  const [created] = await db
    .insert(dataImport)
    .values({ ...row, tenantId })
    .returning();
  return created;
}

export async function findDataImport(db: Database, tenantId: string, id: string): Promise<DataImportRow | undefined> {
  const [row] = await db
    .select()
    .from(dataImport)
    .where(and(eq(dataImport.tenantId, tenantId), eq(dataImport.id, id)));
  return row;
}

export async function listDataImports(db: Database, tenantId: string, limit = 50): Promise<DataImportRow[]> {
  return db.select().from(dataImport).where(eq(dataImport.tenantId, tenantId)).orderBy(desc(dataImport.createdAt)).limit(limit);
}

export async function updateDataImport(
  db: Database,
  tenantId: string,
  id: string,
  patch: Partial<Pick<DataImportRow, "status" | "totalRows" | "acceptedRows" | "rejectedRows" | "error" | "startedAt" | "finishedAt">>,
): Promise<void> {
  await db
    .update(dataImport)
    .set(patch)
    .where(and(eq(dataImport.tenantId, tenantId), eq(dataImport.id, id)));
}

export interface AttributeRow {
  email: string;
  firstName?: string;
  lastName?: string;
  attributes: Record<string, string>;
}

/**
 * Writes people's attributes by address: a new address is inserted, a known one takes the new values (names kept when
 * the file has none). Writing the same rows again changes nothing but the time, so a job that runs twice imports once.
 */
export async function upsertEmployeeAttributes(
  db: Database,
  tenantId: string,
  importId: string,
  rows: readonly AttributeRow[],
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(employeeAttribute)
    .values(
      rows.map((row) => ({
        tenantId,
        email: row.email,
        firstName: row.firstName ?? null,
        lastName: row.lastName ?? null,
        attributes: row.attributes,
        importId,
      })),
    )
    .onConflictDoUpdate({
      target: [employeeAttribute.tenantId, employeeAttribute.email],
      set: {
        firstName: sql`coalesce(excluded.first_name, ${employeeAttribute.firstName})`,
        lastName: sql`coalesce(excluded.last_name, ${employeeAttribute.lastName})`,
        attributes: sql`excluded.attributes`,
        importId: sql`excluded.import_id`,
        updatedAt: sql`now()`,
      },
    });
}

export async function countEmployeeAttributes(db: Database, tenantId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(employeeAttribute)
    .where(eq(employeeAttribute.tenantId, tenantId));
  return Number(row?.count ?? 0);
}

export async function findImportMapping(db: Database, tenantId: string, kind: string): Promise<Record<string, string | null>> {
  const [row] = await db
    .select({ mapping: importMapping.mapping })
    .from(importMapping)
    .where(and(eq(importMapping.tenantId, tenantId), eq(importMapping.kind, kind)));
  return row?.mapping ?? {};
}

/** Keeps the company's choices for these headers (earlier choices for other headers stay). */
export async function mergeImportMapping(
  db: Database,
  tenantId: string,
  kind: string,
  mapping: Record<string, string | null>,
): Promise<void> {
  await db
    .insert(importMapping)
    .values({ tenantId, kind, mapping })
    .onConflictDoUpdate({
      target: [importMapping.tenantId, importMapping.kind],
      set: { mapping: sql`${importMapping.mapping} || excluded.mapping`, updatedAt: sql`now()` },
    });
}
