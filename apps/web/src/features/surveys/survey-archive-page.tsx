import { describeSurveyStatus } from "@hearth/shared";
import { Anchor, Card, Group, Stack, Title } from "@mantine/core";
import { IconArrowLeft } from "@tabler/icons-react";
import { Link } from "react-router";
import { QueryBoundary } from "../errors";
import { usePageParam } from "../notifications";
import { PageLoader } from "./page-loader";
import { useSurveys } from "./survey-api";
import { useSurveyAccess } from "./survey-access";
import { SURVEYS_PATH, type SurveyKind } from "./survey-paths";
import { SurveyTable } from "./survey-table";
import { useSurveyActions } from "./use-survey-actions";

/** /dashboard/surveys/{lowi|other}/archive: the archived surveys of one kind, each with Restore. */
export function SurveyArchivePage({ kind }: { kind: SurveyKind }) {
  const page = usePageParam();
  const query = useSurveys();
  const { timeZone, rights, ready } = useSurveyAccess();
  const actions = useSurveyActions(timeZone);
  const title = kind === "lowi" ? "Archived LOWI™ surveys" : "Archived surveys";
  if (!rights || !ready) return <PageLoader />;

  return (
    <Stack gap="lg">
      <Anchor component={Link} to={SURVEYS_PATH} size="sm">
        <Group gap={4}>
          <IconArrowLeft size={16} aria-hidden />
          All surveys
        </Group>
      </Anchor>
      <Title order={1} fz={{ base: 24, sm: 28 }}>
        {title}
      </Title>
      <QueryBoundary query={query}>
        {(surveys) => {
          const now = Date.now();
          const archived = surveys
            .filter((survey) => survey.isLOWI === (kind === "lowi") && describeSurveyStatus(survey, now) === "Archived")
            .sort((a, b) => b.created - a.created);
          return (
            <Card>
              <SurveyTable
                label={title}
                surveys={archived}
                page={page}
                rights={rights}
                timeZone={timeZone}
                actions={actions}
                emptyText="Nothing archived. Surveys you archive appear here and can be restored."
              />
            </Card>
          );
        }}
      </QueryBoundary>
      {actions.modals}
    </Stack>
  );
}
