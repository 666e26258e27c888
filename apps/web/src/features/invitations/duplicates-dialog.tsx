import { INVITATION_MESSAGES } from "@hearth/shared";
import { Button, Group, Modal, ScrollArea, Stack, Table, Text } from "@mantine/core";
import type { ExcludedEntry } from "./recipient-status";

/** Rows listed in full; a count covers the rest. */
const SHOWN = 500;

interface DuplicatesDialogProps {
  entries: readonly ExcludedEntry[] | null;
  onClose: () => void;
  /** The main button (for example "Continue"); closing runs onClose. */
  confirmLabel?: string;
  onConfirm?: () => void;
  confirmDisabled?: boolean;
  note?: string;
}

/** "Duplicates Detected": who will not receive the email, and why. */
export function DuplicatesDialog({ entries, onClose, confirmLabel, onConfirm, confirmDisabled, note }: DuplicatesDialogProps) {
  const list = entries ?? [];
  return (
    <Modal
      opened={entries !== null}
      onClose={onClose}
      title={INVITATION_MESSAGES.duplicatesTitle}
      centered
      size="lg"
      closeButtonProps={{ "aria-label": "Close" }}
    >
      <Stack gap="md" data-testid="duplicates-dialog">
        <Text>{INVITATION_MESSAGES.duplicatesBody}</Text>
        <ScrollArea.Autosize mah={320} type="auto">
          <Table aria-label="People who will not be emailed" verticalSpacing={6}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Email</Table.Th>
                <Table.Th>Reason</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.slice(0, SHOWN).map((entry) => (
                <Table.Tr key={entry.email} data-testid="duplicate-row">
                  <Table.Td style={{ overflowWrap: "anywhere" }}>{entry.email}</Table.Td>
                  <Table.Td>{entry.reason}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
        {list.length > SHOWN && (
          <Text size="sm" c="dimmed">
            …and {(list.length - SHOWN).toLocaleString("en-US")} more.
          </Text>
        )}
        {note && <Text size="sm">{note}</Text>}
        <Group justify="flex-end">
          {onConfirm ? (
            <>
              <Button variant="default" onClick={onClose}>
                Back
              </Button>
              <Button onClick={onConfirm} disabled={confirmDisabled} data-testid="duplicates-continue">
                {confirmLabel ?? "Continue"}
              </Button>
            </>
          ) : (
            <Button onClick={onClose} data-testid="duplicates-continue">
              {confirmLabel ?? "OK"}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
