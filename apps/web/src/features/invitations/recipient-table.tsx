import { cohortLabel, computePageWindow, describePageWindow, RECIPIENT_PAGE_SIZE, type Recipient } from "@hearth/shared";
import { ActionIcon, Badge, Button, Checkbox, Group, Paper, Stack, Table, Text, Tooltip, VisuallyHidden } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconChevronLeft, IconChevronRight, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { presentCohortKeys } from "./recipient-status";
import type { RecipientList } from "./use-recipient-list";

const count = (value: number) => value.toLocaleString("en-US");

function RecipientStatus({ excludedReason, selected }: { excludedReason: string | undefined; selected: boolean }) {
  if (excludedReason)
    return (
      <Badge color="orange" variant="light" data-testid="recipient-excluded">
        Excluded: {excludedReason}
      </Badge>
    );
  if (!selected)
    return (
      <Badge color="gray" variant="light">
        Not selected
      </Badge>
    );
  return (
    <Badge color="teal" variant="light">
      Will be invited
    </Badge>
  );
}

/** The recipient list, 25 a page: select (on by default), remove, and why anyone is left out. */
export function RecipientTable({ list }: { list: RecipientList }) {
  const { recipients, deselected, exclusions, sendable } = list;
  const [requestedPage, setPage] = useState(1);
  const pageWindow = computePageWindow(recipients.length, requestedPage, RECIPIENT_PAGE_SIZE);
  const rows: Recipient[] = recipients.slice(Math.max(0, pageWindow.from - 1), pageWindow.to);
  const cohortKeys = presentCohortKeys(recipients);
  const excludedCount = recipients.filter((recipient) => exclusions.has(recipient.email)).length;
  const allSelected = deselected.size === 0;
  const noneSelected = recipients.every((recipient) => deselected.has(recipient.email));
  const wide = useMediaQuery("(min-width: 48em)", true);
  const removeButton = (recipient: Recipient) => (
    <Tooltip label="Remove">
      <ActionIcon variant="subtle" color="gray" aria-label={`Remove ${recipient.email}`} onClick={() => list.remove(recipient.email)}>
        <IconTrash size={16} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
  const selectAll = (
    <Checkbox
      aria-label="Select all recipients"
      checked={allSelected}
      indeterminate={!allSelected && !noneSelected}
      onChange={(event) => list.setAllSelected(event.currentTarget.checked)}
    />
  );

  return (
    <section aria-labelledby="recipient-list-title">
      <Group justify="space-between" align="center" gap="sm" mb="xs" wrap="wrap">
        <div>
          <Text fw={600} id="recipient-list-title">
            Recipients
          </Text>
          <Text size="sm" c="dimmed" data-testid="recipient-count" data-count={sendable.length} aria-live="polite">
            {count(sendable.length)} of {count(recipients.length)} will be invited
            {excludedCount > 0 ? ` · ${count(excludedCount)} excluded` : ""}
            {list.check.pending ? " · checking who was already invited…" : ""}
          </Text>
        </div>
        {recipients.length > 0 && (
          <Button variant="subtle" color="red" c="red.9" size="compact-sm" onClick={list.clear}>
            Remove all
          </Button>
        )}
      </Group>
      {recipients.length === 0 ? (
        <Text size="sm" c="dimmed" py="md" ta="center" bg="gray.0" style={{ borderRadius: "var(--mantine-radius-md)" }}>
          No recipients yet. Upload a .csv file, add people manually or pick previously invited members.
        </Text>
      ) : (
        <>
          {!wide && (
            <Stack gap="xs" data-testid="recipient-table">
              <Checkbox
                label="Select all"
                checked={allSelected}
                indeterminate={!allSelected && !noneSelected}
                onChange={(event) => list.setAllSelected(event.currentTarget.checked)}
              />
              {rows.map((recipient) => {
                const selected = !deselected.has(recipient.email);
                const reason = exclusions.get(recipient.email);
                const name = [recipient.firstName, recipient.lastName].filter(Boolean).join(" ");
                return (
                  <Paper
                    withBorder
                    p="xs"
                    key={recipient.email}
                    data-testid="recipient-row"
                    data-email={recipient.email}
                    data-excluded={Boolean(reason)}
                  >
                    <Group gap="xs" wrap="nowrap" align="flex-start">
                      <Checkbox
                        mt={2}
                        aria-label={`Select ${recipient.email}`}
                        checked={selected}
                        onChange={(event) => list.toggle(recipient.email, event.currentTarget.checked)}
                      />
                      <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
                        <Text size="sm" fw={600} style={{ overflowWrap: "anywhere" }}>
                          {recipient.email}
                        </Text>
                        {name && <Text size="sm">{name}</Text>}
                        {cohortKeys.some((key) => recipient.meta?.[key]) && (
                          <Text size="xs" c="dimmed">
                            {cohortKeys
                              .filter((key) => recipient.meta?.[key])
                              .map((key) => `${cohortLabel(key)}: ${recipient.meta?.[key]}`)
                              .join(" · ")}
                          </Text>
                        )}
                        <div>
                          <RecipientStatus excludedReason={reason} selected={selected} />
                        </div>
                      </Stack>
                      {removeButton(recipient)}
                    </Group>
                  </Paper>
                );
              })}
            </Stack>
          )}
          {wide && (
            <Table.ScrollContainer minWidth={640 + cohortKeys.length * 120}>
              <Table aria-label="Recipients" verticalSpacing="xs" highlightOnHover data-testid="recipient-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w={40}>{selectAll}</Table.Th>
                    <Table.Th>Email</Table.Th>
                    <Table.Th>First name</Table.Th>
                    <Table.Th>Last name</Table.Th>
                    {cohortKeys.map((key) => (
                      <Table.Th key={key}>{cohortLabel(key)}</Table.Th>
                    ))}
                    <Table.Th>Status</Table.Th>
                    <Table.Th w={48}>
                      <VisuallyHidden>Remove</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((recipient) => {
                    const selected = !deselected.has(recipient.email);
                    const reason = exclusions.get(recipient.email);
                    return (
                      <Table.Tr
                        key={recipient.email}
                        data-testid="recipient-row"
                        data-email={recipient.email}
                        data-excluded={Boolean(reason)}
                      >
                        <Table.Td>
                          <Checkbox
                            aria-label={`Select ${recipient.email}`}
                            checked={selected}
                            onChange={(event) => list.toggle(recipient.email, event.currentTarget.checked)}
                          />
                        </Table.Td>
                        <Table.Td style={{ overflowWrap: "anywhere" }}>{recipient.email}</Table.Td>
                        <Table.Td>{recipient.firstName ?? ""}</Table.Td>
                        <Table.Td>{recipient.lastName ?? ""}</Table.Td>
                        {cohortKeys.map((key) => (
                          <Table.Td key={key}>{recipient.meta?.[key] ?? ""}</Table.Td>
                        ))}
                        <Table.Td>
                          <RecipientStatus excludedReason={reason} selected={selected} />
                          {recipient.usePreviousMeta && (
                            <Text size="xs" c="dimmed" mt={2}>
                              Uses the cohort fields on file
                            </Text>
                          )}
                        </Table.Td>
                        <Table.Td>
                          <Tooltip label="Remove">
                            <ActionIcon
                              variant="subtle"
                              color="gray"
                              aria-label={`Remove ${recipient.email}`}
                              onClick={() => list.remove(recipient.email)}
                            >
                              <IconTrash size={16} aria-hidden />
                            </ActionIcon>
                          </Tooltip>
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          {pageWindow.pageCount > 1 && (
            <Group justify="space-between" gap="sm" wrap="wrap" mt="xs" component="nav" aria-label="Recipient pages">
              <Text size="sm">{describePageWindow(pageWindow)}</Text>
              <Group gap="xs">
                <Button
                  variant="default"
                  size="xs"
                  leftSection={<IconChevronLeft size={14} aria-hidden />}
                  disabled={!pageWindow.hasPrevious}
                  onClick={() => setPage(pageWindow.page - 1)}
                >
                  Previous
                </Button>
                <Button
                  variant="default"
                  size="xs"
                  rightSection={<IconChevronRight size={14} aria-hidden />}
                  disabled={!pageWindow.hasNext}
                  onClick={() => setPage(pageWindow.page + 1)}
                >
                  Next
                </Button>
              </Group>
            </Group>
          )}
        </>
      )}
    </section>
  );
}
