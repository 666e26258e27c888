/** Action plans' SQL (decision 0078): every function takes the company's id and reads or writes only its rows. */
import { and, asc, eq, exists, ne, or, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Database } from "../../db/client.js";
import { survey, tenant, user } from "../../db/schema.js";
import { actionPlan, actionPlanAction, actionPlanCheckin } from "../../db/schema-action-plans.js";
import { uuidArray } from "../../db/sql-arrays.js";

export type ActionPlanRow = typeof actionPlan.$inferSelect;
export type PlanActionRow = typeof actionPlanAction.$inferSelect;
type NewPlan = Omit<typeof actionPlan.$inferInsert, "id" | "tenantId" | "createdAt" | "updatedAt">;
export type PlanChange = Partial<Omit<NewPlan, "createdBy" | "source">>;
export type ActionChange = Partial<Pick<PlanActionRow, "title" | "ownerUserId" | "dueDate" | "status" | "notes" | "doneAt">>;

const owner = alias(user, "owner");
const author = alias(user, "author");
const ownedAction = alias(actionPlanAction, "owned_action");

/** What the plan checks read of the company: its own feature grants and its zone. */
export async function findPlanTenant(db: Database, tenantId: string): Promise<{ features: string[]; timeZone: string | null } | undefined> {
  const [row] = await db.select({ features: tenant.features, timeZone: tenant.timeZone }).from(tenant).where(eq(tenant.id, tenantId));
  return row;
}

/** The user when they belong to the company; undefined otherwise (another company's user, or none). */
export async function findCompanyUser(db: Database, tenantId: string, userId: string): Promise<{ id: string } | undefined> {
  const [row] = await db
    .select({ id: user.id })
    .from(user)
    .where(and(eq(user.tenantId, tenantId), eq(user.id, userId)));
  return row;
}

/** The survey's name when it is one of the company's surveys. */
export async function findCompanySurveyName(db: Database, tenantId: string, surveyId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ name: survey.name })
    .from(survey)
    .where(and(eq(survey.tenantId, tenantId), eq(survey.id, surveyId)));
  return row?.name;
}

/** Plans whose owner is the user, or that hold an action the user owns: what a Staff member may see. */
function visibleTo(db: Database, userId: string): SQL {
  const ownsAnAction = db
    .select({ one: sql`1` })
    .from(ownedAction)
    .where(and(eq(ownedAction.tenantId, actionPlan.tenantId), eq(ownedAction.planId, actionPlan.id), eq(ownedAction.ownerUserId, userId)));
  return or(eq(actionPlan.ownerUserId, userId), exists(ownsAnAction)) as SQL;
}

const nextFreeSlot = sql<number | null>`(select min(${actionPlanCheckin.slot}) from ${actionPlanCheckin}
  where ${actionPlanCheckin.tenantId} = ${actionPlan.tenantId} and ${actionPlanCheckin.planId} = ${actionPlan.id}
  and ${actionPlanCheckin.surveyId} is null)`;

/**
 * The company's plans with their actions counted: done, all, overdue against `today` (the company's day), the
 * earliest due day of those not done and the first free check-in slot. `viewerId` narrows them to what a Staff
 * member may see; `archived` lists the archived plans instead of the others.
 */
export async function listPlanSummaries(
  db: Database,
  tenantId: string,
  options: { today: string; archived: boolean; viewerId: string | null },
) {
  const statusFilter = options.archived ? eq(actionPlan.status, "archived") : ne(actionPlan.status, "archived");
  const filters = [eq(actionPlan.tenantId, tenantId), statusFilter];
  if (options.viewerId) filters.push(visibleTo(db, options.viewerId));
  const notDone = sql`${actionPlanAction.status} <> 'done'`;
  return db
    .select({
      plan: actionPlan,
      ownerFirstName: owner.firstName,
      ownerLastName: owner.lastName,
      ownerEmail: owner.email,
      actionsTotal: sql<number>`count(${actionPlanAction.id})::int`,
      actionsDone: sql<number>`(count(${actionPlanAction.id}) filter (where ${actionPlanAction.status} = 'done'))::int`,
      overdueActions: sql<number>`(count(${actionPlanAction.id}) filter (where ${notDone} and ${actionPlanAction.dueDate} < ${options.today}::date))::int`,
      nextDueDate: sql<string | null>`to_char(min(${actionPlanAction.dueDate}) filter (where ${notDone}), 'YYYY-MM-DD')`,
      nextCheckinSlot: nextFreeSlot,
    })
    .from(actionPlan)
    .leftJoin(owner, eq(owner.id, actionPlan.ownerUserId))
    .leftJoin(actionPlanAction, and(eq(actionPlanAction.tenantId, actionPlan.tenantId), eq(actionPlanAction.planId, actionPlan.id)))
    .where(and(...filters))
    .groupBy(actionPlan.id, owner.id)
    .orderBy(sql`${actionPlan.status} = 'completed'`, asc(actionPlan.endDate), asc(actionPlan.title), asc(actionPlan.id));
}
export type PlanSummaryRow = Awaited<ReturnType<typeof listPlanSummaries>>[number];

