import type { CompanyReport, ReportFilter, ScoreRow } from "@hearth/shared";
import { Card, Group, Paper, Progress, SimpleGrid, Stack, Text } from "@mantine/core";
import { isApiError } from "../../lib/api";
import { QueryBoundary } from "../errors";
import { BenefitsMatrix, GroupAreasCard, RecommendCard } from "./company-sections";
import { FeatureGate } from "./feature-gate";
import { FilterErrorAlert, HiddenNotice } from "./hidden-notice";
import { useCompanyReport, useReportFilters } from "./report-api";
import { formatInterval, formatPercent, formatScore } from "./report-format";
import { CsvButton, PdfButton, SectionCard } from "./report-parts";
import classes from "./reports.module.css";
import { BarLegend, ComparisonBadge, PlaceholderBars, ScoreBarList, ScoreTrack } from "./score-bar";
import { useReportSurveyId } from "./report-survey-id";

/** A headline score (LOWI™ or SPARK) out of 5 with its benchmark, comparison and 95% interval. */
function HeadlineScore({ label, row, testId, valueTestId }: { label: string; row: ScoreRow; testId: string; valueTestId?: string }) {
  const interval = formatInterval(row.ci);
  return (
    <Card data-testid={testId}>
      <Stack gap={8}>
        <Text size="sm" fw={600} c="dimmed">
          {label}
        </Text>
        <Group gap={6} align="baseline" wrap="nowrap">
          <Text fz={40} fw={700} lh={1} data-testid={valueTestId}>
            {formatScore(row.score)}
          </Text>
          <Text c="dimmed">/ 5</Text>
          <Text size="sm" c="dimmed" ml="auto">
            {formatPercent(row.percent)}
          </Text>
        </Group>
        <ScoreTrack score={row.score} benchmark={row.benchmark} hideBar={row.hideBar} />
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text size="sm">Benchmark {row.benchmark > 0 ? formatScore(row.benchmark) : "none"}</Text>
          <ComparisonBadge comparison={row.comparison} note={row.benchmarkNote} testId={`${testId}-comparison`} />
        </Group>
        <Text size="xs" c="dimmed" data-testid={`${testId}-interval`}>
          {interval ? `95% interval ${interval}` : "Too few answers for a 95% interval"} · {row.answers.toLocaleString("en-US")}{" "}
          {row.answers === 1 ? "answer" : "answers"}
        </Text>
      </Stack>
    </Card>
  );
}

function ResponsesCard({ report }: { report: CompanyReport }) {
  const rate = report.responseRate;
  return (
    <Card data-testid="report-responses">
      <Stack gap={8}>
        <Text size="sm" fw={600} c="dimmed">
          Responses
        </Text>
        <Text fz={40} fw={700} lh={1}>
          {report.responses.toLocaleString("en-US")}
        </Text>
        {rate ? (
          <>
            <Progress value={Math.min(100, rate.rate)} aria-label="Response rate" size="md" />
            <Text size="sm" data-testid="report-response-rate">
              {formatPercent(rate.rate)} response rate: {rate.responded.toLocaleString("en-US")} of {rate.invited.toLocaleString("en-US")}{" "}
              invited by email
            </Text>
          </>
        ) : (
          <Text size="sm" c="dimmed">
            {report.filters.length > 0
              ? "Response rates are given for the whole survey, not for filtered groups."
              : "Nobody was invited by email, so there is no response rate."}
          </Text>
        )}
        <Text size="xs" c="dimmed">
          Groups under {report.threshold} responses stay hidden.
        </Text>
      </Stack>
    </Card>
  );
}

/** The 15 competency cards: score out of 5, percent of 5, a bar, the benchmark and the comparison as given. */
export function CompetencyGrid({ rows }: { rows: ScoreRow[] }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 5 }} spacing="sm" component="ul" p={0} m={0} style={{ listStyle: "none" }}>
      {rows.map((row) => (
        <Paper component="li" withBorder p="sm" key={row.topic} data-testid="competency-card" data-topic={row.topic}>
          <Stack gap={6}>
            <Text fw={600} size="sm">
              {row.name}
            </Text>
            <Group justify="space-between" align="baseline" wrap="nowrap">
              <Text fz={24} fw={700} lh={1.1}>
                {formatScore(row.score)}
                <Text span size="sm" c="dimmed" fw={400}>
                  {" "}
                  / 5
                </Text>
              </Text>
              <Text size="sm">{formatPercent(row.percent)}</Text>
            </Group>
            {!row.hideBar && <ScoreTrack score={row.score} benchmark={row.benchmark} />}
            <Group justify="space-between" gap={4} wrap="nowrap">
              <Text size="xs" c="dimmed">
                Benchmark {row.benchmark > 0 ? formatScore(row.benchmark) : "none"}
              </Text>
              <ComparisonBadge comparison={row.comparison} note={row.benchmarkNote} />
            </Group>
          </Stack>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

function RankedList({ rows, label }: { rows: ScoreRow[]; label: string }) {
  return (
    <Stack component="ol" gap="xs" p={0} m={0} style={{ listStyle: "none" }} aria-label={label}>
      {rows.map((row, index) => (
        <Group key={row.topic} component="li" justify="space-between" gap="xs" wrap="nowrap">
          <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
            <Text size="sm" c="dimmed" w={18} ta="right" aria-hidden>
              {index + 1}
            </Text>
            <Text size="sm" fw={600} style={{ overflowWrap: "break-word" }}>
              {row.name}
            </Text>
          </Group>
          <Group gap="xs" wrap="nowrap">
            <Text size="sm" fw={700} className={classes.scoreValue}>
              {formatScore(row.score)}
            </Text>
            <ComparisonBadge comparison={row.comparison} note={row.benchmarkNote} />
          </Group>
        </Group>
      ))}
    </Stack>
  );
}

/** What a plan without the LOWI report sees below the LOWI score: the same layout with made-up bars, no numbers. */
function LockedSections() {
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Card>
          <PlaceholderBars count={3} />
        </Card>
        <Card>
          <PlaceholderBars count={3} />
        </Card>
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 5 }} spacing="sm">
        {Array.from({ length: 10 }, (_, index) => (
          <Paper withBorder p="sm" key={index}>
            <PlaceholderBars count={2} />
          </Paper>
        ))}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Card>
          <PlaceholderBars count={5} />
        </Card>
        <Card>
          <PlaceholderBars count={5} />
        </Card>
      </SimpleGrid>
      <Card>
        <PlaceholderBars count={6} />
      </Card>
    </Stack>
  );
}

