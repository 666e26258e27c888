import { MESSAGES, type SurveyAction } from "@hearth/shared";
import { notifications } from "@mantine/notifications";
import { useState } from "react";
import { useNavigate } from "react-router";
import { ArchiveSurveyModal } from "./archive-survey-modal";
import { CloseSurveyModal } from "./close-survey-modal";
import { EditExpirationModal } from "./edit-expiration-modal";
import { useSetArchived } from "./survey-api";
import { editSurveyPath, invitesPath, reportPath } from "./survey-paths";
import { useExportSurvey } from "./use-export-survey";

export interface ActionSurvey {
  id: string;
  name: string;
  isLOWI: boolean;
  endDate: number | null;
}

/** What each row action does (spec surveys §4 "Table actions by state"), with the dialogs they open. */
export function useSurveyActions(timeZone: string) {
  const navigate = useNavigate();
  const restore = useSetArchived();
  const { exportSurvey, exportingId } = useExportSurvey();
  const [archiving, setArchiving] = useState<ActionSurvey | null>(null);
  const [expiring, setExpiring] = useState<ActionSurvey | null>(null);
  const [closing, setClosing] = useState<ActionSurvey | null>(null);

  function run(action: SurveyAction, survey: ActionSurvey) {
    switch (action) {
      case "View Report":
        navigate(reportPath(survey));
        return;
      case "Export":
        void exportSurvey(survey.id);
        return;
      case "Edit":
        navigate(editSurveyPath(survey));
        return;
      case "Send Invitation":
        navigate(invitesPath(survey));
        return;
      case "Edit Expiration":
        setExpiring(survey);
        return;
      case "Close Survey":
        setClosing(survey);
        return;
      case "Archive":
        setArchiving(survey);
        return;
      case "Restore":
        restore.mutate(
          { surveyId: survey.id, archived: false },
          {
            onSuccess: () => notifications.show({ color: "teal", message: "Survey restored" }),
            onError: () => notifications.show({ color: "red", message: MESSAGES.genericError }),
          },
        );
    }
  }

  const isPending = (action: SurveyAction, surveyId: string) =>
    (action === "Export" && exportingId === surveyId) ||
    (action === "Restore" && restore.isPending && restore.variables?.surveyId === surveyId);

  const modals = (
    <>
      <ArchiveSurveyModal survey={archiving} onClose={() => setArchiving(null)} />
      <EditExpirationModal survey={expiring} timeZone={timeZone} onClose={() => setExpiring(null)} />
      <CloseSurveyModal survey={closing} onClose={() => setClosing(null)} />
    </>
  );

  return { run, isPending, modals };
}
