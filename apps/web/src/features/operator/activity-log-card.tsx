import {
  type ActivityLogPage,
  DEAL_ACTION_DONE,
  DEAL_ACTIONS,
  describeActionPlanActivity,
  describeSurveyChangeHeading,
  formatMomentInZone,
  readSurveyChanges,
} from "@hearth/shared";
import { Badge, Card, Group, List, Stack, Table, Text, Title } from "@mantine/core";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { LabelledPagination } from "../../lib/labelled-pagination";
import { api, errorMessage } from "../../lib/api";

/** What an entry did, in words: the route of a request by Hearth staff, else the action's name. */
function describeEntry(entry: ActivityLogPage["entries"][number]): string {
  const { method, route } = entry.data as { method?: unknown; route?: unknown };
  if (typeof method === "string" && typeof route === "string") return `${method} ${route}`;
  const dealAction = DEAL_ACTIONS.find((action) => entry.action === `deal_${action}`);
  if (dealAction || entry.action === "deal_recorded") {
    const { plan, dealId } = entry.data as { plan?: unknown; dealId?: unknown };
    const words = dealAction ? DEAL_ACTION_DONE[dealAction] : "Deal recorded";
    return `${words} (${String(plan ?? "no plan")}, ${typeof dealId === "string" ? dealId : "no CRM id"})`;
  }
  const planWords = describeActionPlanActivity(entry.action, entry.data);
  if (planWords) return planWords;
  if (entry.action === "set_sending_allowance") {
    const { to, reason } = entry.data as { to?: unknown; reason?: unknown };
    return `Sending allowance set to ${typeof to === "number" ? to.toLocaleString("en-US") : "?"} emails a day (${String(reason ?? "")})`;
  }
  return entry.action.replaceAll("_", " ");
}

/** A survey change (decision 0075): what was done to which survey, then each change on a line of its own. */
function SurveyChangeCell({ entry, heading }: { entry: ActivityLogPage["entries"][number]; heading: string }) {
  const { changes, moreChanges } = readSurveyChanges(entry.data);
  return (
    <Stack gap={2}>
      <Text size="sm">{heading}</Text>
      {changes.length > 0 ? (
        <List size="sm" spacing={0} withPadding style={{ overflowWrap: "anywhere" }}>
          {changes.map((change, index) => (
            <List.Item key={index}>{change.summary}</List.Item>
          ))}
          {moreChanges > 0 ? <List.Item>{`and ${moreChanges} more`}</List.Item> : null}
        </List>
      ) : null}
    </Stack>
  );
}

function EntryWhat({ entry }: { entry: ActivityLogPage["entries"][number] }) {
  const heading = describeSurveyChangeHeading(entry.action, entry.data);
  if (heading) return <SurveyChangeCell entry={entry} heading={heading} />;
  return describeEntry(entry);
}

/** A company's admin activity log, 50 entries a page; those written while Hearth staff viewed the company are marked. */
export function ActivityLogCard({ url, title = "Admin activity log" }: { url: string; title?: string }) {
  const [page, setPage] = useState(1);
  const log = useQuery({
    queryKey: ["activity-log", url, page],
    queryFn: () => api<ActivityLogPage>(`${url}?page=${page}`),
    placeholderData: keepPreviousData,
  });
  const data = log.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  return (
    <Card withBorder padding="lg" data-testid="activity-log">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        {log.isError ? <Text c="red">{errorMessage(log.error)}</Text> : null}
        {data && data.entries.length === 0 ? <Text c="dimmed">Nothing has been logged yet.</Text> : null}
        {data && data.entries.length > 0 ? (
          <Table.ScrollContainer
            minWidth={560}
            scrollAreaProps={{ viewportProps: { tabIndex: 0, "aria-label": `${title} (scrolls sideways)` } }}
          >
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>When</Table.Th>
                  <Table.Th>Who</Table.Th>
                  <Table.Th>What</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.entries.map((entry) => (
                  <Table.Tr key={entry.id}>
                    <Table.Td>{formatMomentInZone(Date.parse(entry.createdAt), "UTC")}</Table.Td>
                    <Table.Td>
                      <Group gap="xs">
                        <Text size="sm">{entry.who}</Text>
                        {entry.byHearthStaff ? (
                          <Badge size="sm" color="orange" variant="light">
                            Hearth staff
                          </Badge>
                        ) : null}
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <EntryWhat entry={entry} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : null}
        <LabelledPagination pages={pages} page={page} onChange={setPage} />
      </Stack>
    </Card>
  );
}
