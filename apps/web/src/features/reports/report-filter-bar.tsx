import type { ReportCohort, ReportFilter } from "@hearth/shared";
import { Button, CloseButton, Group, Paper, Pill, Select, Stack, Text } from "@mantine/core";
import { IconFilter } from "@tabler/icons-react";
import { useState } from "react";
import { useHasFeature } from "./feature-gate";
import { useReportFilters, useSurveyText, useTeamReport } from "./report-api";
import { addFilter, cohortValueOptions, MAX_REPORT_FILTERS, removeFilter } from "./report-filters";

interface ReportFilterBarProps {
  surveyId: string;
  /**
   * The cohort questions and values to offer. LOWI reports leave it out and the bar reads them from the team report;
   * other surveys (which have no team report) pass their own.
   */
  cohorts?: ReportCohort[];
  /** The visibility threshold, for the reason shown beside hidden values. */
  threshold?: number;
  /** Values the current report hides from filters (CompanyReport.hiddenCohorts), on top of those the cohort list hides. */
  hiddenCohorts?: readonly { key: string; value: string }[];
}

const labelOf = (cohorts: readonly ReportCohort[], key: string) => cohorts.find((cohort) => cohort.key === key)?.label ?? key;

/**
 * The cohort filter bar of a report (spec surveys §2): pick a cohort question and one of its values, apply; up to two
 * filters, kept in the address. Values below the visibility threshold show disabled with the reason.
 */
export function ReportFilterBar({ surveyId, cohorts: given, threshold: givenThreshold, hiddenCohorts = [] }: ReportFilterBarProps) {
  const [filters, setFilters] = useReportFilters();
  // The team report (the cohorts' source on LOWI reports) needs the LOWI Report feature: a plan without it asks nothing.
  const teamAllowed = useHasFeature("LOWIReport") === true;
  const team = useTeamReport(surveyId, null, given === undefined && teamAllowed);
  const [key, setKey] = useState<string | null>(null);
  const [value, setValue] = useState<string | null>(null);

  const fill = useSurveyText(surveyId);
  const cohorts = (given ?? team.data?.cohorts ?? []).map((cohort) => ({ ...cohort, label: fill(cohort.label) }));
  const unavailable = given === undefined && (team.isError || !teamAllowed);
  if (filters.length === 0 && (unavailable || ((given || team.data) && cohorts.length === 0))) return null;

  const threshold = givenThreshold ?? team.data?.threshold;
  const reason = threshold ? `Hidden: fewer than ${threshold} responses` : "Hidden: below the visibility threshold";
  const full = filters.length >= MAX_REPORT_FILTERS;
  const keyOptions = cohorts
    .filter((cohort) => !filters.some((filter) => filter.key === cohort.key) || cohort.key === key)
    .map((cohort) => ({ value: cohort.key, label: cohort.label }));
  const valueOptions = cohortValueOptions(
    cohorts.find((cohort) => cohort.key === key),
    hiddenCohorts,
  );
  const hiddenValues = new Set(valueOptions.filter((option) => option.disabled).map((option) => option.value));

  function apply() {
    if (!key || !value) return;
    setFilters(addFilter(filters, { key, value }));
    setKey(null);
    setValue(null);
  }

  const remove = (filter: ReportFilter) => setFilters(removeFilter(filters, filter.key));

  return (
    <Paper withBorder p="sm" component="section" aria-label="Report filters" data-testid="report-filters">
      <Stack gap="xs">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <Select
            label="Cohort"
            placeholder={full ? "Two filters at most" : "Choose a cohort"}
            data={keyOptions}
            value={key}
            onChange={(next) => {
              setKey(next);
              setValue(null);
            }}
            disabled={full || cohorts.length === 0}
            style={{ flex: "1 1 9rem" }}
            maw={{ xs: 220 }}
            comboboxProps={{ withinPortal: true }}
            data-testid="report-filter-key"
          />
          <Select
            label="Value"
            placeholder={key ? "Choose a value" : "Choose a cohort first"}
            data={valueOptions}
            value={value}
            onChange={setValue}
            disabled={!key || full}
            searchable={valueOptions.length > 8}
            nothingFoundMessage="No value matches"
            style={{ flex: "1 1 9rem" }}
            maw={{ xs: 260 }}
            renderOption={({ option }) => (
              <Stack gap={0}>
                <Text size="sm">{option.label}</Text>
                {hiddenValues.has(option.value) && (
                  <Text size="xs" c="dimmed">
                    {reason}
                  </Text>
                )}
              </Stack>
            )}
            data-testid="report-filter-value"
          />
          <Button
            onClick={apply}
            disabled={!key || !value || full}
            leftSection={<IconFilter size={16} aria-hidden />}
            w={{ base: "100%", xs: "auto" }}
            data-testid="report-filter-apply"
          >
            Apply filter
          </Button>
        </Group>
        {filters.length > 0 ? (
          <Group gap="xs" wrap="wrap" aria-live="polite">
            <Text size="sm" c="dimmed">
              Showing only:
            </Text>
            {filters.map((filter) => (
              <Pill key={filter.key} size="md" data-testid="report-filter-chip" data-key={filter.key} data-value={filter.value}>
                <Group gap={4} wrap="nowrap">
                  <span>
                    {labelOf(cohorts, filter.key)}: {filter.value}
                  </span>
                  <CloseButton
                    size="xs"
                    aria-label={`Remove filter ${labelOf(cohorts, filter.key)}: ${filter.value}`}
                    onClick={() => remove(filter)}
                  />
                </Group>
              </Pill>
            ))}
            <Button variant="subtle" size="compact-sm" onClick={() => setFilters([])}>
              Clear filters
            </Button>
          </Group>
        ) : (
          <Text size="xs" c="dimmed">
            Narrow the report to up to two cohorts, such as one age band in one region.
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
