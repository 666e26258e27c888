import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { session, tenant, user } from "./schema.js";

/**
 * An internal account viewing one company (decision 0048): bound to the Better Auth session that asked for it, to
 * one company, and to a fixed end. A request counts as switched only while its session's newest row is unended and
 * unexpired; signing out deletes the session and with it the switch.
 */
export const tenantSwitch = pgTable(
  "tenant_switch",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    sessionId: text("session_id")
      .notNull()
      .references(() => session.id, { onDelete: "cascade" }),
    operatorUserId: text("operator_user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenant.id, { onDelete: "cascade" }),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    endedAt: timestamp("ended_at", { withTimezone: true }),
    /** "returned", "replaced" (another switch of the same session). Null while it runs or once it simply expired. */
    endReason: text("end_reason"),
  },
  (table) => [index("tenant_switch_session_idx").on(table.sessionId, table.startedAt)],
);
