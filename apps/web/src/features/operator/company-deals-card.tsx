import {
  DEAL_ACTION_DONE,
  DEAL_ACTION_LABELS,
  type DealResponse,
  describeDealStatus,
  offeredDealActions,
  PLANS,
  formatDateInZone,
  type Plan,
} from "@hearth/shared";
import { Badge, Button, Card, Checkbox, Group, Select, Stack, Table, Text, TextInput, Title } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { changeDeal, type DealFormInput, recordDeal } from "./operator-api";

/** The console reads every company's dates in UTC, the zone named (issue 25 item 1). */
const formatDate = (value: string | null) => (value ? formatDateInZone(Date.parse(value), "UTC") : "None");

/**
 * The company's deals in the console: each with its state by the deal rule and the actions that apply to it now
 * (activate, force, stop forcing, expire), then a form to record a new one.
 */
export function CompanyDealsCard({
  tenantId,
  deals,
  act,
}: {
  tenantId: string;
  deals: DealResponse[];
  act: (action: () => Promise<unknown>, done: string) => Promise<boolean>;
}) {
  const now = new Date();
  return (
    <Card withBorder padding="lg">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Deals
        </Title>
        <Table.ScrollContainer
          minWidth={760}
          scrollAreaProps={{ viewportProps: { tabIndex: 0, "aria-label": "Deals (scrolls sideways)" } }}
        >
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Plan</Table.Th>
                <Table.Th>CRM deal</Table.Th>
                <Table.Th>State</Table.Th>
                <Table.Th>Activated</Table.Th>
                <Table.Th>Expires</Table.Th>
                <Table.Th>Forced</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {deals.map((deal) => {
                const status = describeDealStatus(deal, now);
                return (
                  <Table.Tr key={deal.id}>
                    <Table.Td>{deal.plan}</Table.Td>
                    <Table.Td>{deal.dealId ?? "None"}</Table.Td>
                    <Table.Td>
                      <Badge color={status.active ? "teal" : "gray"} variant="light">
                        {status.label}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{formatDate(deal.activatedDate)}</Table.Td>
                    <Table.Td>{formatDate(deal.expiryDate)}</Table.Td>
                    <Table.Td>{deal.forceActivate ? "Yes" : "No"}</Table.Td>
                    <Table.Td>
                      <Group gap={6} wrap="nowrap">
                        {offeredDealActions(deal, now).map((action) => (
                          <Button
                            key={action}
                            size="compact-xs"
                            variant={action === "expire" ? "subtle" : "light"}
                            color={action === "expire" ? "red" : undefined}
                            c={action === "expire" ? "red.9" : undefined}
                            aria-label={`${DEAL_ACTION_LABELS[action]}: ${deal.plan} deal ${deal.dealId ?? "without a CRM id"}`}
                            onClick={() => void act(() => changeDeal(tenantId, deal.id, action), DEAL_ACTION_DONE[action])}
                          >
                            {DEAL_ACTION_LABELS[action]}
                          </Button>
                        ))}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {deals.length === 0 ? <Text c="dimmed">No deals yet.</Text> : null}
        <Text size="sm" c="dimmed">
          A deal gives its plan for a year from activation when it has a CRM deal id; a forced deal gives it until it expires.
        </Text>
        <DealForm
          onSubmit={(input) => act(() => recordDeal(tenantId, input), input.activateNow ? "Deal recorded and activated" : "Deal recorded")}
        />
      </Stack>
    </Card>
  );
}

function DealForm({ onSubmit }: { onSubmit: (input: DealFormInput) => Promise<boolean> }) {
  const [plan, setPlan] = useState<Plan>("Gold");
  const [dealId, setDealId] = useState("");
  const [expiry, setExpiry] = useState("");
  const [force, setForce] = useState(false);
  const [activateNow, setActivateNow] = useState(true);
  const [saving, setSaving] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    const recorded = await onSubmit({
      plan,
      dealId: dealId.trim() || null,
      expiryDate: expiry ? new Date(`${expiry}T23:59:59`).toISOString() : null,
      forceActivate: force,
      activateNow,
    });
    setSaving(false);
    if (recorded) {
      setDealId("");
      setExpiry("");
      setForce(false);
      setActivateNow(true);
    }
  };
  return (
    <form onSubmit={(event) => void submit(event)} aria-label="Record a deal">
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
        <Checkbox label="Activate now" checked={activateNow} onChange={(event) => setActivateNow(event.currentTarget.checked)} mb={8} />
        <Button type="submit" loading={saving}>
          Record deal
        </Button>
      </Group>
    </form>
  );
}
