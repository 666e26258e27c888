import { type SQL, sql } from "drizzle-orm";

/**
 * A fixed SQL text with `$n` placeholders as a Drizzle query whose values are bound parameters: for SQL written once
 * as text (pg-boss's own, or a hot statement sent as is) that must also run inside a Drizzle transaction, which has
 * no raw executor. A missing value binds null.
 */
export function positionalSql(text: string, values: readonly unknown[]): SQL {
  const parts = text.split(/\$(\d+)/);
  return sql.join(parts.map((part, index) => (index % 2 === 0 ? sql.raw(part) : sql`${values[Number(part) - 1] ?? null}`)));
}
