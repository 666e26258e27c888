import { Button, Popover, Stack, Text } from "@mantine/core";
import { type LastInvitation, VISIBLE_INVITATIONS } from "./company-invitee-rules";
import { formatDate } from "./sent-invitee-rules";

function Entry({ entry }: { entry: LastInvitation }) {
  return (
    <Text size="sm" component="li" style={{ overflowWrap: "anywhere" }}>
      {entry.surveyName}{" "}
      <Text span size="sm" c="dimmed" style={{ whiteSpace: "nowrap" }}>
        · {formatDate(entry.sentAt)}
      </Text>
    </Text>
  );
}

const listStyle = { listStyle: "none", padding: 0, margin: 0 } as const;

/** The surveys a person was last emailed for, latest first: up to three, then "+N more" opening the full list. */
export function LastInvitations({ entries, email }: { entries: LastInvitation[]; email: string }) {
  if (entries.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        Not emailed yet
      </Text>
    );
  }
  const hidden = entries.length - VISIBLE_INVITATIONS;
  return (
    <Stack gap={2} align="flex-start" data-testid="invitee-last-invitations">
      <Stack gap={2} component="ul" style={listStyle}>
        {entries.slice(0, VISIBLE_INVITATIONS).map((entry) => (
          <Entry key={entry.surveyId} entry={entry} />
        ))}
      </Stack>
      {hidden > 0 && (
        <Popover width={320} position="bottom-start" withArrow shadow="md" trapFocus={false} returnFocus>
          <Popover.Target>
            <Button variant="subtle" size="compact-xs" px={4} aria-label={`+${hidden} more invitations sent to ${email}`}>
              +{hidden} more
            </Button>
          </Popover.Target>
          <Popover.Dropdown>
            <Text size="xs" fw={600} c="dimmed" mb={6}>
              All invitations sent to {email}
            </Text>
            <Stack gap={4} component="ul" style={{ ...listStyle, maxHeight: 260, overflowY: "auto" }}>
              {entries.map((entry) => (
                <Entry key={entry.surveyId} entry={entry} />
              ))}
            </Stack>
          </Popover.Dropdown>
        </Popover>
      )}
    </Stack>
  );
}
