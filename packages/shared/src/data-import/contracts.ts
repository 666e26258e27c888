/** The data import API (issue 14 item 2, docs/decisions/0043). */
import { z } from "zod";

export const DATA_IMPORT_KINDS = ["demographics"] as const;
export type DataImportKind = (typeof DATA_IMPORT_KINDS)[number];

export const importColumnSchema = z.object({
  header: z.string().max(200, "A header is at most 200 characters"),
  field: z.string().max(60).nullable(),
});

export const dataImportInputSchema = z.object({
  uploadId: z.uuid("Upload the file first"),
  kind: z.enum(DATA_IMPORT_KINDS, "Choose what the file holds"),
  columns: z.array(importColumnSchema).min(1, "The file has no columns").max(200, "At most 200 columns"),
});
export type DataImportInput = z.infer<typeof dataImportInputSchema>;

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

export const dataImportListSchema = z.object({ imports: z.array(dataImportSchema) });

export const importMappingSchema = z.object({ kind: z.enum(DATA_IMPORT_KINDS), mapping: z.record(z.string(), z.string().nullable()) });
export type ImportMapping = z.infer<typeof importMappingSchema>;

export const DATA_CARD_SOURCES = ["all", "survey", "import"] as const;
export type DataCardSource = (typeof DATA_CARD_SOURCES)[number];
export const DATA_CARDS_PAGE_SIZE = 20;

/**
 * One card of /dashboard/data (spec surveys §3 "Data card": id, created, recipient, data; docs/decisions/0044). A
 * survey is one aggregate card — its responses are never shown one by one — and an imported person is one card.
 */
export const dataCardSchema = z.object({
  id: z.string(),
  source: z.enum(["survey", "import"]),
  created: z.string(),
  title: z.string(),
  recipient: z.object({ name: z.string().nullable(), email: z.string() }).nullable(),
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
