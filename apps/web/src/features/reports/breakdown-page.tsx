import type { BreakdownReport, ReportCohort, ReportFilter, SurveyField } from "@hearth/shared";
import { Card, Group, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { isApiError } from "../../lib/api";
import { QueryBoundary } from "../errors";
import { useSurvey } from "../surveys";
import { FeatureGate, useHasFeature } from "./feature-gate";
import { FilterErrorAlert, HiddenNotice } from "./hidden-notice";
import { useBreakdownReport, useReportFilters, useSurveyText } from "./report-api";
import { ReportFilterBar } from "./report-filter-bar";
import { donutLabelSpots, formatPercent, type Slice, sentimentSlices, showPieLabel } from "./report-format";
import { CsvButton } from "./report-parts";
import classes from "./reports.module.css";
import { PlaceholderBars } from "./score-bar";
import { useReportSurveyId } from "./report-survey-id";

type BreakdownQuestion = Extract<BreakdownReport, { hidden: false }>["questions"][number];

function CountBars({ rows, label }: { rows: { label: string; count: number; share: number }[]; label: string }) {
  return (
    <Stack
      component="ul"
      gap="sm"
      p={0}
      m={0}
      style={{ listStyle: "none" }}
      aria-label={label}
      className={`${classes.barList} ${classes.countList}`}
    >
      {rows.map((row) => (
        <li className={classes.scoreRow} key={row.label}>
          <span className={classes.scoreName}>{row.label}</span>
          <div className={classes.track} aria-hidden>
            <div className={classes.fill} style={{ width: `${Math.min(100, Math.max(0, row.share))}%` }} />
          </div>
          <span className={classes.scoreValue}>
            <Text span fw={700} fz="sm">
              {row.count.toLocaleString("en-US")}
            </Text>
            <Text span c="dimmed" fz="xs">
              {" "}
              · {formatPercent(row.share)}
            </Text>
          </span>
        </li>
      ))}
    </Stack>
  );
}

const DONUT = { width: 270, height: 260, radius: 62, stroke: 24, labelRadius: 92 };

/** Sentiment as a donut in the spec's colours; slices under half a percent carry no label (spec surveys §9). */
export function SentimentDonut({ slices, label }: { slices: Slice[]; label: string }) {
  const total = slices.reduce((sum, slice) => sum + slice.count, 0);
  const circumference = 2 * Math.PI * DONUT.radius;
  const cx = DONUT.width / 2;
  const cy = DONUT.height / 2;
  let offset = 0;
  const arcs = slices.map((slice) => {
    const fraction = total > 0 ? slice.count / total : 0;
    const start = offset;
    offset += fraction;
    return { slice, fraction, start };
  });
  const labels = donutLabelSpots(
    arcs.map(({ slice, fraction }) => ({ key: slice.key, fraction, labelled: slice.count > 0 && showPieLabel(slice.share) })),
    { cx, cy, radius: DONUT.labelRadius },
  );
  const description = slices.map((slice) => `${slice.label} ${slice.count} (${formatPercent(slice.share)})`).join(", ");
  return (
    <Group gap="lg" align="center" wrap="wrap">
      <svg
        width={DONUT.width}
        height={DONUT.height}
        viewBox={`0 0 ${DONUT.width} ${DONUT.height}`}
        style={{ maxWidth: "100%", height: "auto" }}
        role="img"
        aria-label={`${label}: ${description}`}
      >
        <circle cx={cx} cy={cy} r={DONUT.radius} fill="none" stroke="var(--mantine-color-gray-2)" strokeWidth={DONUT.stroke} />
        {arcs.map(({ slice, fraction, start }) =>
          fraction > 0 ? (
            <circle
              key={slice.key}
              cx={cx}
              cy={cy}
              r={DONUT.radius}
              fill="none"
              stroke={slice.colour}
              strokeWidth={DONUT.stroke}
              strokeDasharray={`${fraction * circumference} ${circumference}`}
              strokeDashoffset={-start * circumference}
              transform={`rotate(-90 ${cx} ${cy})`}
            />
          ) : null,
        )}
        {labels.map(({ key, x, y }) => (
          <text key={key} x={x} y={y} textAnchor="middle" dominantBaseline="middle" className={classes.donutLabel}>
            {formatPercent(slices.find((slice) => slice.key === key)?.share ?? 0)}
          </text>
        ))}
        <text x={cx} y={cy} textAnchor="middle" dominantBaseline="middle" fontSize={18} fontWeight={700}>
          {total.toLocaleString("en-US")}
        </text>
      </svg>
      <Stack gap={4} aria-hidden>
        {slices.map((slice) => (
          <Text key={slice.key} size="sm">
            <span className={classes.swatch} style={{ background: slice.colour }} />
            {slice.label}: {slice.count.toLocaleString("en-US")} ({formatPercent(slice.share)})
          </Text>
        ))}
      </Stack>
    </Group>
  );
}

function countRows(counts: Record<string, number>) {
  const total = Object.values(counts).reduce((sum, count) => sum + Math.max(0, count), 0);
  return Object.entries(counts)
    .map(([label, count]) => ({ label, count, share: total > 0 ? Math.round((count / total) * 1000) / 10 : 0 }))
    .sort((a, b) => b.count - a.count);
}

/** Headings for the survey's question groups (shared/surveys QUESTION_GROUPS); unknown groups get none. */
const GROUP_HEADINGS: Record<string, string> = {
  agree: "Culture statements",
  open: "Open questions",
  recommendation: "Group areas",
  benefit: "Benefits",
  recommend: "Recommend to a friend",
  demographic: "About the people who answered",
  custom: "Other questions",
};

function QuestionCard({ question, title }: { question: BreakdownQuestion; title: string }) {
  const hasOptions = question.options.length > 0;
  return (
    <Card component="article" p={{ base: "sm", xs: "lg" }} data-testid="breakdown-question" data-key={question.key}>
      <Stack gap="sm">
        <Stack gap={4}>
          <Title order={3} fz="md" style={{ overflowWrap: "anywhere" }}>
            {title}
          </Title>
          <Text size="xs" c="dimmed">
            {question.total.toLocaleString("en-US")} {question.total === 1 ? "answer" : "answers"}
          </Text>
        </Stack>
        {hasOptions && <CountBars rows={question.options} label={`Answers to ${title}`} />}
        {(question.sentiment || question.emotion) && (
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            {question.sentiment && (
              <Stack gap="xs">
                <Text size="sm" fw={600}>
                  Sentiment
                </Text>
                <SentimentDonut slices={sentimentSlices(question.sentiment)} label={`Sentiment of answers to ${title}`} />
              </Stack>
            )}
            {question.emotion && (
              <Stack gap="xs">
                <Text size="sm" fw={600}>
                  Emotion
                </Text>
                <CountBars rows={countRows(question.emotion)} label={`Emotions in answers to ${title}`} />
              </Stack>
            )}
          </SimpleGrid>
        )}
        {!hasOptions && !question.sentiment && !question.emotion && (
          <Text size="sm" c="dimmed">
            Written answers are read in the Comments tab.
          </Text>
        )}
      </Stack>
    </Card>
  );
}

interface BreakdownViewProps {
  report: BreakdownReport;
  surveyName: string;
  filters: ReportFilter[];
  /** Fills {{company_name}} and the like in question titles. */
  fill: (text: string) => string;
}

function BreakdownView({ report, surveyName, filters, fill }: BreakdownViewProps) {
  if (report.hidden) return <HiddenNotice notice={report.notice} />;
  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm" c="dimmed">
          How {report.responses.toLocaleString("en-US")} {report.responses === 1 ? "person" : "people"} answered each question.
        </Text>
        <CsvButton surveyId={report.surveyId} surveyName={surveyName} table="breakdown" filters={filters} />
      </Group>
      {report.questions.length === 0 ? (
        <Text c="dimmed">No answers yet.</Text>
      ) : (
        report.questions.map((question, index) => {
          const heading =
            question.group && question.group !== report.questions[index - 1]?.group ? GROUP_HEADINGS[question.group] : undefined;
          return (
            <Stack gap="md" key={question.key}>
              {heading && (
                <Title order={2} fz="lg" mt={index > 0 ? "md" : 0}>
                  {heading}
                </Title>
              )}
              <QuestionCard question={question} title={fill(question.title)} />
            </Stack>
          );
        })
      )}
    </Stack>
  );
}

