import { formatMomentInZone, type InternalVisibility, VISIBILITY_MESSAGES } from "@hearth/shared";
import { Anchor, Button, Card, Group, SegmentedControl, Stack, Table, Text, TextInput, Title, VisuallyHidden } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import { IconSearch } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router";
import { LabelledPagination } from "../../lib/labelled-pagination";
import { DataRequestsCard } from "./data-requests-card";
import { SellerSettingsCard } from "./seller-settings-card";
import { useSwitchInto } from "./use-switch-into";
import { ME_QUERY_KEY } from "../../lib/query-client";
import { useMe } from "../auth";
import { SWITCH_STATE_QUERY_KEY, changeVisibility, useCompanies, useSwitchState } from "./operator-api";

const TOAST_MS = 3_000;

/** /admin/dashboard (internal accounts only): the account's visibility and the companies it may view. */
export function AdminDashboardPage() {
  const me = useMe().data;
  if (!me) return null;
  return (
    <Stack gap="lg" maw={1200}>
      <Title order={1} size="h2">
        Admin Dashboard
      </Title>
      <VisibilityCard userId={me.user.id} />
      <CompaniesCard />
      <DataRequestsCard />
      <SellerSettingsCard />
    </Stack>
  );
}

function VisibilityCard({ userId }: { userId: string }) {
  const state = useSwitchState(true);
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState(false);
  const current = state.data?.internalVisibility;

  const toggle = async (next: string) => {
    if (!current || next === current) return;
    setSaving(true);
    try {
      const result = await changeVisibility(userId, current);
      notifications.show({ color: "teal", message: VISIBILITY_MESSAGES.setTo(result.internalVisibility), autoClose: TOAST_MS });
    } catch {
      notifications.show({ color: "red", message: VISIBILITY_MESSAGES.failed, autoClose: TOAST_MS });
    } finally {
      setSaving(false);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: SWITCH_STATE_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY }),
      ]);
    }
  };

  return (
    <Card withBorder padding="lg">
      <Stack gap="xs">
        <Title order={2} size="h4">
          Account visibility
        </Title>
        <Text size="sm" c="dimmed">
          Gold shows you every feature in any company you view. User shows you what that company's own people see on their plan.
        </Text>
        <SegmentedControl
          aria-label="Account visibility"
          w={240}
          disabled={!current || saving}
          value={current ?? "Gold"}
          onChange={(value) => void toggle(value as InternalVisibility)}
          data={["User", "Gold"]}
        />
      </Stack>
    </Card>
  );
}

function CompaniesCard() {
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const companies = useCompanies(debounced, page);
  const { switching, switchInto } = useSwitchInto();
  const data = companies.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  return (
    <Card withBorder padding="lg">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Companies
        </Title>
        <TextInput
          label="Search companies"
          placeholder="Company name"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
          maw={360}
        />
        <Table.ScrollContainer
          minWidth={900}
          scrollAreaProps={{ viewportProps: { tabIndex: 0, "aria-label": "Companies (scrolls sideways)" } }}
        >
          <Table striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Size</Table.Th>
                <Table.Th>Plan</Table.Th>
                <Table.Th>Effective plan</Table.Th>
                <Table.Th>Deal</Table.Th>
                <Table.Th ta="right">Users</Table.Th>
                <Table.Th ta="right">Surveys</Table.Th>
                <Table.Th ta="right">Responses</Table.Th>
                <Table.Th>Last activity</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data?.companies.map((company) => (
                <Table.Tr key={company.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`/admin/dashboard/companies/${company.id}`}>
                      {company.companyName ?? "Unnamed company"}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{company.companySize}</Table.Td>
                  <Table.Td>{company.plan}</Table.Td>
                  <Table.Td>{company.effectivePlan}</Table.Td>
                  <Table.Td>{company.dealId ?? (company.hasDeal ? "No CRM id" : "None")}</Table.Td>
                  <Table.Td ta="right">{company.users}</Table.Td>
                  <Table.Td ta="right">{company.surveys}</Table.Td>
                  <Table.Td ta="right">{company.responses}</Table.Td>
                  <Table.Td>{company.lastActivityAt ? formatMomentInZone(Date.parse(company.lastActivityAt), "UTC") : "None"}</Table.Td>
                  <Table.Td>
                    <Button
                      size="compact-sm"
                      variant="light"
                      loading={switching === company.id}
                      onClick={() => void switchInto(company.id)}
                      aria-label={`Switch to this company: ${company.companyName ?? "Unnamed company"}`}
                    >
                      Switch to this company
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {companies.isError ? <Text c="red">The companies could not be loaded. Please try again.</Text> : null}
        {data && data.companies.length === 0 ? <Text c="dimmed">No company matches.</Text> : null}
        {data ? (
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              {data.total} {data.total === 1 ? "company" : "companies"}
            </Text>
            <LabelledPagination pages={pages} page={page} onChange={setPage} />
          </Group>
        ) : null}
      </Stack>
    </Card>
  );
}
