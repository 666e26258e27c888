import { formatDollars } from "@hearth/shared";
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Center,
  Divider,
  Group,
  List,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from "@mantine/core";
import { IconArrowLeft, IconCreditCard, IconFileInvoice, IconFileText } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { Link, useLocation, useParams } from "react-router";
import { errorMessage, isApiError } from "../../lib/api";
import { AccessDeniedPage } from "../errors";
import { BillingHeader } from "./billing-nav";
import {
  describeOrderLine,
  describeOrderLineAmounts,
  formatOrderDate,
  ORDER_NOT_FOUND,
  ORDER_STATUS_COLORS,
  ORDER_STATUS_LABELS,
  PAYMENT_TERMS,
  paymentLink,
} from "./order-view";
import { HowToPay } from "./how-to-pay";
import { invoicePdfUrl, ORDER_FORM_PDF_URL, type OrderWithPayment, useOrder, useOrders } from "./orders-api";

function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="div" fw={500} data-testid={testId}>
        {children}
      </Text>
    </div>
  );
}

function OrderLines({ order }: { order: OrderWithPayment }) {
  return (
    <Stack gap={0} component="ul" aria-label="Order lines" style={{ listStyle: "none", padding: 0, margin: 0 }}>
      {order.lines.map((line) => {
        const amounts = describeOrderLineAmounts(line);
        return (
          <Group
            key={line.position}
            component="li"
            justify="space-between"
            align="flex-start"
            wrap="nowrap"
            gap="sm"
            py="sm"
            style={{ borderBottom: "1px solid var(--mantine-color-gray-3)" }}
            data-testid="order-line"
          >
            <Stack gap={4} style={{ minWidth: 0 }}>
              <Text fw={500}>{describeOrderLine(line, order.billingCycle)}</Text>
              {line.isPlanIncluded && (
                <Badge variant="light" color="teal" size="sm">
                  Plan included
                </Badge>
              )}
            </Stack>
            <Stack gap={0} align="flex-end">
              <Text fw={600}>{amounts.amount}</Text>
              {amounts.struck && (
                <Text size="sm" c="dimmed" td="line-through">
                  <VisuallyHidden component="span">was </VisuallyHidden>
                  {amounts.struck}
                </Text>
              )}
            </Stack>
          </Group>
        );
      })}
    </Stack>
  );
}

/** A $0 order (everything on it included in the plan) has no payment terms to state. */
export const NOTHING_TO_PAY = "Nothing to pay: your plan includes everything on this order.";

/** How to pay this order: the seller comes with the company's order list (GET /api/billing/orders). */
function OrderHowToPay({ order }: { order: OrderWithPayment }) {
  const orders = useOrders(1);
  if (!orders.data) return null;
  return <HowToPay order={order} payTo={orders.data.payTo} payable={orders.data.payable} />;
}

