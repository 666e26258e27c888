/**
 * Demographics imports (issue 14 item 2, docs/decisions/0043): the page uploads the CSV and sends its column mapping;
 * the server checks the mapping, remembers it for the company, and a job reads the file again, validates every row with
 * the same rules as the page and writes the accepted people in batches. Writing is an upsert by address, so a job
 * that runs twice — or an import run again — never duplicates anyone.
 */
import type { Readable } from "node:stream";
import { Worker } from "node:worker_threads";
import {
  type ColumnMatch,
  type DataImport,
  type DataImportInput,
  findImportField,
  type ImportMapping,
  normalizeLabel,
  type RejectedImportRow,
  rejectedRowsCsv,
  rememberMapping,
  validateImportRows,
} from "@hearth/shared";
import Papa from "papaparse";
import type { AppContext } from "../../app-context.js";
import type { Database } from "../../db/client.js";
import type { Actor } from "../../lib/actor.js";
import { AppError, notFound } from "../../lib/errors.js";
import { insertActivityLogs } from "../activity-log/activity-log.repo.js";
import { findUploadedFile } from "../uploads/uploads.repo.js";
import {
  type DataImportRow,
  findDataImport,
  findImportMapping,
  insertDataImport,
  listDataImports,
  mergeImportMapping,
  updateDataImport,
  upsertEmployeeAttributes,
} from "./data.repo.js";
import { importFinished } from "../notifications/notification-events.js";
import { notify } from "../notifications/notifications.service.js";

export const COMMIT_IMPORT_JOB = "data-import.commit";
/** Rows validated and written per batch (one statement each, in a transaction with the counters). */
export const IMPORT_BATCH_ROWS = 5_000;
/** How many validated batches may wait to be written while the validating thread reads on. */
const BATCHES_AHEAD = 2;
/**
 * How many pieces of the file (64 kB each as file storage reads them) may wait on the validating thread: enough for
 * a few batches, so it reads on while this thread is busy writing (the embedded database runs on this thread).
 */
const PIECES_AHEAD = 32;
/** The validating thread's young generation: its garbage is short-lived and small, and the server's peak memory counts. */
const THREAD_YOUNG_GENERATION_MB = 16;

const invalid = (field: string, message: string) => new AppError("VALIDATION_FAILED", message, { fields: { [field]: message } });

