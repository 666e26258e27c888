import type { ColumnMatch } from "@hearth/shared";

/** What the page asks the import worker. */
export type ImportWorkerRequest = { type: "parse"; file: File } | { type: "validate"; columns: ColumnMatch[] };

/** What the import worker answers. */
export type ImportWorkerReply =
  | { type: "progress"; loaded: number; total: number; rows: number }
  | { type: "parsed"; headers: string[]; preview: string[][]; totalRows: number }
  | {
      type: "validated";
      accepted: number;
      rejected: number;
      rejectedSample: { line: number; reasons: string[] }[];
      rejectedCsv: string | null;
    }
  | { type: "error"; message: string };
