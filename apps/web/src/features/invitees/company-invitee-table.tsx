import { type CompanyInvitee, cohortLabel } from "@hearth/shared";
import { Card, Group, Stack, Table, Text } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { cohortColumns, lastInvitations } from "./company-invitee-rules";
import { LastInvitations } from "./last-invitations";
import { fullName } from "./sent-invitee-rules";

interface CompanyInviteeTableProps {
  invitees: CompanyInvitee[];
  surveys: { id: string; name: string }[];
}

/** Everyone the company invited: a table that scrolls sideways when it must, a card per person under 600 px. */
export function CompanyInviteeTable({ invitees, surveys }: CompanyInviteeTableProps) {
  const phone = useMediaQuery("(max-width: 37.4375em)", false);
  const cohorts = cohortColumns(invitees);

  if (phone) {
    return (
      <Stack gap="sm" component="ul" aria-label="Invitees" style={{ listStyle: "none", padding: 0, margin: 0 }}>
        {invitees.map((invitee) => {
          const name = fullName(invitee);
          const cohortValues = cohorts.filter((key) => invitee.meta[key]?.trim());
          return (
            <Card key={invitee.email} component="li" padding="md" data-testid="company-invitee-row" data-email={invitee.email}>
              <Text fw={600} style={{ overflowWrap: "anywhere" }}>
                {name || invitee.email}
              </Text>
              {name && (
                <Text size="sm" c="dimmed" style={{ overflowWrap: "anywhere" }}>
                  {invitee.email}
                </Text>
              )}
              {cohortValues.length > 0 && (
                <Group gap="md" mt="xs" wrap="wrap">
                  {cohortValues.map((key) => (
                    <Text size="sm" key={key}>
                      <Text span size="xs" c="dimmed" display="block">
                        {cohortLabel(key)}
                      </Text>
                      {invitee.meta[key]}
                    </Text>
                  ))}
                </Group>
              )}
              <Text size="xs" c="dimmed" mt="sm" mb={2}>
                Last invitation
              </Text>
              <LastInvitations entries={lastInvitations(invitee.mostRecentEmails, surveys)} email={invitee.email} />
            </Card>
          );
        })}
      </Stack>
    );
  }

  return (
    <Table.ScrollContainer minWidth={Math.max(720, 560 + cohorts.length * 130)} type="native">
      <Table aria-label="Invitees" verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Email</Table.Th>
            {cohorts.map((key) => (
              <Table.Th key={key}>{cohortLabel(key)}</Table.Th>
            ))}
            <Table.Th>Last invitation</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {invitees.map((invitee) => (
            <Table.Tr key={invitee.email} data-testid="company-invitee-row" data-email={invitee.email}>
              <Table.Td>
                <Text size="sm" fw={600}>
                  {fullName(invitee) || "—"}
                </Text>
              </Table.Td>
              <Table.Td maw={280}>
                <Text size="sm" style={{ overflowWrap: "anywhere" }}>
                  {invitee.email}
                </Text>
              </Table.Td>
              {cohorts.map((key) => (
                <Table.Td key={key}>
                  <Text size="sm">{invitee.meta[key]?.trim() || "—"}</Text>
                </Table.Td>
              ))}
              <Table.Td miw={240}>
                <LastInvitations entries={lastInvitations(invitee.mostRecentEmails, surveys)} email={invitee.email} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