function benchmarkSummary(report: CompanyReport): string {
  const source =
    report.benchmarkSource === "recomputed"
      ? "computed from closed LOWI™ surveys of companies on Hearth"
      : "from the published reference table";
  return `Benchmarks: ${report.benchmarkSize} companies, ${report.benchmarkYear}, ${source}.`;
}

function CompanyReportView({ report, filters, refreshing }: { report: CompanyReport; filters: ReportFilter[]; refreshing: boolean }) {
  const csv = { surveyId: report.surveyId, surveyName: report.surveyName, filters };
  return (
    <Stack
      gap="lg"
      style={{ opacity: refreshing ? 0.6 : 1, transition: "opacity 120ms" }}
      aria-busy={refreshing}
      data-testid="company-report"
      data-refreshing={refreshing ? "true" : "false"}
      data-locked={report.locked ? "true" : "false"}
    >
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm" c="dimmed" style={{ flex: "1 1 16rem" }}>
          {benchmarkSummary(report)}
        </Text>
        {!report.locked && <PdfButton surveyId={report.surveyId} surveyName={report.surveyName} filters={filters} />}
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: report.locked ? 2 : 3 }}>
        <HeadlineScore label="LOWI™ score" row={report.love} testId="report-lowi" valueTestId="love-score" />
        {!report.locked && <HeadlineScore label="SPARK score" row={report.spark} testId="report-spark" />}
        <ResponsesCard report={report} />
      </SimpleGrid>
      {report.locked ? (
        <FeatureGate feature="LOWIReport" locked overlay="top" placeholder={<LockedSections />} />
      ) : (
        <>
          <SectionCard
            title="Competency scores"
            description="The 15 culture competencies, each out of 5 and as a percent of 5, against the benchmark."
            actions={<CsvButton {...csv} table="competencies" />}
            testId="competency-grid"
          >
            <CompetencyGrid rows={report.competencies} />
          </SectionCard>
          <SimpleGrid cols={{ base: 1, lg: 2 }}>
            <SectionCard
              title="Love areas"
              description="How much people love their company, workplace, manager, coworkers and CEO."
              actions={<CsvButton {...csv} table="love-areas" />}
              testId="love-areas"
            >
              <ScoreBarList rows={report.loveAreas} label="Love areas" />
              <BarLegend />
            </SectionCard>
            <SectionCard
              title="SPARK areas"
              description="The competencies grouped into the SPARK areas."
              actions={<CsvButton {...csv} table="spark-areas" />}
              testId="spark-areas"
            >
              <ScoreBarList rows={report.sparkAreas} label="SPARK areas" />
              <BarLegend />
            </SectionCard>
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <SectionCard title="Top 5 scores" testId="top-5">
              <RankedList rows={report.top5} label="Top 5 scores" />
            </SectionCard>
            <SectionCard title="Lowest 5 scores" testId="low-5">
              <RankedList rows={report.low5} label="Lowest 5 scores" />
            </SectionCard>
          </SimpleGrid>
          <RecommendCard recommend={report.recommend} actions={<CsvButton {...csv} table="recommend" />} />
          <BenefitsMatrix rows={report.benefits} actions={<CsvButton {...csv} table="benefits" />} />
          <GroupAreasCard rows={report.groupAreas} actions={<CsvButton {...csv} table="group-areas" />} />
        </>
      )}
    </Stack>
  );
}

/** /dashboard/reports/lowi/:surveyId/company. */
export function CompanyReportPage() {
  const surveyId = useReportSurveyId();
  const [filters] = useReportFilters();
  const query = useCompanyReport(surveyId, filters);
  if (query.isError && isApiError(query.error, 400)) return <FilterErrorAlert error={query.error} />;
  return (
    <QueryBoundary query={query} what="the company report">
      {(report) =>
        report.hidden ? (
          <HiddenNotice notice={report.notice} />
        ) : (
          <CompanyReportView report={report} filters={filters} refreshing={query.isPlaceholderData} />
        )
      }
    </QueryBoundary>
  );
}
