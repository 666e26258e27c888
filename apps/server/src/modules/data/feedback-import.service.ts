/**
 * Survey/feedback imports (issue 14 item 2, docs/decisions/0046): answers collected elsewhere become an anonymous
 * survey of source "import". Starting one checks the chosen columns against the uploaded file's header row and creates,
 * in one transaction, the survey (published and closed at once, its threshold frozen as publishing freezes it), the
 * import and its commit job. The job writes one response per row in batches, each batch's insert and the import's
 * counters in one transaction, resuming from the counters: running twice never writes a row twice.
 */
import {
  checkFeedbackColumn,
  type DataImport,
  type DataImportDetail,
  type DataImportRequest,
  type FeedbackColumnChoice,
  type FeedbackImportInput,
  feedbackSurveyFields,
  feedbackTypeOfField,
  isResponseExportKeyRow,
  normalizeVisibilityThreshold,
  readFeedbackRows,
  rejectedRowsCsv,
  type SurveyField,
} from "@hearth/shared";
import Papa from "papaparse";
import { Readable } from "node:stream";
import type { AppContext } from "../../app-context.js";
import type { Database } from "../../db/client.js";
import type { Actor } from "../../lib/actor.js";
import { AppError, notFound } from "../../lib/errors.js";
import { insertActivityLogs } from "../activity-log/activity-log.repo.js";
import { wakeCommentAnalysis } from "../comments/comment-jobs.js";
import { findTenant } from "../company/company.repo.js";
import { newSurveyId } from "../surveys/surveys.service.js";
import { findSurvey, insertSurvey } from "../surveys/surveys.repo.js";
import { findUploadedFile } from "../uploads/uploads.repo.js";
import {
  COMMIT_IMPORT_JOB,
  commitDataImport,
  getDataImport,
  IMPORT_BATCH_ROWS,
  readRejectedRows,
  readHeaders,
  startDataImport,
} from "./data-import.service.js";
import { type DataImportRow, findDataImport, insertDataImport, updateDataImport } from "./data.repo.js";
import { advanceImportProgress, insertImportedResponses, markImportRunning, setImportSurvey } from "./feedback-import.repo.js";
import { importFinished } from "../notifications/notification-events.js";
import { notify } from "../notifications/notifications.service.js";

const invalid = (field: string, message: string) => new AppError("VALIDATION_FAILED", message, { fields: { [field]: message } });

/**
 * The header row and the data rows of a stored file, empty lines skipped; `firstLine` is the file line of the first
 * data row. A Hearth response export's second header row (its question keys, decision 0068) is not a response.
 */
async function readTable(ctx: AppContext, storageKey: string): Promise<{ headers: string[]; rows: string[][]; firstLine: number }> {
  const body = await ctx.storage.get(storageKey);
  if (!body) throw notFound("The uploaded file is no longer stored.");
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk as Buffer));
  const text = Buffer.concat(chunks)
    .toString("utf8")
    .replace(/^\uFEFF/, "");
  const data = Papa.parse<string[]>(text, { skipEmptyLines: "greedy" }).data;
  const headers = (data[0] ?? []).map((header) => header.trim());
  const skip = isResponseExportKeyRow(headers, data[1]) ? 2 : 1;
  return { headers, rows: data.slice(skip), firstLine: skip + 1 };
}

/** The survey's name: the file's name without its extension. */
const surveyNameOf = (fileName: string) =>
  fileName
    .replace(/\.csv$/i, "")
    .trim()
    .slice(0, 200) || "Imported feedback";

/** Every chosen column once, in the file, and importable as the type chosen. */
function checkChoices(columns: FeedbackImportInput["columns"], headers: readonly string[]): FeedbackColumnChoice[] {
  const seen = new Set<number>();
  for (const column of columns) {
    if (seen.has(column.index)) throw invalid("columns", `Column ${column.index + 1} is selected twice.`);
    seen.add(column.index);
    if (headers[column.index] !== column.header) throw invalid("columns", "The columns do not match the uploaded file's header row.");
    const problem = checkFeedbackColumn(column);
    if (problem) throw invalid("columns", problem);
  }
  return [...columns].sort((a, b) => a.index - b.index);
}

