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
