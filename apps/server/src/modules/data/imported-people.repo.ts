/** Imported people as invitation recipients (decision 0045): reads `employee_attribute` only, always by tenant. */
import { ATTRIBUTE_COHORT_SOURCES, type CohortKey } from "@hearth/shared";
import { type SQL, sql } from "drizzle-orm";
import { type Database, rowsOf } from "../../db/client.js";

/** The SQL value of one cohort field of an imported person: the first of its source attributes that is not empty. */
function cohortValueSql(key: CohortKey): SQL | null {
  const sources = ATTRIBUTE_COHORT_SOURCES[key];
  if (sources.length === 0) return null;
  const parts = sources.map((source) => sql`nullif(btrim(e.attributes ->> ${source}), '')`);
  return parts.length === 1 ? parts[0] : sql`coalesce(${sql.join(parts, sql`, `)})`;
}

export interface ImportedPersonRow {
  email: string;
  firstName: string | null;
  lastName: string | null;
  attributes: Record<string, string>;
}

/** One page of the company's imported people, by address, optionally those in one cohort; with the total. */
export async function pageImportedPeople(
  db: Database,
  tenantId: string,
  filter: { key: CohortKey; value: string } | null,
  page: number,
  pageSize: number,
): Promise<{ rows: ImportedPersonRow[]; total: number }> {
  const value = filter ? cohortValueSql(filter.key) : null;
  if (filter && !value) return { rows: [], total: 0 };
  const where = filter && value ? sql`and ${value} = ${filter.value}` : sql``;
  const result = await db.execute(sql`
    select e.email, e.first_name as "firstName", e.last_name as "lastName", e.attributes, count(*) over ()::int as total
    from employee_attribute e
    where e.tenant_id = ${tenantId} ${where}
    order by e.email
    limit ${pageSize} offset ${(page - 1) * pageSize}`);
  const rows = rowsOf<ImportedPersonRow & { total: number }>(result);
  if (rows.length > 0 || page === 1) return { rows, total: rows.length > 0 ? Number(rows[0].total) : 0 };
  const [count] = rowsOf<{ total: number }>(
    await db.execute(sql`select count(*)::int as total from employee_attribute e where e.tenant_id = ${tenantId} ${where}`),
  );
  return { rows: [], total: Number(count?.total ?? 0) };
}

/** The values of each cohort field among the company's imported people, with how many people hold each. */
export async function countImportedCohortValues(
  db: Database,
  tenantId: string,
  keys: readonly CohortKey[],
): Promise<{ key: CohortKey; value: string; count: number }[]> {
  const found: { key: CohortKey; value: string; count: number }[] = [];
  for (const key of keys) {
    const value = cohortValueSql(key);
    if (!value) continue;
    const rows = rowsOf<{ value: string; count: number }>(
      await db.execute(sql`
        select ${value} as value, count(*)::int as count from employee_attribute e
        where e.tenant_id = ${tenantId} and ${value} is not null
        group by 1 order by count desc, value limit 500`),
    );
    for (const row of rows) found.push({ key, value: row.value, count: Number(row.count) });
  }
  return found;
}
