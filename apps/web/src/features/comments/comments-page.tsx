import {
  COMMENT_DIRECTIONS,
  COMMENT_EMOTIONS,
  COMMENT_MESSAGES,
  COMMENT_SEARCH_DEBOUNCE_MS,
  COMMENT_SENTIMENTS,
  type CommentRow,
  type CommentsResponse,
  type SelectedFilters,
  MAX_REPORT_FILTERS,
} from "@hearth/shared";
import {
  Alert,
  Badge,
  Button,
  Collapse,
  Card,
  Group,
  Loader,
  MultiSelect,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
} from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconAdjustments, IconFilterOff, IconLock, IconMessageOff, IconSearch, IconUsersGroup } from "@tabler/icons-react";
import { useEffect, useReducer, useRef, useState } from "react";
import { isApiError } from "../../lib/api";
import { useMe } from "../auth";
import { QueryBoundary } from "../errors";
import { meHasFeature } from "../surveys";
import {
  AiDisclaimer,
  FeatureGate,
  useHasFeature,
  useOpenUpgrade,
  FilterErrorAlert,
  HiddenNotice,
  useReportFilters,
  useSurveyText,
  PageCsvDownload,
  PlaceholderBars,
  useReportSurveyId,
} from "../reports";
import { cohortKey, initialSearch, parseCohortKey, restoreFilters, searchReducer, serialiseFilters } from "./comment-helpers";
import { CommentCorrectionControls } from "./comment-corrections";
import { CommentText, SentimentLabel } from "./comment-parts";
import { useComments, useSaveSelectedFilters, useSelectedFilters } from "./comments-api";

const capitalise = (text: string) => (text ? text[0]!.toUpperCase() + text.slice(1) : text);

