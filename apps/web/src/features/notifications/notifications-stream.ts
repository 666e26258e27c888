import { type NotificationStreamMessage, notificationStreamMessageSchema } from "@hearth/shared";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { NOTIFICATIONS_KEY, type NotificationPage } from "./notifications-api";

export const STREAM_URL = "/api/notifications/stream";
/** While the live stream is down, the bell asks the server this often instead. */
export const FALLBACK_POLL_MS = 30_000;

/** Puts a stream message into every cached page: the count at once, the newest item on page 1 when it is new. */
function applyMessage(page: NotificationPage | undefined, message: NotificationStreamMessage, pageNumber: unknown) {
  if (!page) return page;
  const newest = message.newest;
  const isNew = newest !== null && pageNumber === 1 && !page.items.some((item) => item.id === newest.id);
  return {
    ...page,
    unreadCount: message.unreadCount,
    items: isNew ? [newest, ...page.items].slice(0, page.pageSize) : page.items,
    total: isNew ? page.total + 1 : page.total,
  };
}

/**
 * Keeps the notification queries live over server-sent events while mounted: each message sets the unread count,
 * adds the newest notification to page 1 and refreshes the lists in the background. Answers whether the stream is
 * open; while it is not (not supported, refused, reconnecting), callers poll instead.
 */
export function useNotificationStream(): boolean {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    let source: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;

    const connect = () => {
      source = new EventSource(STREAM_URL, { withCredentials: true });
      source.onopen = () => setOpen(true);
      source.addEventListener("notifications", (event) => {
        const parsed = notificationStreamMessageSchema.safeParse(JSON.parse((event as MessageEvent<string>).data));
        if (!parsed.success) return;
        for (const [key, page] of queryClient.getQueriesData<NotificationPage>({ queryKey: NOTIFICATIONS_KEY })) {
          queryClient.setQueryData(key, applyMessage(page, parsed.data, key[1]));
        }
        // the lists themselves (read marks, other pages) are refreshed from the server in the background
        void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY, refetchType: "active" });
      });
      source.onerror = () => {
        setOpen(false);
        // A refused stream (429, signed out) is closed for good by the browser: try again later, polling meanwhile.
        if (source?.readyState === EventSource.CLOSED && !stopped) {
          source = null;
          retry = setTimeout(connect, FALLBACK_POLL_MS);
        }
      };
    };
    connect();
    return () => {
      stopped = true;
      clearTimeout(retry);
      source?.close();
    };
  }, [queryClient]);

  return open;
}
