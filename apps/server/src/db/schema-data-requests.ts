import { sql } from "drizzle-orm";
import { check, index, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns.js";
import { survey, tenant, user } from "./schema.js";

/**
 * A custom data request (decision 0074): a company asks Hearth's team for data or an analysis its reports do not
 * show. Every status but declined holds one of the plan's places (Silver 4, Gold 6); the operator moves the status
 * and may leave a note the company reads.
 */
export const customDataRequest = pgTable(
  "custom_data_request",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenant.id, { onDelete: "cascade" }),
    /** Who asked; null once that account is deleted (the request stays the company's). */
    requesterUserId: text("requester_user_id").references(() => user.id, { onDelete: "set null" }),
    title: text("title").notNull(),
    /** The data or question asked for. */
    description: text("description").notNull(),
    /** The survey the request is about, if any; null when that survey is deleted. */
    surveyId: text("survey_id").references(() => survey.id, { onDelete: "set null" }),
    /** submitted, in_progress, delivered or declined (DATA_REQUEST_STATUSES in @hearth/shared). */
    status: text("status").notNull().default("submitted"),
    operatorNote: text("operator_note"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("custom_data_request_tenant_idx").on(table.tenantId, table.createdAt),
    index("custom_data_request_status_idx").on(table.status, table.createdAt),
    check("custom_data_request_status_check", sql`${table.status} in ('submitted', 'in_progress', 'delivered', 'declined')`),
  ],
);
