import type { LicenceUsageResponse, MeResponse } from "@hearth/shared";
import { Alert, Anchor, Badge, Button, Card, Center, Group, Loader, Progress, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { IconArrowRight } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { useMe } from "../auth";
import { useBillingOverview } from "./billing-api";
import { BillingHeader } from "./billing-nav";
import { describeDealPeriod, describeLicenceBar } from "./billing-view";
import { CertificationCardsSection } from "./certification-cards-section";
import { OpenOrdersSection } from "./open-orders-section";
import { useOrders } from "./orders-api";

export const LICENCE_USAGE_ERROR = "We could not load your licence usage. Please try again in a moment.";

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="div" fw={500}>
        {children}
      </Text>
    </div>
  );
}

/** A word under the plan when an order is awaiting payment: the plan changes once the payment is recorded. */
function PendingOrderNote() {
  const orders = useOrders(1);
  const pending = orders.data?.items.filter((order) => order.status === "awaiting_payment") ?? [];
  if (pending.length === 0) return null;
  return (
    <Alert color="blue" variant="light" data-testid="billing-pending-order">
      {pending.length === 1
        ? `Order ${pending[0].number} is awaiting payment. Your plan changes as soon as the payment is recorded; how to pay is below.`
        : `${pending.length} orders are awaiting payment. Your plan changes as soon as a payment is recorded; how to pay is below.`}
    </Alert>
  );
}

/** Plan, effective plan and the deal's dates, from /api/me (the server's one effective-plan rule, decision 0027). */
function PlanCard({ tenant }: { tenant: MeResponse["tenant"] }) {
  const period = tenant.deal ? describeDealPeriod(tenant.deal) : null;
  return (
    <Card data-testid="billing-plan-card">
      <Stack gap="md">
        <Title order={2} fz="lg">
          Plan
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <Field label="Plan">{tenant.plan}</Field>
          <Field label="Effective plan">
            <Badge variant="light" size="lg" data-testid="billing-effective-plan">
              {tenant.effectivePlan}
            </Badge>
          </Field>
          {period && (
            <>
              <Field label="Activated">{period.activated ?? "Not activated"}</Field>
              <Field label="Ends">{period.ends ?? "No end date"}</Field>
            </>
          )}
        </SimpleGrid>
        {!tenant.deal && (
          <Text size="sm" c="dimmed" data-testid="billing-no-deal">
            No deal gives your company a paid plan, so it is on the Free plan.
          </Text>
        )}
        <PendingOrderNote />
        <Group>
          <Button component={Link} to="/dashboard/billing/plan" variant="light" rightSection={<IconArrowRight size={16} aria-hidden />}>
            Compare plans
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

function LicenceBarRow({ usage }: { usage: LicenceUsageResponse }) {
  const bar = describeLicenceBar(usage);
  return (
    <Stack gap={4} data-testid={`licence-${bar.kind}`}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text fw={500}>{bar.label}</Text>
        <Text size="sm" c={bar.over ? "red.8" : "dimmed"}>
          {bar.summary}
        </Text>
      </Group>
      {bar.kind === "customDataRequest" && (
        <Anchor component={Link} to="/dashboard/data-requests" size="sm" w="fit-content">
          {usage.limit === 0 ? "About custom data requests" : "Send or follow a data request"}
        </Anchor>
      )}
      {bar.percent !== null && (
        <Progress.Root size="lg" aria-hidden>
          <Progress.Section value={bar.percent} color={bar.over ? "red" : bar.full ? "orange" : undefined} />
        </Progress.Root>
      )}
    </Stack>
  );
}

/** Licence usage bars from GET /api/billing/overview; a clear error in place when it cannot be read. */
function LicenceCard() {
  const overview = useBillingOverview();
  return (
    <Card data-testid="billing-licences">
      <Stack gap="md">
        <Title order={2} fz="lg">
          Licence usage
        </Title>
        {overview.isPending ? (
          <Center py="md">
            <Loader aria-label="Loading licence usage" />
          </Center>
        ) : overview.isError ? (
          <Stack align="flex-start" gap="sm">
            <Alert color="red" variant="light" role="alert" w="100%" data-testid="billing-licences-error">
              {LICENCE_USAGE_ERROR}
            </Alert>
            <Button variant="default" onClick={() => void overview.refetch()}>
              Retry
            </Button>
          </Stack>
        ) : (
          <Stack gap="md">
            {overview.data.licences.map((usage) => (
              <LicenceBarRow key={usage.kind} usage={usage} />
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}

/** /dashboard/billing, the General tab (spec accounts §2). Behind the company-profile permission (router.tsx). */
export function BillingGeneralPage() {
  const me = useMe().data;
  if (!me) return null;
  return (
    <Stack gap="lg">
      <BillingHeader current="General" />
      <PlanCard tenant={me.tenant} />
      <OpenOrdersSection />
      <LicenceCard />
      <CertificationCardsSection />
    </Stack>
  );
}
