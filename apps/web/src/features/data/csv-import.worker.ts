/**
 * Parses and validates an import's CSV off the main thread (issue 14 item 2, decision 0043): papaparse in this module
 * worker (not papaparse's own `worker: true`, which loses errors in bundled builds), streaming the file in chunks and
 * reporting progress by bytes. The rows stay here; the page asks for the preview and, after each mapping change, for
 * the validation with the shared rules; for a feedback file, for what each column holds (decision 0046).
 */
import { type ColumnMatch, isResponseExportKeyRow, profileFeedbackColumns, rejectedRowsCsv, validateImportRows } from "@hearth/shared";
import Papa from "papaparse";
import type { ImportWorkerReply, ImportWorkerRequest } from "./import-worker-protocol";

const PREVIEW_ROWS = 10;
const scope = self as unknown as { postMessage(message: ImportWorkerReply): void; onmessage: ((event: MessageEvent) => void) | null };
let headers: string[] = [];
let rows: string[][] = [];

function parse(file: File): void {
  headers = [];
  rows = [];
  let first = true;
  Papa.parse<string[]>(file, {
    skipEmptyLines: "greedy",
    chunkSize: 512 * 1024,
    chunk: (results, parser) => {
      for (const row of results.data) {
        if (first) {
          headers = row.map((header, index) => (index === 0 ? header.replace(/^\uFEFF/, "") : header).trim());
          first = false;
        } else rows.push(row);
      }
      const cursor = results.meta.cursor;
      scope.postMessage({ type: "progress", loaded: Math.min(cursor, file.size), total: file.size, rows: rows.length });
      void parser;
    },
    complete: () => {
      if (headers.length === 0) {
        scope.postMessage({ type: "error", message: "The file is empty: it needs a header row and at least one row of data." });
        return;
      }
      // A Hearth response export carries its question keys in a second header row (decision 0068): not a row of data.
      if (isResponseExportKeyRow(headers, rows[0])) rows.shift();
      scope.postMessage({ type: "parsed", headers, preview: rows.slice(0, PREVIEW_ROWS), totalRows: rows.length });
    },
    error: (error) => scope.postMessage({ type: "error", message: `The file could not be read: ${error.message}` }),
  });
}

function validate(columns: ColumnMatch[]): void {
  const { accepted, rejected } = validateImportRows(columns, rows);
  scope.postMessage({
    type: "validated",
    accepted: accepted.length,
    rejected: rejected.length,
    rejectedSample: rejected.slice(0, 20).map((row) => ({ line: row.line, reasons: row.reasons })),
    rejectedCsv: rejected.length > 0 ? rejectedRowsCsv(headers, rejected) : null,
  });
}

scope.onmessage = (event: MessageEvent<ImportWorkerRequest>) => {
  if (event.data.type === "parse") parse(event.data.file);
  else if (event.data.type === "profile") scope.postMessage({ type: "profiled", columns: profileFeedbackColumns(headers, rows) });
  else validate(event.data.columns);
};
