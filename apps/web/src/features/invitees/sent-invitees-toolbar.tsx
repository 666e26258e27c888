import { Button, CloseButton, Group, Switch, Text, TextInput, Tooltip, VisuallyHidden } from "@mantine/core";
import { IconMailForward, IconPlayerPause, IconSearch, IconX } from "@tabler/icons-react";
import { type ReactElement, useId } from "react";

interface SentInviteesToolbarProps {
  search: string;
  onSearch: (value: string) => void;
  /** How many rows match the search (all pages). */
  matching: number;
  selectedCount: number;
  allMatchingSelected: boolean;
  onSelectAll: (checked: boolean) => void;
  selectAllDisabledReason: string | null;
  onClearSelection: () => void;
  /** Selected rows that are Pending with a scheduled send still to come. */
  cancellableCount: number;
  onCancelSelected: () => void;
  cancelling: boolean;
  reminderCount: number;
  reminderDisabledReason: string | null;
  onDraftReminder: () => void;
}

/** A button that stays focusable while unavailable, so its tooltip (and the hidden description) can say why. */
function ExplainedButton({
  reason,
  hint,
  children,
}: {
  reason: string | null;
  /** Shown the same way while the button is available. */
  hint?: string;
  children: (describedBy?: string) => ReactElement;
}) {
  const id = useId();
  const text = reason ?? hint;
  if (!text) return children();
  return (
    <>
      <Tooltip label={text} multiline maw={300} withArrow events={{ hover: true, focus: true, touch: true }}>
        {children(id)}
      </Tooltip>
      <VisuallyHidden id={id}>{text}</VisuallyHidden>
    </>
  );
}

/** Search, selection and the bulk actions above the sent-invitee table. */
export function SentInviteesToolbar(props: SentInviteesToolbarProps) {
  const { search, onSearch, matching, selectedCount, allMatchingSelected, onSelectAll, selectAllDisabledReason } = props;
  const cancelReason =
    props.cancellableCount > 0 ? null : "Select invitees whose send is Pending and scheduled for later to cancel their emails.";

  return (
    <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
      <Group align="flex-end" gap="md" wrap="wrap">
        <TextInput
          label="Search by email"
          placeholder="name@company.com"
          value={search}
          onChange={(event) => onSearch(event.currentTarget.value)}
          leftSection={<IconSearch size={16} aria-hidden />}
          rightSection={search ? <CloseButton size="sm" aria-label="Clear search" onClick={() => onSearch("")} /> : null}
          w={{ base: "100%", xs: 260 }}
          type="search"
          data-testid="invitee-search"
        />
        <Tooltip label={selectAllDisabledReason} disabled={!selectAllDisabledReason} withArrow>
          <Switch
            label="Select all invitees"
            checked={allMatchingSelected}
            onChange={(event) => onSelectAll(event.currentTarget.checked)}
            disabled={Boolean(selectAllDisabledReason) || matching === 0}
            description={search.trim() ? `${matching} matching “${search.trim()}”` : `${matching} in total`}
            data-testid="invitee-select-all"
            pb={2}
          />
        </Tooltip>
      </Group>
      <Group gap="xs" wrap="wrap" align="center">
        <Text size="sm" c="dimmed" aria-live="polite" data-testid="invitee-selected-count">
          {selectedCount} selected
        </Text>
        <Button
          variant="subtle"
          size="sm"
          leftSection={<IconX size={16} aria-hidden />}
          onClick={props.onClearSelection}
          disabled={selectedCount === 0}
          data-testid="invitee-clear-selection"
        >
          Clear Selection
        </Button>
        <ExplainedButton reason={cancelReason}>
          {(describedBy) => (
            <Button
              variant="default"
              size="sm"
              leftSection={<IconPlayerPause size={16} aria-hidden />}
              onClick={() => !cancelReason && props.onCancelSelected()}
              data-disabled={cancelReason ? true : undefined}
              aria-disabled={cancelReason ? true : undefined}
              aria-describedby={describedBy}
              loading={props.cancelling}
              data-testid="invitee-cancel-selected"
            >
              {props.cancellableCount > 0 ? `Cancel Send (${props.cancellableCount})` : "Cancel Send"}
            </Button>
          )}
        </ExplainedButton>
        <ExplainedButton
          reason={props.reminderDisabledReason}
          hint={`Opens the Invite tab in reminder mode with ${props.reminderCount} ${props.reminderCount === 1 ? "person" : "people"} who ${props.reminderCount === 1 ? "has" : "have"} not replied.`}
        >
          {(describedBy) => (
            <Button
              size="sm"
              leftSection={<IconMailForward size={16} aria-hidden />}
              onClick={() => !props.reminderDisabledReason && props.onDraftReminder()}
              data-disabled={props.reminderDisabledReason ? true : undefined}
              aria-disabled={props.reminderDisabledReason ? true : undefined}
              aria-describedby={describedBy}
              data-testid="invitee-draft-reminder"
            >
              Draft Reminder
            </Button>
          )}
        </ExplainedButton>
      </Group>
    </Group>
  );
}
