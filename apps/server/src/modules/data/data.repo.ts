/** Data imports, imported employee attributes and remembered mappings (docs/decisions/0043); every query takes the tenant id. */
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { type Database, rowsOf } from "../../db/client.js";
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

/**
 * Writes people's attributes by address: a new address is inserted, a known one takes the new values (names kept when
 * the file has none). Writing the same rows again changes nothing but the time, so a job that runs twice imports once.
 * `people` is the batch as one JSON array of `{ e: email, f: first name | null, l: last name | null, a: attributes }`
 * (import-rows.worker.mjs writes it), read by `jsonb_to_recordset`: on PGlite about 2.5 times as fast as binding six
 * parameters per row (docs/benchmarks.md, "Issue 14: demographics import"). The addresses must be distinct.
 */
export async function upsertEmployeeAttributes(db: Database, tenantId: string, importId: string, people: string): Promise<void> {
  await db.execute(sql`
    insert into employee_attribute (tenant_id, email, first_name, last_name, attributes, import_id)
    select ${tenantId}::uuid, r.e, r.f, r.l, r.a, ${importId}::uuid
    from jsonb_to_recordset(${people}::jsonb) as r(e text, f text, l text, a jsonb)
    on conflict (tenant_id, email) do update set
      first_name = coalesce(excluded.first_name, employee_attribute.first_name),
      last_name = coalesce(excluded.last_name, employee_attribute.last_name),
      attributes = excluded.attributes,
      import_id = excluded.import_id,
      updated_at = now()`);
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

export interface DataCardRef {
  /** "import-survey": a survey imported from a file (decision 0046), one aggregate card of source "import". */
  source: "survey" | "import" | "import-survey";
  /** The survey id, or the imported person's address. */
  key: string;
  created: Date;
}

/**
 * One page of the company's data cards, newest first: its published surveys (one card each), the surveys it imported
 * from files (one card each, source "import") and its imported people (one card each), filtered by source and by the
 * day they were created or last imported.
 */
export async function listDataCardRefs(
  db: Database,
  tenantId: string,
  filter: { source: "all" | "survey" | "import"; from?: Date; to?: Date; limit: number; offset: number },
): Promise<{ refs: DataCardRef[]; total: number }> {
  const published = sql`s.tenant_id = ${tenantId} and s.draft = false and s.archived = false`;
  const surveys = sql`select s.id as key, 'survey' as source, coalesce(s.published_at, s.created_at) as created
    from survey s where ${published} and s.source = 'survey'`;
  const importedSurveys = sql`select s.id as key, 'import-survey' as source, coalesce(s.published_at, s.created_at) as created
    from survey s where ${published} and s.source = 'import'`;
  const people = sql`select e.email as key, 'import' as source, e.updated_at as created
    from employee_attribute e where e.tenant_id = ${tenantId}`;
  const imported = sql`${importedSurveys} union all ${people}`;
  const union = filter.source === "survey" ? surveys : filter.source === "import" ? imported : sql`${surveys} union all ${imported}`;
  const from = filter.from ? sql`and created >= ${filter.from}` : sql``;
  const to = filter.to ? sql`and created < ${filter.to}` : sql``;
  const result = await db.execute(
    sql`select key, source, created, count(*) over () :: int as total from (${union}) cards where true ${from} ${to}
      order by created desc, key limit ${filter.limit} offset ${filter.offset}`,
  );
  const typed = rowsOf<{ key: string; source: DataCardRef["source"]; created: Date | string; total: number | string }>(result);
  return {
    refs: typed.map((row) => ({ key: row.key, source: row.source, created: new Date(row.created) })),
    total: typed.length > 0 ? Number(typed[0].total) : 0,
  };
}

export async function findEmployeeAttributes(db: Database, tenantId: string, emails: readonly string[]) {
  if (emails.length === 0) return [];
  return db
    .select()
    .from(employeeAttribute)
    .where(and(eq(employeeAttribute.tenantId, tenantId), inArray(employeeAttribute.email, [...emails])));
}
