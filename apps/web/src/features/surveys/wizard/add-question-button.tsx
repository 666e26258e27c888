import { SURVEY_MESSAGES } from "@hearth/shared";
import { Button, Tooltip } from "@mantine/core";
import { IconLock, IconPlus } from "@tabler/icons-react";

interface AddQuestionButtonProps {
  allowed: boolean;
  onAdd: () => void;
  /** Without CustomQuestions the button looks disabled, explains why, and opens the upgrade dialog. */
  onUpgrade: () => void;
}

export function AddQuestionButton({ allowed, onAdd, onUpgrade }: AddQuestionButtonProps) {
  if (allowed) {
    return (
      <Button variant="light" leftSection={<IconPlus size={18} aria-hidden />} onClick={onAdd} w="fit-content">
        Add question
      </Button>
    );
  }
  return (
    <Tooltip label={SURVEY_MESSAGES.customQuestionsUpgrade} withArrow position="top-start">
      <Button
        variant="light"
        leftSection={<IconLock size={18} aria-hidden />}
        data-disabled
        aria-disabled
        aria-description={SURVEY_MESSAGES.customQuestionsUpgrade}
        onClick={onUpgrade}
        w="fit-content"
      >
        Add question
      </Button>
    </Tooltip>
  );
}
