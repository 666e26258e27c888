import type { DataRequestStatus } from "@hearth/shared";
import { and, desc, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { survey, tenant, user } from "../../db/schema.js";
import { customDataRequest } from "../../db/schema-data-requests.js";

export type DataRequestRow = typeof customDataRequest.$inferSelect;

const listedColumns = {
  id: customDataRequest.id,
  tenantId: customDataRequest.tenantId,
  requesterUserId: customDataRequest.requesterUserId,
  title: customDataRequest.title,
  description: customDataRequest.description,
  surveyId: customDataRequest.surveyId,
  status: customDataRequest.status,
  operatorNote: customDataRequest.operatorNote,
  createdAt: customDataRequest.createdAt,
  updatedAt: customDataRequest.updatedAt,
  surveyName: survey.name,
  requesterEmail: user.email,
  requesterFirstName: user.firstName,
  requesterLastName: user.lastName,
  requesterVerified: user.emailVerified,
  requesterInternal: user.isInternalAccount,
  companyName: tenant.companyName,
};

function listQuery(db: Database) {
  return db
    .select(listedColumns)
    .from(customDataRequest)
    .innerJoin(tenant, eq(tenant.id, customDataRequest.tenantId))
    .leftJoin(survey, eq(survey.id, customDataRequest.surveyId))
    .leftJoin(user, eq(user.id, customDataRequest.requesterUserId));
}

/**
 * Holds the company's custom-data-request allowance for the rest of the transaction: a transaction-scoped advisory
 * lock keyed on the tenant, so two requests at once are counted one after the other and neither slips past the limit.
 * (Not the tenant row's lock the licences take: a request need not wait for a seat being added.)
 */
export async function lockDataRequestAllowance(db: Database, tenantId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`custom_data_request:${tenantId}`}, 0))`);
}

/** The survey's name when it is one of the company's surveys; undefined otherwise. */
export async function findSurveyNameInTenant(db: Database, tenantId: string, surveyId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ name: survey.name })
    .from(survey)
    .where(and(eq(survey.id, surveyId), eq(survey.tenantId, tenantId)));
  return row?.name;
}

export async function insertDataRequest(
  db: Database,
  tenantId: string,
  row: { requesterUserId: string; title: string; description: string; surveyId: string | null },
): Promise<DataRequestRow> {
  const [inserted] = await db
    .insert(customDataRequest)
    .values({ ...row, tenantId })
    .returning();
  return inserted;
}

export type ListedDataRequest = Awaited<ReturnType<typeof listTenantDataRequests>>[number];

export async function listTenantDataRequests(db: Database, tenantId: string) {
  return listQuery(db).where(eq(customDataRequest.tenantId, tenantId)).orderBy(desc(customDataRequest.createdAt));
}

/** Every company's requests for the operator console, newest first, optionally of one status (at most 500). */
export async function listAllDataRequests(db: Database, status?: DataRequestStatus) {
  const query = listQuery(db);
  const filtered = status ? query.where(eq(customDataRequest.status, status)) : query;
  return filtered.orderBy(desc(customDataRequest.createdAt)).limit(500);
}

export async function findDataRequest(db: Database, requestId: string) {
  const [row] = await listQuery(db).where(eq(customDataRequest.id, requestId));
  return row;
}

/** Locks one request's row for the rest of the transaction (a status change reads, then writes). */
export async function lockDataRequest(db: Database, requestId: string): Promise<DataRequestRow | undefined> {
  const [row] = await db.select().from(customDataRequest).where(eq(customDataRequest.id, requestId)).for("update");
  return row;
}

export async function updateDataRequestStatus(
  db: Database,
  requestId: string,
  change: { status: DataRequestStatus; operatorNote: string | null },
): Promise<void> {
  await db
    .update(customDataRequest)
    .set({ status: change.status, operatorNote: change.operatorNote, updatedAt: sql`now()` })
    .where(eq(customDataRequest.id, requestId));
}
