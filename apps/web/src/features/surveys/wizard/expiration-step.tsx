import { Alert, Button, Group, Stack, Text } from "@mantine/core";
import { IconArrowLeft, IconRocket } from "@tabler/icons-react";
import { describeEndDay, EndDateField } from "../end-date-field";

interface ExpirationStepProps {
  endDay: string | null;
  timeZone: string;
  isInternalAccount: boolean;
  error: string | null;
  busy: boolean;
  onChange: (day: string | null) => void;
  onBack: () => void;
  onPublish: (endDate: number) => void;
}

/** Step 3, "Survey Expiration": the last day of the survey, then Publish. */
export function ExpirationStep({ endDay, timeZone, isInternalAccount, error, busy, onChange, onBack, onPublish }: ExpirationStepProps) {
  const picked = describeEndDay(endDay, timeZone, isInternalAccount);

  return (
    <Stack gap="md">
      <Text>Choose the last day people can answer. Surveys stay open for at least 7 days so everyone has time to reply.</Text>
      <div data-tour="survey-end-date">
        <EndDateField value={endDay} onChange={onChange} timeZone={timeZone} isInternalAccount={isInternalAccount} error={error} />
      </div>
      {isInternalAccount && (
        <Alert variant="light" color="blue">
          As an internal account you may pick any future day.
        </Alert>
      )}
      <Group justify="space-between">
        <Button variant="default" leftSection={<IconArrowLeft size={16} aria-hidden />} onClick={onBack} disabled={busy}>
          Back
        </Button>
        <Button
          leftSection={<IconRocket size={16} aria-hidden />}
          disabled={!picked.ok}
          loading={busy}
          onClick={() => picked.endDate !== null && onPublish(picked.endDate)}
          data-tour="survey-publish"
        >
          Publish
        </Button>
      </Group>
    </Stack>
  );
}
