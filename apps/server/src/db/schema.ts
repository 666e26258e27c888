import { sql } from "drizzle-orm";
import { bytea, createdAt, updatedAt } from "./columns.js";
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

/** A company: the tenant every other row belongs to. */
export const tenant = pgTable("tenant", {
  id: uuid("id").primaryKey().defaultRandom(),
  companyName: text("company_name"),
  companyLegalName: text("company_legal_name"),
  headcount: integer("headcount"),
  companySize: text("company_size").notNull().default("Medium"),
  address: text("address"),
  phone: text("phone"),
  website: text("website"),
  timeZone: text("time_zone"),
  logoContentType: text("logo_content_type"),
  logo: bytea("logo"),
  logoUpdatedAt: timestamp("logo_updated_at", { withTimezone: true }),
  /** The company's accent colour (#rrggbb) for its survey pages and emails, or null for Hearth's (decision 0065). */
  accentColor: text("accent_color"),
  plan: text("plan").notNull().default("Free"),
  features: jsonb("features").$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  ownerUserId: text("owner_user_id"),
  isInternalAccount: boolean("is_internal_account").notNull().default(false),
  isDemo: boolean("is_demo").notNull().default(false),
  visibilityThreshold: integer("visibility_threshold").notNull().default(5),
  /** The company lets Hearth's labelers read its published comments of closed surveys, text only (decision 0050). */
  allowLabelling: boolean("allow_labelling").notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Better Auth's user table, with Hearth's own columns. */
export const user = pgTable(
  "user",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    emailVerified: boolean("email_verified").notNull().default(false),
    image: text("image"),
    firstName: text("first_name"),
    lastName: text("last_name"),
    phone: text("phone"),
    jobTitle: text("job_title"),
    pendingEmail: text("pending_email"),
    role: text("role").notNull().default("Staff"),
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenant.id, { onDelete: "cascade" }),
    isInternalAccount: boolean("is_internal_account").notNull().default(false),
    /** An internal account's feature visibility (spec §6): true sees every feature ("Gold"), false the company's own ("User"). */
    internalVisibility: boolean("internal_visibility").notNull().default(true),
    /** When the user ticked "I accept the Terms of Use and the Privacy Policy" at registration; null before this column. */
    termsAndConditionsAcceptDate: timestamp("terms_and_conditions_accept_date", { withTimezone: true }),
    /** The comment filters a user last chose (spec: selectedFilters), per survey. */
    selectedFilters: jsonb("selected_filters").$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    /** Labels comments for the analyzer's evaluation (spec: labeler; decision 0050); set by `npm run set-labeler`. */
    labeler: boolean("labeler").notNull().default(false),
    /** One point per comment this user labelled (spec: labeledPoints). */
    labeledPoints: integer("labeled_points").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex("user_email_unique").on(table.email), index("user_tenant_idx").on(table.tenantId)],
);

export const session = pgTable(
  "session",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex("session_token_unique").on(table.token), index("session_user_idx").on(table.userId)],
);

export const account = pgTable(
  "account",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index("account_user_idx").on(table.userId)],
);

export const verification = pgTable(
  "verification",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index("verification_identifier_idx").on(table.identifier)],
);

/** Better Auth SSO plugin: one OIDC provider per email domain; organization_id holds the tenant id. */
export const ssoProvider = pgTable(
  "sso_provider",
  {
    id: text("id").primaryKey(),
    issuer: text("issuer").notNull(),
    oidcConfig: text("oidc_config"),
    samlConfig: text("saml_config"),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    providerId: text("provider_id").notNull(),
    organizationId: text("organization_id"),
    domain: text("domain").notNull(),
    domainVerified: boolean("domain_verified"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex("sso_provider_provider_id_unique").on(table.providerId), index("sso_provider_domain_idx").on(table.domain)],
);

/** Every email the product sends; the send job reads from here, so a lost job never loses a message. */
export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: uuid("tenant_id").references(() => tenant.id, { onDelete: "cascade" }),
    toAddress: text("to_address").notNull(),
    ccAddress: text("cc_address"),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html").notNull(),
    headers: jsonb("headers").$type<Record<string, string>>().notNull().default(sql`'{}'::jsonb`),
    kind: text("kind").notNull(),
    status: text("status").notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    messageId: text("message_id").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index("email_outbox_created_idx").on(table.createdAt), index("email_outbox_tenant_idx").on(table.tenantId)],
);

export const supportRequest = pgTable(
  "support_request",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenant.id, { onDelete: "cascade" }),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    kind: text("kind").notNull(),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    pageUrl: text("page_url"),
    createdAt: createdAt(),
  },
  (table) => [index("support_request_tenant_idx").on(table.tenantId)],
);

