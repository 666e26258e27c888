import { Alert, Group, Stack, Tabs, Text, Title } from "@mantine/core";
import { IconPresentation } from "@tabler/icons-react";
import { useMediaQuery } from "@mantine/hooks";
import { Navigate, Outlet, useLocation, useNavigate } from "react-router";
import { useReportSurveyId } from "./report-survey-id";
import { isApiError } from "../../lib/api";
import { AccessDeniedPage, NotFoundPage, QueryErrorState } from "../errors";
import { PageLoader, useSurvey, type SurveyKind } from "../surveys";
import { TourLauncher, TOURS } from "../tutorials";
import { useCompanyReport, useReportFilters, useReportPublication } from "./report-api";
import { formatSurveyThresholdNote } from "@hearth/shared";
import { ReportFilterBar } from "./report-filter-bar";
import { REPORT_TABS, reportBasePath, tabFromPath } from "./report-tabs";
import classes from "./reports.module.css";

export const DEMO_BANNER = "THIS IS A DEMO PREVIEW";

/**
 * Every report page of a survey: its name, the demo banner, the tabs of its kind and, on LOWI tabs that read them, the
 * cohort filter bar (its cohorts come from the team report, which only LOWI surveys have; pages of other surveys
 * render ReportFilterBar themselves with their own `cohorts`). The tab's page renders below.
 */
export function ReportLayout({ kind }: { kind: SurveyKind }) {
  const surveyId = useReportSurveyId();
  const location = useLocation();
  const navigate = useNavigate();
  const survey = useSurvey(surveyId);
  // On a phone the six tabs wrap as pills rather than scroll out of sight.
  const phone = useMediaQuery("(max-width: 36em)", false);
  const [filters] = useReportFilters();
  const current = tabFromPath(location.pathname, kind);
  // The company report's hidden cohorts mark values in the filter bar; on other tabs the cached copy (if any) serves.
  const company = useCompanyReport(surveyId, filters, kind === "lowi" && current?.tab === "company");
  const hiddenCohorts = company.data && !company.data.hidden ? company.data.hiddenCohorts : [];
  // Why the report counts fewer responses than the survey list: whole blocks of k (decision 0022). Not for drafts.
  const publication = useReportPublication(surveyId, Boolean(survey.data) && !survey.data?.draft);

  if (survey.isError) {
    if (isApiError(survey.error, 404)) return <NotFoundPage />;
    if (isApiError(survey.error, 403)) return <AccessDeniedPage />;
    return <QueryErrorState error={survey.error} what="this report" retrying={survey.isFetching} />;
  }
  if (survey.data && survey.data.isLOWI !== (kind === "lowi")) {
    // A LOWI survey under /other (or the reverse): its own kind's first tab.
    const right: SurveyKind = survey.data.isLOWI ? "lowi" : "other";
    const tab = REPORT_TABS[right].find((info) => info.tab === current?.tab) ?? REPORT_TABS[right][0]!;
    return <Navigate to={`${reportBasePath(right, surveyId)}/${tab.tab}${location.search}`} replace />;
  }
  if (survey.isPending) return <PageLoader />;

  const name = survey.data?.name || (company.data && !company.data.hidden ? company.data.surveyName : "") || "Survey report";
  const isDemo = survey.data?.isDemo ?? (company.data && !company.data.hidden ? company.data.isDemo : false);
  const tabs = REPORT_TABS[kind];
  const active = current?.tab ?? null;
  // The survey's own threshold, fixed when it was published (docs/decisions/0022).
  const threshold = survey.data?.visibilityThreshold ?? (company.data ? company.data.threshold : null);

  return (
    <Stack gap="md">
      <Stack gap={2}>
        <Text size="sm" c="dimmed" fw={600}>
          {kind === "lowi" ? "Love of Workplace Index™ report" : "Survey report"}
        </Text>
        <Title
          order={1}
          fz={{ base: 22, sm: 28 }}
          style={{ overflowWrap: "anywhere" }}
          data-testid="report-survey-name"
          data-tour="report-name"
        >
          {name}
        </Title>
        {threshold !== null && (
          <Text size="sm" c="dimmed" data-testid="report-threshold" data-tour="report-threshold">
            {formatSurveyThresholdNote(threshold)}
          </Text>
        )}
        {publication.data?.note && (
          <Text size="sm" c="dimmed" data-testid="report-publication">
            {publication.data.note}
          </Text>
        )}
      </Stack>
      {active && <TourLauncher tour={TOURS.reports} />}
      {isDemo && (
        <Alert color="yellow" variant="filled" radius="md" p="sm" data-testid="demo-banner">
          <Group gap="xs" justify="center" wrap="nowrap">
            <IconPresentation size={18} aria-hidden />
            <Text fw={700} c="dark.9" lts={1}>
              {DEMO_BANNER}
            </Text>
          </Group>
        </Alert>
      )}
      <Tabs
        value={active}
        variant={phone ? "pills" : "default"}
        // The address bar, not the last render, holds the filters: a tab chosen right after a filter keeps it.
        onChange={(next) => next && navigate(`${reportBasePath(kind, surveyId)}/${next}${window.location.search}`)}
        keepMounted={false}
        activateTabWithKeyboard={false}
      >
        <Tabs.List
          aria-label="Report sections"
          data-tour="report-tabs"
          className={phone ? undefined : classes.tabsList}
          style={phone ? { gap: 4 } : undefined}
        >
          {tabs.map((info) => (
            <Tabs.Tab key={info.tab} value={info.tab} data-testid={`report-tab-${info.tab}`}>
              {info.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {active && (
          <Tabs.Panel value={active} pt="md">
            <Stack gap="lg">
              {kind === "lowi" && current?.filtered && <ReportFilterBar surveyId={surveyId} hiddenCohorts={hiddenCohorts} />}
              <Outlet />
            </Stack>
          </Tabs.Panel>
        )}
      </Tabs>
      {!active && <Outlet />}
    </Stack>
  );
}
