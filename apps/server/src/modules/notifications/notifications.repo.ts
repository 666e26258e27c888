import { and, count, desc, eq, isNull, notInArray, or } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { notification } from "../../db/schema.js";

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