export const notification = pgTable(
  "notification",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenant.id, { onDelete: "cascade" }),
    userId: text("user_id").references(() => user.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    body: text("body").notNull(),
    link: text("link"),
    /** What the notification is about when the server may resolve it later ("complete-profile"); null for plain news. */
    kind: text("kind"),
    /** The event that created it ("survey-published:{surveyId}"): one notification per user and event, however often it fires. */
    eventKey: text("event_key"),
    readAt: timestamp("read_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index("notification_tenant_user_idx").on(table.tenantId, table.userId, table.createdAt),
    uniqueIndex("notification_user_event_unique").on(table.userId, table.eventKey),
  ],
);

export const activityLog = pgTable(
  "activity_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenant.id, { onDelete: "cascade" }),
    userId: text("user_id"),
    action: text("action").notNull(),
    data: jsonb("data").$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    createdAt: createdAt(),
  },
  (table) => [index("activity_log_tenant_idx").on(table.tenantId, table.createdAt)],
);

/** Fixed-window counters shared by every app instance (rate limits on auth and public endpoints). */
export const rateLimitCounter = pgTable(
  "rate_limit_counter",
  {
    key: text("key").notNull(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    count: integer("count").notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.key, table.windowStart] })],
);

/** Used captcha solutions: a solved challenge counts once. */
export const captchaSolution = pgTable("captcha_solution", {
  key: text("key").primaryKey(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});

/** A survey. Its id is random and unguessable because it appears in public links (/s/{id}). */
export const survey = pgTable(
  "survey",
  {
    id: text("id").primaryKey(),
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenant.id, { onDelete: "cascade" }),
    authorUserId: text("author_user_id").references(() => user.id, { onDelete: "set null" }),
    ownerUserId: text("owner_user_id").references(() => user.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    surveyPreset: text("survey_preset").notNull(),
    isLowi: boolean("is_lowi").notNull().default(false),
    isDemo: boolean("is_demo").notNull().default(false),
    isAnonymous: boolean("is_anonymous").notNull().default(true),
    fields: jsonb("fields").$type<unknown[]>().notNull().default(sql`'[]'::jsonb`),
    metaFields: jsonb("meta_fields").$type<Record<string, string>>().notNull().default(sql`'{}'::jsonb`),
    endDate: timestamp("end_date", { withTimezone: true }),
    archived: boolean("archived").notNull().default(false),
    draft: boolean("draft").notNull().default(true),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    /**
     * The company's visibility threshold when the survey was published, kept for the survey's life (null while a
     * draft): changing the company setting applies to surveys published afterwards (issue 11 item 3).
     */
    visibilityThreshold: integer("visibility_threshold"),
    /**
     * The cohort values of the survey's invitees (invitation cohort fields and imported attributes), by cohort key,
     * in the order first seen; values are only ever added, each before any response can carry it. The reports break responses down by them (decision 0045).
     */
    inviteeCohorts: jsonb("invitee_cohorts").$type<Record<string, string[]>>().notNull().default(sql`'{}'::jsonb`),
    /** "survey": made in Hearth; "import": answers collected elsewhere, imported from a CSV (issue 14 item 2). */
    source: text("source").notNull().default("survey"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("survey_tenant_idx").on(table.tenantId, table.createdAt),
    index("survey_tenant_preset_idx").on(table.tenantId, table.surveyPreset),
  ],
);

/**
 * One submitted response. Nothing here points at a person: no invitee id, no email, and only the day it arrived,
 * so an anonymous answer cannot be tied back through timing either. `seq` orders rows for incremental aggregation.
 */
export const surveyResponse = pgTable(
  "survey_response",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    seq: integer("seq").generatedAlwaysAsIdentity(),
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenant.id, { onDelete: "cascade" }),
    surveyId: text("survey_id")
      .notNull()
      .references(() => survey.id, { onDelete: "cascade" }),
    answers: jsonb("answers").$type<Record<string, string>>().notNull(),
    submittedOn: text("submitted_on").notNull(),
    /**
     * Whether this response counts toward the survey's thresholds (decision 0052): false when it came from a browser
     * holding a session of the company, a browser that had already answered, or a network that answered moments
     * before. It is still published and enters every figure once its block closes; blocks close and cohort counts
     * grow by counting responses only. Nothing about who sent it is stored.
     */
    countsTowardThreshold: boolean("counts_toward_threshold").notNull().default(true),
  },
  (table) => [
    index("survey_response_survey_seq_idx").on(table.surveyId, table.seq),
    // comment analysis reads new responses by seq across surveys (docs/decisions: response ingest)
    index("survey_response_seq_idx").on(table.seq),
  ],
);

