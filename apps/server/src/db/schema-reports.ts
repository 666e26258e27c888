import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns.js";
import { survey, surveyResponse, tenant, user } from "./schema.js";

/**
 * A survey's report numbers folded from its responses up to `folded_seq` (docs/decisions/0016): histograms per
 * question, respondent-level sums for confidence intervals, per-cohort copies and cohort cell counts. Reports read
 * this row and fold only the responses above `folded_seq`, so their cost does not grow with the number of responses.
 */
export const surveyAggregate = pgTable("survey_aggregate", {
  surveyId: text("survey_id")
    .primaryKey()
    .references(() => survey.id, { onDelete: "cascade" }),
  tenantId: uuid("tenant_id")
    .notNull()
    .references(() => tenant.id, { onDelete: "cascade" }),
  /** The engine's layout version: a row of another version is rebuilt from the responses. */
  version: integer("version").notNull(),
  foldedSeq: integer("folded_seq").notNull(),
  responses: integer("responses").notNull(),
  data: jsonb("data").$type<unknown>().notNull(),
  updatedAt: updatedAt(),
});

/**
 * How far comment analysis has read survey_response by seq (one row, name "comments"), and which instance holds
 * the lease to read further: passes run on one instance at a time, and a lease left by a stopped instance expires.
 */
export const commentAnalysisCursor = pgTable("comment_analysis_cursor", {
  name: text("name").primaryKey(),
  analysedSeq: integer("analysed_seq").notNull().default(0),
  leaseOwner: text("lease_owner"),
  leaseUntil: timestamp("lease_until", { withTimezone: true }),
});

/**
 * One open-text answer with its analysis (spec: Comment excerpt). It points at the anonymous response it came from,
 * for filters by answer and cohort; it never points at a person. `hidden` removes it from social quotes.
 */
export const commentExcerpt = pgTable(
  "comment_excerpt",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenant.id, { onDelete: "cascade" }),
    surveyId: text("survey_id")
      .notNull()
      .references(() => survey.id, { onDelete: "cascade" }),
    responseId: uuid("response_id")
      .notNull()
      .references(() => surveyResponse.id, { onDelete: "cascade" }),
    questionKey: text("question_key").notNull(),
    text: text("text").notNull(),
    sentiment: text("sentiment").notNull(),
    emotion: text("emotion").notNull(),
    topic: text("topic").notNull().default("General"),
    /** do well / do better: which open question the comment answers (the report's recommendation filter). */
    direction: text("direction"),
    /** recommend / neutral / won't recommend: the respondent's answer to the recommend question. */
    recommendTag: text("recommend_tag"),
    analyzer: text("analyzer").notNull(),
    hidden: boolean("hidden").notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("comment_excerpt_response_question_unique").on(table.responseId, table.questionKey),
    index("comment_excerpt_survey_idx").on(table.tenantId, table.surveyId),
  ],
);

/** The cohorts a member may read in one survey's comments (spec: assignedCohorts), kept by email until they sign up. */
export const assignedCohort = pgTable(
  "assigned_cohort",
  {
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenant.id, { onDelete: "cascade" }),
    surveyId: text("survey_id")
      .notNull()
      .references(() => survey.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    userId: text("user_id").references(() => user.id, { onDelete: "cascade" }),
    cohorts: jsonb("cohorts").$type<{ key: string; value: string; label: string }[]>().notNull(),
    updatedAt: updatedAt(),
  },
  (table) => [primaryKey({ columns: [table.tenantId, table.surveyId, table.email] })],
);

/** Benchmarks recomputed from every company's closed LOWI surveys, per size band and year (used with ≥ 5 companies). */
export const benchmarkRecomputed = pgTable(
  "benchmark_recomputed",
  {
    companySize: text("company_size").notNull(),
    year: integer("year").notNull(),
    companies: integer("companies").notNull(),
    data: jsonb("data").$type<unknown>().notNull(),
    computedAt: timestamp("computed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.companySize, table.year] })],
);

/**
 * A reader's correction of a comment's labels (issue 11, item 17). The corrected labels are written onto the comment
 * itself (`comment_excerpt.sentiment`, `emotion`, `topic`), so every reader of those columns (filters, sentiment
 * counts, themes, quotes, exports) uses them; this row keeps what the analyzer said and who corrected it when.
 */
export const commentLabelCorrection = pgTable(
  "comment_label_correction",
  {
    commentId: uuid("comment_id")
      .primaryKey()
      .references(() => commentExcerpt.id, { onDelete: "cascade" }),
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenant.id, { onDelete: "cascade" }),
    originalSentiment: text("original_sentiment").notNull(),
    originalEmotion: text("original_emotion").notNull(),
    originalTopic: text("original_topic").notNull(),
    originalAnalyzer: text("original_analyzer").notNull(),
    correctedBy: text("corrected_by").references(() => user.id, { onDelete: "set null" }),
    correctedAt: timestamp("corrected_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("comment_label_correction_tenant_idx").on(table.tenantId)],
);

/**
 * A comment served to a labeler (decision 0050): one row per labeler and comment, so a comment is never served to
 * the same labeler twice. The labels are empty until they submit; `skipped_at` is set when they skip it instead.
 */
export const commentLabel = pgTable(
  "comment_label",
  {
    labelerUserId: text("labeler_user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    excerptId: uuid("excerpt_id")
      .notNull()
      .references(() => commentExcerpt.id, { onDelete: "cascade" }),
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenant.id, { onDelete: "cascade" }),
    sentiment: text("sentiment"),
    emotion: text("emotion"),
    topic: text("topic"),
    servedAt: timestamp("served_at", { withTimezone: true }).notNull().defaultNow(),
    labeledAt: timestamp("labeled_at", { withTimezone: true }),
    skippedAt: timestamp("skipped_at", { withTimezone: true }),
  },
  (table) => [primaryKey({ columns: [table.labelerUserId, table.excerptId] }), index("comment_label_excerpt_idx").on(table.excerptId)],
);

/**
 * Browsers that have answered a survey (decision 0052): HMAC(AUTH_SECRET, survey id ‖ the browser's random cookie
 * token), one row per survey and browser. No response id and no time, so a row cannot be joined to an answer; it only
 * tells a later response from the same browser that it does not count toward the thresholds.
 */
export const surveyResponseBrowser = pgTable(
  "survey_response_browser",
  {
    // No foreign key: the row is a hash and nothing else, and a key check on every response (a lock on the survey's
    // row) cost a third of the ingest rate on the embedded database. Surveys are never deleted; an orphan says nothing.
    surveyId: text("survey_id").notNull(),
    sourceHash: text("source_hash").notNull(),
  },
  (table) => [primaryKey({ columns: [table.surveyId, table.sourceHash] })],
);

/**
 * Networks that answered a survey recently (decision 0052): HMAC(AUTH_SECRET, survey id ‖ network prefix) and when
 * the last counting response of that network arrived. A response from the same prefix within the window does not
 * count toward the thresholds. Rows older than the window are pruned; none is linked to a response.
 */
export const surveyResponseNetwork = pgTable(
  "survey_response_network",
  {
    // No foreign key, as for the browser rows above: the hot path of every response checks no key.
    surveyId: text("survey_id").notNull(),
    prefixHash: text("prefix_hash").notNull(),
    countedAt: timestamp("counted_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.surveyId, table.prefixHash] }),
    index("survey_response_network_counted_idx").on(table.countedAt),
  ],
);
