import { sql } from "drizzle-orm";
import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "./columns.js";
import { tenant } from "./schema.js";

/**
 * A company's cart (spec surveys §4 Cart; docs/decisions/0028): one per tenant, shared by the company's users with
 * the company-profile permission, kept on the server so it survives a reload and another device. `items` holds the
 * stored choices only (packages/shared/src/billing/cart.ts `CartChoice`), never a price: every figure is computed by
 * `priceCart` when the cart is read and again at checkout.
 */
export const cart = pgTable(
  "cart",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenant.id, { onDelete: "cascade" }),
    /** CartChoice[]; read back through parseCartChoice, so a forged stored field is never used. */
    items: jsonb("items").$type<unknown[]>().notNull().default(sql`'[]'::jsonb`),
    /** monthly or yearly: which price a plan line carries. */
    billingCycle: text("billing_cycle").notNull().default("yearly"),
    createdAt: createdAt(),
    /** The last change of the items or the cycle (the abandoned-cart scan reads it). */
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /** The user who made the last change; the abandoned-cart update goes to them. */
    updatedBy: text("updated_by"),
  },
  (table) => [uniqueIndex("cart_tenant_id_idx").on(table.tenantId), index("cart_updated_at_idx").on(table.updatedAt)],
);
