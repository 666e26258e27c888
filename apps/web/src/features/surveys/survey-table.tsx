import { computePageWindow, describeSurveyStatus, type SurveyActionRights, type SurveySummary } from "@hearth/shared";
import { Anchor, Card, Code, Group, Stack, Table, Text } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { Link } from "react-router";
import { PagingFooter } from "../notifications";
import { SurveyActionButtons } from "./survey-action-buttons";
import { formatEndDate, surveyPath } from "./survey-paths";
import { SurveyStatusBadge } from "./survey-status-badge";
import type { useSurveyActions } from "./use-survey-actions";

export const SURVEY_PAGE_SIZE = 25;

interface SurveyTableProps {
  label: string;
  surveys: SurveySummary[];
  page: number;
  rights: SurveyActionRights;
  timeZone: string;
  actions: ReturnType<typeof useSurveyActions>;
  emptyText: string;
}

/** Screen 4: name, status, responses, end date and the row actions; owner and id for internal accounts. */
export function SurveyTable({ label, surveys, page, rights, timeZone, actions, emptyText }: SurveyTableProps) {
  const wide = useMediaQuery("(min-width: 62em)", true);
  const now = Date.now();
  const pageWindow = computePageWindow(surveys.length, page, SURVEY_PAGE_SIZE);
  const rows = surveys.slice(pageWindow.from - 1, pageWindow.to);
  const internal = Boolean(rights.isInternalAccount);

  if (surveys.length === 0) {
    return (
      <Text c="dimmed" py="sm">
        {emptyText}
      </Text>
    );
  }

  const name = (survey: SurveySummary) => (
    <Stack gap={2}>
      <Anchor component={Link} to={surveyPath(survey)} fw={600} style={{ overflowWrap: "anywhere" }}>
        {survey.name || "Untitled survey"}
      </Anchor>
      {internal && (
        <Code fz="xs" data-testid="survey-id">
          {survey.id}
        </Code>
      )}
    </Stack>
  );
  const buttons = (survey: SurveySummary) => (
    <SurveyActionButtons
      survey={survey}
      status={describeSurveyStatus(survey, now)}
      rights={rights}
      run={actions.run}
      isPending={actions.isPending}
    />
  );

  return (
    <Stack gap="sm">
      {wide ? (
        <Table aria-label={label} verticalSpacing="sm" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              {internal && <Table.Th>Owner</Table.Th>}
              <Table.Th>Status</Table.Th>
              <Table.Th ta="right">Responses</Table.Th>
              <Table.Th>End date</Table.Th>
              <Table.Th>Actions</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((survey) => (
              <Table.Tr key={survey.id} data-testid="survey-row" data-survey-id={survey.id}>
                <Table.Td maw={320}>{name(survey)}</Table.Td>
                {internal && <Table.Td>{survey.ownerName ?? "—"}</Table.Td>}
                <Table.Td>
                  <SurveyStatusBadge status={describeSurveyStatus(survey, now)} />
                </Table.Td>
                <Table.Td ta="right">{survey.completed}</Table.Td>
                <Table.Td>{formatEndDate(survey.endDate, timeZone)}</Table.Td>
                <Table.Td>{buttons(survey)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : (
        <Stack gap="sm" component="ul" aria-label={label} style={{ listStyle: "none", padding: 0, margin: 0 }}>
          {rows.map((survey) => (
            <Card key={survey.id} component="li" padding="md" data-testid="survey-row" data-survey-id={survey.id}>
              <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
                {name(survey)}
                <SurveyStatusBadge status={describeSurveyStatus(survey, now)} />
              </Group>
              <Group gap="lg" mt="xs">
                <Text size="sm">
                  <Text span c="dimmed" size="sm">
                    Responses{" "}
                  </Text>
                  {survey.completed}
                </Text>
                <Text size="sm">
                  <Text span c="dimmed" size="sm">
                    Ends{" "}
                  </Text>
                  {formatEndDate(survey.endDate, timeZone)}
                </Text>
                {internal && (
                  <Text size="sm">
                    <Text span c="dimmed" size="sm">
                      Owner{" "}
                    </Text>
                    {survey.ownerName ?? "—"}
                  </Text>
                )}
              </Group>
              <Group mt="sm">{buttons(survey)}</Group>
            </Card>
          ))}
        </Stack>
      )}
      {surveys.length > SURVEY_PAGE_SIZE && <PagingFooter total={surveys.length} page={page} pageSize={SURVEY_PAGE_SIZE} />}
    </Stack>
  );
}
