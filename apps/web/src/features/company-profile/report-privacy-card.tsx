import {
  type CompanyProfile,
  DEFAULT_VISIBILITY_THRESHOLD,
  MAX_VISIBILITY_THRESHOLD,
  MIN_VISIBILITY_THRESHOLD,
  type VisibilityThresholdInput,
  visibilityThresholdInputSchema,
} from "@hearth/shared";
import { Alert, Button, Card, Group, NumberInput, Stack, Text, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { type FormEvent, useState } from "react";
import { serverErrors, validate } from "../../lib/form";
import { useSaveVisibilityThreshold } from "./company-api";

const FIELDS = ["visibilityThreshold"] as const;

/**
 * "Report privacy" on the company profile page: the anonymity threshold (issue #5). A survey takes it when published
 * and keeps it, so a change applies to surveys published afterwards (docs/decisions/0022).
 */
export function ReportPrivacyCard({ profile }: { profile: CompanyProfile }) {
  const save = useSaveVisibilityThreshold();
  const saved = profile.visibilityThreshold;
  const [value, setValue] = useState<number | string>(saved);
  const [error, setError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const unchanged = value === saved;

  function submit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const checked = validate<VisibilityThresholdInput>(visibilityThresholdInputSchema, {
      visibilityThreshold: value === "" ? undefined : value,
    });
    setError(checked.errors.visibilityThreshold);
    if (!checked.data) return;
    save.mutate(checked.data, {
      onSuccess: (next) => {
        setValue(next.visibilityThreshold);
        notifications.show({ color: "teal", message: `Visibility threshold saved: ${next.visibilityThreshold} respondents` });
      },
      onError: (failure) => {
        const mapped = serverErrors(failure, FIELDS);
        setError(mapped.fields.visibilityThreshold);
        setFormError(mapped.message ?? null);
      },
    });
  }

  return (
    <Card component="section" aria-labelledby="report-privacy-title" data-testid="report-privacy-card">
      <form onSubmit={submit} noValidate aria-label="Report privacy">
        <Stack gap="md">
          <div>
            <Title order={2} fz="lg" id="report-privacy-title">
              Report privacy
            </Title>
            <Text size="sm" c="dimmed" mt={4}>
              Survey answers stay anonymous: Hearth never shows results for a group so small that people in it could be recognised.
            </Text>
          </div>
          <NumberInput
            label="Visibility threshold"
            name="visibilityThreshold"
            description={`Applies to surveys published from now on: each survey keeps the threshold it was published with. Groups with fewer respondents than this number are hidden in every report, filter, comment list and export of those surveys. Lowering it shows smaller groups, which makes the people in them easier to recognise. Between ${MIN_VISIBILITY_THRESHOLD} and ${MAX_VISIBILITY_THRESHOLD}; the default is ${DEFAULT_VISIBILITY_THRESHOLD}.`}
            inputWrapperOrder={["label", "description", "input", "error"]}
            min={MIN_VISIBILITY_THRESHOLD}
            max={MAX_VISIBILITY_THRESHOLD}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="none"
            suffix=" respondents"
            maw={640}
            styles={{ wrapper: { maxWidth: 260 } }}
            value={value}
            onChange={(next) => {
              setValue(next);
              setError(undefined);
            }}
            error={error}
          />
          {formError && (
            <Alert color="red" variant="light" role="alert">
              {formError}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending} disabled={unchanged}>
              Save threshold
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
