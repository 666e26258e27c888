/**
 * What a company's licences use (decision 0027 §5): the only SQL behind licence counts and licence checks. Every
 * function takes the tenant id and reads that company's rows only.
 */
import { COUNTED_DATA_REQUEST_STATUSES } from "@hearth/shared";
import { and, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { tenant, user } from "../../db/schema.js";
import { issuedBadge } from "../../db/schema-certifications.js";
import { customDataRequest } from "../../db/schema-data-requests.js";
import { assignedCohort } from "../../db/schema-reports.js";
import { memberInvitation } from "../../db/schema-team.js";

/** The company's own people (internal accounts never count), with whether each holds an admin licence. */
async function listSeatHolders(db: Database, tenantId: string): Promise<{ email: string; admin: boolean }[]> {
  const rows = await db
    .select({ id: user.id, email: user.email, role: user.role, ownerUserId: tenant.ownerUserId })
    .from(user)
    .innerJoin(tenant, eq(tenant.id, user.tenantId))
    .where(and(eq(user.tenantId, tenantId), eq(user.isInternalAccount, false)));
  // The Company Leader holds an admin licence whatever the role column says.
  return rows.map((row) => ({ email: row.email.toLowerCase(), admin: row.role === "Admin" || row.id === row.ownerUserId }));
}

/** Addresses given cohorts before sign-up (a seat promised to someone not yet a user), lower case. */
async function listPendingSeatEmails(db: Database, tenantId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ email: sql<string>`lower(${assignedCohort.email})` })
    .from(assignedCohort)
    .where(and(eq(assignedCohort.tenantId, tenantId), isNull(assignedCohort.userId)));
  return rows.map((row) => row.email);
}

/**
 * Seats promised by open invitations (not accepted, not revoked, not expired), lower case, with whether each is for an
 * Admin (docs/decisions/0041): an invitation holds its seat until it is accepted, revoked or runs out.
 */
async function listInvitedSeats(db: Database, tenantId: string): Promise<{ email: string; admin: boolean }[]> {
  const rows = await db
    .select({ email: memberInvitation.email, role: memberInvitation.role })
    .from(memberInvitation)
    .where(
      and(
        eq(memberInvitation.tenantId, tenantId),
        isNull(memberInvitation.acceptedAt),
        isNull(memberInvitation.revokedAt),
        gt(memberInvitation.expiresAt, new Date()),
      ),
    );
  return rows.map((row) => ({ email: row.email.toLowerCase(), admin: row.role === "Admin" }));
}

/** Admin licences used: the company's Admin users, its Company Leader, and open invitations as Admin. */
export async function countAdminLicences(db: Database, tenantId: string, exceptEmail?: string): Promise<number> {
  const [holders, invited] = await Promise.all([listSeatHolders(db, tenantId), listInvitedSeats(db, tenantId)]);
  const skip = exceptEmail?.toLowerCase();
  const members = new Set(holders.map((holder) => holder.email));
  const admins = holders.filter((holder) => holder.admin && holder.email !== skip).length;
  return admins + invited.filter((seat) => seat.admin && !members.has(seat.email) && seat.email !== skip).length;
}

/**
 * Staff (view) licences used: the company's other users (Manager and Staff roles), plus addresses given cohorts
 * before sign-up or invited as Manager or Staff that belong to none of its users. `exceptEmail` leaves one address
 * out (the person being added).
 */
export async function countStaffLicences(db: Database, tenantId: string, exceptEmail?: string): Promise<number> {
  const [holders, pending, invited] = await Promise.all([
    listSeatHolders(db, tenantId),
    listPendingSeatEmails(db, tenantId),
    listInvitedSeats(db, tenantId),
  ]);
  const skip = exceptEmail?.toLowerCase();
  const members = new Set(holders.map((holder) => holder.email));
  const staff = holders.filter((holder) => !holder.admin && holder.email !== skip).length;
  const waiting = new Set([...pending, ...invited.filter((seat) => !seat.admin).map((seat) => seat.email)]);
  return staff + [...waiting].filter((email) => !members.has(email) && email !== skip).length;
}

/** True when the address is already one of the company's users or already waiting with cohorts assigned. */
export async function holdsSeat(db: Database, tenantId: string, email: string): Promise<boolean> {
  const address = email.toLowerCase();
  const [holders, pending] = await Promise.all([listSeatHolders(db, tenantId), listPendingSeatEmails(db, tenantId)]);
  return holders.some((holder) => holder.email === address) || pending.includes(address);
}

/** A cohort (spec: key, value) as one string, for counting distinct cohorts. */
export const cohortId = (cohort: { key: string; value: string }) => `${cohort.key}\u0000${cohort.value}`;

/**
 * The distinct cohorts (key and value) the company has assigned to its members, over all surveys. `except` leaves
 * out one assignment (the one being replaced).
 */
export async function listUsedCohorts(db: Database, tenantId: string, except?: { surveyId: string; email: string }): Promise<Set<string>> {
  const rows = await db
    .select({ surveyId: assignedCohort.surveyId, email: assignedCohort.email, cohorts: assignedCohort.cohorts })
    .from(assignedCohort)
    .where(eq(assignedCohort.tenantId, tenantId));
  const used = new Set<string>();
  for (const row of rows) {
    if (except && row.surveyId === except.surveyId && row.email.toLowerCase() === except.email.toLowerCase()) continue;
    for (const cohort of row.cohorts ?? []) used.add(cohortId(cohort));
  }
  return used;
}

export async function countCohortLicences(db: Database, tenantId: string): Promise<number> {
  return (await listUsedCohorts(db, tenantId)).size;
}

/** Certification licences in use: badges issued (and not revoked) after `since`. */
async function countBadgesIssuedSince(db: Database, tenantId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(issuedBadge)
    .where(and(eq(issuedBadge.tenantId, tenantId), isNull(issuedBadge.revokedAt), gt(issuedBadge.issuedAt, since)));
  return Number(row?.count ?? 0);
}

/**
 * Certification licences in use: badges issued to the company (and not revoked) in the year before `now`, the length
 * of a deal (surveys §9). A badge is one licence for the year after it is issued (docs/decisions/0034).
 */
export async function countCertificationLicences(db: Database, tenantId: string, now = new Date()): Promise<number> {
  const since = new Date(now);
  since.setUTCFullYear(since.getUTCFullYear() - 1);
  return countBadgesIssuedSince(db, tenantId, since);
}

/** Custom data requests holding a place in the allowance: every status but declined (decision 0074). */
export async function countCustomDataRequests(db: Database, tenantId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(customDataRequest)
    .where(and(eq(customDataRequest.tenantId, tenantId), inArray(customDataRequest.status, [...COUNTED_DATA_REQUEST_STATUSES])));
  return Number(row?.count ?? 0);
}

/**
 * Holds the company's row for the rest of the transaction, so two requests adding a seat or a cohort at once are
 * counted one after the other (neither can slip past the limit by counting before the other writes).
 */
export async function lockTenantForLicences(db: Database, tenantId: string): Promise<void> {
  await db.select({ id: tenant.id }).from(tenant).where(eq(tenant.id, tenantId)).for("update");
}
