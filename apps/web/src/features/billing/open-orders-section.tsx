import { formatDollars } from "@hearth/shared";
import { Alert, Anchor, Button, Card, Center, Group, Loader, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router";
import { formatOrderDate } from "./order-view";
import { useOrders } from "./orders-api";

/**
 * The General tab's "Open orders" (issue 12 item 4): the orders awaiting payment, each linking to its order page. The
 * list comes newest first, 25 a page; open orders are the recent ones, so the first page is the one read.
 */
export function OpenOrdersSection() {
  const orders = useOrders(1);
  const open = orders.data?.items.filter((order) => order.status === "awaiting_payment") ?? [];
  return (
    <Card data-testid="billing-open-orders">
      <Stack gap="md">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Title order={2} fz="lg">
            Open orders
          </Title>
          <Anchor component={Link} to="/dashboard/billing/history" size="sm">
            All orders
          </Anchor>
        </Group>
        {orders.isPending ? (
          <Center py="md">
            <Loader aria-label="Loading open orders" />
          </Center>
        ) : orders.isError ? (
          <Stack align="flex-start" gap="sm">
            <Alert color="red" variant="light" role="alert" w="100%">
              We could not load your orders. Please try again in a moment.
            </Alert>
            <Button variant="default" onClick={() => void orders.refetch()}>
              Retry
            </Button>
          </Stack>
        ) : open.length === 0 ? (
          <Text size="sm" c="dimmed" data-testid="open-orders-none">
            No orders are awaiting payment.
          </Text>
        ) : (
          <Stack gap="xs" component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
            {open.map((order) => (
              <Group key={order.id} component="li" justify="space-between" gap="xs" wrap="wrap" data-testid={`open-order-${order.number}`}>
                <Anchor component={Link} to={`/dashboard/billing/order/${order.id}`} fw={600}>
                  {order.number}
                </Anchor>
                <Text size="sm">
                  {formatDollars(order.total)} · due {formatOrderDate(order.dueAt)}
                </Text>
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
