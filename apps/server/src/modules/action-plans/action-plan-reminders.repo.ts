/** The daily action reminders' SQL (decision 0078). */
import { and, asc, eq, isNotNull, lte, ne } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { tenant, user } from "../../db/schema.js";
import { actionPlan, actionPlanAction, actionPlanReminder } from "../../db/schema-action-plans.js";

/**
 * Every company's actions that are not done, have an owner of the same company and a due day on or before
 * `latestDue`, in an active plan: the candidates of a reminder run (each company's own window is applied after, in
 * its zone). Ordered by company, owner, due day, plan and the plan's order.
 */
export async function listReminderCandidates(db: Database, latestDue: string) {
  return (
    db
      .select({
        tenantId: actionPlanAction.tenantId,
        timeZone: tenant.timeZone,
        features: tenant.features,
        userId: user.id,
        email: user.email,
        emailVerified: user.emailVerified,
        firstName: user.firstName,
        planId: actionPlan.id,
        planTitle: actionPlan.title,
        actionTitle: actionPlanAction.title,
        dueDate: actionPlanAction.dueDate,
      })
      .from(actionPlanAction)
      .innerJoin(actionPlan, and(eq(actionPlan.tenantId, actionPlanAction.tenantId), eq(actionPlan.id, actionPlanAction.planId)))
      .innerJoin(tenant, eq(tenant.id, actionPlanAction.tenantId))
      // the owner must belong to the action's company: another company's user is never reminded of it
      .innerJoin(user, and(eq(user.id, actionPlanAction.ownerUserId), eq(user.tenantId, actionPlanAction.tenantId)))
      .where(
        and(
          eq(actionPlan.status, "active"),
          ne(actionPlanAction.status, "done"),
          isNotNull(actionPlanAction.dueDate),
          lte(actionPlanAction.dueDate, latestDue),
        ),
      )
      .orderBy(
        asc(actionPlanAction.tenantId),
        asc(user.id),
        asc(actionPlanAction.dueDate),
        asc(actionPlan.title),
        asc(actionPlan.id),
        asc(actionPlanAction.position),
      )
  );
}
export type ReminderCandidate = Awaited<ReturnType<typeof listReminderCandidates>>[number];

/**
 * Claims the person's reminder for the company's day: true when this call stored it, false when a run before (or at
 * the same time) did. The caller sends the reminder in the same transaction.
 */
export async function claimReminder(db: Database, tenantId: string, userId: string, day: string, actions: number): Promise<boolean> {
  const rows = await db
    .insert(actionPlanReminder)
    .values({ tenantId, userId, day, actions })
    .onConflictDoNothing({ target: [actionPlanReminder.tenantId, actionPlanReminder.userId, actionPlanReminder.day] })
    .returning({ day: actionPlanReminder.day });
  return rows.length > 0;
}

/** The reminders stored for a company (tests and support). */
export async function listReminders(db: Database, tenantId: string) {
  return db
    .select()
    .from(actionPlanReminder)
    .where(eq(actionPlanReminder.tenantId, tenantId))
    .orderBy(asc(actionPlanReminder.day), asc(actionPlanReminder.userId));
}
