import { COMMENT_EMOTIONS, type SentimentBlock, type SentimentReport } from "@hearth/shared";
import { Card, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { isApiError } from "../../lib/api";
import { QueryBoundary } from "../errors";
import {
  AiDisclaimer,
  SentimentDonut,
  FeatureGate,
  useHasFeature,
  FilterErrorAlert,
  HiddenNotice,
  useReportFilters,
  useSurveyText,
  PageCsvDownload,
  formatPercent,
  sentimentSlices,
  PlaceholderBars,
  useReportSurveyId,
} from "../reports";
import { useSentimentReport } from "./comments-api";
import classes from "./comments.module.css";

const EMOTION_COLOURS: Record<string, string> = {
  Love: "#12B85D",
  Gratitude: "#2FA66A",
  Optimism: "#5BBF8A",
  Excitement: "#0CA678",
  Neutral: "#FEAC00",
  Annoyance: "#F7837E",
  Disapproval: "#FB576D",
  Anger: "#E03131",
  Fear: "#C2255C",
  Disgust: "#9C36B5",
  None: "#A0AEC0",
};

/** The eleven emotions as horizontal bars (count and share), in the spec's order. */
export function EmotionBars({ block, label }: { block: SentimentBlock; label: string }) {
  return (
    <Stack component="ul" gap={6} p={0} m={0} style={{ listStyle: "none" }} aria-label={label}>
      {COMMENT_EMOTIONS.map((emotion) => {
        const entry = block.emotion[emotion] ?? { count: 0, share: 0 };
        return (
          <li key={emotion} className={classes.barRow}>
            <span className={classes.barName}>{emotion}</span>
            <div className={classes.track} aria-hidden>
              <div className={classes.fill} style={{ width: `${Math.min(100, entry.share)}%`, background: EMOTION_COLOURS[emotion] }} />
            </div>
            <span className={classes.barValue}>
              <Text span fw={700} fz="sm">
                {entry.count.toLocaleString("en-US")}
              </Text>
              <Text span c="dimmed" fz="xs">
                {" "}
                · {formatPercent(entry.share)}
              </Text>
            </span>
          </li>
        );
      })}
    </Stack>
  );
}

const sentimentCounts = (block: SentimentBlock) =>
  Object.fromEntries(Object.entries(block.sentiment).map(([key, entry]) => [key, entry.count])) as Record<string, number>;

function BlockCard({ title, block, testId }: { title: string; block: SentimentBlock; testId?: string }) {
  return (
    <Card component="article" p={{ base: "sm", xs: "lg" }} data-testid={testId}>
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={3} fz="md" style={{ overflowWrap: "anywhere" }}>
            {title}
          </Title>
          <Text size="xs" c="dimmed">
            {block.total.toLocaleString("en-US")} {block.total === 1 ? "comment" : "comments"}
          </Text>
        </Stack>
        {block.total === 0 ? (
          <Text size="sm" c="dimmed">
            No written answers yet.
          </Text>
        ) : (
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            <Stack gap="xs">
              <Text size="sm" fw={600}>
                Sentiment
              </Text>
              <SentimentDonut slices={sentimentSlices(sentimentCounts(block))} label={`Sentiment of ${title}`} />
            </Stack>
            <Stack gap="xs">
              <Text size="sm" fw={600}>
                Emotion
              </Text>
              <EmotionBars block={block} label={`Emotions of ${title}`} />
            </Stack>
          </SimpleGrid>
        )}
      </Stack>
    </Card>
  );
}

function SentimentView({ report, fill }: { report: SentimentReport; fill: (text: string) => string }) {
  if (report.hidden) return <HiddenNotice notice={report.notice} />;
  return (
    <Stack gap="md">
      <div data-testid="sentiment-chart">
        <BlockCard title="All comments" block={report.overall} />
      </div>
      {report.questions.length > 1 && (
        <Title order={2} fz="lg" mt="sm">
          By question
        </Title>
      )}
      {report.questions.length > 1 &&
        report.questions.map((question) => (
          <BlockCard key={question.key} title={fill(question.title)} block={question} testId="sentiment-question" />
        ))}
      <AiDisclaimer />
    </Stack>
  );
}

function SentimentPlaceholder() {
  return (
    <Stack gap="md">
      {[4, 6].map((count, index) => (
        <Paper withBorder p="lg" key={index}>
          <PlaceholderBars count={count} />
        </Paper>
      ))}
    </Stack>
  );
}

/** …/sentiment: how the survey's comments feel, overall and per open question, behind the Sentiment & Emotion feature. */
export function SentimentReportPage() {
  const surveyId = useReportSurveyId();
  const [filters] = useReportFilters();
  // A plan without the feature shows the lock at once and never asks the server (which would answer 403).
  const allowed = useHasFeature("SentimentReport");
  const query = useSentimentReport(surveyId, filters, allowed === true);
  const fill = useSurveyText(surveyId);
  if (query.isError && isApiError(query.error, 400)) return <FilterErrorAlert error={query.error} />;
  if (allowed === false || (query.isError && isApiError(query.error, 403) && query.error.code === "PLAN_UPGRADE_REQUIRED")) {
    return <FeatureGate feature="SentimentReport" locked overlay="top" minHeight={420} placeholder={<SentimentPlaceholder />} />;
  }
  return (
    <Stack gap="md">
      <PageCsvDownload surveyId={surveyId} table="sentiment" filters={filters} />
      <QueryBoundary query={query} what="the sentiment report">
        {(report) => <SentimentView report={report} fill={fill} />}
      </QueryBoundary>
    </Stack>
  );
}
