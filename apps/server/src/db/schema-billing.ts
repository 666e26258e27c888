import { boolean, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns.js";
import { tenant } from "./schema.js";

/**
 * A company's deal (spec surveys §3 Deal: isActive, activatedDate, expiryDate, dealId, forceActivate, plan). A
 * tenant holds a list; the plan in force is the effective plan of its deals (packages/shared/src/billing/deals.ts,
 * docs/decisions/0027). `tenant.plan` stays as the record of what was sold; no check reads it.
 */
export const deal = pgTable(
  "deal",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenant.id, { onDelete: "cascade" }),
    /** The deal's external (CRM) id; null when none. */
    dealId: text("deal_id"),
    plan: text("plan").notNull(),
    isActive: boolean("is_active").notNull().default(true),
    activatedDate: timestamp("activated_date", { withTimezone: true }),
    expiryDate: timestamp("expiry_date", { withTimezone: true }),
    forceActivate: boolean("force_activate").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index("deal_tenant_id_idx").on(table.tenantId)],
);

/**
 * The operator's overrides of the seller on invoices and order forms (decision 0060): one row for the whole service,
 * keyed "seller"; a null column means the environment's SELLER_* value applies. Not a tenant's data: no tenant id.
 */
export const sellerSetting = pgTable("seller_setting", {
  id: text("id").primaryKey(),
  name: text("name"),
  address: text("address"),
  taxId: text("tax_id"),
  remittance: text("remittance"),
  updatedBy: text("updated_by"),
  updatedAt: updatedAt(),
});
