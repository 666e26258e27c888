import type { Notification } from "@hearth/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api";

export type NotificationItem = Notification;

export interface NotificationPage {
  items: NotificationItem[];
  unreadCount: number;
  total: number;
  page: number;
  pageSize: number;
}

export const NOTIFICATIONS_KEY = ["notifications"] as const;

/** `poll` asks the server every so many milliseconds (the bell, while its live stream is down). */
export function useNotifications(page: number, options: { poll?: number | false } = {}) {
  return useQuery({
    queryKey: [...NOTIFICATIONS_KEY, page],
    queryFn: () => api<NotificationPage>(`/api/notifications?page=${page}`),
    refetchInterval: options.poll ?? false,
    placeholderData: (previous) => previous,
  });
}

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string | "all") =>
      api<unknown>(id === "all" ? "/api/notifications/read-all" : `/api/notifications/${encodeURIComponent(id)}/read`, {
        method: "POST",
        body: {},
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
  });
}
