/**
 * Live delivery of notifications (decision 0047). A transaction that creates notifications (or marks them read)
 * also queues a PostgreSQL NOTIFY on one channel with the company and the users concerned; PostgreSQL delivers it
 * only when that transaction commits, so a rolled-back write is never announced. Each process holds one LISTEN (a
 * dedicated connection on PostgreSQL, the embedded database's own listener on PGlite), gathers the announcements
 * that arrive together, reads the unread counts and newest notifications of the users with an open stream here in
 * two queries, and hands each stream its user's update. Several instances each hear every announcement.
 */
import type { FastifyBaseLogger } from "fastify";
import pg from "pg";
import type { DatabaseHandle } from "../../db/client.js";
import { type NotificationRow, type UnreadGroup, countUnreadByUser, listNewestByUser } from "./notifications.repo.js";

export const NOTIFICATION_CHANNEL = "hearth_notifications";
/** Users per NOTIFY: 150 ids of 36 characters stay well under PostgreSQL's 8,000-byte payload limit. */
export const USERS_PER_ANNOUNCEMENT = 150;
const RECONNECT_DELAY_MS = 1_000;

/** What a stream is told: its user's unread groups (the stream applies the reader's hidden kinds) and newest row. */
export interface LiveUpdate {
  groups: UnreadGroup[];
  newest: NotificationRow | null;
}

type Listener = (update: LiveUpdate) => void;

interface Announcement {
  t: string;
  u: string[];
}

/** The payloads announcing that these users' notifications changed (one per batch of users). */
export function announcementPayloads(tenantId: string, userIds: readonly string[]): string[] {
  const payloads: string[] = [];
  for (let start = 0; start < userIds.length; start += USERS_PER_ANNOUNCEMENT) {
    const announcement: Announcement = { t: tenantId, u: userIds.slice(start, start + USERS_PER_ANNOUNCEMENT) };
    payloads.push(JSON.stringify(announcement));
  }
  return payloads;
}

function parseAnnouncement(payload: string): Announcement | null {
  try {
    const value = JSON.parse(payload) as Partial<Announcement>;
    if (typeof value.t !== "string" || !Array.isArray(value.u)) return null;
    return { t: value.t, u: value.u.filter((id): id is string => typeof id === "string") };
  } catch {
    return null;
  }
}

const streamKey = (tenantId: string, userId: string) => `${tenantId}/${userId}`;

