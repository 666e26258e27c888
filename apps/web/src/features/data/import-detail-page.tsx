/**
 * /dashboard/data/import/{dataImportId} (spec surveys §2, decision 0046): one import with the tabs Data, Sentiment &
 * Emotion, Comments and Thematic Analysis. A feedback import's analysis tabs are the survey reports themselves, read
 * through the imported survey's published state (its threshold and blocks), never around it. A demographics import
 * holds employee attributes, not feedback: it shows the Data tab only, and its analysis addresses say so.
 */
import { type DataImportDetail, formatSurveyThresholdNote } from "@hearth/shared";
import { Alert, Anchor, Badge, Button, Group, Stack, Tabs, Text, Title } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconArrowLeft, IconInfoCircle } from "@tabler/icons-react";
import { lazy, Suspense } from "react";
import { Link, Outlet, useLocation, useNavigate, useOutletContext, useParams } from "react-router";
import { isApiError } from "../../lib/api";
import { NotFoundPage } from "../errors";
import { PageLoader, useSurvey } from "../surveys";
import { useDataImport } from "./data-api";
import {
  IMPORT_DETAIL_TABS,
  KIND_LABELS,
  type ImportDetailTab,
  importDetailPath,
  importTabFromPath,
  STATUS_LABELS,
} from "./import-detail-tabs";
import { ReportSurveyIdProvider } from "../reports";

const SentimentReportPage = lazy(() => import("../comments/sentiment-page").then((m) => ({ default: m.SentimentReportPage })));
const CommentsReportPage = lazy(() => import("../comments/comments-page").then((m) => ({ default: m.CommentsReportPage })));
const ThematicReportPage = lazy(() => import("../comments/thematic-page").then((m) => ({ default: m.ThematicReportPage })));

/** What the tabs of an import's page share: the import, polled while it runs. */
export interface ImportDetailContext {
  detail: DataImportDetail;
}

export const useImportDetail = () => useOutletContext<ImportDetailContext>().detail;

export function ImportDetailLayout() {
  const { dataImportId = "" } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const phone = useMediaQuery("(max-width: 36em)", false);
  const query = useDataImport(dataImportId);
  const detail = query.data;
  const survey = useSurvey(detail?.surveyId ?? undefined);

  if (query.isError) {
    if (isApiError(query.error, 404) || isApiError(query.error, 400)) return <NotFoundPage />;
    return (
      <Alert color="red" variant="light" role="alert">
        This import could not be loaded. Reload the page to try again.
      </Alert>
    );
  }
  if (!detail) return <PageLoader />;

  const active = importTabFromPath(location.pathname);
  const tabs = detail.kind === "feedback" ? IMPORT_DETAIL_TABS : IMPORT_DETAIL_TABS.filter((info) => info.tab === "data");
  const status = STATUS_LABELS[detail.status];
  const threshold = survey.data?.visibilityThreshold ?? null;

  return (
    <Stack gap="md">
      <Anchor component={Link} to="/dashboard/data" size="sm" w="fit-content">
        <Group gap={4} wrap="nowrap">
          <IconArrowLeft size={14} aria-hidden />
          Data
        </Group>
      </Anchor>
      <Stack gap={4}>
        <Text size="sm" c="dimmed" fw={600}>
          Imported {KIND_LABELS[detail.kind].toLowerCase()}
        </Text>
        <Group gap="sm" align="center" wrap="wrap">
          <Title order={1} fz={{ base: 22, sm: 28 }} style={{ overflowWrap: "anywhere" }} data-testid="import-detail-name">
            {detail.fileName}
          </Title>
          <Badge color={status.color} variant="light" data-testid="import-detail-status">
            {status.label}
          </Badge>
        </Group>
        {threshold !== null && (
          <Text size="sm" c="dimmed" data-testid="import-threshold">
            {formatSurveyThresholdNote(threshold)}
          </Text>
        )}
      </Stack>
      <Tabs
        value={active}
        variant={phone ? "pills" : "default"}
        onChange={(next) => next && navigate(`${importDetailPath(detail.id, next as ImportDetailTab)}${window.location.search}`)}
        keepMounted={false}
        activateTabWithKeyboard={false}
      >
        <Tabs.List aria-label="Import sections" style={phone ? { gap: 4 } : undefined}>
          {tabs.map((info) => (
            <Tabs.Tab key={info.tab} value={info.tab} data-testid={`import-tab-${info.tab}`}>
              {info.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {detail.kind === "demographics" && (
        <Text size="sm" c="dimmed">
          Employee attributes have no sentiment, comments or themes: they become cohorts in the reports of your surveys.
        </Text>
      )}
      <Outlet context={{ detail } satisfies ImportDetailContext} />
    </Stack>
  );
}

/** An analysis tab: the survey report of a feedback import, or why there is none. */
export function ImportAnalysisTab({ tab }: { tab: Exclude<ImportDetailTab, "data"> }) {
  const detail = useImportDetail();
  if (detail.kind !== "feedback") {
    return (
      <Alert color="gray" variant="light" icon={<IconInfoCircle size={18} aria-hidden />} title="No feedback in this import">
        <Stack gap="xs">
          <Text size="sm">
            This import holds employee attributes (department, location, tenure and the like), not feedback, so it has no sentiment,
            comments or themes. The attributes become cohorts in the reports of your surveys.
          </Text>
          <Button component={Link} to={importDetailPath(detail.id)} variant="default" size="xs" w="fit-content">
            Back to the import's data
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (!detail.surveyId) {
    return (
      <Alert color="gray" variant="light" icon={<IconInfoCircle size={18} aria-hidden />}>
        The survey these answers were imported into has been deleted.
      </Alert>
    );
  }
  const running = detail.status === "queued" || detail.status === "running";
  return (
    <Stack gap="lg">
      {running && (
        <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} aria-hidden />}>
          Still importing: the report fills in as the rows are imported and their comments analysed.
        </Alert>
      )}
      <Suspense fallback={<PageLoader />}>
        <ReportSurveyIdProvider surveyId={detail.surveyId}>
          {tab === "sentiment" ? <SentimentReportPage /> : tab === "comments" ? <CommentsReportPage /> : <ThematicReportPage />}
        </ReportSurveyIdProvider>
      </Suspense>
    </Stack>
  );
}
