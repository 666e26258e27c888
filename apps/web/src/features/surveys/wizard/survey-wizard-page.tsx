import { Stack, Text, Title } from "@mantine/core";
import { useParams } from "react-router";
import { QueryBoundary } from "../../errors";
import { PageLoader } from "../page-loader";
import { useSurvey } from "../survey-api";
import { useSurveyAccess } from "../survey-access";
import { SurveyWizard } from "./survey-wizard";

function Backdrop({ title, keepsDraft = true }: { title: string; keepsDraft?: boolean }) {
  return (
    <Stack gap="xs">
      <Title order={1} fz={{ base: 24, sm: 28 }}>
        {title}
      </Title>
      <Text c="dimmed">
        {keepsDraft ? "Build the survey in the dialog. Closing it keeps your work as a draft." : "Edit the survey in the dialog."}
      </Text>
    </Stack>
  );
}

/** /dashboard/surveys/new (?tutorial=true for the guided tour). */
export function NewSurveyPage() {
  const { me, timeZone, ready } = useSurveyAccess();
  if (!me || !ready) return <PageLoader />;
  return (
    <>
      <Backdrop title="Add New Survey" />
      <SurveyWizard me={me} timeZone={timeZone} existing={null} />
    </>
  );
}

/** /dashboard/surveys/{lowi|other}/{surveyId}/edit: a draft (or a published survey) back in the builder at step 2. */
export function EditSurveyPage() {
  const { surveyId } = useParams();
  const query = useSurvey(surveyId);
  const { me, timeZone, ready } = useSurveyAccess();
  if (!me || !ready) return <PageLoader />;
  return (
    <QueryBoundary query={query}>
      {(survey) => (
        <>
          <Backdrop title={survey.draft ? "Edit draft" : "Edit survey"} keepsDraft={survey.draft} />
          <SurveyWizard me={me} timeZone={timeZone} existing={survey} />
        </>
      )}
    </QueryBoundary>
  );
}
