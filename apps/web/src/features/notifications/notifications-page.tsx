import { Badge, Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { IconBellOff, IconCheck, IconChecks } from "@tabler/icons-react";
import { Link } from "react-router";
import { useCompanyDates } from "../auth";
import { QueryBoundary } from "../errors";
import { useMarkRead, useNotifications } from "./notifications-api";
import { internalLink } from "./notifications-bell";
import { PagingFooter, usePageParam } from "./paging-footer";

export function NotificationsPage() {
  const page = usePageParam();
  const dates = useCompanyDates();
  const query = useNotifications(page);
  const markRead = useMarkRead();

  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          Notifications
        </Title>
        <Button
          variant="default"
          leftSection={<IconChecks size={18} aria-hidden />}
          onClick={() => markRead.mutate("all")}
          loading={markRead.isPending && markRead.variables === "all"}
          disabled={!query.data || query.data.unreadCount === 0}
        >
          Mark all as read
        </Button>
      </Group>
      <QueryBoundary query={query}>
        {(data) => (
          <Stack gap="md">
            {data.items.length === 0 ? (
              <Card>
                <Group gap="sm" wrap="nowrap">
                  <IconBellOff size={24} aria-hidden />
                  <Text>No notifications yet. Updates about your surveys and account will appear here.</Text>
                </Group>
              </Card>
            ) : (
              <Stack gap="sm" component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
                {data.items.map((item) => (
                  <Card key={item.id} component="li" bg={item.readAt ? undefined : "ember.0"}>
                    <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
                      <Stack gap={4} style={{ flex: "1 1 240px" }}>
                        <Group gap="xs">
                          <Text fw={700}>{item.title}</Text>
                          {!item.readAt && (
                            <Badge size="sm" color="ember">
                              New
                            </Badge>
                          )}
                        </Group>
                        <Text size="sm">{item.body}</Text>
                        <Text size="xs" c="dimmed">
                          {dates.moment(item.createdAt)}
                        </Text>
                      </Stack>
                      <Group gap="xs">
                        {item.link && (
                          <Button component={Link} to={internalLink(item.link)} variant="light" size="xs">
                            Open
                          </Button>
                        )}
                        {!item.readAt && (
                          <Button
                            variant="subtle"
                            size="xs"
                            leftSection={<IconCheck size={14} aria-hidden />}
                            onClick={() => markRead.mutate(item.id)}
                            loading={markRead.isPending && markRead.variables === item.id}
                            aria-label={`Mark as read: "${item.title}"`}
                          >
                            Mark as read
                          </Button>
                        )}
                      </Group>
                    </Group>
                  </Card>
                ))}
              </Stack>
            )}
            <PagingFooter total={data.total} page={page} pageSize={data.pageSize} />
          </Stack>
        )}
      </QueryBoundary>
    </Stack>
  );
}
