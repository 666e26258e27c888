import { pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { user } from "./schema.js";

/**
 * How a user left each guided tour (docs/decisions/0049): one row per user and tour, written when the tour ends.
 * A tour with no row was never taken, and only then is it offered on its page; asked for, it runs again.
 */
export const tourProgress = pgTable(
  "tour_progress",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** wizard, invitations or reports (TOUR_IDS in @hearth/shared). */
    tour: text("tour").notNull(),
    /** finished (left at the last step) or dismissed (left before it). */
    state: text("state").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.tour] })],
);
