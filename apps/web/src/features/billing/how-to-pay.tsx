import { type OrderListResponse, paymentReferenceFor, SELLER_FIELD_LABELS, SELLER_NOT_SET } from "@hearth/shared";
import { Alert, Stack, Text } from "@mantine/core";
import { formatOrderDate } from "./order-view";

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

interface HowToPayProps {
  order: { number: string; dueAt: string };
  payTo: OrderListResponse["payTo"];
  payable: boolean;
}

/**
 * How to pay an order awaiting payment (issue 25 item 2, decision 0060): the seller the operator set, its address and
 * tax id, its remittance details, the reference to quote and the due date, as the invoice states them. Without the
 * seller's name or remittance details it says the operator has not set them, and still gives the reference.
 */
export function HowToPay({ order, payTo, payable }: HowToPayProps) {
  const reference = paymentReferenceFor(order.number);
  if (!payable) {
    return (
      <Alert color="yellow" variant="light" data-testid="how-to-pay-missing">
        {SELLER_NOT_SET} Quote the reference {reference} when you pay.
      </Alert>
    );
  }
  return (
    <Stack gap="xs" data-testid="how-to-pay">
      <Text fw={600} size="sm">
        How to pay
      </Text>
      <PayField label="Pay to" value={payTo.name ?? ""} testId="pay-to-name" />
      {payTo.address && <PayField label={SELLER_FIELD_LABELS.address} value={payTo.address} testId="pay-to-address" />}
      {payTo.taxId && <PayField label={SELLER_FIELD_LABELS.taxId} value={payTo.taxId} testId="pay-to-tax-id" />}
      <PayField label="Payment details" value={payTo.remittance ?? ""} testId="pay-to-remittance" />
      <PayField label="Reference to quote with your payment" value={reference} testId="pay-reference" />
      <PayField label="Due date" value={formatOrderDate(order.dueAt)} testId="pay-due-date" />
    </Stack>
  );
}
