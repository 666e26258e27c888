import { pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "./columns.js";
import { billingOrder } from "./schema-orders.js";
import { tenant } from "./schema.js";

/**
 * The Stripe customer of a company (docs/decisions/0033-stripe-adapter.md): created at the company's first checkout
 * with Stripe configured and reused for every later one and for the customer portal. One per company.
 */
export const stripeCustomer = pgTable(
  "stripe_customer",
  {
    tenantId: uuid("tenant_id")
      .primaryKey()
      .references(() => tenant.id, { onDelete: "cascade" }),
    /** Stripe's id, cus_… */
    customerId: text("customer_id").notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex("stripe_customer_customer_id_idx").on(table.customerId)],
);

/**
 * Every Stripe webhook event handled, by Stripe's event id: inserted in the same transaction as the event's effect, so
 * a delivery Stripe repeats is applied once. The row outlives its company and order (set null), so a late replay still
 * finds it.
 */
export const stripeEvent = pgTable("stripe_event", {
  /** Stripe's id, evt_… */
  eventId: text("event_id").primaryKey(),
  type: text("type").notNull(),
  /** The company and order the event named, when they were found. */
  tenantId: uuid("tenant_id").references(() => tenant.id, { onDelete: "set null" }),
  orderId: uuid("order_id").references(() => billingOrder.id, { onDelete: "set null" }),
  /** What the event did: paid, order-closed, order-not-found, not-paid-yet, no-change, ignored-type, amount-mismatch… */
  outcome: text("outcome").notNull(),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
});
