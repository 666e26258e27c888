import type { ColumnMatch, FeedbackColumnProfile } from "@hearth/shared";

/** What the page asks the import worker ("profile": what each column of a feedback file holds). */
export type ImportWorkerRequest = { type: "parse"; file: File } | { type: "validate"; columns: ColumnMatch[] } | { type: "profile" };

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
  | { type: "profiled"; columns: FeedbackColumnProfile[] }
  | { type: "error"; message: string };
