/** The data import API (issue 14 item 2, docs/decisions/0043). */
import { z } from "zod";
import { FEEDBACK_COLUMN_TYPES, FEEDBACK_MAX_COLUMNS, FEEDBACK_MAX_OPTION_LENGTH } from "./feedback-columns.js";

/** demographics: employee attributes by email (decision 0043); feedback: survey answers collected elsewhere (0046). */
export const DATA_IMPORT_KINDS = ["demographics", "feedback"] as const;
export type DataImportKind = (typeof DATA_IMPORT_KINDS)[number];

export const importColumnSchema = z.object({
  header: z.string().max(200, "A header is at most 200 characters"),
  field: z.string().max(60).nullable(),
});

/** A demographics import: every column of the file with the field it goes to. */
export const dataImportInputSchema = z.object({
  uploadId: z.uuid("Upload the file first"),
  kind: z.literal("demographics", "Choose what the file holds"),
  columns: z.array(importColumnSchema).min(1, "The file has no columns").max(200, "At most 200 columns"),
});
export type DataImportInput = z.infer<typeof dataImportInputSchema>;

/** One column chosen for a feedback import: its place and header in the file, what it holds and its values. */
export const feedbackColumnSchema = z.object({
  index: z.number("A column number").int("A column number").min(0, "A column number").max(199, "At most 200 columns"),
  header: z.string().max(200, "A header is at most 200 characters"),
  type: z.enum(FEEDBACK_COLUMN_TYPES, "Choose comment text, choice or rating scale"),
  options: z
    .array(z.string().max(FEEDBACK_MAX_OPTION_LENGTH, `A value is at most ${FEEDBACK_MAX_OPTION_LENGTH} characters`))
    .max(100, "At most 100 values")
    .default([]),
});

/** A survey/feedback import: the chosen columns only (a person's columns never). */
export const feedbackImportInputSchema = z.object({
  uploadId: z.uuid("Upload the file first"),
  kind: z.literal("feedback", "Choose what the file holds"),
  columns: z
    .array(feedbackColumnSchema)
    .min(1, "Select at least one column to import")
    .max(FEEDBACK_MAX_COLUMNS, `Select at most ${FEEDBACK_MAX_COLUMNS} columns`),
});
export type FeedbackImportInput = z.infer<typeof feedbackImportInputSchema>;

/** `POST /api/data/imports`: either kind, told apart by `kind`. */
export const dataImportRequestSchema = z.discriminatedUnion("kind", [dataImportInputSchema, feedbackImportInputSchema], {
  error: "Choose what the file holds: demographics or feedback",
});
export type DataImportRequest = z.infer<typeof dataImportRequestSchema>;

export const dataImportSchema = z.object({
  id: z.string(),
  kind: z.enum(DATA_IMPORT_KINDS),
  fileName: z.string(),
  status: z.enum(["queued", "running", "done", "failed"]),
  totalRows: z.number().int(),
  acceptedRows: z.number().int(),
  rejectedRows: z.number().int(),
  error: z.string().nullable(),
  columns: z.array(importColumnSchema),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type DataImport = z.infer<typeof dataImportSchema>;

/** One question a feedback import made from a column. */
export const importedQuestionSchema = z.object({
  header: z.string(),
  key: z.string(),
  type: z.enum(FEEDBACK_COLUMN_TYPES),
  options: z.array(z.string()),
  /** A choice with few values: the reports can be filtered by it. */
  cohort: z.boolean(),
});
export type ImportedQuestion = z.infer<typeof importedQuestionSchema>;

/** `GET /api/data/imports/:id`: the import, and for a feedback import its survey and questions. */
export const dataImportDetailSchema = dataImportSchema.extend({
  surveyId: z.string().nullable(),
  questions: z.array(importedQuestionSchema),
});
export type DataImportDetail = z.infer<typeof dataImportDetailSchema>;

export const dataImportListSchema = z.object({ imports: z.array(dataImportSchema) });

export const importMappingSchema = z.object({ kind: z.enum(DATA_IMPORT_KINDS), mapping: z.record(z.string(), z.string().nullable()) });
export type ImportMapping = z.infer<typeof importMappingSchema>;

export const DATA_CARD_SOURCES = ["all", "survey", "import"] as const;
export type DataCardSource = (typeof DATA_CARD_SOURCES)[number];
export const DATA_CARDS_PAGE_SIZE = 20;

/**
 * One card of /dashboard/data (spec surveys §3 "Data card": id, created, recipient, data; docs/decisions/0044). A
 * survey is one aggregate card — its responses are never shown one by one — and an imported person is one card; a
 * survey imported from a file (decision 0046) is one aggregate card of source "import".
 */
export const dataCardSchema = z.object({
  id: z.string(),
  source: z.enum(["survey", "import"]),
  created: z.string(),
  title: z.string(),
  recipient: z.object({ name: z.string().nullable(), email: z.string() }).nullable(),
  /** An imported survey's card: the import it came from (its page is /dashboard/data/import/{importId}). */
  importId: z.string().optional(),
  /** Label → value, in display order. */
  data: z.array(z.object({ label: z.string(), value: z.string() })),
});
export type DataCard = z.infer<typeof dataCardSchema>;

export const dataCardQuerySchema = z.object({
  source: z.enum(DATA_CARD_SOURCES, "Choose all, survey or import").default("all"),
  from: z.iso.date("A date such as 2026-01-31").optional(),
  to: z.iso.date("A date such as 2026-12-31").optional(),
  page: z.coerce.number("A page number").int().min(1, "Pages start at 1").max(100_000).default(1),
});
export type DataCardQuery = z.infer<typeof dataCardQuerySchema>;

export const dataCardListSchema = z.object({
  cards: z.array(dataCardSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type DataCardList = z.infer<typeof dataCardListSchema>;
