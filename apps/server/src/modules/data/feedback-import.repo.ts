/** Survey/feedback imports (docs/decisions/0046): the responses and progress of the commit job; every query takes the tenant id. */
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { surveyResponse } from "../../db/schema.js";
import { dataImport } from "../../db/schema-data.js";

/** Inserts one anonymous response per answer set, in one statement (nothing in a row points at a person). */
export async function insertImportedResponses(
  db: Database,
  tenantId: string,
  surveyId: string,
  answers: readonly Record<string, string>[],
  submittedOn: string,
): Promise<void> {
  if (answers.length === 0) return;
  await db.insert(surveyResponse).values(answers.map((entry) => ({ tenantId, surveyId, answers: entry, submittedOn })));
}

/**
 * Moves an import's counters on from `processed` rows (accepted + rejected) by one batch, only if nobody moved them
 * since: run in the batch's transaction, a second run of the same job (or a resumed one) that read the same counters
 * finds nothing to update and rolls its insert back. False when the counters had moved.
 */
export async function advanceImportProgress(
  db: Database,
  tenantId: string,
  importId: string,
  processed: number,
  next: { acceptedRows: number; rejectedRows: number },
): Promise<boolean> {
  const updated = await db
    .update(dataImport)
    .set(next)
    .where(
      and(
        eq(dataImport.tenantId, tenantId),
        eq(dataImport.id, importId),
        eq(dataImport.status, "running"),
        sql`${dataImport.acceptedRows} + ${dataImport.rejectedRows} = ${processed}`,
      ),
    )
    .returning({ id: dataImport.id });
  return updated.length === 1;
}

/**
 * Marks an import as running (with the file's row count) unless it is already done: a late second run must not turn a
 * finished import back to running. False when it was done.
 */
export async function markImportRunning(
  db: Database,
  tenantId: string,
  importId: string,
  patch: { startedAt: Date; totalRows: number },
): Promise<boolean> {
  const updated = await db
    .update(dataImport)
    .set({ ...patch, status: "running", error: null })
    .where(and(eq(dataImport.tenantId, tenantId), eq(dataImport.id, importId), ne(dataImport.status, "done")))
    .returning({ id: dataImport.id });
  return updated.length === 1;
}

/** The imports that made these surveys, by survey id (an imported survey's card links to its import). */
export async function findImportsOfSurveys(
  db: Database,
  tenantId: string,
  surveyIds: readonly string[],
): Promise<Map<string, { importId: string; fileName: string }>> {
  if (surveyIds.length === 0) return new Map();
  const rows = await db
    .select({ importId: dataImport.id, fileName: dataImport.fileName, surveyId: dataImport.surveyId })
    .from(dataImport)
    .where(and(eq(dataImport.tenantId, tenantId), inArray(dataImport.surveyId, [...surveyIds])));
  return new Map(rows.map((row) => [row.surveyId as string, { importId: row.importId, fileName: row.fileName }]));
}

/** Links an import to the survey its answers go to (in the transaction that creates both). */
export async function setImportSurvey(db: Database, tenantId: string, importId: string, surveyId: string): Promise<void> {
  await db
    .update(dataImport)
    .set({ surveyId })
    .where(and(eq(dataImport.tenantId, tenantId), eq(dataImport.id, importId)));
}
