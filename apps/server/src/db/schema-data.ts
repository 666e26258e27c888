import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns.js";
import { survey, tenant, user } from "./schema.js";
import { uploadedFile } from "./schema-uploads.js";

/** One column of an import and the field it goes to (null: not imported). */
export interface ImportColumnMapping {
  header: string;
  field: string | null;
}

/**
 * An import of employee attributes from an uploaded CSV (issue 14 item 2, docs/decisions/0043). The commit job reads
 * the file again, validates every row with the shared rules and writes the accepted rows in batches; the counters
 * are its progress, readable after a reload.
 */
export const dataImport = pgTable(
  "data_import",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenant.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    uploadId: uuid("upload_id").references(() => uploadedFile.id, { onDelete: "set null" }),
    fileName: text("file_name").notNull(),
    mapping: jsonb("mapping").$type<ImportColumnMapping[]>().notNull(),
    /** queued → running → done | failed */
    status: text("status").notNull().default("queued"),
    totalRows: integer("total_rows").notNull().default(0),
    acceptedRows: integer("accepted_rows").notNull().default(0),
    rejectedRows: integer("rejected_rows").notNull().default(0),
    error: text("error"),
    /** A survey/feedback import: the survey its answers are stored in (source "import"). */
    surveyId: text("survey_id").references(() => survey.id, { onDelete: "set null" }),
    createdByUserId: text("created_by_user_id").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    startedAt: timestamp("started_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (table) => [index("data_import_tenant_idx").on(table.tenantId, table.createdAt)],
);

/**
 * A person's imported attributes, one row per company and address: an import writes them by upsert, so running an
 * import again (or its job twice) leaves one row per person with the latest values.
 */
export const employeeAttribute = pgTable(
  "employee_attribute",
  {
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenant.id, { onDelete: "cascade" }),
    /** Lower case. */
    email: text("email").notNull(),
    firstName: text("first_name"),
    lastName: text("last_name"),
    attributes: jsonb("attributes").$type<Record<string, string>>().notNull().default(sql`'{}'::jsonb`),
    importId: uuid("import_id").references(() => dataImport.id, { onDelete: "set null" }),
    updatedAt: updatedAt(),
  },
  (table) => [primaryKey({ columns: [table.tenantId, table.email] })],
);

/** The column choices a company made last time, per kind of import, offered first next time (decision 0040). */
export const importMapping = pgTable(
  "import_mapping",
  {
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenant.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    mapping: jsonb("mapping").$type<Record<string, string | null>>().notNull(),
    updatedAt: updatedAt(),
  },
  (table) => [primaryKey({ columns: [table.tenantId, table.kind] })],
);
