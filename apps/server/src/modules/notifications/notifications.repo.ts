import { and, count, desc, eq, gt, inArray, isNull, notInArray, or, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { rowsOf } from "../../db/client.js";
import { invitee, notification, survey, tenant, user } from "../../db/schema.js";

export type NotificationRow = typeof notification.$inferSelect;

/** A notification is for one user, or for everyone in the company when user_id is null. */
const visibleTo = (tenantId: string, userId: string) =>
  and(eq(notification.tenantId, tenantId), or(eq(notification.userId, userId), isNull(notification.userId)));

/** The ones listed for a reader: kinds they could not act on (e.g. a profile prompt without the permission) left out. */
const listedFor = (tenantId: string, userId: string, hiddenKinds: readonly string[]) =>
  hiddenKinds.length === 0
    ? visibleTo(tenantId, userId)
    : and(visibleTo(tenantId, userId), or(isNull(notification.kind), notInArray(notification.kind, [...hiddenKinds])));

export async function listNotifications(
  db: Database,
  tenantId: string,
  userId: string,
  limit: number,
  offset: number,
  hiddenKinds: readonly string[] = [],
) {
  return db
    .select()
    .from(notification)
    .where(listedFor(tenantId, userId, hiddenKinds))
    .orderBy(desc(notification.createdAt))
    .limit(limit)
    .offset(offset);
}

export async function countNotifications(db: Database, tenantId: string, userId: string, hiddenKinds: readonly string[] = []) {
  const [totals] = await db
    .select({ total: count() })
    .from(notification)
    .where(listedFor(tenantId, userId, hiddenKinds));
  const [unread] = await db
    .select({ total: count() })
    .from(notification)
    .where(and(listedFor(tenantId, userId, hiddenKinds), isNull(notification.readAt)));
  return { total: Number(totals?.total ?? 0), unread: Number(unread?.total ?? 0) };
}

export async function markNotificationRead(db: Database, tenantId: string, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .update(notification)
    .set({ readAt: new Date() })
    .where(and(eq(notification.id, id), visibleTo(tenantId, userId)))
    .returning({ id: notification.id });
  return rows.length === 1;
}

export async function markAllNotificationsRead(db: Database, tenantId: string, userId: string): Promise<void> {
  await db
    .update(notification)
    .set({ readAt: new Date() })
    .where(and(visibleTo(tenantId, userId), isNull(notification.readAt)));
}

export async function insertNotification(
  db: Database,
  tenantId: string,
  row: Omit<typeof notification.$inferInsert, "tenantId" | "id">,
): Promise<NotificationRow> {
  const [inserted] = await db
    .insert(notification)
    .values({ ...row, tenantId })
    .returning();
  return inserted;
}

/** Removes the company's notifications of one kind (those the server resolves, e.g. "complete-profile"). */
export async function deleteNotificationsOfKind(db: Database, tenantId: string, kind: string): Promise<number> {
  const rows = await db
    .delete(notification)
    .where(and(eq(notification.tenantId, tenantId), eq(notification.kind, kind)))
    .returning({ id: notification.id });
  return rows.length;
}

/** The company's users holding one of the roles (internal accounts of the company included). */
export async function listUserIdsByRole(db: Database, tenantId: string, roles: readonly string[]): Promise<string[]> {
  if (roles.length === 0) return [];
  const rows = await db
    .select({ id: user.id })
    .from(user)
    .where(and(eq(user.tenantId, tenantId), inArray(user.role, [...roles])));
  return rows.map((row) => row.id);
}

/** Of the given user ids, those that belong to the company (an id from elsewhere is dropped, never notified). */
export async function filterUserIdsOfTenant(db: Database, tenantId: string, userIds: readonly string[]): Promise<string[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .select({ id: user.id })
    .from(user)
    .where(and(eq(user.tenantId, tenantId), inArray(user.id, [...userIds])));
  return rows.map((row) => row.id);
}

/**
 * One row per recipient for an event; a recipient who already has a notification of this event key gets none
 * (the unique index on user and event key), so a retried job or a second call adds nothing. Answers the user ids
 * that were notified now.
 */
export async function insertEventNotifications(
  db: Database,
  tenantId: string,
  userIds: readonly string[],
  row: { eventKey: string; kind: string; title: string; body: string; link: string | null },
): Promise<string[]> {
  if (userIds.length === 0) return [];
  const inserted = await db
    .insert(notification)
    .values(userIds.map((userId) => ({ ...row, tenantId, userId })))
    .onConflictDoNothing({ target: [notification.userId, notification.eventKey] })
    .returning({ userId: notification.userId });
  return inserted.flatMap((entry) => (entry.userId ? [entry.userId] : []));
}

/** Queues a message on a channel; PostgreSQL delivers it to listeners only when (and if) the transaction commits. */
export async function queueChannelMessage(db: Database, channel: string, payload: string): Promise<void> {
  await db.execute(sql`select pg_notify(${channel}, ${payload})`);
}

export interface UnreadGroup {
  userId: string | null;
  kind: string | null;
  unread: number;
}

/**
 * Unread counts of several users at once, by user and kind, with the company-wide ones (user null) as their own
 * groups: the caller adds what each reader may see (the same rule as countNotifications).
 */
export async function countUnreadByUser(db: Database, tenantId: string, userIds: readonly string[]): Promise<UnreadGroup[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .select({ userId: notification.userId, kind: notification.kind, unread: count() })
    .from(notification)
    .where(
      and(
        eq(notification.tenantId, tenantId),
        isNull(notification.readAt),
        or(inArray(notification.userId, [...userIds]), isNull(notification.userId)),
      ),
    )
    .groupBy(notification.userId, notification.kind);
  return rows.map((row) => ({ ...row, unread: Number(row.unread) }));
}

/** Each user's newest own notification (one row per user). */
export async function listNewestByUser(db: Database, tenantId: string, userIds: readonly string[]): Promise<NotificationRow[]> {
  if (userIds.length === 0) return [];
  const result = await db.execute(sql`
    select distinct on (user_id) id, tenant_id as "tenantId", user_id as "userId", title, body, link, kind,
      event_key as "eventKey", read_at as "readAt", created_at as "createdAt"
    from notification
    where tenant_id = ${tenantId} and user_id in (${sql.join(
      userIds.map((id) => sql`${id}`),
      sql`, `,
    )})
    order by user_id, created_at desc, id desc`);
  return rowsOf<NotificationRow>(result).map((row) => ({
    ...row,
    readAt: row.readAt ? new Date(row.readAt) : null,
    createdAt: new Date(row.createdAt),
  }));
}

export interface SurveyForNotices {
  id: string;
  tenantId: string;
  name: string;
  isLowi: boolean;
  endDate: Date | null;
  visibilityThreshold: number | null;
  headcount: number | null;
}

/**
 * The periodic notices' sweep, across companies (like the outbox sweeps): published surveys made in Hearth, neither
 * archived nor demo data, still open or closed since `closedSince`.
 */
export async function listSurveysForNotices(db: Database, closedSince: Date): Promise<SurveyForNotices[]> {
  return db
    .select({
      id: survey.id,
      tenantId: survey.tenantId,
      name: survey.name,
      isLowi: survey.isLowi,
      endDate: survey.endDate,
      visibilityThreshold: survey.visibilityThreshold,
      headcount: tenant.headcount,
    })
    .from(survey)
    .innerJoin(tenant, eq(tenant.id, survey.tenantId))
    .where(
      and(
        eq(survey.draft, false),
        eq(survey.archived, false),
        eq(survey.isDemo, false),
        eq(survey.source, "survey"),
        or(isNull(survey.endDate), gt(survey.endDate, closedSince)),
      ),
    );
}

/** Of these event keys, those the company has already notified someone of. */
export async function listNotifiedEventKeys(db: Database, tenantId: string, eventKeys: readonly string[]): Promise<Set<string>> {
  if (eventKeys.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ eventKey: notification.eventKey })
    .from(notification)
    .where(and(eq(notification.tenantId, tenantId), inArray(notification.eventKey, [...eventKeys])));
  return new Set(rows.flatMap((row) => (row.eventKey ? [row.eventKey] : [])));
}

/** Invitees whose invitation could not be delivered, by survey. */
export async function countFailedInvitees(db: Database, tenantId: string, surveyIds: readonly string[]): Promise<Map<string, number>> {
  if (surveyIds.length === 0) return new Map();
  const rows = await db
    .select({ surveyId: invitee.surveyId, failed: count() })
    .from(invitee)
    .where(and(eq(invitee.tenantId, tenantId), inArray(invitee.surveyId, [...surveyIds]), eq(invitee.sendStatus, "Failed")))
    .groupBy(invitee.surveyId);
  return new Map(rows.map((row) => [row.surveyId, Number(row.failed)]));
}
