import { listSurveyActions, type SurveyAction, type SurveyActionRights, type SurveyStatus } from "@hearth/shared";
import { Button, Group, Tooltip } from "@mantine/core";
import {
  type Icon,
  IconArchive,
  IconArrowBackUp,
  IconCalendarTime,
  IconChartBar,
  IconDownload,
  IconLock,
  IconPencil,
  IconSend,
} from "@tabler/icons-react";
import type { ActionSurvey } from "./use-survey-actions";

const ICONS: Record<SurveyAction, Icon> = {
  "View Report": IconChartBar,
  Export: IconDownload,
  Edit: IconPencil,
  "Send Invitation": IconSend,
  "Edit Expiration": IconCalendarTime,
  "Close Survey": IconLock,
  Archive: IconArchive,
  Restore: IconArrowBackUp,
};

interface SurveyActionButtonsProps {
  survey: ActionSurvey;
  status: SurveyStatus;
  rights: SurveyActionRights;
  run: (action: SurveyAction, survey: ActionSurvey) => void;
  isPending: (action: SurveyAction, surveyId: string) => boolean;
}

/** The row's actions for its status; those the user may not take stay visible, disabled, with "Not Authorized". */
export function SurveyActionButtons({ survey, status, rights, run, isPending }: SurveyActionButtonsProps) {
  return (
    <Group gap={6} wrap="wrap" data-testid="survey-actions">
      {listSurveyActions(status, rights).map(({ action, authorized, tooltip }) => {
        const ActionIcon = ICONS[action];
        const button = (
          <Button
            key={action}
            size="compact-sm"
            variant={action === "Archive" ? "subtle" : "light"}
            color={action === "Archive" ? "gray" : undefined}
            leftSection={<ActionIcon size={15} aria-hidden />}
            loading={isPending(action, survey.id)}
            data-disabled={!authorized || undefined}
            aria-disabled={!authorized || undefined}
            aria-label={`${action}: ${survey.name}`}
            onClick={(event) => {
              if (!authorized) {
                event.preventDefault();
                return;
              }
              run(action, survey);
            }}
          >
            {action}
          </Button>
        );
        return tooltip ? (
          <Tooltip key={action} label={tooltip} withArrow>
            {button}
          </Tooltip>
        ) : (
          button
        );
      })}
    </Group>
  );
}
