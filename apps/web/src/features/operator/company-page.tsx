import { PLANS, type Plan, TENANT_SWITCH_MESSAGES } from "@hearth/shared";
import { Anchor, Badge, Button, Card, Checkbox, Group, Select, SimpleGrid, Stack, Table, Text, TextInput, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, type ReactNode, useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { errorMessage, isApiError } from "../../lib/api";
import { ActivityLogCard } from "./activity-log-card";
import { companyQueryKey, markRequestAddressed, recordDeal, recordPayment, switchTenant, useCompanyDetail } from "./operator-api";

const TOAST_MS = 3_000;
const formatDate = (value: string | null) => (value ? new Date(value).toLocaleDateString() : "None");
const formatMoney = (cents: number) => `$${(cents / 100).toLocaleString("en-US", { minimumFractionDigits: 2 })}`;

/** /admin/dashboard/companies/:tenantId: one company's figures, deals, orders awaiting payment and upgrade requests. */
export function CompanyPage() {
  const { tenantId = "" } = useParams();
  const detail = useCompanyDetail(tenantId);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const refresh = () => queryClient.invalidateQueries({ queryKey: companyQueryKey(tenantId) });
  const act = async (action: () => Promise<unknown>, done: string) => {
    try {
      await action();
      notifications.show({ color: "teal", message: done, autoClose: TOAST_MS });
    } catch (error) {
      notifications.show({ color: "red", message: errorMessage(error), autoClose: TOAST_MS });
    } finally {
      await refresh();
    }
  };
  const switchInto = async () => {
    try {
      const result = await switchTenant(tenantId);
      if (!result.success) {
        notifications.show({
          color: "red",
          title: TENANT_SWITCH_MESSAGES.failedTitle,
          message: result.error ?? TENANT_SWITCH_MESSAGES.failed,
        });
        return;
      }
      navigate(`/validate-tenant-switch?${new URLSearchParams({ newTenantId: tenantId, redirectTo: "/dashboard" })}`);
    } catch (error) {
      const message = isApiError(error, 0) ? TENANT_SWITCH_MESSAGES.networkFailed : TENANT_SWITCH_MESSAGES.failed;
      notifications.show({ color: "red", title: TENANT_SWITCH_MESSAGES.failedTitle, message });
    }
  };

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
        <Button onClick={() => void switchInto()}>Switch to this company</Button>
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        <Figure label="Plan in force">{company.effectivePlan}</Figure>
        <Figure label="Users">{company.users}</Figure>
        <Figure label="Surveys">{company.surveys}</Figure>
        <Figure label="Responses">{company.responses}</Figure>
      </SimpleGrid>

      <Card withBorder padding="lg">
        <Stack gap="sm">
          <Title order={2} size="h4">
            Deals
          </Title>
          <Table.ScrollContainer
            minWidth={560}
            scrollAreaProps={{ viewportProps: { tabIndex: 0, "aria-label": "Deals (scrolls sideways)" } }}
          >
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Plan</Table.Th>
                  <Table.Th>CRM deal</Table.Th>
                  <Table.Th>Active</Table.Th>
                  <Table.Th>Activated</Table.Th>
                  <Table.Th>Expires</Table.Th>
                  <Table.Th>Forced</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.deals.map((deal) => (
                  <Table.Tr key={deal.id}>
                    <Table.Td>{deal.plan}</Table.Td>
                    <Table.Td>{deal.dealId ?? "None"}</Table.Td>
                    <Table.Td>{deal.isActive ? "Yes" : "No"}</Table.Td>
                    <Table.Td>{formatDate(deal.activatedDate)}</Table.Td>
                    <Table.Td>{formatDate(deal.expiryDate)}</Table.Td>
                    <Table.Td>{deal.forceActivate ? "Yes" : "No"}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {data.deals.length === 0 ? <Text c="dimmed">No deals yet.</Text> : null}
          <DealForm onSubmit={(input) => act(() => recordDeal(tenantId, input), "Deal recorded")} />
        </Stack>
      </Card>

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

function DealForm({
  onSubmit,
}: {
  onSubmit: (input: { plan: Plan; dealId: string | null; expiryDate: string | null; forceActivate: boolean }) => Promise<void>;
}) {
  const [plan, setPlan] = useState<Plan>("Gold");
  const [dealId, setDealId] = useState("");
  const [expiry, setExpiry] = useState("");
  const [force, setForce] = useState(false);
  const [saving, setSaving] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    await onSubmit({
      plan,
      dealId: dealId.trim() || null,
      expiryDate: expiry ? new Date(`${expiry}T23:59:59`).toISOString() : null,
      forceActivate: force,
    });
    setSaving(false);
  };
  return (
    <form onSubmit={(event) => void submit(event)}>
      <Group align="end" gap="sm" wrap="wrap">
        <Select
          label="Plan"
          data={[...PLANS]}
          value={plan}
          onChange={(value) => value && setPlan(value as Plan)}
          allowDeselect={false}
          w={140}
        />
        <TextInput label="CRM deal id" value={dealId} onChange={(event) => setDealId(event.currentTarget.value)} w={180} />
        <TextInput label="Expires on" type="date" value={expiry} onChange={(event) => setExpiry(event.currentTarget.value)} w={170} />
        <Checkbox label="Force this deal" checked={force} onChange={(event) => setForce(event.currentTarget.checked)} mb={8} />
        <Button type="submit" loading={saving}>
          Record and activate deal
        </Button>
      </Group>
    </form>
  );
}

function PaymentRow({ label, onRecord }: { label: string; onRecord: (reference: string) => Promise<void> }) {
  const [reference, setReference] = useState("");
  return (
    <Group justify="space-between" align="end" wrap="wrap">
      <Text size="sm">{label}</Text>
      <Group gap="sm" align="end">
        <TextInput label="Payment reference" size="xs" value={reference} onChange={(event) => setReference(event.currentTarget.value)} />
        <Button size="compact-sm" disabled={!reference.trim()} onClick={() => void onRecord(reference.trim())}>
          Record payment
        </Button>
      </Group>
    </Group>
  );
}
