import { canWriteCustomQuestions, describeSurveyStatus, findPreset, type SurveyDetail } from "@hearth/shared";
import { Anchor, Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { IconArrowLeft, IconPencil } from "@tabler/icons-react";
import { Link, Navigate, useParams } from "react-router";
import { canAccess } from "../auth";
import { QueryBoundary } from "../errors";
import { InviteLink } from "./invite-link";
import { PageLoader } from "./page-loader";
import { useSurvey } from "./survey-api";
import { SurveyChangeHistory } from "./survey-change-history";
import { meHasFeature, useSurveyAccess } from "./survey-access";
import { SurveyActionButtons } from "./survey-action-buttons";
import { editSurveyPath, formatEndDate, SURVEYS_PATH, type SurveyKind, surveyKind, surveyPath } from "./survey-paths";
import { SurveyStatusBadge } from "./survey-status-badge";
import { useSurveyActions } from "./use-survey-actions";
import { SurveyPreview } from "./wizard/survey-preview";

function Stat({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div style={{ minWidth: "8rem", maxWidth: "100%" }}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={600} fz={{ base: "md", sm: "lg" }} data-testid={testId}>
        {value}
      </Text>
    </div>
  );
}

function SurveyView({ survey }: { survey: SurveyDetail }) {
  const { timeZone, rights, me, ready } = useSurveyAccess();
  const actions = useSurveyActions(timeZone);
  if (!rights || !me || !ready) return <PageLoader />;
  const status = describeSurveyStatus(survey, Date.now());
  // A LOWI survey's questions are fixed unless the company may add questions of its own; then there is nothing to edit.
  const questionsEditable = canWriteCustomQuestions(survey.surveyPreset, {
    customQuestions: meHasFeature(me, "CustomQuestions"),
    allSurveys: meHasFeature(me, "AllSurveys"),
  });
  const canEditPublished =
    rights.canEdit && questionsEditable && (status === "Active" || (status === "Closed" && me.user.isInternalAccount));

  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Group gap="sm" wrap="wrap">
          <Title order={1} fz={{ base: 24, sm: 28 }} style={{ overflowWrap: "anywhere" }} data-testid="survey-name">
            {survey.name || "Untitled survey"}
          </Title>
          <SurveyStatusBadge status={status} />
        </Group>
        <Text c="dimmed" style={{ whiteSpace: "pre-line", overflowWrap: "anywhere" }}>
          {survey.description || "No description."}
        </Text>
      </Stack>
      <Card>
        <Stack gap="md">
          {/* Each value keeps its natural width and wraps as a whole to the next row on a phone (not word by word in a third of it). */}
          <Group gap="lg" align="flex-start">
            <Stat label="Responses" value={String(survey.completed)} testId="survey-completed" />
            <Stat label="End date" value={formatEndDate(survey.endDate, timeZone)} testId="survey-end-date" />
            <Stat label="Type" value={findPreset(survey.surveyPreset)?.title ?? survey.surveyPreset} testId="survey-type" />
          </Group>
          {!survey.draft && <InviteLink link={survey.inviteLink} />}
          <Group gap="xs" wrap="wrap">
            <SurveyActionButtons survey={survey} status={status} rights={rights} run={actions.run} isPending={actions.isPending} />
            {canEditPublished && (
              <Button
                component={Link}
                to={editSurveyPath(survey)}
                size="compact-sm"
                variant="default"
                leftSection={<IconPencil size={15} aria-hidden />}
              >
                Edit questions
              </Button>
            )}
          </Group>
        </Stack>
      </Card>
      <Card component="section" aria-label="Questions">
        <Title order={2} fz="lg" mb="md">
          Questions ({survey.fields.length})
        </Title>
        <SurveyPreview
          name={survey.name}
          description={survey.description}
          metaFields={survey.metaFields}
          fields={survey.fields}
          interactive={false}
          withHeader={false}
        />
      </Card>
      {canAccess(me, "admin") ? <SurveyChangeHistory surveyId={survey.id} timeZone={timeZone} /> : null}
      {actions.modals}
    </Stack>
  );
}

/** /dashboard/surveys/{lowi|other}/{surveyId}. */
export function SurveyPage({ kind }: { kind: SurveyKind }) {
  const { surveyId } = useParams();
  const query = useSurvey(surveyId);

  return (
    <Stack gap="md">
      <Anchor component={Link} to={SURVEYS_PATH} size="sm">
        <Group gap={4}>
          <IconArrowLeft size={16} aria-hidden />
          All surveys
        </Group>
      </Anchor>
      <QueryBoundary query={query}>
        {(survey) => (surveyKind(survey) === kind ? <SurveyView survey={survey} /> : <Navigate to={surveyPath(survey)} replace />)}
      </QueryBoundary>
    </Stack>
  );
}
