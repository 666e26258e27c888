import { bigint, index, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "./columns.js";
import { tenant, user } from "./schema.js";

/** A file a company uploaded (docs/decisions/0042): where the storage keeps it and what it is. */
export const uploadedFile = pgTable(
  "uploaded_file",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenant.id, { onDelete: "cascade" }),
    /** `<tenant id>/<folder>/<id>-<clean name>`: the storage's key. */
    storageKey: text("storage_key").notNull(),
    folder: text("folder").notNull(),
    fileName: text("file_name").notNull(),
    contentType: text("content_type").notNull(),
    sizeBytes: bigint("size_bytes", { mode: "number" }).notNull(),
    uploadedByUserId: text("uploaded_by_user_id").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("uploaded_file_key_idx").on(table.storageKey),
    index("uploaded_file_tenant_idx").on(table.tenantId, table.createdAt),
  ],
);
