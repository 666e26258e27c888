import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { billingOrder } from "./schema-orders.js";
import { tenant } from "./schema.js";

/**
 * A certification or award a company holds for a year (spec accounts §3 Certification card, §4 status Certified).
 * Issued when the order that bought it is paid (docs/decisions/0034). One row per company and badge: a badge is held
 * once. `revokedAt` takes it away again without losing the record.
 */
export const issuedBadge = pgTable(
  "issued_badge",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenant.id, { onDelete: "cascade" }),
    /** The catalogue id: certification-2026, award-remote-work-2026. */
    badgeId: text("badge_id").notNull(),
    /** certification or award. */
    type: text("type").notNull(),
    name: text("name").notNull(),
    year: integer("year").notNull(),
    /** digitalorprint or unlimiteduse. */
    licenceType: text("licence_type").notNull(),
    /** The order that bought it; null when issued another way (an operator, the demo data). */
    orderId: uuid("order_id").references(() => billingOrder.id, { onDelete: "set null" }),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    /**
     * The badge's bit in the instance's revocation status list (docs/decisions/0037), allocated when its Open Badges
     * credential is first signed; null until then.
     */
    credentialStatusIndex: integer("credential_status_index"),
    /** The signed OpenBadgeCredential (JSON), kept so every copy baked into an image is the same document. */
    credential: jsonb("credential").$type<Record<string, unknown>>(),
  },
  (table) => [
    uniqueIndex("issued_badge_tenant_badge_idx").on(table.tenantId, table.badgeId),
    index("issued_badge_tenant_issued_idx").on(table.tenantId, table.issuedAt),
    uniqueIndex("issued_badge_credential_status_index_idx").on(table.credentialStatusIndex),
  ],
);
