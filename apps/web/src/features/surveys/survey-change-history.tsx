import { formatMomentInZone, type SurveyChangeEntry, type SurveyChangesPage } from "@hearth/shared";
import { Badge, Card, Group, List, Stack, Text, Title } from "@mantine/core";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { api } from "../../lib/api";
import { LabelledPagination } from "../../lib/labelled-pagination";
import { QueryBoundary } from "../errors";
import { surveyKey } from "./survey-api";

export const CHANGE_HISTORY_PAGE_SIZE = 20;
export const NO_CHANGES_TEXT = "No edits since the survey was created.";

/** GET /api/surveys/:id/changes; under the survey's own key, so saving the survey refreshes it. */
function useSurveyChanges(surveyId: string, page: number) {
  return useQuery({
    queryKey: [...surveyKey(surveyId), "changes", page],
    queryFn: () =>
      api<SurveyChangesPage>(`/api/surveys/${encodeURIComponent(surveyId)}/changes?page=${page}&pageSize=${CHANGE_HISTORY_PAGE_SIZE}`),
    placeholderData: keepPreviousData,
  });
}

function ChangeEntry({ entry, timeZone }: { entry: SurveyChangeEntry; timeZone: string }) {
  return (
    <Stack gap={4} component="li" data-testid="survey-change-entry">
      <Group gap="xs" wrap="wrap">
        <Text fw={600} size="sm">
          {entry.title}
        </Text>
        <Text size="sm">by {entry.who}</Text>
        {entry.byHearthStaff ? (
          <Badge size="sm" color="orange" variant="light">
            Hearth staff
          </Badge>
        ) : null}
        <Text size="sm" c="dimmed">
          <time dateTime={entry.createdAt}>{formatMomentInZone(Date.parse(entry.createdAt), timeZone)}</time>
        </Text>
      </Group>
      {entry.changes.length > 0 ? (
        <List size="sm" spacing={2} withPadding style={{ overflowWrap: "anywhere" }}>
          {entry.changes.map((change, index) => (
            // A change has no id of its own; its place in the entry is stable (entries are never edited).
            <List.Item key={index}>{change.summary}</List.Item>
          ))}
          {entry.moreChanges > 0 ? (
            <List.Item>
              and {entry.moreChanges} more {entry.moreChanges === 1 ? "change" : "changes"} (only the first {entry.changes.length} are kept)
            </List.Item>
          ) : null}
        </List>
      ) : null}
    </Stack>
  );
}

/**
 * The survey's change history for Admins (decision 0075): who changed what and when, newest first, times in the
 * company's zone with the zone named.
 */
export function SurveyChangeHistory({ surveyId, timeZone }: { surveyId: string; timeZone: string }) {
  const [page, setPage] = useState(1);
  const query = useSurveyChanges(surveyId, page);
  return (
    <Card component="section" aria-labelledby="survey-change-history-title" data-testid="survey-change-history">
      <Title order={2} fz="lg" mb="md" id="survey-change-history-title">
        Change history
      </Title>
      <QueryBoundary query={query} what="the change history">
        {(data) => {
          if (data.entries.length === 0) return <Text c="dimmed">{NO_CHANGES_TEXT}</Text>;
          const pages = Math.max(1, Math.ceil(data.total / data.pageSize));
          return (
            <Stack gap="md">
              <Stack gap="md" component="ol" style={{ listStyle: "none", padding: 0, margin: 0 }}>
                {data.entries.map((entry) => (
                  <ChangeEntry key={entry.id} entry={entry} timeZone={timeZone} />
                ))}
              </Stack>
              <LabelledPagination pages={pages} page={page} onChange={setPage} />
            </Stack>
          );
        }}
      </QueryBoundary>
    </Card>
  );
}
