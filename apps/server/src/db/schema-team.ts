import { sql } from "drizzle-orm";
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "./columns.js";
import { tenant, user } from "./schema.js";

/**
 * An invitation to join a company's team (issue 14 item 7, docs/decisions/0041): an Admin invites an address with a
 * role; the link in the email carries a token whose SHA-256 alone is stored. Accepting creates the person's account in
 * this company. One open invitation per company and address.
 */
export const memberInvitation = pgTable(
  "member_invitation",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenant.id, { onDelete: "cascade" }),
    /** Lower case. */
    email: text("email").notNull(),
    role: text("role").notNull(),
    /** SHA-256 (hex) of the token in the link; replaced on every resend, so an older link stops working. */
    tokenHash: text("token_hash").notNull(),
    invitedByUserId: text("invited_by_user_id").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    lastSentAt: timestamp("last_sent_at", { withTimezone: true }).notNull().defaultNow(),
    sendCount: integer("send_count").notNull().default(1),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    acceptedUserId: text("accepted_user_id").references(() => user.id, { onDelete: "set null" }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("member_invitation_token_idx").on(table.tokenHash),
    uniqueIndex("member_invitation_open_idx")
      .on(table.tenantId, table.email)
      .where(sql`${table.acceptedAt} is null and ${table.revokedAt} is null`),
    index("member_invitation_tenant_idx").on(table.tenantId, table.createdAt),
  ],
);
