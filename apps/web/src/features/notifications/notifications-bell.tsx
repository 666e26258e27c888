import { ActionIcon, Box, Divider, Indicator, Menu, Text } from "@mantine/core";
import { IconBell, IconChecks } from "@tabler/icons-react";
import { Link } from "react-router";
import { useCompanyDates } from "../auth";
import { useMarkRead, useNotifications } from "./notifications-api";
import { FALLBACK_POLL_MS, useNotificationStream } from "./notifications-stream";

const LATEST_COUNT = 5;

/** Notification links stay inside the app; anything else opens the notifications page. */
export function internalLink(link: string | null): string {
  return link?.startsWith("/") && !link.startsWith("//") ? link : "/dashboard/notifications";
}

export function NotificationsBell() {
  // live over server-sent events; polled only while the stream is down
  const live = useNotificationStream();
  const dates = useCompanyDates();
  const notifications = useNotifications(1, { poll: live ? false : FALLBACK_POLL_MS });
  const markRead = useMarkRead();
  const unread = notifications.data?.unreadCount ?? 0;
  const latest = notifications.data?.items.slice(0, LATEST_COUNT) ?? [];
  const label = unread > 0 ? `Notifications, ${unread} unread` : "Notifications";

  return (
    // The menu's button is the ActionIcon itself (it takes aria-expanded); the count sits on a wrapper around the menu.
    <Indicator
      label={unread > 99 ? "99+" : unread}
      size={18}
      offset={6}
      disabled={unread === 0}
      color="red.9"
      data-testid="notifications-badge"
    >
      <Menu position="bottom-end" width={320} shadow="md" withinPortal>
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray" size="lg" aria-label={label}>
            <IconBell size={22} stroke={1.6} aria-hidden />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>Notifications</Menu.Label>
          {latest.length === 0 && (
            <Text size="sm" c="dimmed" px="sm" py="xs">
              You are all caught up.
            </Text>
          )}
          {latest.map((item) => (
            <Menu.Item key={item.id} component={Link} to={internalLink(item.link)}>
              <Box>
                <Text size="sm" fw={item.readAt ? 400 : 700} lineClamp={1}>
                  {item.title}
                </Text>
                <Text size="xs" c="dimmed">
                  {dates.moment(item.createdAt)}
                </Text>
              </Box>
            </Menu.Item>
          ))}
          <Divider my={4} />
          {unread > 0 && (
            <Menu.Item leftSection={<IconChecks size={16} aria-hidden />} onClick={() => markRead.mutate("all")}>
              Mark all as read
            </Menu.Item>
          )}
          <Menu.Item component={Link} to="/dashboard/notifications" c="ember.8" fw={600}>
            See all notifications
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </Indicator>
  );
}
