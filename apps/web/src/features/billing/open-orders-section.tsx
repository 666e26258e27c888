import { formatDollars, type OrderListResponse } from "@hearth/shared";
import { Alert, Anchor, Button, Card, Center, Group, Loader, Stack, Text, Title } from "@mantine/core";
import { IconFileInvoice } from "@tabler/icons-react";
import { Link } from "react-router";
import { HowToPay } from "./how-to-pay";
import { formatOrderDate } from "./order-view";
import { invoicePdfUrl, ORDER_FORM_PDF_URL, useOrders } from "./orders-api";

type OrderSummary = OrderListResponse["items"][number];

/** One order awaiting payment on the General tab: its number, amount and due date, how to pay it and its documents. */
function OpenOrder({ order, payTo, payable }: { order: OrderSummary; payTo: OrderListResponse["payTo"]; payable: boolean }) {
  return (
    <Card withBorder component="li" data-testid={`open-order-${order.number}`}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Anchor component={Link} to={`/dashboard/billing/order/${order.id}`} fw={600}>
            Order {order.number}
          </Anchor>
          <Text fw={600}>
            {formatDollars(order.total)} · due {formatOrderDate(order.dueAt)}
          </Text>
        </Group>
        <Text size="sm">Your plan changes as soon as we record your payment.</Text>
        <HowToPay order={order} payTo={payTo} payable={payable} />
        <Group gap="sm" wrap="wrap">
          <Button
            component="a"
            href={invoicePdfUrl(order.id)}
            download
            variant="light"
            size="xs"
            leftSection={<IconFileInvoice size={14} aria-hidden />}
            data-testid="open-order-invoice"
          >
            Invoice (PDF)
          </Button>
          <Button component="a" href={ORDER_FORM_PDF_URL} download variant="default" size="xs">
            Order form (PDF)
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/**
 * The General tab's "Awaiting payment" (issue 12 item 4, issue 25 item 2): each order awaiting payment with how to
 * pay it. The list comes newest first, 25 a page; open orders are the recent ones, so the first page is the one read.
 */
export function OpenOrdersSection() {
  const orders = useOrders(1);
  const open = orders.data?.items.filter((order) => order.status === "awaiting_payment") ?? [];
  return (
    <Card data-testid="billing-open-orders">
      <Stack gap="md">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Title order={2} fz="lg">
            Orders awaiting payment
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
          <Stack gap="sm" component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
            {open.map((order) => (
              <OpenOrder key={order.id} order={order} payTo={orders.data.payTo} payable={orders.data.payable} />
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
