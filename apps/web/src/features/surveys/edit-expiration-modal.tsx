import { MESSAGES, SURVEY_MESSAGES, toLocalDate } from "@hearth/shared";
import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useEffect, useState } from "react";
import { errorMessage, isApiError } from "../../lib/api";
import { useMe } from "../auth";
import { describeEndDay, EndDateField } from "./end-date-field";
import { useSetEndDate } from "./survey-api";
import { formatEndDate } from "./survey-paths";

interface EditExpirationModalProps {
  survey: { id: string; name: string; endDate: number | null } | null;
  timeZone: string;
  onClose: () => void;
}

/** Edit Expiration: step 3's picker for a published survey, saved through POST /api/set-survey-end-date. */
export function EditExpirationModal({ survey, timeZone, onClose }: EditExpirationModalProps) {
  const me = useMe().data;
  const setEndDate = useSetEndDate();
  const [day, setDay] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const internal = Boolean(me?.user.isInternalAccount);
  const picked = describeEndDay(day, timeZone, internal);

  useEffect(() => {
    setDay(survey?.endDate ? toLocalDate(survey.endDate, timeZone) : null);
    setError(null);
  }, [survey, timeZone]);

  function save() {
    if (!survey || !me || picked.endDate === null) return;
    setError(null);
    setEndDate.mutate(
      { surveyId: survey.id, endDate: picked.endDate, userId: me.user.id, tenantId: me.tenant.id },
      {
        onSuccess: (result) => {
          if (!result.success) {
            setError(result.message);
            return;
          }
          notifications.show({ color: "teal", title: "End date updated", message: result.message });
          onClose();
        },
        onError: (failure) => {
          if (isApiError(failure) && failure.fields.endDate) setError(failure.fields.endDate);
          else notifications.show({ color: "red", message: errorMessage(failure, MESSAGES.genericError) });
        },
      },
    );
  }

  return (
    <Modal
      opened={Boolean(survey)}
      onClose={onClose}
      title={SURVEY_MESSAGES.surveyExpiration}
      centered
      closeButtonProps={{ "aria-label": "Close" }}
    >
      <Stack>
        {survey && (
          <Text size="sm">
            <strong>{survey.name}</strong> currently closes on {formatEndDate(survey.endDate, timeZone)}.
          </Text>
        )}
        <EndDateField value={day} onChange={setDay} timeZone={timeZone} isInternalAccount={internal} error={error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={setEndDate.isPending}>
            Cancel
          </Button>
          <Button onClick={save} disabled={!picked.ok} loading={setEndDate.isPending}>
            Save end date
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
