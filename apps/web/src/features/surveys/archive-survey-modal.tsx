import { MESSAGES, SURVEY_MESSAGES } from "@hearth/shared";
import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useSetArchived } from "./survey-api";

interface ArchiveSurveyModalProps {
  survey: { id: string; name: string } | null;
  onClose: () => void;
}

/** "Archive Survey": asks first, then archives and says "Survey archived". */
export function ArchiveSurveyModal({ survey, onClose }: ArchiveSurveyModalProps) {
  const archive = useSetArchived();

  function confirm() {
    if (!survey) return;
    archive.mutate(
      { surveyId: survey.id, archived: true },
      {
        onSuccess: () => {
          notifications.show({ color: "teal", message: SURVEY_MESSAGES.surveyArchived });
          onClose();
        },
        onError: () => notifications.show({ color: "red", message: MESSAGES.genericError }),
      },
    );
  }

  return (
    <Modal
      opened={Boolean(survey)}
      onClose={onClose}
      title={SURVEY_MESSAGES.archiveTitle}
      centered
      closeButtonProps={{ "aria-label": "Close" }}
    >
      <Stack>
        <Text data-testid="archive-confirmation">{survey ? SURVEY_MESSAGES.archiveConfirmation(survey.name) : ""}</Text>
        <Text size="sm" c="dimmed">
          An archived survey stops appearing in your survey list. You can restore it from the archive at any time.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={archive.isPending}>
            Cancel
          </Button>
          <Button color="red" onClick={confirm} loading={archive.isPending}>
            Archive
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