/** Proof that a personal link was used, kept apart from the response so the two cannot be joined. */
export const surveyResponseReceipt = pgTable(
  "survey_response_receipt",
  {
    surveyId: text("survey_id")
      .notNull()
      .references(() => survey.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
  },
  (table) => [primaryKey({ columns: [table.surveyId, table.tokenHash] })],
);

/** A user's request to move the company to a higher plan (spec: upgradeRequests). */
export const upgradeRequest = pgTable(
  "upgrade_request",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenant.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    planRequested: text("plan_requested").notNull(),
    dateRequested: timestamp("date_requested", { withTimezone: true }).notNull().defaultNow(),
    hasBeenAddressed: boolean("has_been_addressed").notNull().default(false),
  },
  (table) => [index("upgrade_request_tenant_idx").on(table.tenantId, table.dateRequested)],
);

/**
 * Someone invited to a survey. The invitations issue fills and sends these; a response through an invitee's
 * personal link sets `replied` (a flag only: no time, no link to the response).
 */
export const invitee = pgTable(
  "invitee",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenant.id, { onDelete: "cascade" }),
    surveyId: text("survey_id")
      .notNull()
      .references(() => survey.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    firstName: text("first_name"),
    lastName: text("last_name"),
    meta: jsonb("meta").$type<Record<string, string>>().notNull().default(sql`'{}'::jsonb`),
    scheduledDate: timestamp("scheduled_date", { withTimezone: true }),
    firstEmail: timestamp("first_email", { withTimezone: true }),
    mostRecentEmail: timestamp("most_recent_email", { withTimezone: true }),
    sendStatus: text("send_status").notNull().default("Pending"),
    replied: boolean("replied").notNull().default(false),
    /** The mail server's reason for the latest failure (send status Failed). */
    lastError: text("last_error"),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("invitee_survey_email_unique").on(table.surveyId, table.email),
    index("invitee_tenant_idx").on(table.tenantId),
    index("invitee_tenant_email_idx").on(table.tenantId, table.email),
  ],
);

/** One invitation as written in the editor: sent to its recipients now or at `sendAt`. */
export const invitation = pgTable(
  "invitation",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenant.id, { onDelete: "cascade" }),
    surveyId: text("survey_id")
      .notNull()
      .references(() => survey.id, { onDelete: "cascade" }),
    subject: text("subject").notNull(),
    senderName: text("sender_name").notNull(),
    replyTo: text("reply_to"),
    cc: text("cc").notNull(),
    /** Sanitized HTML with {{placeholders}} still in it; filled per recipient when sent. */
    content: text("content").notNull(),
    sendAt: timestamp("send_at", { withTimezone: true }),
    timeZone: text("time_zone"),
    reminder: boolean("reminder").notNull().default(false),
    createdBy: text("created_by"),
    createdAt: createdAt(),
  },
  (table) => [index("invitation_survey_idx").on(table.surveyId)],
);

/**
 * One email of one invitation to one invitee: the durable record that makes sending exactly-once per job run.
 * status: queued → sending → sent | failed; queued → cancelled | unsubscribed. `claimedUntil` is the lease of
 * the worker sending it; `messageId` is fixed when the row is written, so a resend after a crash is the same message.
 */
export const invitationDelivery = pgTable(
  "invitation_delivery",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenant.id, { onDelete: "cascade" }),
    invitationId: uuid("invitation_id")
      .notNull()
      .references(() => invitation.id, { onDelete: "cascade" }),
    inviteeId: uuid("invitee_id")
      .notNull()
      .references(() => invitee.id, { onDelete: "cascade" }),
    status: text("status").notNull().default("queued"),
    sendAt: timestamp("send_at", { withTimezone: true }).notNull().defaultNow(),
    attempts: integer("attempts").notNull().default(0),
    claimedUntil: timestamp("claimed_until", { withTimezone: true }),
    messageId: text("message_id").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    lastError: text("last_error"),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("invitation_delivery_unique").on(table.invitationId, table.inviteeId),
    index("invitation_delivery_invitee_idx").on(table.inviteeId),
    index("invitation_delivery_pending_idx").on(table.status, table.sendAt),
  ],
);

/** A company's own email templates; the preset's default ("initial") is not stored. */
export const emailTemplate = pgTable(
  "email_template",
  {
    id: uuid("id").primaryKey(),
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenant.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    subject: text("subject"),
    content: text("content").notNull(),
    createdBy: text("created_by"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex("email_template_name_unique").on(table.tenantId, sql`lower(${table.name})`)],
);

/** People who asked (List-Unsubscribe) to get no more invitations from a company. */
export const emailSuppression = pgTable(
  "email_suppression",
  {
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenant.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.tenantId, table.email] })],
);

// The reports tables (survey aggregates, comment excerpts, assigned cohorts, recomputed benchmarks) are in
// schema-reports.ts; db/client.ts and drizzle.config.ts read both files.
