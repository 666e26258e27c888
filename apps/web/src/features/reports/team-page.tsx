import type { TeamReport } from "@hearth/shared";
import { Group, Select, Stack, Text } from "@mantine/core";
import { IconLock } from "@tabler/icons-react";
import { useSearchParams } from "react-router";
import { useReportSurveyId } from "./report-survey-id";
import { isApiError } from "../../lib/api";
import { QueryBoundary } from "../errors";
import { useSurvey } from "../surveys";
import { heatmapColour } from "./heatmap";
import { FeatureGate, useHasFeature } from "./feature-gate";
import { HiddenNotice } from "./hidden-notice";
import { useSurveyText, useTeamReport } from "./report-api";
import { formatScore } from "./report-format";
import { CsvButton, SectionCard } from "./report-parts";
import classes from "./reports.module.css";
import { ScrollFrame } from "./scroll-frame";

function ScoreCell({ score, column }: { score: number | undefined; column: string }) {
  if (score === undefined || !Number.isFinite(score) || score <= 0) {
    return (
      <td className={classes.heatCell} style={{ background: heatmapColour(null).background }} title={`${column}: no answers`}>
        —
      </td>
    );
  }
  const { background, color } = heatmapColour(score);
  return (
    <td className={classes.heatCell} style={{ background, color }}>
      {formatScore(score)}
    </td>
  );
}

function ScaleLegend() {
  const steps = [1, 2, 3, 4, 5];
  return (
    <Group gap={6} wrap="wrap" aria-label="Colour scale from 1 to 5" role="img">
      <Text size="xs" c="dimmed">
        Scale
      </Text>
      {steps.map((step) => {
        const { background, color } = heatmapColour(step);
        return (
          <Text key={step} size="xs" fw={600} px={8} py={2} style={{ background, color, borderRadius: 4 }} aria-hidden>
            {step}
          </Text>
        );
      })}
    </Group>
  );
}