const actionOwner = alias(user, "action_owner");

/**
 * Every plan of the company (archived ones too) with its actions, one row per action and one row with null action
 * columns for a plan without actions, for the CSV export: plans in the list's order, actions in each plan's order.
 * `viewerId` narrows them to what a Staff member may see, as the list does.
 */
export async function listPlanExportRows(db: Database, tenantId: string, viewerId: string | null) {
  const filters = [eq(actionPlan.tenantId, tenantId)];
  if (viewerId) filters.push(visibleTo(db, viewerId));
  return db
    .select({
      plan: actionPlan,
      ownerFirstName: owner.firstName,
      ownerLastName: owner.lastName,
      ownerEmail: owner.email,
      actionTitle: actionPlanAction.title,
      actionStatus: actionPlanAction.status,
      actionDueDate: actionPlanAction.dueDate,
      actionOwnerFirstName: actionOwner.firstName,
      actionOwnerLastName: actionOwner.lastName,
      actionOwnerEmail: actionOwner.email,
    })
    .from(actionPlan)
    .leftJoin(owner, eq(owner.id, actionPlan.ownerUserId))
    .leftJoin(actionPlanAction, and(eq(actionPlanAction.tenantId, actionPlan.tenantId), eq(actionPlanAction.planId, actionPlan.id)))
    .leftJoin(actionOwner, eq(actionOwner.id, actionPlanAction.ownerUserId))
    .where(and(...filters))
    .orderBy(
      sql`${actionPlan.status} = 'archived'`,
      sql`${actionPlan.status} = 'completed'`,
      asc(actionPlan.endDate),
      asc(actionPlan.title),
      asc(actionPlan.id),
      asc(actionPlanAction.position),
      asc(actionPlanAction.createdAt),
    );
}
export type PlanExportRow = Awaited<ReturnType<typeof listPlanExportRows>>[number];

/** Plans with their owner's, author's and baseline survey's names, where `where` holds. */
function selectFoundPlans(db: Database, where: SQL | undefined) {
  return db
    .select({
      plan: actionPlan,
      ownerFirstName: owner.firstName,
      ownerLastName: owner.lastName,
      ownerEmail: owner.email,
      authorFirstName: author.firstName,
      authorLastName: author.lastName,
      authorEmail: author.email,
      baselineSurveyName: survey.name,
      nextCheckinSlot: nextFreeSlot,
    })
    .from(actionPlan)
    .leftJoin(owner, eq(owner.id, actionPlan.ownerUserId))
    .leftJoin(author, eq(author.id, actionPlan.createdBy))
    .leftJoin(survey, and(eq(survey.id, actionPlan.baselineSurveyId), eq(survey.tenantId, actionPlan.tenantId)))
    .where(where);
}

/** One plan with its owner's, author's and baseline survey's names; undefined when the company has no such plan. */
export async function findPlan(db: Database, tenantId: string, planId: string) {
  const [row] = await selectFoundPlans(db, and(eq(actionPlan.tenantId, tenantId), eq(actionPlan.id, planId)));
  return row;
}
export type FoundPlan = NonNullable<Awaited<ReturnType<typeof findPlan>>>;

/**
 * The company's plans whose baseline is the survey (archived ones too, last), in the list's order, as findPlan reads
 * each. `viewerId` narrows them to what a Staff member may see, as the list does.
 */
export async function listBaselinePlans(db: Database, tenantId: string, surveyId: string, viewerId: string | null): Promise<FoundPlan[]> {
  const filters = [eq(actionPlan.tenantId, tenantId), eq(actionPlan.baselineSurveyId, surveyId)];
  if (viewerId) filters.push(visibleTo(db, viewerId));
  return selectFoundPlans(db, and(...filters)).orderBy(
    sql`${actionPlan.status} = 'archived'`,
    sql`${actionPlan.status} = 'completed'`,
    asc(actionPlan.endDate),
    asc(actionPlan.title),
    asc(actionPlan.id),
  );
}