export class NotificationHub {
  /** Open streams by company and user. */
  private readonly listeners = new Map<string, Set<Listener>>();
  /** Users announced since the last flush, by company. */
  private pending = new Map<string, Set<string>>();
  private flushScheduled = false;
  private flushing: Promise<void> = Promise.resolve();
  private stopped = false;
  private client: pg.Client | null = null;
  private unlistenPglite: (() => Promise<void>) | null = null;
  private reconnectTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly database: DatabaseHandle,
    private readonly log: FastifyBaseLogger,
  ) {}

  async start(): Promise<void> {
    if (this.database.kind === "pglite") {
      const pglite = this.database.pglite;
      if (!pglite) throw new Error("the embedded database handle has no PGlite instance");
      this.unlistenPglite = await pglite.listen(NOTIFICATION_CHANNEL, (payload) => this.receive(payload));
      return;
    }
    await this.connectListener();
  }

  /** Streams open for one user in this process. */
  streamsOf(tenantId: string, userId: string): number {
    return this.listeners.get(streamKey(tenantId, userId))?.size ?? 0;
  }

  get openStreams(): number {
    let total = 0;
    for (const set of this.listeners.values()) total += set.size;
    return total;
  }

  subscribe(tenantId: string, userId: string, listener: Listener): () => void {
    const key = streamKey(tenantId, userId);
    let set = this.listeners.get(key);
    if (!set) {
      set = new Set();
      this.listeners.set(key, set);
    }
    set.add(listener);
    return () => {
      const current = this.listeners.get(key);
      if (!current) return;
      current.delete(listener);
      if (current.size === 0) this.listeners.delete(key);
    };
  }

  /** The current state for some users of a company, read now (a new stream's first message). */
  async read(tenantId: string, userIds: readonly string[]): Promise<Map<string, LiveUpdate>> {
    const [groups, newest] = await Promise.all([
      countUnreadByUser(this.database.db, tenantId, userIds),
      listNewestByUser(this.database.db, tenantId, userIds),
    ]);
    const shared = groups.filter((group) => group.userId === null);
    const updates = new Map<string, LiveUpdate>(userIds.map((id) => [id, { groups: [...shared], newest: null }]));
    for (const group of groups) if (group.userId) updates.get(group.userId)?.groups.push(group);
    for (const row of newest) {
      const update = row.userId ? updates.get(row.userId) : undefined;
      if (update) update.newest = row;
    }
    return updates;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    await this.unlistenPglite?.().catch(() => undefined);
    this.unlistenPglite = null;
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
    await this.flushing;
    this.listeners.clear();
  }

  private receive(payload: string): void {
    const announcement = parseAnnouncement(payload);
    if (!announcement || this.stopped) return;
    for (const userId of announcement.u) {
      // Only users with a stream in this process are read; the others are some other instance's business.
      if (!this.listeners.has(streamKey(announcement.t, userId))) continue;
      let users = this.pending.get(announcement.t);
      if (!users) {
        users = new Set();
        this.pending.set(announcement.t, users);
      }
      users.add(userId);
    }
    if (this.pending.size > 0 && !this.flushScheduled) {
      this.flushScheduled = true;
      // Announcements of one commit arrive together: one read for all of them once the current ones are in.
      setImmediate(() => {
        this.flushing = this.flushing.then(() => this.flush());
      });
    }
  }

  private async flush(): Promise<void> {
    this.flushScheduled = false;
    const batch = this.pending;
    this.pending = new Map();
    for (const [tenantId, users] of batch) {
      try {
        const updates = await this.read(tenantId, [...users]);
        for (const [userId, update] of updates) {
          for (const listener of this.listeners.get(streamKey(tenantId, userId)) ?? []) listener(update);
        }
      } catch (error) {
        this.log.error({ err: error, tenantId }, "live notifications: reading an update failed");
      }
    }
  }

  /** Refreshes every open stream (after the PostgreSQL listener reconnects, announcements in the gap are unknown). */
  private refreshAll(): void {
    for (const key of this.listeners.keys()) {
      const [tenantId, userId] = key.split("/");
      this.receive(JSON.stringify({ t: tenantId, u: [userId] }));
    }
  }

  private async connectListener(): Promise<void> {
    const client = new pg.Client({ connectionString: this.database.connectionString, application_name: "hearth-notifications" });
    client.on("notification", (message) => {
      if (message.channel === NOTIFICATION_CHANNEL && message.payload) this.receive(message.payload);
    });
    client.on("error", (error) => {
      this.log.warn({ err: error }, "live notifications: the listening connection failed");
      this.connectionLost(client);
    });
    client.on("end", () => this.connectionLost(client));
    await client.connect();
    await client.query(`listen ${NOTIFICATION_CHANNEL}`);
    if (this.stopped) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
  }

  private connectionLost(lost: pg.Client): void {
    if (this.stopped || this.client !== lost) return;
    this.client = null;
    lost.end().catch(() => undefined);
    this.retryConnect();
  }

  private retryConnect(): void {
    if (this.stopped || this.reconnectTimer) return;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      this.connectListener()
        .then(() => this.refreshAll())
        .catch((error) => {
          this.log.warn({ err: error }, "live notifications: reconnecting the listener failed; trying again");
          this.retryConnect();
        });
    }, RECONNECT_DELAY_MS);
    this.reconnectTimer.unref();
  }
}