/** Cohort values down the side, scores across; hidden groups say so and never show a number. */
export function TeamHeatmap({ report }: { report: TeamReport }) {
  const { columns, rows, overall, threshold } = report;
  return (
    <ScrollFrame label="Scores by cohort value (scrolls sideways)" testId="team-heatmap-scroll">
      <table
        className={classes.heatTable}
        aria-label="Scores by cohort value"
        style={{ minWidth: Math.max(520, 210 + columns.length * 84) }}
      >
        <thead>
          <tr>
            <th scope="col" className={classes.rowHead}>
              Group
            </th>
            <th scope="col">Responses</th>
            {columns.map((column) => (
              <th scope="col" key={column.id}>
                {column.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {overall && (
            <tr className={classes.overallRow} data-testid="team-overall-row">
              <th scope="row" className={classes.rowHead}>
                Everyone
              </th>
              <td style={{ textAlign: "center" }}>{overall.responses.toLocaleString("en-US")}</td>
              {columns.map((column) => (
                <ScoreCell key={column.id} score={overall.scores[column.id]} column={column.name} />
              ))}
            </tr>
          )}
          {rows.map((row) => (
            <tr key={row.value} data-testid="team-row" data-value={row.value} data-hidden={row.hidden ? "true" : "false"}>
              <th scope="row" className={classes.rowHead}>
                {row.value}
              </th>
              {row.hidden || !row.scores ? (
                <td colSpan={columns.length + 1} className={classes.hiddenCell}>
                  <span className={classes.hiddenLabel}>
                    <IconLock size={15} aria-hidden />
                    <span>
                      Hidden <span className={classes.hiddenReason}>(under {threshold} responses)</span>
                    </span>
                  </span>
                </td>
              ) : (
                <>
                  <td style={{ textAlign: "center" }}>{(row.responses ?? 0).toLocaleString("en-US")}</td>
                  {columns.map((column) => (
                    <ScoreCell key={column.id} score={row.scores?.[column.id]} column={column.name} />
                  ))}
                </>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollFrame>
  );
}

interface TeamViewProps {
  report: TeamReport;
  surveyName: string;
  cohort: string | null;
  onCohort: (key: string) => void;
  refreshing: boolean;
}

function TeamView({ report, surveyName, cohort, onCohort, refreshing }: TeamViewProps) {
  const options = report.cohorts.map((entry) => ({ value: entry.key, label: entry.label }));
  const selected = report.cohortKey ?? cohort;
  const label = report.cohorts.find((entry) => entry.key === selected)?.label ?? selected;
  return (
    <SectionCard
      title="Scores by team"
      description={
        label
          ? `Scores out of 5 for each answer to “${label}”, coloured from low (red) to high (green).`
          : "Scores out of 5 for each answer to a cohort question, coloured from low (red) to high (green)."
      }
      actions={<CsvButton surveyId={report.surveyId} surveyName={surveyName} table="team" cohort={selected} />}
      testId="team-report"
    >
      <Stack gap="md" style={{ opacity: refreshing ? 0.6 : 1 }} aria-busy={refreshing}>
        <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
          <Select
            label="Break down by"
            data={options}
            value={selected}
            onChange={(next) => next && onCohort(next)}
            allowDeselect={false}
            disabled={options.length === 0}
            placeholder={options.length === 0 ? "No cohort questions" : "Choose a cohort"}
            w={{ base: "100%", xs: 260 }}
            data-testid="team-cohort"
          />
          <ScaleLegend />
        </Group>
        {report.notice && <HiddenNotice notice={report.notice} title="Some groups are hidden" />}
        {report.cohortKey === null ? (
          <Text c="dimmed">This survey has no cohort questions to break the scores down by.</Text>
        ) : report.columns.length === 0 ? (
          <Text c="dimmed" data-testid="team-no-scales">
            This survey has no questions answered on a five-point scale (agree or satisfaction), so there are no scores to compare between
            groups. The Breakdown tab shows how each group answered.
          </Text>
        ) : (
          <TeamHeatmap report={report} />
        )}
      </Stack>
    </SectionCard>
  );
}

/** A made-up grid of blank coloured cells for a plan without the report: no numbers. */
function TeamPlaceholder() {
  const tints = [4.2, 3.1, 4.6, 2.4, 3.8, 4.4, 2.9, 3.5];
  return (
    <Stack gap={4} p="lg">
      {[0, 1, 2, 3, 4].map((row) => (
        <Group key={row} gap={4} wrap="nowrap">
          {tints.map((tint, column) => (
            <div
              key={tint}
              style={{ flex: 1, height: 36, borderRadius: 6, background: heatmapColour(tints[(row + column) % tints.length]).background }}
            />
          ))}
        </Group>
      ))}
    </Stack>
  );
}

/**
 * …/:surveyId/team: the heatmap for one cohort question, chosen with ?cohort=. LOWI surveys score LOWI, SPARK and the
 * SPARK areas (the LOWI report's feature); other surveys their five-point questions (the breakdown's feature).
 */
export function TeamReportPage() {
  const surveyId = useReportSurveyId();
  const [params, setParams] = useSearchParams();
  const cohort = params.get("cohort");
  const survey = useSurvey(surveyId).data;
  const feature = survey && !survey.isLOWI ? "BreakdownReport" : "LOWIReport";
  const allowed = useHasFeature(feature);
  const query = useTeamReport(surveyId, cohort, allowed === true && survey !== undefined);
  const surveyName = survey?.name ?? "survey";
  const fill = useSurveyText(surveyId);
  const onCohort = (key: string) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.set("cohort", key);
      return next;
    });
  if (allowed === false || (query.isError && isApiError(query.error, 403) && query.error.code === "PLAN_UPGRADE_REQUIRED")) {
    return <FeatureGate feature={feature} locked minHeight={360} placeholder={<TeamPlaceholder />} />;
  }
  return (
    <QueryBoundary query={query} what="the team report">
      {(report) => (
        <TeamView
          report={{
            ...report,
            cohorts: report.cohorts.map((entry) => ({ ...entry, label: fill(entry.label) })),
            // Another survey's columns are its questions, written as respondents read them.
            columns: report.columns.map((column) => ({ ...column, name: fill(column.name) })),
          }}
          surveyName={surveyName}
          cohort={cohort}
          onCohort={onCohort}
          refreshing={query.isPlaceholderData}
        />
      )}
    </QueryBoundary>
  );
}