function OrderDetails({ order, checkoutPaymentUrl }: { order: OrderWithPayment; checkoutPaymentUrl: string | null }) {
  const pay = order.status === "awaiting_payment" ? paymentLink(order.paymentUrl ?? checkoutPaymentUrl) : null;
  return (
    <Stack gap="lg" data-testid="order-page">
      <Card>
        <Stack gap="md">
          <Group justify="space-between" gap="sm" wrap="wrap">
            <Title order={2} fz="xl" data-testid="order-number">
              Order {order.number}
            </Title>
            <Badge size="lg" variant="light" color={ORDER_STATUS_COLORS[order.status]} data-testid="order-status">
              {ORDER_STATUS_LABELS[order.status]}
            </Badge>
          </Group>
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
            <Fact label="Order date">{formatOrderDate(order.createdAt)}</Fact>
            {order.total > 0 && <Fact label="Due date">{formatOrderDate(order.dueAt)}</Fact>}
            {order.paidAt && <Fact label="Paid on">{formatOrderDate(order.paidAt)}</Fact>}
            {order.cancelledAt && <Fact label="Cancelled on">{formatOrderDate(order.cancelledAt)}</Fact>}
            <Fact label="Billing">{order.billingCycle === "monthly" ? "Monthly" : "Yearly"}</Fact>
          </SimpleGrid>
        </Stack>
      </Card>

      <Card>
        <Stack gap="sm">
          <Title order={2} fz="lg">
            Items
          </Title>
          <OrderLines order={order} />
          <Group justify="space-between">
            <Text c="dimmed">Subtotal</Text>
            <Text data-testid="order-subtotal">{formatDollars(order.subtotal)}</Text>
          </Group>
          <Divider />
          <Group justify="space-between">
            <Text fw={700}>Total</Text>
            <Text fw={700} fz="lg" data-testid="order-total">
              {formatDollars(order.total)}
            </Text>
          </Group>
        </Stack>
      </Card>

      {order.salesRequest && order.salesRequest.items.length > 0 && (
        <Alert color="blue" variant="light" title="Passed to our sales team" data-testid="order-sales-request">
          <Stack gap={4}>
            <Text size="sm">These items are not part of this order or its invoice. Our sales team will be in touch about them:</Text>
            <List size="sm">
              {order.salesRequest.items.map((item) => (
                <List.Item key={`${item.kind}:${item.badgeId ?? item.name}`}>
                  {item.year ? `${item.name} ${item.year}` : item.name}
                  {item.message ? ` (${item.message})` : ""}
                </List.Item>
              ))}
            </List>
          </Stack>
        </Alert>
      )}

      <Card>
        <Stack gap="md">
          <Title order={2} fz="lg">
            Payment
          </Title>
          <Text size="sm" data-testid="order-payment-terms">
            {order.total > 0 ? PAYMENT_TERMS : NOTHING_TO_PAY}
          </Text>
          {order.status === "awaiting_payment" && order.total > 0 && <OrderHowToPay order={order} />}
          {order.paymentReference && (
            <Text size="sm" c="dimmed">
              Payment reference: {order.paymentReference}
            </Text>
          )}
          <Group gap="sm" wrap="wrap">
            {pay && (
              <Button component="a" href={pay} leftSection={<IconCreditCard size={18} aria-hidden />} data-testid="order-pay-now">
                Pay now
              </Button>
            )}
            <Button
              component="a"
              href={invoicePdfUrl(order.id)}
              download
              variant="default"
              leftSection={<IconFileInvoice size={18} aria-hidden />}
              data-testid="order-invoice-pdf"
            >
              Download invoice (PDF)
            </Button>
            <Button
              component="a"
              href={ORDER_FORM_PDF_URL}
              download
              variant="default"
              leftSection={<IconFileText size={18} aria-hidden />}
              data-testid="order-form-pdf"
            >
              Download order form (PDF)
            </Button>
          </Group>
        </Stack>
      </Card>
    </Stack>
  );
}

/** /dashboard/billing/order/:orderId: one order with its lines, totals, payment terms and documents (decision 0032). */
export function BillingOrderPage() {
  const { orderId = "" } = useParams();
  const order = useOrder(orderId);
  // Checkout passes the payment page it opened (when a provider is configured) in the navigation's state.
  const state: unknown = useLocation().state;
  const checkoutPaymentUrl =
    typeof state === "object" && state !== null && "paymentUrl" in state && typeof state.paymentUrl === "string" ? state.paymentUrl : null;
  let body: ReactNode;
  if (order.isPending) {
    body = (
      <Center py="xl">
        <Loader aria-label="Loading the order" />
      </Center>
    );
  } else if (order.isError) {
    // An unknown id, a malformed one (the route's 400) and another company's order all read as not found.
    if (isApiError(order.error, 403)) return <AccessDeniedPage />;
    const missing = isApiError(order.error, 404) || isApiError(order.error, 400);
    body = (
      <Stack align="flex-start" gap="sm">
        <Alert
          color={missing ? "yellow" : "red"}
          variant="light"
          role="alert"
          w="100%"
          title={missing ? "Order not found" : undefined}
          data-testid={missing ? "order-not-found" : "order-error"}
        >
          {missing ? ORDER_NOT_FOUND : errorMessage(order.error)}
        </Alert>
        {missing ? (
          <Button component={Link} to="/dashboard/billing/history" variant="default" leftSection={<IconArrowLeft size={16} aria-hidden />}>
            See all orders
          </Button>
        ) : (
          <Button variant="default" onClick={() => void order.refetch()}>
            Retry
          </Button>
        )}
      </Stack>
    );
  } else {
    body = <OrderDetails order={order.data} checkoutPaymentUrl={checkoutPaymentUrl} />;
  }
  return (
    <Stack gap="lg">
      <BillingHeader current="History" />
      <Anchor component={Link} to="/dashboard/billing/history" size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={14} aria-hidden />
          All orders
        </Group>
      </Anchor>
      {body}
    </Stack>
  );
}
