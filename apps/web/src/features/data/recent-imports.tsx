import { Anchor, Badge, Card, Group, ScrollArea, Stack, Table, Text, Title } from "@mantine/core";
import { useState } from "react";
import { Link } from "react-router";
import { useCompanyDates } from "../auth";
import { useDataImports } from "./data-api";
import { importDetailPath, KIND_LABELS, STATUS_LABELS } from "./import-detail-tabs";

const SHOWN = 3;

/** The company's latest imports on /dashboard/data, each linking to its page (decision 0046); nothing when there are none. */
export function RecentImports() {
  const query = useDataImports();
  const dates = useCompanyDates();
  const [all, setAll] = useState(false);
  const imports = query.data?.imports ?? [];
  if (imports.length === 0) return null;
  const shown = all ? imports : imports.slice(0, SHOWN);
  return (
    <Card withBorder data-testid="recent-imports">
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <Title order={2} fz="md">
            Imports
          </Title>
          {imports.length > SHOWN && (
            <Anchor component="button" type="button" size="sm" onClick={() => setAll(!all)}>
              {all ? "Show fewer" : `Show all ${imports.length}`}
            </Anchor>
          )}
        </Group>
        <ScrollArea type="auto">
          <Table fz="sm" miw={480} verticalSpacing={6}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>File</Table.Th>
                <Table.Th>What it holds</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Imported</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.map((entry) => (
                <Table.Tr key={entry.id}>
                  <Table.Td style={{ overflowWrap: "anywhere" }}>
                    <Anchor component={Link} to={importDetailPath(entry.id)} size="sm" fw={600}>
                      {entry.fileName}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{KIND_LABELS[entry.kind]}</Table.Td>
                  <Table.Td>
                    <Badge size="sm" variant="light" color={STATUS_LABELS[entry.status].color}>
                      {STATUS_LABELS[entry.status].label}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" c="dimmed">
                      {dates.day(entry.createdAt)}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      </Stack>
    </Card>
  );
}
