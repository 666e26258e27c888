/**
 * The team's members as the cohort assignment reads them, and the cohorts assigned to each (spec: User.assignedCohorts,
 * screen 11). Every function takes the tenant id.
 */
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { survey, user } from "../../db/schema.js";
import { assignedCohort } from "../../db/schema-reports.js";

/** Replaces a member's assigned cohorts for one survey (kept by email; the user id once they have one). */
export async function saveAssignedCohorts(
  db: Database,
  tenantId: string,
  surveyId: string,
  who: { userId: string | null; email: string },
  cohorts: { key: string; value: string; label: string }[],
): Promise<void> {
  const email = who.email.toLowerCase();
  await db
    .insert(assignedCohort)
    .values({ tenantId, surveyId, email, userId: who.userId, cohorts, updatedAt: new Date() })
    .onConflictDoUpdate({
      target: [assignedCohort.tenantId, assignedCohort.surveyId, assignedCohort.email],
      set: { cohorts, userId: who.userId ?? sql`${assignedCohort.userId}`, updatedAt: new Date() },
    });
}

export interface MemberRow {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  role: string;
  isInternalAccount: boolean;
}

export async function findMember(db: Database, tenantId: string, userId: string): Promise<MemberRow | undefined> {
  const [row] = await db
    .select({
      id: user.id,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      role: user.role,
      isInternalAccount: user.isInternalAccount,
    })
    .from(user)
    .where(and(eq(user.id, userId), eq(user.tenantId, tenantId)));
  return row;
}

export async function findMemberByEmail(db: Database, tenantId: string, email: string): Promise<MemberRow | undefined> {
  const [row] = await db
    .select({
      id: user.id,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      role: user.role,
      isInternalAccount: user.isInternalAccount,
    })
    .from(user)
    .where(and(eq(user.tenantId, tenantId), sql`lower(${user.email}) = ${email.toLowerCase()}`));
  return row;
}

/** The company's members (internal accounts of the operator left out), by name. */
export async function listMembers(db: Database, tenantId: string): Promise<MemberRow[]> {
  return db
    .select({
      id: user.id,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      role: user.role,
      isInternalAccount: user.isInternalAccount,
    })
    .from(user)
    .where(and(eq(user.tenantId, tenantId), eq(user.isInternalAccount, false)))
    .orderBy(asc(user.firstName), asc(user.lastName), asc(user.email));
}

/** Addresses with cohorts assigned in this company that belong to no user yet. */
export async function listPendingAssignees(db: Database, tenantId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ email: assignedCohort.email })
    .from(assignedCohort)
    .where(and(eq(assignedCohort.tenantId, tenantId), isNull(assignedCohort.userId)))
    .orderBy(asc(assignedCohort.email));
  return rows.map((row) => row.email);
}

/** Published surveys, newest first, for the cohort picker. */
export async function listReportableSurveys(db: Database, tenantId: string) {
  return db
    .select({ id: survey.id, name: survey.name, isLowi: survey.isLowi, fields: survey.fields })
    .from(survey)
    .where(and(eq(survey.tenantId, tenantId), eq(survey.draft, false), eq(survey.archived, false)))
    .orderBy(sql`${survey.createdAt} desc`);
}
