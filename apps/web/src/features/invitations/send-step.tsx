import { Alert, Button, Card, Group, Progress, SimpleGrid, Stack, Text } from "@mantine/core";
import { IconCalendarTime, IconSend } from "@tabler/icons-react";
import { useMe } from "../auth";
import { useSendingAllowance } from "./invitation-api";
import type { BatchProgress } from "./send-batches";
import { SendingAllowanceNotice } from "./sending-allowance-notice";

const count = (value: number) => value.toLocaleString("en-US");

/** Why the last send stopped, and whether another try could pass. */
export interface SendFailure {
  message: string;
  retryable: boolean;
}

interface SendStepProps {
  sendable: number;
  excluded: number;
  notSelected: number;
  subject: string;
  senderName: string;
  cc: string;
  reminder: boolean;
  sending: boolean;
  /** Sent already (the notices are showing): nothing more to do here. */
  locked: boolean;
  progress: BatchProgress | null;
  failure: SendFailure | null;
  onSendNow: () => void;
  onSchedule: () => void;
}

function Stat({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={600} fz="lg" data-testid={testId}>
        {value}
      </Text>
    </div>
  );
}

/** Step 3: who gets the email, then send now or schedule; a progress bar while the batches go out. */
export function SendStep(props: SendStepProps) {
  const { sendable, excluded, notSelected, subject, senderName, cc, reminder, sending, locked, progress, failure, onSendNow, onSchedule } =
    props;
  const percent = progress && progress.total > 0 ? (progress.done / progress.total) * 100 : 0;
  const allowance = useSendingAllowance();
  const me = useMe();
  const unverified = allowance.data?.senderVerified === false;

  return (
    <Stack gap="md">
      <Card>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, xs: 3 }}>
            <Stat label={reminder ? "Reminders to send" : "Recipients"} value={count(sendable)} testId="send-recipient-count" />
            <Stat label="Excluded (already invited or replied)" value={count(excluded)} testId="send-excluded-count" />
            <Stat label="Not selected" value={count(notSelected)} />
          </SimpleGrid>
          <Stack gap={2}>
            <Text size="sm">
              <Text span c="dimmed" size="sm">
                Subject:{" "}
              </Text>
              <span style={{ overflowWrap: "anywhere" }} data-testid="send-subject">
                {subject}
              </span>
            </Text>
            <Text size="sm">
              <Text span c="dimmed" size="sm">
                From:{" "}
              </Text>
              {senderName}
              <Text span c="dimmed" size="sm">
                {" "}
                · CC:{" "}
              </Text>
              <span style={{ overflowWrap: "anywhere" }}>{cc}</span>
            </Text>
          </Stack>
        </Stack>
      </Card>
      {sendable === 0 && (
        <Alert color="yellow" variant="light">
          No one is left to invite. Go back to step 1 to add or select recipients.
        </Alert>
      )}
      {!locked && <SendingAllowanceNotice allowance={allowance.data} needed={sendable + 1} email={me.data?.user.email ?? null} />}
      {failure && (
        <Alert color="red" variant="light" role="alert" title="Not everyone was invited" data-testid="send-failure">
          {failure.message} The people still listed have not been sent the email; nothing was lost.
          {/* A refusal another try cannot pass today (the sending allowance, decision 0056) does not invite one. */}
          {failure.retryable ? " Try again in a moment." : ""}
        </Alert>
      )}
      {progress && (
        <Stack gap={4} data-testid="send-progress">
          <Text size="sm" aria-live="polite">
            Sending {count(progress.sending)} of {count(progress.total)}…
          </Text>
          <Progress value={percent} animated aria-label="Sending progress" />
        </Stack>
      )}
      <Group gap="sm" wrap="wrap">
        <Button
          leftSection={<IconSend size={18} aria-hidden />}
          onClick={onSendNow}
          disabled={sendable === 0 || sending || locked || unverified}
          loading={sending}
          data-testid="send-now"
        >
          Send now
        </Button>
        <Button
          variant="default"
          leftSection={<IconCalendarTime size={18} aria-hidden />}
          onClick={onSchedule}
          disabled={sendable === 0 || sending || locked || unverified}
          data-testid="schedule-later"
        >
          Schedule for later
        </Button>
      </Group>
    </Stack>
  );
}
