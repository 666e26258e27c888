import { formatDateInZone } from "@hearth/shared";
import { Anchor, Badge, Button, Card, Group, SimpleGrid, Stack, Text, TextInput, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { Link, useParams } from "react-router";
import { errorMessage } from "../../lib/api";
import { ActivityLogCard } from "./activity-log-card";
import { useSwitchInto } from "./use-switch-into";
import { CompanyCertificationsCard } from "./company-certifications-card";
import { CompanyDealsCard } from "./company-deals-card";
import { CompanySendingCard } from "./company-sending-card";
import { cancelOrder, companyQueryKey, markRequestAddressed, recordPayment, useCompanyDetail } from "./operator-api";

const TOAST_MS = 3_000;
/** The console reads every company's dates in UTC, the zone named (issue 25 item 1). */
const formatDate = (value: string | null) => (value ? formatDateInZone(Date.parse(value), "UTC") : "None");
const formatMoney = (cents: number) => `$${(cents / 100).toLocaleString("en-US", { minimumFractionDigits: 2 })}`;

/**
 * /admin/dashboard/companies/:tenantId: one company's figures, deals, orders awaiting payment, upgrade requests,
 * certification requests and activity log.
 */
export function CompanyPage() {
  const { tenantId = "" } = useParams();
  const detail = useCompanyDetail(tenantId);
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: companyQueryKey(tenantId) }),
      queryClient.invalidateQueries({ queryKey: ["activity-log"] }),
    ]);
  const act = async (action: () => Promise<unknown>, done: string): Promise<boolean> => {
    try {
      await action();
      notifications.show({ color: "teal", message: done, autoClose: TOAST_MS });
      return true;
    } catch (error) {
      notifications.show({ color: "red", message: errorMessage(error), autoClose: TOAST_MS });
      return false;
    } finally {
      await refresh();
    }
  };
  const { switching, switchInto } = useSwitchInto();

  if (detail.isError) return <Text c="red">{errorMessage(detail.error)}</Text>;
  const data = detail.data;
  if (!data) return null;
  const { company } = data;

  return (
    <Stack gap="lg" maw={1200}>
      <Anchor component={Link} to="/admin/dashboard" size="sm">
        Back to the companies
      </Anchor>
      <Group justify="space-between">
        <Title order={1} size="h2">
          {company.companyName ?? "Unnamed company"}
        </Title>
        <Button loading={switching === tenantId} onClick={() => void switchInto(tenantId)}>
          Switch to this company
        </Button>
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        <Figure label="Plan in force">{company.effectivePlan}</Figure>
        <Figure label="Users">{company.users}</Figure>
        <Figure label="Surveys">{company.surveys}</Figure>
        <Figure label="Responses">{company.responses}</Figure>
      </SimpleGrid>

      <CompanyDealsCard tenantId={tenantId} deals={data.deals} act={act} />
      <CompanySendingCard tenantId={tenantId} act={act} />

      <Card withBorder padding="lg">
        <Stack gap="sm">
          <Title order={2} size="h4">
            Orders awaiting payment
          </Title>
          {data.ordersAwaitingPayment.length === 0 ? <Text c="dimmed">No order is awaiting payment.</Text> : null}
          {data.ordersAwaitingPayment.map((order) => (
            <PaymentRow
              key={order.id}
              label={`${order.number} · ${formatMoney(order.total)} · due ${formatDate(order.dueAt)}`}
              onRecord={(reference) => act(() => recordPayment(order.id, reference), `Payment recorded for ${order.number}`)}
              onCancel={() => act(() => cancelOrder(order.id), `Order ${order.number} cancelled`)}
            />
          ))}
        </Stack>
      </Card>

      <Card withBorder padding="lg">
        <Stack gap="sm">
          <Title order={2} size="h4">
            Upgrade requests
          </Title>
          {data.upgradeRequests.length === 0 ? <Text c="dimmed">No upgrade requests.</Text> : null}
          {data.upgradeRequests.map((request) => (
            <Group key={request.id} justify="space-between">
              <Text size="sm">
                {request.planRequested} · {request.requestedBy ?? "a former user"} · {formatDate(request.dateRequested)}
              </Text>
              {request.hasBeenAddressed ? (
                <Badge color="gray">Addressed</Badge>
              ) : (
                <Button
                  size="compact-sm"
                  variant="light"
                  onClick={() => void act(() => markRequestAddressed(tenantId, request.id), "Request marked addressed")}
                >
                  Mark addressed
                </Button>
              )}
            </Group>
          ))}
        </Stack>
      </Card>

      <CompanyCertificationsCard detail={data} />

      <ActivityLogCard url={`/api/admin/companies/${tenantId}/activity-log`} />
    </Stack>
  );
}

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Card withBorder padding="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="xl">
        {children}
      </Text>
    </Card>
  );
}

function PaymentRow({
  label,
  onRecord,
  onCancel,
}: {
  label: string;
  onRecord: (reference: string) => Promise<boolean>;
  onCancel: () => Promise<boolean>;
}) {
  const [reference, setReference] = useState("");
  const [confirming, setConfirming] = useState(false);
  return (
    <Group justify="space-between" align="end" wrap="wrap">
      <Text size="sm">{label}</Text>
      <Group gap="sm" align="end">
        <TextInput label="Payment reference" size="xs" value={reference} onChange={(event) => setReference(event.currentTarget.value)} />
        <Button size="compact-sm" disabled={!reference.trim()} onClick={() => void onRecord(reference.trim())}>
          Record payment
        </Button>
        {confirming ? (
          <Group gap={4}>
            <Button size="compact-sm" color="red.8" onClick={() => void onCancel()}>
              Confirm cancel
            </Button>
            <Button size="compact-sm" variant="default" onClick={() => setConfirming(false)}>
              Keep order
            </Button>
          </Group>
        ) : (
          <Button size="compact-sm" variant="subtle" color="red" c="red.9" onClick={() => setConfirming(true)}>
            Cancel order
          </Button>
        )}
      </Group>
    </Group>
  );
}
