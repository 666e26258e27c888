import type { SurveyInvitee } from "@hearth/shared";
import { Button, Card, Checkbox, Group, SimpleGrid, Stack, Table, Text } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconPlayerPause } from "@tabler/icons-react";
import { memo, type ReactNode } from "react";
import { SendStatusBadge } from "./send-status-badge";
import { formatDate, formatDateTime, formatTime, fullName, isCancellable } from "./sent-invitee-rules";
import { useDisplayTimeZone } from "./use-display-time-zone";

interface SentInviteeRowsProps {
  rows: SurveyInvitee[];
  selected: ReadonlySet<string>;
  onSelect: SelectHandler;
  onCancel: (invitee: SurveyInvitee) => void;
  /** The ids a Cancel Send is running for. */
  cancelling: ReadonlySet<string>;
  now: number;
}

function EmailCell({ invitee }: { invitee: SurveyInvitee }) {
  const name = fullName(invitee);
  return (
    <Stack gap={0}>
      <Text size="sm" fw={500} style={{ overflowWrap: "anywhere" }}>
        {invitee.email}
      </Text>
      {name && (
        <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
          {name}
        </Text>
      )}
    </Stack>
  );
}

/** A time as two short lines (date, then time), so three date columns fit beside the email. */
function DateCell({ value }: { value: number | null }) {
  const timeZone = useDisplayTimeZone();
  if (value === null) return <Text size="sm">—</Text>;
  return (
    <Text size="sm" style={{ whiteSpace: "nowrap" }} title={formatDateTime(value, timeZone)}>
      {formatDate(value, timeZone)}
      <Text span size="xs" c="dimmed" display="block">
        {formatTime(value, timeZone)}
      </Text>
    </Text>
  );
}

function Replied({ replied }: { replied: boolean }) {
  return (
    <Text size="sm" fw={replied ? 600 : 400} c={replied ? "teal.9" : undefined} data-testid="invitee-replied" span>
      {replied ? "Yes" : "No"}
    </Text>
  );
}

function CancelButton({ invitee, now, busy, onCancel }: { invitee: SurveyInvitee; now: number; busy: boolean; onCancel: () => void }) {
  return (
    <Button
      size="compact-sm"
      variant="default"
      leftSection={<IconPlayerPause size={14} aria-hidden />}
      disabled={!isCancellable(invitee, now)}
      loading={busy}
      onClick={onCancel}
      aria-label={`Cancel Send for ${invitee.email}`}
      data-testid="invitee-cancel-send"
    >
      Cancel Send
    </Button>
  );
}

function RowCheckbox({ invitee, checked, onSelect }: { invitee: SurveyInvitee; checked: boolean; onSelect: SelectHandler }) {
  return (
    <Checkbox
      checked={checked}
      onChange={(event) => onSelect([invitee.id], event.currentTarget.checked)}
      aria-label={`Select ${invitee.email}`}
      data-testid="invitee-select"
    />
  );
}

type SelectHandler = (ids: string[], checked: boolean) => void;

interface RowProps {
  invitee: SurveyInvitee;
  checked: boolean;
  busy: boolean;
  now: number;
  onSelect: SelectHandler;
  onCancel: (invitee: SurveyInvitee) => void;
}

/** One table row; memoised so ticking one checkbox re-renders one row, not the page. */
const InviteeRow = memo(function InviteeRow({ invitee, checked, busy, now, onSelect, onCancel }: RowProps) {
  return (
    <Table.Tr data-testid="invitee-row" data-email={invitee.email} bg={checked ? "var(--mantine-color-ember-0)" : undefined}>
      <Table.Td>
        <RowCheckbox invitee={invitee} checked={checked} onSelect={onSelect} />
      </Table.Td>
      <Table.Td miw={180} maw={300} style={{ overflowWrap: "anywhere" }}>
        <EmailCell invitee={invitee} />
      </Table.Td>
      <Table.Td>
        <DateCell value={invitee.scheduledDate} />
      </Table.Td>
      <Table.Td>
        <DateCell value={invitee.firstEmail} />
      </Table.Td>
      <Table.Td>
        <DateCell value={invitee.mostRecentEmail} />
      </Table.Td>
      <Table.Td data-testid="invitee-send-status" data-status={invitee.sendStatus}>
        <SendStatusBadge status={invitee.sendStatus} failureReason={invitee.failureReason} />
      </Table.Td>
      <Table.Td>
        <Replied replied={invitee.replied} />
      </Table.Td>
      <Table.Td>
        <CancelButton invitee={invitee} now={now} busy={busy} onCancel={() => onCancel(invitee)} />
      </Table.Td>
    </Table.Tr>
  );
});

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Text size="sm" component="div">
      <Text span size="xs" c="dimmed" display="block">
        {label}
      </Text>
      {children}
    </Text>
  );
}

