import { CloseButton, Group, Popover, Text } from "@mantine/core";
import { useState } from "react";
import { type LastInvitation, VISIBLE_INVITATIONS } from "./company-invitee-rules";
import classes from "./invitees.module.css";
import { formatDate } from "./sent-invitee-rules";
import { useDisplayTimeZone } from "./use-display-time-zone";

function Entries({ entries }: { entries: LastInvitation[] }) {
  const timeZone = useDisplayTimeZone();
  return entries.map((entry) => (
    <li key={entry.surveyId} className={classes.entry}>
      {entry.surveyName} <span className={classes.entryDate}>· {formatDate(entry.sentAt, timeZone)}</span>
    </li>
  ));
}

/**
 * "+N more": a plain button until it is first opened, so a page of 1000 people does not set up 1000 popovers; from then
 * on a popover listing every survey (focus moves into it, Escape or Close returns it to the button).
 */
function MoreInvitations({ entries, hidden, email }: { entries: LastInvitation[]; hidden: number; email: string }) {
  const [mounted, setMounted] = useState(false);
  const [opened, setOpened] = useState(false);
  const label = `+${hidden} more invitations sent to ${email}`;
  const open = () => {
    setMounted(true);
    setOpened((current) => !current);
  };
  const button = (
    <button type="button" className={classes.more} aria-label={label} aria-expanded={opened} onClick={open}>
      +{hidden} more
    </button>
  );
  if (!mounted) return button;
  return (
    <Popover opened={opened} onChange={setOpened} width={320} position="bottom-start" withArrow shadow="md" trapFocus returnFocus>
      <Popover.Target>{button}</Popover.Target>
      <Popover.Dropdown aria-label={`All invitations sent to ${email}`}>
        <Group justify="space-between" align="flex-start" wrap="nowrap" mb={6} gap="xs">
          <Text size="xs" fw={600} c="dimmed" style={{ overflowWrap: "anywhere" }}>
            All invitations sent to {email}
          </Text>
          <CloseButton size="sm" aria-label="Close" onClick={() => setOpened(false)} data-autofocus />
        </Group>
        <ul className={classes.list} style={{ maxHeight: 260, overflowY: "auto", gap: 4 }}>
          <Entries entries={entries} />
        </ul>
      </Popover.Dropdown>
    </Popover>
  );
}

/** The surveys a person was last emailed for, latest first: up to three, then "+N more" opening the full list. */
export function LastInvitations({ entries, email }: { entries: LastInvitation[]; email: string }) {
  if (entries.length === 0) return <span className={classes.dimmed}>Not emailed yet</span>;
  const hidden = entries.length - VISIBLE_INVITATIONS;
  return (
    <div data-testid="invitee-last-invitations">
      <ul className={classes.list}>
        <Entries entries={entries.slice(0, VISIBLE_INVITATIONS)} />
      </ul>
      {hidden > 0 && <MoreInvitations entries={entries} hidden={hidden} email={email} />}
    </div>
  );
}
