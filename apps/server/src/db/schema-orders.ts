import { bigint, boolean, index, integer, jsonb, pgSequence, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "./columns.js";
import { tenant } from "./schema.js";

/** Feeds the human-readable order number (HRT-<year>-<6 digits>): one value per order, never reused. */
export const billingOrderNumberSeq = pgSequence("billing_order_number_seq", { startWith: 1, increment: 1 });

/**
 * An order made at checkout (issue 12 item 6, docs/decisions/0032). Amounts are integer cents, computed by the server
 * (planCheckout), never read from the client. Status: awaiting_payment → paid (an internal account records the payment)
 * or cancelled.
 */
export const billingOrder = pgTable(
  "billing_order",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenant.id, { onDelete: "cascade" }),
    number: text("number").notNull(),
    /** awaiting_payment, paid or cancelled. */
    status: text("status").notNull().default("awaiting_payment"),
    currency: text("currency").notNull().default("usd"),
    subtotal: bigint("subtotal", { mode: "number" }).notNull(),
    total: bigint("total", { mode: "number" }).notNull(),
    /** monthly or yearly: which price the plan line carries. */
    billingCycle: text("billing_cycle").notNull(),
    createdBy: text("created_by"),
    createdAt: createdAt(),
    dueAt: timestamp("due_at", { withTimezone: true }).notNull(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    paymentReference: text("payment_reference"),
    /** The internal account that recorded the payment or the cancellation. */
    recordedBy: text("recorded_by"),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("billing_order_number_idx").on(table.number),
    index("billing_order_tenant_created_idx").on(table.tenantId, table.createdAt),
  ],
);

/** A payable line of an order: a plan, or a badge (plan-included badges at 0 with their original price kept). */
export const billingOrderLine = pgTable(
  "billing_order_line",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => billingOrder.id, { onDelete: "cascade" }),
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenant.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    /** plan or badge. */
    kind: text("kind").notNull(),
    name: text("name").notNull(),
    plan: text("plan"),
    badgeId: text("badge_id"),
    year: integer("year"),
    licenceType: text("licence_type"),
    quantity: integer("quantity").notNull(),
    unitPrice: bigint("unit_price", { mode: "number" }).notNull(),
    originalPrice: bigint("original_price", { mode: "number" }).notNull(),
    isPlanIncluded: boolean("is_plan_included").notNull().default(false),
  },
  (table) => [index("billing_order_line_order_idx").on(table.tenantId, table.orderId)],
);

/** Cart lines checkout could not sell (Not Eligible, or over the plan's licence): for the sales team. */
export const salesRequest = pgTable(
  "sales_request",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenant.id, { onDelete: "cascade" }),
    /** The order made by the same checkout, when there was one. */
    orderId: uuid("order_id").references(() => billingOrder.id, { onDelete: "set null" }),
    items: jsonb("items").$type<Record<string, unknown>[]>().notNull(),
    createdBy: text("created_by"),
    createdAt: createdAt(),
  },
  (table) => [index("sales_request_tenant_idx").on(table.tenantId, table.createdAt)],
);
