import { MESSAGES } from "@hearth/shared";
import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { isApiError } from "../../lib/api";
import { useCloseSurvey } from "./survey-api";

interface CloseSurveyModalProps {
  survey: { id: string; name: string; isLOWI: boolean } | null;
  onClose: () => void;
}

/** "Close survey": asks first, then ends the survey now (docs/decisions/0035) and says "Survey closed". */
export function CloseSurveyModal({ survey, onClose }: CloseSurveyModalProps) {
  const close = useCloseSurvey();

  function confirm() {
    if (!survey) return;
    close.mutate(survey.id, {
      onSuccess: () => {
        notifications.show({ color: "teal", message: "Survey closed" });
        onClose();
      },
      onError: (error) =>
        notifications.show({
          color: "red",
          message: isApiError(error, 409) ? "This survey is no longer active: it cannot be closed." : MESSAGES.genericError,
        }),
    });
  }

  return (
    <Modal opened={Boolean(survey)} onClose={onClose} title="Close survey" centered closeButtonProps={{ "aria-label": "Cancel" }}>
      <Stack>
        <Text data-testid="close-survey-confirmation">{survey ? `Close "${survey.name}" now?` : ""}</Text>
        <Text size="sm" c="dimmed">
          The survey stops taking answers at once and its end date becomes today. This cannot be undone.
          {survey?.isLOWI ? " A closed LOWI™ survey can count toward certification for the year it ends in." : ""}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={close.isPending}>
            Cancel
          </Button>
          <Button color="red" onClick={confirm} loading={close.isPending}>
            Close survey
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
