import { type PresetCardState, SURVEY_MESSAGES, type SurveyPreset } from "@hearth/shared";
import { Badge, Button, Card, Group, Stack, Text, ThemeIcon, Tooltip } from "@mantine/core";
import { IconArrowRight, IconLock } from "@tabler/icons-react";
import { PresetIcon } from "./preset-icon";

interface PresetCardProps {
  preset: SurveyPreset;
  state: PresetCardState;
  checking: boolean;
  busy: boolean;
  onContinue: () => void;
}

/**
 * One survey type in step 1: icon, title, description and Continue. A type the plan does not include shows a lock and
 * the plan that has it; pressing Continue opens the upgrade dialog (issue 25 item 3), on Free as on any other plan.
 */
export function PresetCard({ preset, state, checking, busy, onContinue }: PresetCardProps) {
  const button = (
    <Button
      fullWidth
      variant={state === "continue" ? "light" : "default"}
      rightSection={state === "continue" ? <IconArrowRight size={16} aria-hidden /> : <IconLock size={16} aria-hidden />}
      disabled={busy && !checking}
      loading={checking}
      onClick={onContinue}
      aria-label={`Continue with ${preset.title}`}
      aria-description={state === "continue" ? undefined : SURVEY_MESSAGES.presetNeedsPaidPlan}
    >
      Continue
    </Button>
  );

  return (
    <Card padding="md" h="100%" data-testid={`preset-${preset.id}`} data-state={state} data-tour="survey-type-card">
      <Stack gap="sm" h="100%" justify="space-between">
        <Stack gap={6}>
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <ThemeIcon size={40} radius="md" variant="light" color={preset.isLOWI ? "ember" : "grape"}>
              <PresetIcon name={preset.icon} />
            </ThemeIcon>
            {state !== "continue" && (
              <Badge variant="light" color="yellow" leftSection={<IconLock size={12} aria-hidden />}>
                Gold
              </Badge>
            )}
          </Group>
          <Text fw={700}>{preset.title}</Text>
          <Text size="sm" c="dimmed">
            {preset.description}
          </Text>
        </Stack>
        {state === "continue" ? (
          button
        ) : (
          <Tooltip label={SURVEY_MESSAGES.presetNeedsPaidPlan} withArrow>
            {button}
          </Tooltip>
        )}
      </Stack>
    </Card>
  );
}
