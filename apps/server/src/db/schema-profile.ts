import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { tenant, user } from "./schema.js";

/** One certification the company shows on its public profile (spec accounts §3 Tenant companyProfile.shownCertifications). */
export interface ShownCertification {
  /** The catalogue badge id: certification-2026, award-remote-work-2026. */
  certification: string;
  year: number;
}

/**
 * The company's public profile at /c/{slug} (docs/decisions/0038): the slug the company chose, whether it is published,
 * whether the certified year's LOWI score is shown, the description, and the certifications shown on it.
 */
export const companyPublicProfile = pgTable(
  "company_public_profile",
  {
    tenantId: uuid("tenant_id")
      .primaryKey()
      .references(() => tenant.id, { onDelete: "cascade" }),
    /** Lowercase letters, digits and hyphens, 3 to 60 characters; null until the company chooses one. */
    slug: text("slug"),
    published: boolean("published").notNull().default(false),
    showScore: boolean("show_score").notNull().default(false),
    description: text("description"),
    shownCertifications: jsonb("shown_certifications").$type<ShownCertification[]>().notNull().default(sql`'[]'::jsonb`),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("company_public_profile_slug_idx").on(table.slug)],
);

/** One badge download (spec accounts §4 first-time and repeat download, §5 downloads disabled at 0; decision 0038). */
export const badgeDownload = pgTable(
  "badge_download",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenant.id, { onDelete: "cascade" }),
    badgeId: text("badge_id").notNull(),
    year: integer("year").notNull(),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    downloadedAt: timestamp("downloaded_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("badge_download_tenant_idx").on(table.tenantId, table.downloadedAt)],
);