/** Whether the user owns one of the plan's actions. */
export async function ownsActionOfPlan(db: Database, tenantId: string, planId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: actionPlanAction.id })
    .from(actionPlanAction)
    .where(and(eq(actionPlanAction.tenantId, tenantId), eq(actionPlanAction.planId, planId), eq(actionPlanAction.ownerUserId, userId)))
    .limit(1);
  return row !== undefined;
}

/** Locks the plan's row for the rest of the transaction (its actions' order and count are read, then written). */
export async function lockPlan(db: Database, tenantId: string, planId: string): Promise<ActionPlanRow | undefined> {
  const [row] = await db
    .select()
    .from(actionPlan)
    .where(and(eq(actionPlan.tenantId, tenantId), eq(actionPlan.id, planId)))
    .for("update");
  return row;
}

/** A new plan with its three empty check-in slots. */
export async function insertPlan(db: Database, tenantId: string, values: NewPlan): Promise<ActionPlanRow> {
  const [row] = await db
    .insert(actionPlan)
    .values({ ...values, tenantId })
    .returning();
  await db.insert(actionPlanCheckin).values([0, 1, 2].map((slot) => ({ tenantId, planId: row.id, slot })));
  return row;
}

export async function updatePlan(db: Database, tenantId: string, planId: string, change: PlanChange): Promise<void> {
  await db
    .update(actionPlan)
    .set({ ...change, updatedAt: sql`now()` })
    .where(and(eq(actionPlan.tenantId, tenantId), eq(actionPlan.id, planId)));
}

/** The plan's actions in its order, with each owner's name. */
export async function listPlanActions(db: Database, tenantId: string, planId: string) {
  return db
    .select({ action: actionPlanAction, ownerFirstName: owner.firstName, ownerLastName: owner.lastName, ownerEmail: owner.email })
    .from(actionPlanAction)
    .leftJoin(owner, eq(owner.id, actionPlanAction.ownerUserId))
    .where(and(eq(actionPlanAction.tenantId, tenantId), eq(actionPlanAction.planId, planId)))
    .orderBy(asc(actionPlanAction.position), asc(actionPlanAction.createdAt));
}
export type ListedPlanAction = Awaited<ReturnType<typeof listPlanActions>>[number];

/**
 * The plan's three check-in slots with each survey's name and draft flag. The flag is the survey's own, read here
 * (the surveys slice sits below this one and never writes back to a plan); a free slot is not a draft.
 */
export async function listPlanCheckins(db: Database, tenantId: string, planId: string) {
  return db
    .select({
      slot: actionPlanCheckin.slot,
      surveyId: actionPlanCheckin.surveyId,
      draft: sql<boolean>`coalesce(${survey.draft}, false)`,
      surveyName: survey.name,
      surveyArchived: survey.archived,
      surveyEndDate: survey.endDate,
      sendAt: actionPlanCheckin.sendAt,
      invitedAt: actionPlanCheckin.invitedAt,
      invitedCount: actionPlanCheckin.invitedCount,
      inviteError: actionPlanCheckin.inviteError,
      askComparison: actionPlanCheckin.askComparison,
    })
    .from(actionPlanCheckin)
    .leftJoin(survey, and(eq(survey.id, actionPlanCheckin.surveyId), eq(survey.tenantId, actionPlanCheckin.tenantId)))
    .where(and(eq(actionPlanCheckin.tenantId, tenantId), eq(actionPlanCheckin.planId, planId)))
    .orderBy(asc(actionPlanCheckin.slot));
}

/** The values of a cohort key that have a plan of their own (not archived), other than the given plan's. */
export async function listPlannedCohortValues(db: Database, tenantId: string, cohortKey: string, exceptPlanId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ value: actionPlan.scopeCohortValue })
    .from(actionPlan)
    .where(
      and(
        eq(actionPlan.tenantId, tenantId),
        eq(actionPlan.scopeCohortKey, cohortKey),
        ne(actionPlan.status, "archived"),
        ne(actionPlan.id, exceptPlanId),
      ),
    );
  return rows.map((row) => row.value).filter((value): value is string => value !== null);
}

export type PlanCheckinRow = Awaited<ReturnType<typeof listPlanCheckins>>[number];

/** The check-in slots' schedules of several plans at once (for the list's next check-in). */
export async function listCheckinSchedules(db: Database, tenantId: string, planIds: readonly string[]) {
  if (planIds.length === 0) return [];
  return db
    .select({
      planId: actionPlanCheckin.planId,
      slot: actionPlanCheckin.slot,
      surveyId: actionPlanCheckin.surveyId,
      sendAt: actionPlanCheckin.sendAt,
      invitedAt: actionPlanCheckin.invitedAt,
    })
    .from(actionPlanCheckin)
    .where(and(eq(actionPlanCheckin.tenantId, tenantId), sql`${actionPlanCheckin.planId} = any(${uuidArray(planIds)})`));
}

