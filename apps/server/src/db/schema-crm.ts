import { index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns.js";
import { tenant } from "./schema.js";

/**
 * One row per CRM event (docs/decisions/0030), keyed by the event's idempotency key. Without HUBSPOT_TOKEN it is
 * the CRM outbox (status "stored"); with HubSpot it is the delivery ledger ("sent", or "failed" with the last error
 * while retries go on), so a job that runs twice sends once. Internal accounts read it; it never holds a secret.
 */
export const crmOutbox = pgTable(
  "crm_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    eventKey: text("event_key").notNull(),
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenant.id, { onDelete: "cascade" }),
    userId: text("user_id"),
    /** cert-step, update-user or update-company. */
    kind: text("kind").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    /** stored (outbox, no HubSpot), sent (HubSpot accepted it) or failed (HubSpot refused or was unreachable; retried). */
    status: text("status").notNull(),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex("crm_outbox_event_key_idx").on(table.eventKey),
    index("crm_outbox_created_idx").on(table.createdAt),
    index("crm_outbox_tenant_idx").on(table.tenantId, table.createdAt),
  ],
);
