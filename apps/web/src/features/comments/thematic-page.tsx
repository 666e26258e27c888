import { COMMENT_MESSAGES, SENTIMENT_COLORS, type ThematicReport, type ThemeRow } from "@hearth/shared";
import { Alert, Badge, Card, Group, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { IconBulb, IconUsersGroup } from "@tabler/icons-react";
import { isApiError } from "../../lib/api";
import { QueryBoundary } from "../errors";
import {
  AiDisclaimer,
  FeatureGate,
  useHasFeature,
  FilterErrorAlert,
  HiddenNotice,
  useReportFilters,
  PageCsvDownload,
  formatPercent,
  PlaceholderBars,
  useReportSurveyId,
} from "../reports";
import { SentimentLabel } from "./comment-parts";
import { useThematicReport } from "./comments-api";
import classes from "./comments.module.css";

const SPLIT_ORDER = ["positive", "neutral", "negative"] as const;

/** One bar split by sentiment, with the numbers written out beside it. */
function SentimentSplit({ theme }: { theme: ThemeRow }) {
  const total = SPLIT_ORDER.reduce((sum, key) => sum + (theme.sentiment[key] ?? 0), 0);
  const share = (count: number) => (total > 0 ? Math.round((count / total) * 1000) / 10 : 0);
  return (
    <Stack gap={6}>
      <div className={classes.split} aria-hidden>
        {SPLIT_ORDER.map((key) =>
          (theme.sentiment[key] ?? 0) > 0 ? (
            <div key={key} style={{ width: `${share(theme.sentiment[key] ?? 0)}%`, background: SENTIMENT_COLORS[key] }} />
          ) : null,
        )}
      </div>
      <Group gap="md" wrap="wrap">
        {SPLIT_ORDER.map((key) => (
          <Text key={key} size="xs" c="dimmed">
            <span className={classes.sentimentDot} style={{ background: SENTIMENT_COLORS[key] }} aria-hidden />
            {key[0]!.toUpperCase() + key.slice(1)} {theme.sentiment[key] ?? 0} ({formatPercent(share(theme.sentiment[key] ?? 0))})
          </Text>
        ))}
      </Group>
    </Stack>
  );
}

function ThemeCard({ theme }: { theme: ThemeRow }) {
  return (
    <Card component="article" withBorder p={{ base: "sm", xs: "lg" }} data-testid="thematic-theme" data-key={theme.key}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Title order={3} fz="md" style={{ overflowWrap: "anywhere" }}>
            {theme.label}
          </Title>
          <Badge variant="light" size="lg" style={{ flexShrink: 0 }}>
            {theme.count.toLocaleString("en-US")} {theme.count === 1 ? "comment" : "comments"}
          </Badge>
        </Group>
        <SentimentSplit theme={theme} />
        {theme.keyPhrases.length > 0 && (
          <Group gap={6} wrap="wrap" aria-label="Key phrases">
            {theme.keyPhrases.map((phrase) => (
              <Badge key={phrase} variant="outline" color="gray" tt="none" fw={500}>
                {phrase}
              </Badge>
            ))}
          </Group>
        )}
        <Stack gap="xs">
          {theme.examples.map((example) => (
            <Stack key={example.id} gap={2} className={classes.quote}>
              <Text size="sm" fs="italic">
                “{example.text}”
              </Text>
              <SentimentLabel sentiment={example.sentiment} />
            </Stack>
          ))}
        </Stack>
      </Stack>
    </Card>
  );
}

function EmptyThemes() {
  return (
    <Paper withBorder p="xl" radius="md" ta="center" data-testid="thematic-empty">
      <Stack gap={6} align="center">
        <IconBulb size={28} aria-hidden color="var(--mantine-color-gray-6)" />
        <Title order={3} fz="md">
          {COMMENT_MESSAGES.noThematicTitle}
        </Title>
        <Text size="sm" c="dimmed">
          {COMMENT_MESSAGES.noThematicText}
        </Text>
      </Stack>
    </Paper>
  );
}

function ThematicView({ report }: { report: ThematicReport }) {
  if (report.hidden) return <HiddenNotice notice={report.notice} />;
  return (
    <Stack gap="md">
      {report.scope.message && (
        <Alert color="blue" variant="light" icon={<IconUsersGroup size={18} aria-hidden />} data-testid="comments-staff-message">
          {report.scope.message}
        </Alert>
      )}
      {report.notice && <HiddenNotice notice={report.notice} title="Some comments are hidden" />}
      {report.themes.length === 0 ? (
        <EmptyThemes />
      ) : (
        <>
          <Text size="sm" c="dimmed">
            {report.themes.length} {report.themes.length === 1 ? "theme" : "themes"} drawn from {report.comments.toLocaleString("en-US")}{" "}
            comments. Themes with fewer than {report.threshold} comments are not shown.
          </Text>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            {report.themes.map((theme) => (
              <ThemeCard key={theme.key} theme={theme} />
            ))}
          </SimpleGrid>
        </>
      )}
      <AiDisclaimer />
    </Stack>
  );
}

function ThematicPlaceholder() {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      {[3, 4, 3, 4].map((count, index) => (
        <Paper withBorder p="lg" key={index}>
          <PlaceholderBars count={count} />
        </Paper>
      ))}
    </SimpleGrid>
  );
}

/** …/thematic: what people write about, as themes with counts, sentiment and example quotes. */
export function ThematicReportPage() {
  const surveyId = useReportSurveyId();
  const [filters] = useReportFilters();
  const allowed = useHasFeature("ThematicAnalysis");
  const query = useThematicReport(surveyId, filters, undefined, allowed === true);
  if (query.isError && isApiError(query.error, 400)) return <FilterErrorAlert error={query.error} />;
  if (allowed === false || (query.isError && isApiError(query.error, 403) && query.error.code === "PLAN_UPGRADE_REQUIRED")) {
    return <FeatureGate feature="ThematicAnalysis" locked overlay="top" minHeight={420} placeholder={<ThematicPlaceholder />} />;
  }
  return (
    <Stack gap="md">
      <PageCsvDownload surveyId={surveyId} table="themes" filters={filters} />
      <QueryBoundary query={query} what="the thematic analysis">
        {(report) => <ThematicView report={report} />}
      </QueryBoundary>
    </Stack>
  );
}
