/**
 * The Data tab of an import's page (decision 0046): the file, what it holds, its status and progress (polled while it
 * runs), its totals, what became of each column, the rows not imported, and for a feedback import each imported
 * question's answers together — the survey's breakdown report, under the same threshold and blocks as any survey.
 */
import { FEEDBACK_TYPE_LABELS, findImportField } from "@hearth/shared";
import { Badge, Button, Card, Group, Progress, ScrollArea, SimpleGrid, Stack, Table, Text, Title } from "@mantine/core";
import { IconDownload } from "@tabler/icons-react";
import { lazy, Suspense } from "react";
import { useCompanyDates } from "../auth";
import { PageLoader } from "../surveys";
import { useImportDetail } from "./import-detail-page";
import { KIND_LABELS, STATUS_LABELS } from "./import-detail-tabs";
import { ReportSurveyIdProvider } from "../reports";

const BreakdownReportPage = lazy(() => import("../reports/breakdown-page").then((m) => ({ default: m.BreakdownReportPage })));

const number = (value: number) => value.toLocaleString("en-US");

function Fact({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" fw={500} data-testid={testId} style={{ overflowWrap: "anywhere" }}>
        {value}
      </Text>
    </Stack>
  );
}

export function ImportDataTab() {
  const detail = useImportDetail();
  const dates = useCompanyDates();
  const when = (iso: string | null) => (iso ? dates.moment(iso) : "—");
  const feedback = detail.kind === "feedback";
  const processed = detail.acceptedRows + detail.rejectedRows;
  const percent = detail.totalRows > 0 ? Math.round((processed / detail.totalRows) * 100) : detail.status === "done" ? 100 : 0;
  const status = STATUS_LABELS[detail.status];
  const questionByKey = new Map(detail.questions.map((question) => [question.key, question]));
  const unit = feedback ? "Responses imported" : "People imported";

  return (
    <Stack gap="lg">
      <Card withBorder data-testid="import-facts">
        <Stack gap="md">
          <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="md">
            <Fact label="What it holds" value={KIND_LABELS[detail.kind]} />
            <Fact label="Rows in the file" value={detail.totalRows > 0 ? number(detail.totalRows) : "—"} testId="import-total" />
            <Fact label={unit} value={number(detail.acceptedRows)} testId="import-accepted" />
            <Fact label="Rows not imported" value={number(detail.rejectedRows)} testId="import-rejected" />
            <Fact label="Started" value={when(detail.createdAt)} />
            <Fact label="Finished" value={when(detail.finishedAt)} />
          </SimpleGrid>
          <Stack gap={4}>
            <Group justify="space-between" gap="xs">
              <Text size="sm" fw={600}>
                {status.label}
              </Text>
              <Text size="sm" c="dimmed">
                {percent}%
              </Text>
            </Group>
            <Progress value={percent} color={status.color} size="md" aria-label="Import progress" animated={detail.status === "running"} />
          </Stack>
          {detail.error && (
            <Text size="sm" c="red.8" role="alert">
              {detail.error}
            </Text>
          )}
          {detail.status === "done" && detail.rejectedRows > 0 && (
            <Button
              component="a"
              href={`/api/data/imports/${encodeURIComponent(detail.id)}/rejected`}
              variant="light"
              leftSection={<IconDownload size={16} aria-hidden />}
              w="fit-content"
              data-testid="download-rejected"
            >
              {detail.rejectedRows === 1
                ? "Download the row not imported"
                : `Download the ${number(detail.rejectedRows)} rows not imported`}
            </Button>
          )}
        </Stack>
      </Card>

      <Card withBorder data-testid="import-columns">
        <Stack gap="sm">
          <Title order={2} fz="lg">
            Columns
          </Title>
          <Text size="sm" c="dimmed">
            {feedback
              ? "Each selected column became a question of the imported survey; the others, including every column that identifies a person, were left out."
              : "The field each column of the file went to."}
          </Text>
          {/* focusable, so the table can be scrolled sideways from the keyboard on a narrow screen */}
          <ScrollArea type="auto" viewportProps={{ tabIndex: 0, "aria-label": "Columns of the file" }}>
            <Table striped withTableBorder fz="sm" miw={420}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Column in the file</Table.Th>
                  <Table.Th>{feedback ? "Imported as" : "Field"}</Table.Th>
                  {feedback && <Table.Th>Values</Table.Th>}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {detail.columns.map((column, index) => {
                  const question = column.field ? questionByKey.get(column.field) : undefined;
                  const field = !feedback && column.field ? findImportField(column.field) : null;
                  const imported = feedback ? Boolean(question) : Boolean(field);
                  return (
                    <Table.Tr key={`${column.header}-${index}`}>
                      <Table.Td c={imported ? undefined : "dimmed"} style={{ overflowWrap: "anywhere" }}>
                        {column.header || `Column ${index + 1}`}
                      </Table.Td>
                      <Table.Td>
                        {question ? (
                          <Group gap={6}>
                            <Text size="sm">{FEEDBACK_TYPE_LABELS[question.type]}</Text>
                            {question.cohort && (
                              <Badge size="xs" variant="light" color="teal">
                                Cohort
                              </Badge>
                            )}
                          </Group>
                        ) : field ? (
                          field.label
                        ) : (
                          <Text size="sm" c="dimmed">
                            Not imported
                          </Text>
                        )}
                      </Table.Td>
                      {feedback && (
                        <Table.Td c="dimmed" style={{ overflowWrap: "anywhere" }}>
                          {question && question.options.length > 0
                            ? question.type === "rating"
                              ? `${question.options[0]} to ${question.options[question.options.length - 1]}`
                              : question.options.length > 6
                                ? `${question.options.slice(0, 6).join(", ")} and ${question.options.length - 6} more`
                                : question.options.join(", ")
                            : question
                              ? "Written answers"
                              : ""}
                        </Table.Td>
                      )}
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </ScrollArea>
        </Stack>
      </Card>

      {feedback && detail.surveyId && (
        <Stack gap="sm" data-testid="import-answers">
          <Title order={2} fz="lg">
            Answers
          </Title>
          <Text size="sm" c="dimmed">
            Every choice and rating question's answers together, shown once at least as many responses as your visibility threshold are in.
          </Text>
          <Suspense fallback={<PageLoader />}>
            <ReportSurveyIdProvider surveyId={detail.surveyId}>
              <BreakdownReportPage />
            </ReportSurveyIdProvider>
          </Suspense>
        </Stack>
      )}
    </Stack>
  );
}
