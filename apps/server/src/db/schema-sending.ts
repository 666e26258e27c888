/**
 * The daily sending allowance (docs/decisions/0056): what each company sent on each UTC day, and the figure an
 * operator set for a company. Both are written only under the company row's lock (senders.service.ts).
 */
import { integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { tenant } from "./schema.js";

/** Emails to other people's addresses counted against one company's allowance on one UTC day. */
export const sendingAllowanceUse = pgTable(
  "sending_allowance_use",
  {
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenant.id, { onDelete: "cascade" }),
    /** The UTC day, YYYY-MM-DD. */
    day: text("day").notNull(),
    used: integer("used").notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.tenantId, table.day] })],
);

/** A daily figure an operator set for one company: it replaces the tier's figure until cleared. */
export const sendingAllowanceGrant = pgTable("sending_allowance_grant", {
  tenantId: uuid("tenant_id")
    .primaryKey()
    .references(() => tenant.id, { onDelete: "cascade" }),
  dailyLimit: integer("daily_limit").notNull(),
  reason: text("reason").notNull(),
  grantedByUserId: text("granted_by_user_id").notNull(),
  grantedAt: timestamp("granted_at", { withTimezone: true }).notNull().defaultNow(),
});