function CommentsTable({ comments }: { comments: CommentRow[] }) {
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table verticalSpacing="sm" striped data-testid="comments-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w="46%">Comment</Table.Th>
            <Table.Th>Recommendation</Table.Th>
            <Table.Th>Sentiment</Table.Th>
            <Table.Th>Emotion</Table.Th>
            <Table.Th>Topic</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {comments.map((comment) => (
            <Table.Tr key={comment.id} data-testid="comment-row" data-comment-id={comment.id}>
              <Table.Td>
                <CommentText text={comment.text} />
                <CommentCorrectionControls comment={comment} />
              </Table.Td>
              <Table.Td>
                <Text size="sm">{comment.recommendation ? capitalise(comment.recommendation) : "—"}</Text>
              </Table.Td>
              <Table.Td>
                <SentimentLabel sentiment={comment.sentiment} />
              </Table.Td>
              <Table.Td>
                <Text size="sm">{comment.emotion}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{comment.topic}</Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Phones: one card per comment with the same five fields. */
function CommentCards({ comments }: { comments: CommentRow[] }) {
  return (
    <Stack gap="sm" data-testid="comments-table">
      {comments.map((comment) => (
        <Card key={comment.id} withBorder p="sm" data-testid="comment-row" data-comment-id={comment.id}>
          <Stack gap={8}>
            <CommentText text={comment.text} />
            <CommentCorrectionControls comment={comment} />
            <Group gap="xs" wrap="wrap">
              <SentimentLabel sentiment={comment.sentiment} />
              <Badge variant="light" color="gray" tt="none">
                {comment.emotion}
              </Badge>
              <Badge variant="light" color="blue" tt="none">
                {comment.topic}
              </Badge>
              {comment.recommendation && (
                <Badge variant="outline" color="gray" tt="none">
                  {capitalise(comment.recommendation)}
                </Badge>
              )}
            </Group>
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}

interface FilterPanelProps {
  data: CommentsResponse;
  filters: SelectedFilters;
  onChange: (next: SelectedFilters) => void;
  fill: (text: string) => string;
}

function FilterPanel({ data, filters, onChange, fill }: FilterPanelProps) {
  const phone = useMediaQuery("(max-width: 48em)", false);
  const [shown, setShown] = useState(false);
  const set = (patch: Partial<SelectedFilters>) => onChange({ ...filters, ...patch });
  const recommend = data.options.answerQuestions.find((question) => question.key === "lowi_recommend");
  const answerQuestions = data.options.answerQuestions.filter((question) => question.key !== "lowi_recommend");
  const [answerKey, setAnswerKey] = useState<string | null>(null);
  const answerQuestion = answerQuestions.find((question) => question.key === answerKey) ?? null;
  // Cohort filters and answered questions together: at most MAX_REPORT_FILTERS (the server refuses more).
  const [reportFilters] = useReportFilters();
  const answered = Object.entries(filters.questions ?? {}).filter(([, values]) => values.length > 0).length;
  const filtersFull = reportFilters.length + answered >= MAX_REPORT_FILTERS;
  const cohortValues = (filters.cohorts ?? (data.scope.restricted ? data.options.cohorts : [])).map(cohortKey);
  const active = serialiseFilters(filters) !== serialiseFilters(data.scope.restricted ? { cohorts: filters.cohorts } : {});
  return (
    <Paper withBorder p="md" radius="md">
      {phone && (
        <Button
          variant="default"
          fullWidth
          mb={shown ? "sm" : 0}
          leftSection={<IconAdjustments size={16} aria-hidden />}
          onClick={() => setShown((value) => !value)}
          aria-expanded={shown}
        >
          {shown ? "Hide filters" : active ? "Filters (on)" : "Filters"}
        </Button>
      )}
      <Collapse expanded={!phone || shown}>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm" verticalSpacing="sm">
          {data.scope.restricted && data.options.cohorts.length > 0 && (
            <MultiSelect
              label="Your cohorts"
              placeholder={cohortValues.length ? undefined : "None selected"}
              data={data.options.cohorts.map((cohort) => ({ value: cohortKey(cohort), label: cohort.label }))}
              value={cohortValues}
              onChange={(values) =>
                set({ cohorts: values.map(parseCohortKey).filter((value): value is { key: string; value: string } => value !== null) })
              }
              leftSection={<IconUsersGroup size={16} aria-hidden />}
              clearable
              searchable
              data-testid="comments-cohort-filter"
            />
          )}
          {data.options.openQuestions.length > 1 && (
            <MultiSelect
              label="Questions"
              placeholder={filters.questionKeys?.length ? undefined : "Every open question"}
              data={data.options.openQuestions.map((question) => ({ value: question.key, label: fill(question.title) }))}
              value={filters.questionKeys ?? []}
              onChange={(questionKeys) => set({ questionKeys })}
              clearable
            />
          )}
          <MultiSelect
            label="Recommendation"
            placeholder={filters.recommendations?.length ? undefined : "Do well and do better"}
            data={COMMENT_DIRECTIONS.map((value) => ({ value, label: capitalise(value) }))}
            value={filters.recommendations ?? []}
            onChange={(values) => set({ recommendations: values as SelectedFilters["recommendations"] })}
            clearable
          />
          <MultiSelect
            label="Sentiment"
            placeholder={filters.sentiments?.length ? undefined : "Any sentiment"}
            data={COMMENT_SENTIMENTS.filter((value) => value !== "none").map((value) => ({ value, label: capitalise(value) }))}
            value={filters.sentiments ?? []}
            onChange={(values) => set({ sentiments: values as SelectedFilters["sentiments"] })}
            clearable
          />
          <MultiSelect
            label="Emotion"
            placeholder={filters.emotions?.length ? undefined : "Any emotion"}
            data={COMMENT_EMOTIONS.filter((value) => value !== "None").map((value) => ({ value, label: value }))}
            value={filters.emotions ?? []}
            onChange={(values) => set({ emotions: values as SelectedFilters["emotions"] })}
            clearable
          />
          {recommend && (
            <MultiSelect
              label="Would recommend us"
              placeholder={filters.recommendTags?.length ? undefined : "Any answer"}
              data={[
                { value: "recommend", label: "Recommend" },
                { value: "neutral", label: "Neutral" },
                { value: "won't recommend", label: "Won't recommend" },
              ]}
              value={filters.recommendTags ?? []}
              onChange={(values) => set({ recommendTags: values as SelectedFilters["recommendTags"] })}
              clearable
            />
          )}
          {answerQuestions.length > 0 && (
            <Stack gap={4}>
              <Select
                label="Answer to a question"
                placeholder="Pick a question"
                data={answerQuestions.map((question) => ({
                  value: question.key,
                  label: `${filters.questions?.[question.key]?.length ? "✓ " : ""}${fill(question.title)}`,
                  disabled: filtersFull && !filters.questions?.[question.key]?.length,
                }))}
                description={filtersFull ? `At most ${MAX_REPORT_FILTERS} filters across cohorts and answers.` : undefined}
                value={answerKey}
                onChange={setAnswerKey}
                searchable
                clearable
              />
              {answerQuestion && (
                <MultiSelect
                  aria-label={`Answers to ${fill(answerQuestion.title)}`}
                  placeholder="Any answer"
                  data={answerQuestion.options}
                  value={filters.questions?.[answerQuestion.key] ?? []}
                  onChange={(values) => {
                    const questions = { ...(filters.questions ?? {}) };
                    if (values.length) questions[answerQuestion.key] = values;
                    else delete questions[answerQuestion.key];
                    set({ questions });
                  }}
                  clearable
                />
              )}
            </Stack>
          )}
        </SimpleGrid>
      </Collapse>
      {active && (
        <Group justify="flex-end" mt="sm">
          <Button
            size="compact-sm"
            variant="subtle"
            leftSection={<IconFilterOff size={14} aria-hidden />}
            onClick={() => onChange(data.scope.restricted ? { cohorts: filters.cohorts } : {})}
          >
            Clear filters
          </Button>
        </Group>
      )}
    </Paper>
  );
}

function EmptyComments() {
  return (
    <Paper withBorder p="xl" radius="md" ta="center" data-testid="comments-empty">
      <Stack gap={6} align="center">
        <IconMessageOff size={28} aria-hidden color="var(--mantine-color-gray-6)" />
        <Title order={3} fz="md">
          {COMMENT_MESSAGES.noCommentsTitle}
        </Title>
        <Text size="sm" c="dimmed">
          {COMMENT_MESSAGES.noCommentsText}
        </Text>
      </Stack>
    </Paper>
  );
}

function CommentsView({ surveyId, saved }: { surveyId: string; saved: SelectedFilters | null }) {
  const [reportFilters] = useReportFilters();
  const me = useMe().data;
  const canSearch = me ? meHasFeature(me, "CommentSearch") : false;
  const phone = useMediaQuery("(max-width: 48em)", false);
  const fill = useSurveyText(surveyId);
  const [filters, setFilters] = useState<SelectedFilters>(saved ?? {});
  const [restored, setRestored] = useState(false);
  const [search, dispatch] = useReducer(searchReducer, initialSearch);
  const save = useSaveSelectedFilters(surveyId);
  const openUpgrade = useOpenUpgrade();
  const query = useComments(surveyId, filters, search.applied, reportFilters);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // The saved filters are trimmed to what the page offers once the first answer says what that is.
  useEffect(() => {
    if (restored || !query.data) return;
    setRestored(true);
    const clean = restoreFilters(saved, query.data.options);
    if (serialiseFilters(clean) !== serialiseFilters(filters)) setFilters(clean);
  }, [query.data, restored, saved, filters]);

  useEffect(() => () => clearTimeout(timer.current), []);

  const onSearch = (value: string) => {
    dispatch({ type: "typed", value });
    clearTimeout(timer.current);
    timer.current = setTimeout(() => dispatch({ type: "settled" }), COMMENT_SEARCH_DEBOUNCE_MS);
  };
  const onFilters = (next: SelectedFilters) => {
    setFilters(next);
    save.mutate(next);
  };

  if (query.isError && isApiError(query.error, 400)) return <FilterErrorAlert error={query.error} />;
  if (query.isError && isApiError(query.error, 403) && query.error.code === "PLAN_UPGRADE_REQUIRED") {
    return <FeatureGate feature="CommentsReport" locked overlay="top" minHeight={420} placeholder={<CommentsPlaceholder />} />;
  }
  return (
    <QueryBoundary query={query} what="the comments">
      {(data) => {
        const filtering = search.filtering || (query.isFetching && query.isPlaceholderData);
        return (
          <Stack gap="md">
            {data.scope.restricted && data.scope.message === COMMENT_MESSAGES.noCohortsAssigned ? null : (
              <FilterPanel data={data} filters={filters} onChange={onFilters} fill={fill} />
            )}
            {data.scope.message && (
              <Alert color="blue" variant="light" icon={<IconUsersGroup size={18} aria-hidden />} data-testid="comments-staff-message">
                {data.scope.message}
              </Alert>
            )}
            {data.notice && !data.hidden && <HiddenNotice notice={data.notice} title="Some comments are hidden" />}
            {!data.scope.message && (
              <>
                <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
                  {canSearch ? (
                    <TextInput
                      label="Search comments"
                      placeholder="Words in a comment"
                      value={search.typed}
                      onChange={(event) => onSearch(event.currentTarget.value)}
                      leftSection={<IconSearch size={16} aria-hidden />}
                      rightSection={filtering ? <Loader size={14} aria-label="Filtering" /> : null}
                      w={{ base: "100%", sm: 340 }}
                      data-testid="comments-search"
                    />
                  ) : (
                    <Group gap="xs" align="flex-end">
                      <TextInput
                        label="Search comments"
                        placeholder="Comment search is not in your plan"
                        disabled
                        leftSection={<IconSearch size={16} aria-hidden />}
                        w={{ base: "100%", sm: 300 }}
                      />
                      <Tooltip label="Upgrade To Access">
                        <Button
                          variant="light"
                          leftSection={<IconLock size={16} aria-hidden />}
                          onClick={() => openUpgrade("CommentSearch")}
                        >
                          Upgrade To Access
                        </Button>
                      </Tooltip>
                    </Group>
                  )}
                  <Text size="sm" c="dimmed" aria-live="polite" data-testid="comments-count">
                    {filtering
                      ? "Filtering…"
                      : data.hidden
                        ? ""
                        : data.truncated
                          ? `Showing the first ${data.comments.length} of ${data.total.toLocaleString("en-US")} comments. Search or filter to find others.`
                          : `${data.total.toLocaleString("en-US")} ${data.total === 1 ? "comment" : "comments"}`}
                  </Text>
                </Group>
                {data.hidden && data.notice ? (
                  // A hidden list is neither listed nor counted: the spec's notice stands in its place.
                  <HiddenNotice notice={data.notice} title="Comments hidden" />
                ) : data.comments.length === 0 ? (
                  <EmptyComments />
                ) : phone ? (
                  <CommentCards comments={data.comments} />
                ) : (
                  <Paper withBorder radius="md" p={0} style={{ opacity: filtering ? 0.6 : 1 }}>
                    <CommentsTable comments={data.comments} />
                  </Paper>
                )}
                <AiDisclaimer />
              </>
            )}
          </Stack>
        );
      }}
    </QueryBoundary>
  );
}

function CommentsPlaceholder() {
  return (
    <Paper withBorder p="lg">
      <PlaceholderBars count={8} />
    </Paper>
  );
}

/** …/comments: the survey's comments, filtered and searched; Staff see only their assigned cohorts' comments. */
export function CommentsReportPage() {
  const surveyId = useReportSurveyId();
  const saved = useSelectedFilters(surveyId);
  const [reportFilters] = useReportFilters();
  // Without the Comments Report the lock shows at once and no comments are requested.
  const allowed = useHasFeature("CommentsReport");
  if (allowed === false) {
    return <FeatureGate feature="CommentsReport" locked overlay="top" minHeight={420} placeholder={<CommentsPlaceholder />} />;
  }
  return (
    <Stack gap="md">
      <PageCsvDownload surveyId={surveyId} table="comments" filters={reportFilters} />
      <QueryBoundary query={saved} what="the comments">
        {(data) => <CommentsView key={surveyId} surveyId={surveyId} saved={data.filters} />}
      </QueryBoundary>
    </Stack>
  );
}
