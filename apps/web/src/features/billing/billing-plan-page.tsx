import {
  type BillingCycle,
  describeLicences,
  describePlanRequestButton,
  isBillingCycle,
  type MeResponse,
  PLAN_REQUEST_RECEIVED,
  type PlanRequestButtonState,
  type PricedPlan,
} from "@hearth/shared";
import { Badge, Button, Card, Group, List, SegmentedControl, SimpleGrid, Stack, Text, Title, VisuallyHidden } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconCheck, IconShoppingCartPlus } from "@tabler/icons-react";
import { useId, useState } from "react";
import { errorMessage } from "../../lib/api";
import { useMe } from "../auth";
import { useAddToCart, openCartDrawer, cartablePlan } from "../cart";
import { usePlanRequests, useRequestPlan } from "./billing-api";
import { BillingHeader } from "./billing-nav";
import {
  COMPARISON_PLANS,
  type ComparisonPlan,
  describePlanCardPrice,
  listAddedFeatureLabels,
  previousComparisonPlan,
  YEARLY_BILLING_NOTE,
} from "./billing-view";

interface RequestButtonProps {
  plan: ComparisonPlan;
  state: PlanRequestButtonState;
  /** The requested plans are still loading: Request may yet turn out to be Requested. */
  waiting: boolean;
  sending: boolean;
  onRequest: () => void;
}

/** Spec surveys §4 "Plan upgrade request button": Current, Requested (after click), Request, Not Available. */
function RequestButton({ plan, state, waiting, sending, onRequest }: RequestButtonProps) {
  const common = { fullWidth: true, "aria-label": `${state}: ${plan}`, "data-testid": `plan-request-${plan}`, "data-state": state };
  if (state === "Request") {
    return (
      <Button {...common} loading={sending} disabled={waiting} onClick={onRequest}>
        Request
      </Button>
    );
  }
  return (
    <Button
      {...common}
      variant={state === "Not Available" ? "default" : "light"}
      leftSection={state === "Requested" ? <IconCheck size={16} aria-hidden /> : undefined}
      disabled
    >
      {state}
    </Button>
  );
}

/**
 * "Add to cart" for a priced plan above the company's effective plan (decision 0028): the cart's cycle follows the
 * page's toggle, and the drawer opens on the priced cart.
 */
function AddToCartButton({ plan, cycle }: { plan: PricedPlan; cycle: BillingCycle }) {
  const add = useAddToCart();
  const onAdd = () =>
    add.mutate(
      { choice: { kind: "plan", plan }, billingCycle: cycle },
      {
        onSuccess: openCartDrawer,
        onError: (error) => notifications.show({ color: "red", message: errorMessage(error) }),
      },
    );
  return (
    <Button
      fullWidth
      variant="light"
      leftSection={<IconShoppingCartPlus size={16} aria-hidden />}
      loading={add.isPending}
      onClick={onAdd}
      aria-label={`Add to cart: ${plan}`}
      data-testid={`plan-add-to-cart-${plan}`}
    >
      Add to cart
    </Button>
  );
}

interface PlanCardProps {
  plan: ComparisonPlan;
  me: MeResponse;
  cycle: BillingCycle;
  requestedPlans: readonly string[];
  waiting: boolean;
  sendingPlan: string | null;
  onRequest: (plan: ComparisonPlan) => void;
}

function PlanCard({ plan, me, cycle, requestedPlans, waiting, sendingPlan, onRequest }: PlanCardProps) {
  const titleId = useId();
  const price = describePlanCardPrice(plan, me.tenant.companySize, cycle);
  const state = describePlanRequestButton(me.tenant.effectivePlan, plan, requestedPlans);
  const previous = previousComparisonPlan(plan);
  const features = listAddedFeatureLabels(plan);
  const current = state === "Current";
  const cartable = cartablePlan(me.tenant.effectivePlan, plan);
  return (
    <Card
      component="section"
      aria-labelledby={titleId}
      withBorder
      style={current ? { borderColor: "var(--mantine-primary-color-filled)", borderWidth: 2 } : undefined}
      data-testid={`plan-card-${plan}`}
    >
      <Stack gap="md" h="100%">
        <Group justify="space-between" gap="xs">
          <Title order={2} fz="xl" id={titleId}>
            {plan}
          </Title>
          {current && <Badge variant="light">Your plan</Badge>}
        </Group>
        <div>
          <Text aria-hidden>
            <Text span fz={28} fw={700}>
              {price.amount}
            </Text>{" "}
            {price.period && (
              <Text span c="dimmed">
                {price.period}
              </Text>
            )}
          </Text>
          <VisuallyHidden data-testid={`plan-price-${plan}`}>{price.label}</VisuallyHidden>
        </div>
        <Stack gap={6}>
          <Text size="sm" fw={600}>
            Licences
          </Text>
          <List size="sm" spacing={4}>
            {describeLicences(plan).map((line) => (
              <List.Item key={line}>{line}</List.Item>
            ))}
          </List>
        </Stack>
        <Stack gap={6} style={{ flexGrow: 1 }}>
          <Text size="sm" fw={600}>
            {previous ? (features.length > 0 ? `Everything in ${previous}, plus:` : `Everything in ${previous}`) : "Includes:"}
          </Text>
          {features.length > 0 && (
            <List size="sm" spacing={4}>
              {features.map((feature) => (
                <List.Item key={feature}>{feature}</List.Item>
              ))}
            </List>
          )}
        </Stack>
        <Stack gap="xs">
          {cartable && <AddToCartButton plan={cartable} cycle={cycle} />}
          <RequestButton plan={plan} state={state} waiting={waiting} sending={sendingPlan === plan} onRequest={() => onRequest(plan)} />
        </Stack>
      </Stack>
    </Card>
  );
}

/** /dashboard/billing/plan, the Plan Information tab: the plan comparison with the monthly/yearly toggle (decision 0031). */
export function BillingPlanPage() {
  const me = useMe().data;
  const [cycle, setCycle] = useState<BillingCycle>("yearly");
  const requests = usePlanRequests();
  const send = useRequestPlan();
  const toggleLabelId = useId();
  if (!me) return null;

  const request = (plan: ComparisonPlan) =>
    send.mutate(plan, {
      onSuccess: () => notifications.show({ color: "teal", title: "Request Received!", message: PLAN_REQUEST_RECEIVED }),
      onError: (error) => notifications.show({ color: "red", message: errorMessage(error) }),
    });

  return (
    <Stack gap="lg">
      <BillingHeader current="Plan Information" />
      <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
        <Stack gap={4}>
          <Text fw={600} id={toggleLabelId}>
            Billing cycle
          </Text>
          <SegmentedControl
            aria-labelledby={toggleLabelId}
            value={cycle}
            onChange={(value) => setCycle(isBillingCycle(value) ? value : "yearly")}
            data={[
              { value: "monthly", label: "Monthly" },
              { value: "yearly", label: "Yearly" },
            ]}
            data-testid="billing-cycle"
          />
          <Text size="sm" c="dimmed">
            {YEARLY_BILLING_NOTE}
          </Text>
        </Stack>
        <Text size="sm" c="dimmed" data-testid="billing-price-size">
          Prices for a {me.tenant.companySize} company.
        </Text>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3, xl: 5 }} spacing="md">
        {COMPARISON_PLANS.map((plan) => (
          <PlanCard
            key={plan}
            plan={plan}
            me={me}
            cycle={cycle}
            requestedPlans={requests.data ?? []}
            waiting={requests.isPending}
            sendingPlan={send.isPending ? (send.variables ?? null) : null}
            onRequest={request}
          />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