/** Records the check-in's schedule (the caller holds the plan's lock); the scheduling job makes the invitations. */
export async function setCheckinSchedule(
  db: Database,
  tenantId: string,
  planId: string,
  slot: number,
  schedule: { sendAt: Date; scheduledBy: string; askComparison: boolean },
): Promise<void> {
  await db
    .update(actionPlanCheckin)
    .set({ ...schedule, invitedAt: null, invitedCount: null, inviteError: null, draft: false, updatedAt: sql`now()` })
    .where(and(eq(actionPlanCheckin.tenantId, tenantId), eq(actionPlanCheckin.planId, planId), eq(actionPlanCheckin.slot, slot)));
}

/** Puts the survey in the plan's slot (the caller holds the plan's lock and chose a free slot). */
export async function fillCheckinSlot(db: Database, tenantId: string, planId: string, slot: number, surveyId: string): Promise<void> {
  await db
    .update(actionPlanCheckin)
    .set({ surveyId, draft: true, updatedAt: sql`now()` })
    .where(and(eq(actionPlanCheckin.tenantId, tenantId), eq(actionPlanCheckin.planId, planId), eq(actionPlanCheckin.slot, slot)));
}

export async function findPlanAction(db: Database, tenantId: string, planId: string, actionId: string): Promise<PlanActionRow | undefined> {
  const [row] = await db
    .select()
    .from(actionPlanAction)
    .where(and(eq(actionPlanAction.tenantId, tenantId), eq(actionPlanAction.planId, planId), eq(actionPlanAction.id, actionId)));
  return row;
}

/** The plan's action ids in their order (under the plan's lock when reordering). */
export async function listPlanActionIds(db: Database, tenantId: string, planId: string): Promise<string[]> {
  const rows = await db
    .select({ id: actionPlanAction.id })
    .from(actionPlanAction)
    .where(and(eq(actionPlanAction.tenantId, tenantId), eq(actionPlanAction.planId, planId)))
    .orderBy(asc(actionPlanAction.position), asc(actionPlanAction.createdAt));
  return rows.map((row) => row.id);
}

/** A new action at the end of the plan's order (the caller holds the plan's lock, so two adds do not share a place). */
export async function insertPlanAction(
  db: Database,
  tenantId: string,
  planId: string,
  values: Pick<PlanActionRow, "title" | "ownerUserId" | "dueDate" | "status" | "notes" | "doneAt">,
): Promise<PlanActionRow> {
  const [row] = await db
    .insert(actionPlanAction)
    .values({
      ...values,
      tenantId,
      planId,
      position: sql`(select coalesce(max(${actionPlanAction.position}) + 1, 0) from ${actionPlanAction}
        where ${actionPlanAction.tenantId} = ${tenantId} and ${actionPlanAction.planId} = ${planId})`,
    })
    .returning();
  return row;
}

export async function updatePlanAction(
  db: Database,
  tenantId: string,
  planId: string,
  actionId: string,
  change: ActionChange,
): Promise<void> {
  await db
    .update(actionPlanAction)
    .set({ ...change, updatedAt: sql`now()` })
    .where(and(eq(actionPlanAction.tenantId, tenantId), eq(actionPlanAction.planId, planId), eq(actionPlanAction.id, actionId)));
}

export async function deletePlanAction(db: Database, tenantId: string, planId: string, actionId: string): Promise<void> {
  await db
    .delete(actionPlanAction)
    .where(and(eq(actionPlanAction.tenantId, tenantId), eq(actionPlanAction.planId, planId), eq(actionPlanAction.id, actionId)));
}

/** Puts the plan's actions in the given order (positions 0, 1, 2, …) in one statement. */
export async function setPlanActionOrder(db: Database, tenantId: string, planId: string, orderedIds: readonly string[]): Promise<void> {
  if (orderedIds.length === 0) return;
  await db.execute(sql`update ${actionPlanAction} set position = ordered.ord - 1, updated_at = now()
    from unnest(${uuidArray(orderedIds)}) with ordinality as ordered(id, ord)
    where ${actionPlanAction.tenantId} = ${tenantId} and ${actionPlanAction.planId} = ${planId} and ${actionPlanAction.id} = ordered.id`);
}

/** Marks the plan as touched (a change to its actions). */
export async function touchPlan(db: Database, tenantId: string, planId: string): Promise<void> {
  await db
    .update(actionPlan)
    .set({ updatedAt: sql`now()` })
    .where(and(eq(actionPlan.tenantId, tenantId), eq(actionPlan.id, planId)));
}
