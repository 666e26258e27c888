import { formatDollars, type OrderListResponse } from "@hearth/shared";
import { Anchor, Badge, Card, Group, SimpleGrid, Stack, Text } from "@mantine/core";
import { IconReceiptOff } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { QueryBoundary } from "../errors";
import { PagingFooter, usePageParam } from "../notifications";
import { BillingHeader } from "./billing-nav";
import { ORDER_STATUS_COLORS, ORDER_STATUS_LABELS, formatOrderDate } from "./order-view";
import { ORDERS_PAGE_SIZE, useOrders } from "./orders-api";

type OrderSummary = OrderListResponse["items"][number];

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500}>
        {children}
      </Text>
    </div>
  );
}

/** One order in the list: its number links to the order page. */
export function OrderSummaryCard({ order }: { order: OrderSummary }) {
  return (
    <Card component="li" withBorder data-testid={`order-row-${order.number}`}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Anchor component={Link} to={`/dashboard/billing/order/${order.id}`} fw={700} aria-label={`Order ${order.number}`}>
            {order.number}
          </Anchor>
          <Badge variant="light" color={ORDER_STATUS_COLORS[order.status]} data-testid="order-status">
            {ORDER_STATUS_LABELS[order.status]}
          </Badge>
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          <Fact label="Date">{formatOrderDate(order.createdAt)}</Fact>
          <Fact label="Total">{formatDollars(order.total)}</Fact>
          <Fact label="Due date">{formatOrderDate(order.dueAt)}</Fact>
          {order.paidAt && <Fact label="Paid on">{formatOrderDate(order.paidAt)}</Fact>}
        </SimpleGrid>
      </Stack>
    </Card>
  );
}

/** /dashboard/billing/history: the company's orders, newest first, 25 a page (decision 0032). */
export function BillingHistoryPage() {
  const page = usePageParam();
  const orders = useOrders(page);
  return (
    <Stack gap="lg">
      <BillingHeader current="History" />
      <QueryBoundary query={orders}>
        {(data) =>
          data.items.length === 0 ? (
            <Card data-testid="orders-empty">
              <Group gap="sm" wrap="nowrap">
                <IconReceiptOff size={24} aria-hidden />
                <Text>No orders yet. When you check out your cart, the order appears here with its invoice.</Text>
              </Group>
            </Card>
          ) : (
            <Stack gap="md">
              <Stack
                gap="sm"
                component="ul"
                aria-label="Orders"
                style={{ listStyle: "none", padding: 0, margin: 0 }}
                data-testid="orders-list"
              >
                {data.items.map((order) => (
                  <OrderSummaryCard key={order.id} order={order} />
                ))}
              </Stack>
              {data.total > ORDERS_PAGE_SIZE && <PagingFooter total={data.total} page={data.page} pageSize={ORDERS_PAGE_SIZE} />}
            </Stack>
          )
        }
      </QueryBoundary>
    </Stack>
  );
}