/** `POST /api/data/imports` with kind "feedback": the survey, the import and its commit job, in one transaction. */
export async function startFeedbackImport(ctx: AppContext, actor: Actor, input: FeedbackImportInput): Promise<DataImport> {
  const { db } = ctx.database;
  const upload = await findUploadedFile(db, actor.tenantId, input.uploadId);
  if (!upload) throw notFound("Upload the file again: it was not found.");
  if (upload.contentType !== "text/csv") throw invalid("uploadId", "Imports read CSV files only.");
  const headers = await readHeaders(ctx, upload.storageKey);
  const columns = checkChoices(input.columns, headers);
  const fields = feedbackSurveyFields(columns);
  const keyByIndex = new Map(columns.map((column, position) => [column.index, fields[position].key]));
  const tenant = await findTenant(db, actor.tenantId);
  if (!tenant) throw notFound("Company not found");
  const id = await db.transaction(async (tx) => {
    const database = tx as unknown as Database;
    const now = new Date();
    const survey = await insertSurvey(database, actor.tenantId, {
      id: newSurveyId(),
      authorUserId: actor.userId,
      ownerUserId: actor.userId,
      name: surveyNameOf(upload.fileName),
      description: `Answers imported from ${upload.fileName}.`,
      surveyPreset: "Custom",
      isLowi: false,
      isAnonymous: true,
      fields,
      metaFields: {},
      draft: false,
      // Published and closed at once: an imported survey takes no answers of its own.
      publishedAt: now,
      endDate: now,
      // The company's threshold now stays the survey's for good, as when a survey is published (decision 0022).
      visibilityThreshold: normalizeVisibilityThreshold(tenant.visibilityThreshold),
      source: "import",
    });
    const created = await insertDataImport(database, actor.tenantId, {
      kind: "feedback",
      uploadId: upload.id,
      fileName: upload.fileName,
      // every column of the file in order, with the question it became (null: not imported)
      mapping: headers.map((header, index) => ({ header, field: keyByIndex.get(index) ?? null })),
      createdByUserId: actor.userId,
    });
    await setImportSurvey(database, actor.tenantId, created.id, survey.id);
    await insertActivityLogs(database, actor.tenantId, actor.userId, [
      { action: "import_data", data: { importId: created.id, kind: "feedback", fileName: upload.fileName, surveyId: survey.id } },
    ]);
    await ctx.jobs.enqueueMany(
      COMMIT_IMPORT_JOB,
      [{ data: { tenantId: actor.tenantId, importId: created.id }, singletonKey: created.id }],
      database,
    );
    return created.id;
  });
  return getDataImport(ctx, actor, id);
}

/** `POST /api/data/imports`: each kind to its own rules. */
export function startImport(ctx: AppContext, actor: Actor, input: DataImportRequest): Promise<DataImport> {
  return input.kind === "feedback" ? startFeedbackImport(ctx, actor, input) : startDataImport(ctx, actor, input);
}

/** The chosen columns of a feedback import, from its mapping and its survey's questions. */
function chosenColumns(row: DataImportRow, fields: readonly SurveyField[]): { columns: FeedbackColumnChoice[]; keys: string[] } {
  const byKey = new Map(fields.map((field) => [field.key, field]));
  const columns: FeedbackColumnChoice[] = [];
  const keys: string[] = [];
  row.mapping.forEach((column, index) => {
    const field = column.field ? byKey.get(column.field) : undefined;
    if (!field) return;
    columns.push({ index, header: column.header, type: feedbackTypeOfField(field), options: field.radioOptions });
    keys.push(field.key);
  });
  return { columns, keys };
}

/** A feedback import's survey questions; null when the import or its survey is gone. */
async function loadFeedback(ctx: AppContext, tenantId: string, importId: string) {
  const { db } = ctx.database;
  const row = await findDataImport(db, tenantId, importId);
  if (row?.kind !== "feedback") return null;
  const survey = row.surveyId ? await findSurvey(db, tenantId, row.surveyId) : undefined;
  const upload = row.uploadId ? await findUploadedFile(db, tenantId, row.uploadId) : undefined;
  return { row, survey, upload, ...(survey ? chosenColumns(row, survey.fields as SurveyField[]) : { columns: [], keys: [] }) };
}

/**
 * The commit job of a feedback import. The counters (accepted + rejected) say how many rows are done; each batch's
 * responses and the counters' advance share a transaction that only commits when the counters still read what this
 * run started the batch from. A second run, a retry after a crash, or two runs at once: each row is written once.
 * When every row is done, the stored file keeps only the chosen columns — the server keeps no name or address.
 */