function BreakdownPlaceholder() {
  return (
    <Stack gap="md">
      {[5, 4, 5].map((count, index) => (
        <Paper withBorder p="lg" key={index}>
          <PlaceholderBars count={count} />
        </Paper>
      ))}
    </Stack>
  );
}

/**
 * The cohort questions of a survey without a team report: its Radio questions marked `filter`. Which values may be
 * shown is the server's suppression plan's call; a hidden one answers with the notice.
 */
function filterableCohorts(fields: readonly SurveyField[]): ReportCohort[] {
  return fields
    .filter((field) => field.filter === true && field.answerType === "Radio")
    .map((field) => ({ key: field.key, label: field.question, values: field.radioOptions.map((value) => ({ value, visible: true })) }));
}

/**
 * …/breakdown of any survey (LOWI or not): every choice and rating question's answers, behind the Breakdown Report
 * feature, through the same suppression plan and cohort filters on the server.
 */
export function BreakdownReportPage() {
  const surveyId = useReportSurveyId();
  const [filters] = useReportFilters();
  const allowed = useHasFeature("BreakdownReport");
  const query = useBreakdownReport(surveyId, filters, allowed === true);
  const fill = useSurveyText(surveyId);
  const survey = useSurvey(surveyId).data;
  const surveyName = survey?.name ?? "survey";
  // LOWI reports get their filter bar from the layout; other surveys offer their own filterable questions, if any.
  const otherCohorts = survey && !survey.isLOWI ? filterableCohorts(survey.fields) : null;
  const otherFilterBar = otherCohorts && allowed === true ? <ReportFilterBar surveyId={surveyId} cohorts={otherCohorts} /> : null;
  if (query.isError && isApiError(query.error, 400)) {
    return (
      <>
        {otherFilterBar}
        <FilterErrorAlert error={query.error} />
      </>
    );
  }
  if (allowed === false || (query.isError && isApiError(query.error, 403) && query.error.code === "PLAN_UPGRADE_REQUIRED")) {
    return <FeatureGate feature="BreakdownReport" locked overlay="top" minHeight={420} placeholder={<BreakdownPlaceholder />} />;
  }
  return (
    <>
      {otherFilterBar}
      <QueryBoundary query={query} what="the breakdown">
        {(report) => <BreakdownView report={report} surveyName={surveyName} filters={filters} fill={fill} />}
      </QueryBoundary>
    </>
  );
}
