import {
  formatDollars,
  formatOrderFormDate,
  type OrderListResponse,
  paymentReferenceFor,
  SELLER_FIELD_LABELS,
  SELLER_NOT_SET,
} from "@hearth/shared";
import { Alert, Anchor, Button, Card, Center, Group, Loader, Stack, Text, Title } from "@mantine/core";
import { IconFileInvoice } from "@tabler/icons-react";
import { Link } from "react-router";
import { invoicePdfUrl, ORDER_FORM_PDF_URL, useOrders } from "./orders-api";

type OrderSummary = OrderListResponse["items"][number];

/** One detail of how to pay: a label and its value, which may run over several lines. */
function PayField({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" style={{ whiteSpace: "pre-line" }} data-testid={testId}>
        {value}
      </Text>
    </div>
  );
}

/**
 * How to pay one order (issue 25 item 2, decision 0060): the seller the operator set, its remittance details, the
 * reference to quote, the due date (read in the invoice's calendar, so both say the same day) and the invoice.
 */
function OpenOrder({ order, payTo, payable }: { order: OrderSummary; payTo: OrderListResponse["payTo"]; payable: boolean }) {
  const due = formatOrderFormDate(new Date(order.dueAt));
  const reference = paymentReferenceFor(order.number);
  return (
    <Card withBorder component="li" data-testid={`open-order-${order.number}`}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Anchor component={Link} to={`/dashboard/billing/order/${order.id}`} fw={600}>
            Order {order.number}
          </Anchor>
          <Text fw={600}>
            {formatDollars(order.total)} · due {due}
          </Text>
        </Group>
        <Text size="sm">Your plan changes as soon as we record your payment.</Text>
        {payable ? (
          <Stack gap="xs" data-testid="how-to-pay">
            <Text fw={600} size="sm">
              How to pay
            </Text>
            <PayField label="Pay to" value={payTo.name ?? ""} testId="pay-to-name" />
            {payTo.address && <PayField label={SELLER_FIELD_LABELS.address} value={payTo.address} testId="pay-to-address" />}
            {payTo.taxId && <PayField label={SELLER_FIELD_LABELS.taxId} value={payTo.taxId} testId="pay-to-tax-id" />}
            <PayField label="Payment details" value={payTo.remittance ?? ""} testId="pay-to-remittance" />
            <PayField label="Reference to quote with your payment" value={reference} testId="pay-reference" />
            <PayField label="Due date" value={due} testId="pay-due-date" />
          </Stack>
        ) : (
          <Alert color="yellow" variant="light" data-testid="how-to-pay-missing">
            {SELLER_NOT_SET} Quote the reference {reference} when you pay.
          </Alert>
        )}
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
              Try again
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