export async function commitFeedbackImport(ctx: AppContext, tenantId: string, importId: string, now = new Date()): Promise<void> {
  const { db } = ctx.database;
  const loaded = await loadFeedback(ctx, tenantId, importId);
  if (!loaded || loaded.row.status === "done") return;
  const { row, survey, upload, columns, keys } = loaded;
  const fail = (error: string) => updateDataImport(db, tenantId, importId, { status: "failed", error, finishedAt: now });
  if (!upload) return fail("The uploaded file is no longer stored.");
  if (!survey || columns.length === 0) return fail("The import's survey was deleted.");
  const { headers, rows, firstLine } = await readTable(ctx, upload.storageKey);
  // another run finished it meanwhile: nothing left to do
  if (!(await markImportRunning(db, tenantId, importId, { startedAt: row.startedAt ?? now, totalRows: rows.length }))) return;
  let accepted = row.acceptedRows;
  let rejected = row.rejectedRows;
  const submittedOn = row.createdAt.toISOString().slice(0, 10);
  const hasComments = columns.some((column) => column.type === "comment");
  for (let start = accepted + rejected; start < rows.length; start += IMPORT_BATCH_ROWS) {
    const result = readFeedbackRows(columns, keys, rows.slice(start, start + IMPORT_BATCH_ROWS), start + firstLine);
    const next = { acceptedRows: accepted + result.answers.length, rejectedRows: rejected + result.rejected.length };
    const advanced = await db
      .transaction(async (tx) => {
        const database = tx as unknown as Database;
        await insertImportedResponses(database, tenantId, survey.id, result.answers, submittedOn);
        if (!(await advanceImportProgress(database, tenantId, importId, start, next))) throw new StaleRun();
        return true;
      })
      .catch((error: unknown) => {
        if (error instanceof StaleRun) return false;
        throw error;
      });
    // Another run is ahead of this one (its batches are the ones written); it finishes the import.
    if (!advanced) return;
    accepted = next.acceptedRows;
    rejected = next.rejectedRows;
    if (hasComments && result.answers.length > 0) wakeCommentAnalysis(ctx);
  }
  await ctx.storage.put(upload.storageKey, Readable.from([keepChosenColumns(headers, rows, columns)]), "text/csv");
  await db.transaction(async (tx) => {
    const database = tx as unknown as Database;
    await updateDataImport(database, tenantId, importId, { status: "done", finishedAt: new Date() });
    const outcome = { fileName: row.fileName, rows: accepted, rejected, kind: "feedback" as const };
    await notify(database, tenantId, importFinished(importId, row.createdByUserId, outcome));
  });
}

class StaleRun extends Error {}

/** What stands in a row whose chosen columns are all empty, so that the row stays a row (an empty line is skipped). */
const REMOVED = "(removed)";

/**
 * The file again with every column not chosen emptied (its header kept): the columns' places do not move, and a row
 * with nothing in the chosen columns keeps a marker in the first emptied column, so rows keep their numbers.
 */
function keepChosenColumns(headers: readonly string[], rows: readonly string[][], columns: readonly FeedbackColumnChoice[]): string {
  const chosen = new Set(columns.map((column) => column.index));
  const marker = headers.findIndex((_, index) => !chosen.has(index));
  const blank = (row: readonly string[]) => {
    const kept = row.map((cell, index) => (chosen.has(index) ? cell : ""));
    if (marker >= 0 && kept.every((cell) => cell.trim() === "")) kept[marker] = REMOVED;
    return kept;
  };
  return `${Papa.unparse([[...headers], ...rows.map(blank)], { newline: "\r\n" })}\r\n`;
}

/** The commit job of either kind (one job name, `data-import.commit`). */
export async function commitImport(ctx: AppContext, tenantId: string, importId: string): Promise<void> {
  const row = await findDataImport(ctx.database.db, tenantId, importId);
  if (!row) return;
  if (row.kind === "feedback") await commitFeedbackImport(ctx, tenantId, importId);
  else await commitDataImport(ctx, tenantId, importId);
}

/**
 * `GET /api/data/imports/:id/rejected` of either kind. A feedback import's rejected rows carry the chosen columns
 * only (with the row's number in the file), never the columns that name a person.
 */
export async function readImportRejectedRows(ctx: AppContext, actor: Actor, id: string): Promise<{ fileName: string; csv: string }> {
  const loaded = await loadFeedback(ctx, actor.tenantId, id);
  if (!loaded) return readRejectedRows(ctx, actor, id);
  const { row, upload, columns, keys } = loaded;
  if (!upload) throw notFound("No such import.");
  const { rows, firstLine } = await readTable(ctx, upload.storageKey);
  const { rejected } = readFeedbackRows(columns, keys, rows, firstLine);
  const only = rejected.map((entry) => ({ ...entry, values: columns.map((column) => entry.values[column.index] ?? "") }));
  return {
    fileName: `${row.fileName.replace(/\.csv$/i, "")}-rejected-rows.csv`,
    csv: rejectedRowsCsv(
      columns.map((column) => column.header),
      only,
    ),
  };
}

/** `GET /api/data/imports/:id`: the import with its progress, and for a feedback import its survey and questions. */
export async function getImportDetail(ctx: AppContext, actor: Actor, id: string): Promise<DataImportDetail> {
  const summary = await getDataImport(ctx, actor, id);
  const loaded = summary.kind === "feedback" ? await loadFeedback(ctx, actor.tenantId, id) : null;
  if (!loaded?.survey) return { ...summary, surveyId: null, questions: [] };
  const fields = new Map((loaded.survey.fields as SurveyField[]).map((field) => [field.key, field]));
  return {
    ...summary,
    surveyId: loaded.survey.id,
    questions: loaded.columns.map((column, position) => ({
      header: column.header,
      key: loaded.keys[position],
      type: column.type,
      options: column.options,
      cohort: fields.get(loaded.keys[position])?.filter === true,
    })),
  };
}
