/**
 * The SQL of the check-in jobs (decision 0079): the scheduled check-ins still to invite, their recipients (the plan's
 * scope among the baseline survey's invitees), and the closed check-ins whose plan owner has not been told yet. Each
 * claim is an update of a null column, so a job that runs twice, or twice at once, acts once.
 */
import { and, eq, isNotNull, isNull, lte, ne, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { invitee, survey, tenant, user } from "../../db/schema.js";
import { actionPlan, actionPlanCheckin } from "../../db/schema-action-plans.js";
import { textArray } from "../../db/sql-arrays.js";

/** The check-in to invite, with its plan, survey and the person who scheduled it; undefined when the slot is gone. */
export async function findCheckinToInvite(db: Database, tenantId: string, planId: string, slot: number) {
  const [row] = await db
    .select({
      checkin: actionPlanCheckin,
      planTitle: actionPlan.title,
      planStatus: actionPlan.status,
      baselineSurveyId: actionPlan.baselineSurveyId,
      scopeCohortKey: actionPlan.scopeCohortKey,
      scopeCohortValue: actionPlan.scopeCohortValue,
      surveyDraft: survey.draft,
      schedulerEmail: user.email,
      schedulerFirstName: user.firstName,
      schedulerLastName: user.lastName,
      companyTimeZone: tenant.timeZone,
    })
    .from(actionPlanCheckin)
    .innerJoin(actionPlan, and(eq(actionPlan.tenantId, actionPlanCheckin.tenantId), eq(actionPlan.id, actionPlanCheckin.planId)))
    .innerJoin(tenant, eq(tenant.id, actionPlanCheckin.tenantId))
    .leftJoin(survey, and(eq(survey.tenantId, actionPlanCheckin.tenantId), eq(survey.id, actionPlanCheckin.surveyId)))
    .leftJoin(user, and(eq(user.tenantId, actionPlanCheckin.tenantId), eq(user.id, actionPlanCheckin.scheduledBy)))
    .where(and(eq(actionPlanCheckin.tenantId, tenantId), eq(actionPlanCheckin.planId, planId), eq(actionPlanCheckin.slot, slot)));
  return row;
}

/**
 * The people a check-in asks: the baseline survey's invitees, narrowed to the plan's cohort when it has one (and,
 * with the comparison, to every cohort of its key but those with a plan of their own), with the cohort values they
 * were invited with, so the check-in's answers fall in the same cohorts.
 */
export async function listCheckinRecipients(
  db: Database,
  tenantId: string,
  baselineSurveyId: string,
  scope: { key: string; value: string; comparisonExcept: readonly string[] | null } | null,
) {
  const filters = [eq(invitee.tenantId, tenantId), eq(invitee.surveyId, baselineSurveyId)];
  if (scope) {
    const value = sql`${invitee.meta} ->> ${scope.key}`;
    filters.push(
      scope.comparisonExcept
        ? sql`(${value} = ${scope.value} or (${value} is not null and not (${value} = any(${textArray(scope.comparisonExcept)}))))`
        : sql`${value} = ${scope.value}`,
    );
  }
  return db
    .select({ email: invitee.email, firstName: invitee.firstName, lastName: invitee.lastName, meta: invitee.meta })
    .from(invitee)
    .where(and(...filters))
    .orderBy(invitee.email);
}

export async function countSurveyInvitees(db: Database, tenantId: string, surveyId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(invitee)
    .where(and(eq(invitee.tenantId, tenantId), eq(invitee.surveyId, surveyId)));
  return row?.count ?? 0;
}

/**
 * Marks the check-in invited (with how many or why not) when it is not yet: true when this call did, false when
 * another run already had, or the schedule changed since `sendAt` was read.
 */
export async function claimCheckinInvited(
  db: Database,
  tenantId: string,
  planId: string,
  slot: number,
  outcome: { sendAt: Date; invitedCount: number | null; inviteError: string | null },
): Promise<boolean> {
  const rows = await db
    .update(actionPlanCheckin)
    .set({ invitedAt: sql`now()`, invitedCount: outcome.invitedCount, inviteError: outcome.inviteError, updatedAt: sql`now()` })
    .where(
      and(
        eq(actionPlanCheckin.tenantId, tenantId),
        eq(actionPlanCheckin.planId, planId),
        eq(actionPlanCheckin.slot, slot),
        isNull(actionPlanCheckin.invitedAt),
        eq(actionPlanCheckin.sendAt, outcome.sendAt),
      ),
    )
    .returning({ slot: actionPlanCheckin.slot });
  return rows.length > 0;
}

/** Check-ins whose published survey has ended and whose plan owner has not been told; every company's. */
export async function listClosedCheckinsToNotify(db: Database, now: Date, limit = 200) {
  return db
    .select({
      tenantId: actionPlanCheckin.tenantId,
      planId: actionPlanCheckin.planId,
      slot: actionPlanCheckin.slot,
    })
    .from(actionPlanCheckin)
    .innerJoin(actionPlan, and(eq(actionPlan.tenantId, actionPlanCheckin.tenantId), eq(actionPlan.id, actionPlanCheckin.planId)))
    .innerJoin(survey, and(eq(survey.tenantId, actionPlanCheckin.tenantId), eq(survey.id, actionPlanCheckin.surveyId)))
    .where(
      and(
        isNull(actionPlanCheckin.closedNotifiedAt),
        isNotNull(actionPlan.ownerUserId),
        ne(actionPlan.status, "archived"),
        eq(survey.draft, false),
        eq(survey.archived, false),
        lte(survey.endDate, now),
      ),
    )
    .limit(limit);
}

/** Claims the closed check-in's notice: true when this call did (the caller notifies in the same transaction). */
export async function claimCheckinClosedNotice(db: Database, tenantId: string, planId: string, slot: number): Promise<boolean> {
  const rows = await db
    .update(actionPlanCheckin)
    .set({ closedNotifiedAt: sql`now()` })
    .where(
      and(
        eq(actionPlanCheckin.tenantId, tenantId),
        eq(actionPlanCheckin.planId, planId),
        eq(actionPlanCheckin.slot, slot),
        isNull(actionPlanCheckin.closedNotifiedAt),
      ),
    )
    .returning({ slot: actionPlanCheckin.slot });
  return rows.length > 0;
}

/** The plan owner as a reader of reports (their role and visibility), for the figures of their closing notice. */
export async function findPlanOwnerAccount(db: Database, tenantId: string, userId: string) {
  const [row] = await db
    .select({
      id: user.id,
      email: user.email,
      emailVerified: user.emailVerified,
      firstName: user.firstName,
      lastName: user.lastName,
      role: user.role,
      isInternalAccount: user.isInternalAccount,
      internalVisibility: user.internalVisibility,
    })
    .from(user)
    .where(and(eq(user.tenantId, tenantId), eq(user.id, userId)));
  return row;
}