/** One person as a card on a phone. */
const InviteeCard = memo(function InviteeCard({ invitee, checked, busy, now, onSelect, onCancel }: RowProps) {
  const timeZone = useDisplayTimeZone();
  return (
    <Card component="li" padding="md" data-testid="invitee-row" data-email={invitee.email} bg={checked ? "ember.0" : undefined}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Group align="flex-start" wrap="nowrap" gap="sm" style={{ minWidth: 0 }}>
          <RowCheckbox invitee={invitee} checked={checked} onSelect={onSelect} />
          <EmailCell invitee={invitee} />
        </Group>
        <div data-testid="invitee-send-status" data-status={invitee.sendStatus}>
          <SendStatusBadge status={invitee.sendStatus} failureReason={invitee.failureReason} />
        </div>
      </Group>
      <SimpleGrid cols={2} spacing="xs" verticalSpacing={6} mt="sm">
        <Field label="Scheduled Date">{formatDateTime(invitee.scheduledDate, timeZone)}</Field>
        <Field label="Replied">
          <Replied replied={invitee.replied} />
        </Field>
        <Field label="First Send">{formatDateTime(invitee.firstEmail, timeZone)}</Field>
        <Field label="Most Recent Send">{formatDateTime(invitee.mostRecentEmail, timeZone)}</Field>
      </SimpleGrid>
      {isCancellable(invitee, now) && (
        <Group mt="sm">
          <CancelButton invitee={invitee} now={now} busy={busy} onCancel={() => onCancel(invitee)} />
        </Group>
      )}
    </Card>
  );
});

/** The visible page of invitees: a table on wide screens, a card per person on a phone. */
export function SentInviteeRows({ rows, selected, onSelect, onCancel, cancelling, now }: SentInviteeRowsProps) {
  const wide = useMediaQuery("(min-width: 48em)", true);
  const pageIds = rows.map((invitee) => invitee.id);
  const selectedOnPage = pageIds.filter((id) => selected.has(id)).length;

  const rowProps = (invitee: SurveyInvitee): RowProps => ({
    invitee,
    checked: selected.has(invitee.id),
    busy: cancelling.has(invitee.id),
    now,
    onSelect,
    onCancel,
  });

  if (!wide) {
    return (
      <Stack gap="sm" component="ul" aria-label="Sent invitees" style={{ listStyle: "none", padding: 0, margin: 0 }}>
        {rows.map((invitee) => (
          <InviteeCard key={invitee.id} {...rowProps(invitee)} />
        ))}
      </Stack>
    );
  }

  return (
    <Table.ScrollContainer minWidth={860} type="native">
      <Table aria-label="Sent invitees" verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40}>
              <Checkbox
                checked={rows.length > 0 && selectedOnPage === rows.length}
                indeterminate={selectedOnPage > 0 && selectedOnPage < rows.length}
                onChange={(event) => onSelect(pageIds, event.currentTarget.checked)}
                aria-label="Select everyone on this page"
                disabled={rows.length === 0}
              />
            </Table.Th>
            <Table.Th>Email</Table.Th>
            <Table.Th>Scheduled Date</Table.Th>
            <Table.Th>First Send</Table.Th>
            <Table.Th>Most Recent Send</Table.Th>
            <Table.Th style={{ whiteSpace: "nowrap" }}>Send Status</Table.Th>
            <Table.Th>Replied</Table.Th>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((invitee) => (
            <InviteeRow key={invitee.id} {...rowProps(invitee)} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