function toDataImport(row: DataImportRow): DataImport {
  return {
    id: row.id,
    kind: row.kind as DataImport["kind"],
    fileName: row.fileName,
    status: row.status as DataImport["status"],
    totalRows: row.totalRows,
    acceptedRows: row.acceptedRows,
    rejectedRows: row.rejectedRows,
    error: row.error,
    columns: row.mapping,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/** Every field named once at most, known, and one column the email. */
function checkColumns(columns: DataImportInput["columns"]): ColumnMatch[] {
  const used = new Set<string>();
  for (const column of columns) {
    if (column.field === null) continue;
    const field = findImportField(column.field);
    if (!field) throw invalid("columns", `"${column.field}" is not a field an import knows.`);
    if (used.has(column.field)) throw invalid("columns", `${field.label} is chosen for two columns; a field can be chosen once.`);
    used.add(column.field);
  }
  if (!used.has("email")) throw invalid("columns", "Choose the column that holds each person's email address.");
  return columns.map((column) => ({ header: column.header, field: column.field, note: column.field ? null : ("none" as const) }));
}

/** `POST /api/data/imports`: checks the mapping against the uploaded file, remembers it, and queues the commit. */
export async function startDataImport(ctx: AppContext, actor: Actor, input: DataImportInput): Promise<DataImport> {
  const { db } = ctx.database;
  const upload = await findUploadedFile(db, actor.tenantId, input.uploadId);
  if (!upload) throw notFound("Upload the file again: it was not found.");
  if (upload.contentType !== "text/csv") throw invalid("uploadId", "Imports read CSV files only.");
  const columns = checkColumns(input.columns);
  const headers = await readHeaders(ctx, upload.storageKey);
  if (headers.length !== columns.length || headers.some((header, index) => header !== columns[index].header)) {
    throw invalid("columns", "The columns do not match the uploaded file's header row.");
  }
  const row = await db.transaction(async (tx) => {
    const database = tx as unknown as Database;
    const created = await insertDataImport(database, actor.tenantId, {
      kind: input.kind,
      uploadId: upload.id,
      fileName: upload.fileName,
      mapping: columns.map(({ header, field }) => ({ header, field })),
      createdByUserId: actor.userId,
    });
    await mergeImportMapping(database, actor.tenantId, input.kind, rememberMapping(columns));
    await insertActivityLogs(database, actor.tenantId, actor.userId, [
      { action: "import_data", data: { importId: created.id, kind: input.kind, fileName: upload.fileName } },
    ]);
    await ctx.jobs.enqueueMany(
      COMMIT_IMPORT_JOB,
      [{ data: { tenantId: actor.tenantId, importId: created.id }, singletonKey: created.id }],
      database,
    );
    return created;
  });
  // the job was written in the transaction: its worker is told now rather than at its next poll
  ctx.jobs.wake(COMMIT_IMPORT_JOB);
  return toDataImport(row);
}

/** How much of a file is read to find its header row (a header longer than this is not one). */
const HEADER_BYTES = 64 * 1024;

/** The header row, from the first HEADER_BYTES of the file only: starting an import never reads the whole file. */
export async function readHeaders(ctx: AppContext, storageKey: string): Promise<string[]> {
  const body = await ctx.storage.get(storageKey);
  if (!body) throw notFound("The uploaded file is no longer stored.");
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    const bytes = Buffer.from(chunk as Buffer);
    chunks.push(bytes);
    size += bytes.length;
    if (size >= HEADER_BYTES) break;
  }
  body.destroy();
  const head = Buffer.concat(chunks)
    .subarray(0, HEADER_BYTES)
    .toString("utf8")
    .replace(/^\uFEFF/, "");
  const first = Papa.parse<string[]>(head, { preview: 1, skipEmptyLines: "greedy" }).data[0] ?? [];
  return first.map((header) => header.trim());
}

/**
 * Reads the stored file's data rows (the header row left out, empty lines skipped) in batches of `size` as its bytes
 * arrive, and awaits `handle` for each batch before more is parsed: the file is paused while a batch is handled, so
 * at most a batch and one read of the file are held, whatever the file's size. `firstLine` is the file row number of
 * the batch's first row (the header is row 1). Resolves with the number of data rows.
 */
async function forEachRowBatch(
  ctx: AppContext,
  storageKey: string,
  size: number,
  handle: (rows: string[][], firstLine: number) => Promise<void> | void,
): Promise<number> {
  const body = await ctx.storage.get(storageKey);
  if (!body) throw notFound("The uploaded file is no longer stored.");
  // decoded as text by the stream, so a character split between two reads arrives whole
  body.setEncoding("utf8");
  let pending: string[][] = [];
  let headerSeen = false;
  let parsed = false;
  let failure: Error | null = null;
  let wake: (() => void) | null = null;
  const signal = () => {
    wake?.();
    wake = null;
  };
  Papa.parse<string[], Readable>(body, {
    skipEmptyLines: "greedy",
    // a leading byte-order mark is not part of the first header
    beforeFirstChunk: (chunk) => chunk.replace(/^\uFEFF/, ""),
    chunk: (results) => {
      let rows = results.data;
      if (!headerSeen && rows.length > 0) {
        headerSeen = true;
        rows = rows.slice(1);
      }
      for (const row of rows) pending.push(row);
      if (pending.length >= size) body.pause();
      signal();
    },
    complete: () => {
      parsed = true;
      signal();
    },
    error: (error) => {
      failure = error;
      signal();
    },
  });
  let rowsRead = 0;
  try {
    for (;;) {
      if (failure) throw failure;
      if (pending.length >= size || (parsed && pending.length > 0)) {
        const batch = pending.length > size ? pending.slice(0, size) : pending;
        pending = pending.length > size ? pending.slice(size) : [];
        await handle(batch, rowsRead + 2);
        rowsRead += batch.length;
        continue;
      }
      if (parsed) return rowsRead;
      const waiting = new Promise<void>((resolve) => {
        wake = resolve;
      });
      body.resume();
      await waiting;
    }
  } finally {
    body.destroy();
  }
}

interface ValidatedBatch {
  /** The accepted people as upsertEmployeeAttributes takes them (JSON). */
  payload: string;
  accepted: number;
  rejected: number;
}

type ThreadMessage =
  | ({ type: "batch" } & ValidatedBatch)
  | { type: "took" }
  | { type: "done"; rows: number }
  | { type: "error"; message: string };

/**
 * Parses and validates the stored file on a thread of its own (import-rows.worker.mjs), handing each batch of
 * IMPORT_BATCH_ROWS rows to `write` in order; the thread reads on while at most BATCHES_AHEAD batches wait, so the
 * next rows are checked while the last ones are written and memory stays flat. Resolves with the number of rows.
 */
async function validateOnThread(
  ctx: AppContext,
  storageKey: string,
  columns: ColumnMatch[],
  asOf: Date,
  write: (batch: ValidatedBatch) => Promise<void>,
): Promise<number> {
  const body = await ctx.storage.get(storageKey);
  if (!body) throw notFound("The uploaded file is no longer stored.");
  const worker = new Worker(new URL("./import-rows.worker.mjs", import.meta.url), {
    workerData: { columns, now: asOf.toISOString(), batchRows: IMPORT_BATCH_ROWS, ahead: BATCHES_AHEAD },
    resourceLimits: { maxYoungGenerationSizeMb: THREAD_YOUNG_GENERATION_MB },
  });
  // decoded as text by the stream, so a character split between two reads arrives whole
  body.setEncoding("utf8");
  let untaken = 0;
  body.on("data", (text: string) => {
    worker.postMessage({ type: "text", text });
    untaken += 1;
    if (untaken >= PIECES_AHEAD) body.pause();
  });
  body.on("end", () => worker.postMessage({ type: "end" }));
  try {
    return await new Promise<number>((resolve, reject) => {
      let settled = false;
      let written = Promise.resolve();
      const fail = (error: Error) => {
        if (settled) return;
        settled = true;
        reject(error);
      };
      body.on("error", (error) => fail(error));
      worker.on("message", (message: ThreadMessage) => {
        if (message.type === "took") {
          untaken -= 1;
          if (untaken < PIECES_AHEAD) body.resume();
          return;
        }
        if (message.type === "error") return fail(new Error(`The file could not be read: ${message.message}`));
        written = written.then(async () => {
          if (settled) return;
          if (message.type === "done") {
            settled = true;
            resolve(message.rows);
            return;
          }
          try {
            await write(message);
            worker.postMessage({ type: "written" });
          } catch (error) {
            fail(error instanceof Error ? error : new Error(String(error)));
          }
        });
      });
      worker.on("error", (error) => fail(error));
      worker.on("exit", (code) => fail(new Error(`The import's reading thread stopped (code ${code}).`)));
    });
  } finally {
    await worker.terminate();
    body.destroy();
  }
}

/**
 * The commit job: the stored file parsed and validated as it is read, on a thread of its own (duplicates caught
 * across the whole file), the accepted written in batches of IMPORT_BATCH_ROWS, each with the counters as progress in
 * one transaction. The number of rows is known once the file is read: until then `totalRows` is 0 and the progress is
 * the rows taken so far (acceptedRows + rejectedRows). Safe to run twice: the writes are upserts and the counters are
 * set, not added to.
 */
export async function commitDataImport(ctx: AppContext, tenantId: string, importId: string, now = new Date()): Promise<void> {
  const { db } = ctx.database;
  const row = await findDataImport(db, tenantId, importId);
  if (!row) return;
  const upload = row.uploadId ? await findUploadedFile(db, tenantId, row.uploadId) : undefined;
  if (!upload) {
    await updateDataImport(db, tenantId, importId, { status: "failed", error: "The uploaded file is no longer stored.", finishedAt: now });
    return;
  }
  await updateDataImport(db, tenantId, importId, {
    status: "running",
    startedAt: now,
    error: null,
    totalRows: 0,
    acceptedRows: 0,
    rejectedRows: 0,
  });
  const columns = row.mapping.map((column) => ({ ...column, note: null }));
  let accepted = 0;
  let rejected = 0;
  // the rows are read as of the import's creation (tenure and age), the same day the rejected-rows download uses
  const totalRows = await validateOnThread(ctx, upload.storageKey, columns, row.createdAt, async (batch) => {
    await db.transaction(async (tx) => {
      const database = tx as unknown as Database;
      if (batch.accepted > 0) await upsertEmployeeAttributes(database, tenantId, importId, batch.payload);
      await updateDataImport(database, tenantId, importId, {
        acceptedRows: accepted + batch.accepted,
        rejectedRows: rejected + batch.rejected,
      });
    });
    accepted += batch.accepted;
    rejected += batch.rejected;
  });
  // done, and the person who started it told, in one transaction (a second run finds the notification given)
  await db.transaction(async (tx) => {
    const database = tx as unknown as Database;
    await updateDataImport(database, tenantId, importId, { status: "done", totalRows, finishedAt: new Date() });
    const outcome = { fileName: row.fileName, rows: accepted, rejected, kind: "demographics" as const };
    await notify(database, tenantId, importFinished(importId, row.createdByUserId, outcome));
  });
}

export async function listCompanyDataImports(ctx: AppContext, actor: Actor): Promise<{ imports: DataImport[] }> {
  return { imports: (await listDataImports(ctx.database.db, actor.tenantId)).map(toDataImport) };
}

export async function getDataImport(ctx: AppContext, actor: Actor, id: string): Promise<DataImport> {
  const row = await findDataImport(ctx.database.db, actor.tenantId, id);
  if (!row) throw notFound("No such import.");
  return toDataImport(row);
}

/** `GET /api/data/imports/:id/rejected`: the rows the import did not take, with their reasons, as CSV. */
export async function readRejectedRows(ctx: AppContext, actor: Actor, id: string): Promise<{ fileName: string; csv: string }> {
  const { db } = ctx.database;
  const row = await findDataImport(db, actor.tenantId, id);
  const upload = row?.uploadId ? await findUploadedFile(db, actor.tenantId, row.uploadId) : undefined;
  if (!row || !upload) throw notFound("No such import.");
  const columns = row.mapping.map((column) => ({ ...column, note: null }));
  // only the rejected rows are kept; `seen` holds addresses, so duplicates are caught across the whole file
  const seen = new Set<string>();
  const rejected: RejectedImportRow[] = [];
  await forEachRowBatch(ctx, upload.storageKey, IMPORT_BATCH_ROWS, (batch, firstLine) => {
    rejected.push(...validateImportRows(columns, batch, { firstLine, seen, now: row.createdAt }).rejected);
  });
  const base = row.fileName.replace(/\.csv$/i, "");
  return {
    fileName: `${base}-rejected-rows.csv`,
    csv: rejectedRowsCsv(
      row.mapping.map((column) => column.header),
      rejected,
    ),
  };
}

/** `GET /api/data/import-mapping?kind=`: the company's earlier choices, by header as normalizeLabel reads it. */
export async function getImportMapping(ctx: AppContext, actor: Actor, kind: ImportMapping["kind"]): Promise<ImportMapping> {
  const mapping = await findImportMapping(ctx.database.db, actor.tenantId, kind);
  return { kind, mapping: Object.fromEntries(Object.entries(mapping).map(([header, field]) => [normalizeLabel(header), field])) };
}
