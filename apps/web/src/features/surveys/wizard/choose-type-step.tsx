import { describePresetCardState, listPresets, type Plan } from "@hearth/shared";
import { Alert, Anchor, SimpleGrid, Stack, Text } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { Link } from "react-router";
import { PresetCard } from "./preset-card";

export interface StepNotice {
  message: string;
  link?: { to: string; label: string };
}

interface ChooseTypeStepProps {
  plan: Plan;
  hasAllSurveys: boolean;
  checkingId: string | null;
  notice: StepNotice | null;
  onChoose: (presetId: string) => void;
}

/** Step 1, "Choose A Survey Type". */
export function ChooseTypeStep({ plan, hasAllSurveys, checkingId, notice, onChoose }: ChooseTypeStepProps) {
  return (
    <Stack gap="md">
      <Text c="dimmed">Pick what you want to learn. Each type comes with questions you can preview before you publish.</Text>
      {notice && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} data-testid="wizard-notice">
          <Text size="sm" role="alert">
            {notice.message}
          </Text>
          {notice.link && (
            <Anchor component={Link} to={notice.link.to} size="sm" fw={600} mt={6} display="inline-block">
              {notice.link.label}
            </Anchor>
          )}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm" data-tour="survey-types">
        {listPresets().map((preset) => (
          <PresetCard
            key={preset.id}
            preset={preset}
            state={describePresetCardState(preset.id, { plan, hasAllSurveys })}
            checking={checkingId === preset.id}
            busy={checkingId !== null}
            onContinue={() => onChoose(preset.id)}
          />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
