/**
 * Notifications created by events (decision 0047). `notify` runs inside the transaction of the write that is the
 * event, like the email outbox: the rows and their live announcement commit with it or not at all.
 */
import type { Notification, NotificationList, NotificationStreamMessage, Role } from "@hearth/shared";
import type { Database } from "../../db/client.js";
import type { Actor } from "../../lib/actor.js";
import { AppError, notFound } from "../../lib/errors.js";
import { type LiveUpdate, NOTIFICATION_CHANNEL, type NotificationHub, announcementPayloads } from "./notifications.live.js";
import {
  type NotificationRow,
  type UnreadGroup,
  countNotifications,
  filterUserIdsOfTenant,
  insertEventNotifications,
  listNotifications,
  listUserIdsByRole,
  markAllNotificationsRead,
  markNotificationRead,
  queueChannelMessage,
} from "./notifications.repo.js";
import { hiddenNotificationKinds, resolveProfilePrompt } from "./profile-prompt.js";

/** Who hears of an event: everyone holding one of the roles (but the one who caused it), or named users of the company. */
export type NotificationAudience = { roles: readonly Role[]; except?: string | null } | { userIds: readonly string[] };

export interface NotificationEvent {
  audience: NotificationAudience;
  /** What happened: survey-published, team-member-joined… */
  kind: string;
  /** The one occurrence ("survey-published:{surveyId}"): a user is told of an event key once, however often it fires. */
  eventKey: string;
  title: string;
  body: string;
  link: string | null;
}

const TITLE_LIMIT = 200;
const BODY_LIMIT = 1_000;
const clip = (text: string, limit: number) => (text.length > limit ? `${text.slice(0, limit - 1)}…` : text);

/**
 * Writes one notification per recipient in `tx` and queues their live announcement, which PostgreSQL delivers only
 * when `tx` commits. A recipient already told of this event key is skipped. Answers the users notified now.
 */
export async function notify(tx: Database, tenantId: string, event: NotificationEvent): Promise<string[]> {
  const recipients =
    "roles" in event.audience
      ? (await listUserIdsByRole(tx, tenantId, event.audience.roles)).filter(
          (id) => !("except" in event.audience) || id !== event.audience.except,
        )
      : await filterUserIdsOfTenant(tx, tenantId, event.audience.userIds);
  const notified = await insertEventNotifications(tx, tenantId, recipients, {
    eventKey: event.eventKey,
    kind: event.kind,
    title: clip(event.title, TITLE_LIMIT),
    body: clip(event.body, BODY_LIMIT),
    link: event.link,
  });
  await announce(tx, tenantId, notified);
  return notified;
}

/** Queues "these users' notifications changed" on the live channel (delivered at commit). */
export async function announce(tx: Database, tenantId: string, userIds: readonly string[]): Promise<void> {
  for (const payload of announcementPayloads(tenantId, userIds)) await queueChannelMessage(tx, NOTIFICATION_CHANNEL, payload);
}

const PAGE_SIZE = 25;

/** One page of the reader's notifications (newest first) with the unread and total counts. */
export async function listNotificationPage(db: Database, actor: Actor, page: number): Promise<NotificationList> {
  // A profile prompt outlived by a complete profile is resolved before anything is listed or counted.
  await resolveProfilePrompt(db, actor.tenantId);
  const hidden = hiddenNotificationKinds(actor);
  const [rows, counts] = await Promise.all([
    listNotifications(db, actor.tenantId, actor.userId, PAGE_SIZE, (page - 1) * PAGE_SIZE, hidden),
    countNotifications(db, actor.tenantId, actor.userId, hidden),
  ]);
  return { items: rows.map(toNotification), unreadCount: counts.unread, total: counts.total, page, pageSize: PAGE_SIZE };
}

/** Marks one notification read; the user's other open tabs hear the new count. */
export async function markRead(db: Database, actor: Actor, id: string): Promise<void> {
  const found = await db.transaction(async (tx) => {
    const database = tx as unknown as Database;
    if (!(await markNotificationRead(database, actor.tenantId, actor.userId, id))) return false;
    await announce(database, actor.tenantId, [actor.userId]);
    return true;
  });
  if (!found) throw notFound("Notification not found");
}

export async function markAllRead(db: Database, actor: Actor): Promise<void> {
  await db.transaction(async (tx) => {
    const database = tx as unknown as Database;
    await markAllNotificationsRead(database, actor.tenantId, actor.userId);
    await announce(database, actor.tenantId, [actor.userId]);
  });
}

/** A reader's unread count from the groups of a live update, leaving out the kinds hidden from them. */
export function unreadCountFor(groups: readonly UnreadGroup[], hiddenKinds: readonly string[]): number {
  return groups.reduce((total, group) => (group.kind && hiddenKinds.includes(group.kind) ? total : total + group.unread), 0);
}

export function toNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    title: row.title,
    body: row.body,
    link: row.link,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
  };
}

/** What a stream sends: the unread count and the newest notification (null when it is hidden from the reader). */
export function describeLiveUpdate(update: LiveUpdate, hiddenKinds: readonly string[]) {
  const newest = update.newest && !(update.newest.kind && hiddenKinds.includes(update.newest.kind)) ? toNotification(update.newest) : null;
  return { unreadCount: unreadCountFor(update.groups, hiddenKinds), newest };
}

/** Open live streams one user may hold in one process (tabs and devices); one more is refused with 429. */
export const MAX_STREAMS_PER_USER = 5;

/**
 * Subscribes a reader to their live updates: `send` gets the current state at once, then every change announced for
 * them. Answers the unsubscribe to call when the reader goes.
 */
export async function openLiveFeed(
  hub: NotificationHub,
  actor: Actor,
  send: (message: NotificationStreamMessage) => void,
): Promise<() => void> {
  if (hub.streamsOf(actor.tenantId, actor.userId) >= MAX_STREAMS_PER_USER) {
    throw new AppError(
      "RATE_LIMITED",
      `At most ${MAX_STREAMS_PER_USER} notification streams can be open at once. Close a tab and try again.`,
    );
  }
  const hidden = hiddenNotificationKinds(actor);
  const unsubscribe = hub.subscribe(actor.tenantId, actor.userId, (update) => send(describeLiveUpdate(update, hidden)));
  try {
    const current = (await hub.read(actor.tenantId, [actor.userId])).get(actor.userId);
    if (current) send(describeLiveUpdate(current, hidden));
  } catch (error) {
    unsubscribe();
    throw error;
  }
  return unsubscribe;
}
