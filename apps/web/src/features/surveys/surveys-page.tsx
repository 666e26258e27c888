import { describeSurveyStatus, type SurveySummary } from "@hearth/shared";
import { Anchor, Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { IconArchive, IconPlus } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { QueryBoundary } from "../errors";
import { usePageParam } from "../notifications";
import { PageLoader } from "./page-loader";
import { useSurveys } from "./survey-api";
import { useSurveyAccess } from "./survey-access";
import { archivePath, NEW_SURVEY_PATH, type SurveyKind } from "./survey-paths";
import { SurveyTable } from "./survey-table";
import { useSurveyActions } from "./use-survey-actions";

const byNewest = (a: SurveySummary, b: SurveySummary) => b.created - a.created;

function Section({ title, kind, children }: { title: string; kind: SurveyKind; children: ReactNode }) {
  return (
    <Card component="section" aria-label={title}>
      <Group justify="space-between" mb="sm" wrap="wrap" gap="xs">
        <Title order={2} fz="lg">
          {title}
        </Title>
        <Anchor component={Link} to={archivePath(kind)} size="sm">
          <Group gap={4} wrap="nowrap">
            <IconArchive size={16} aria-hidden />
            Archived {kind === "lowi" ? "LOWI™ surveys" : "surveys"}
          </Group>
        </Anchor>
      </Group>
      {children}
    </Card>
  );
}

/** /dashboard/surveys: the company's LOWI™ surveys and its other surveys, archived ones left out. */
export function SurveysPage() {
  const page = usePageParam();
  const query = useSurveys();
  const { timeZone, rights, ready } = useSurveyAccess();
  const actions = useSurveyActions(timeZone);
  if (!rights || !ready) return <PageLoader />;

  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          Surveys
        </Title>
        {/* Only users who may open the wizard see its button (the spec's edit-permission gate). */}
        {rights.canEdit && (
          <Button component={Link} to={NEW_SURVEY_PATH} leftSection={<IconPlus size={18} aria-hidden />}>
            New Survey
          </Button>
        )}
      </Group>
      <QueryBoundary query={query}>
        {(surveys) => {
          const now = Date.now();
          const current = surveys.filter((survey) => describeSurveyStatus(survey, now) !== "Archived").sort(byNewest);
          const common = { page, rights, timeZone, actions };
          return (
            <>
              <Section title="LOWI™ surveys" kind="lowi">
                <SurveyTable
                  label="LOWI™ surveys"
                  surveys={current.filter((survey) => survey.isLOWI)}
                  emptyText="No LOWI™ surveys yet. The Love of Workplace Index™ survey measures your culture and leads to certification."
                  {...common}
                />
              </Section>
              <Section title="Other surveys" kind="other">
                <SurveyTable
                  label="Other surveys"
                  surveys={current.filter((survey) => !survey.isLOWI)}
                  emptyText="No other surveys yet. Pulse and custom surveys you create appear here."
                  {...common}
                />
              </Section>
              <Text size="sm" c="dimmed">
                Responses count completed answers. End dates are shown in your company's time zone.
              </Text>
            </>
          );
        }}
      </QueryBoundary>
      {actions.modals}
    </Stack>
  );
}
