import { type ReportCsvTable, type ReportFilter, reportCsvFileName, reportPdfFileName } from "@hearth/shared";
import { Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { IconDownload, IconFileTypePdf } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useSurvey } from "../surveys";
import { useReportDownload } from "./report-api";
import { CSV_TABLE_LABELS, companyPdfUrl, csvExportUrl } from "./report-files";

interface SectionCardProps {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  testId?: string;
  children: ReactNode;
}

/** A report section: a titled card with its downloads on the right. */
export function SectionCard({ title, description, actions, testId, children }: SectionCardProps) {
  return (
    <Card component="section" aria-label={title} p={{ base: "sm", xs: "lg" }} data-testid={testId}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
          <Stack gap={2} style={{ flex: "1 1 14rem", minWidth: 0 }}>
            <Title order={2} fz="lg">
              {title}
            </Title>
            {description && (
              <Text size="sm" c="dimmed">
                {description}
              </Text>
            )}
          </Stack>
          {actions}
        </Group>
        {children}
      </Stack>
    </Card>
  );
}

interface CsvButtonProps {
  surveyId: string;
  surveyName: string;
  table: ReportCsvTable;
  filters?: readonly ReportFilter[];
  cohort?: string | null;
}

/** One table as CSV; a plan without exports is sent to the plans page by the download hook. */
export function CsvButton({ surveyId, surveyName, table, filters = [], cohort }: CsvButtonProps) {
  const { download, pending } = useReportDownload();
  return (
    <Button
      variant="default"
      size="compact-sm"
      leftSection={<IconDownload size={14} aria-hidden />}
      loading={pending !== null}
      aria-label={`Download ${CSV_TABLE_LABELS[table]} as CSV`}
      onClick={() =>
        void download(table, csvExportUrl(surveyId, table, { filters, cohort }), reportCsvFileName(surveyName, table, { filters, cohort }))
      }
      data-testid={`download-csv-${table}`}
    >
      CSV
    </Button>
  );
}

/** A right-aligned CSV download for a page whose survey name is not in its report (sentiment, comments, themes). */
export function PageCsvDownload({
  surveyId,
  table,
  filters = [],
}: {
  surveyId: string;
  table: ReportCsvTable;
  filters?: readonly ReportFilter[];
}) {
  const name = useSurvey(surveyId).data?.name ?? "survey";
  return (
    <Group justify="flex-end">
      <CsvButton surveyId={surveyId} surveyName={name} table={table} filters={filters} />
    </Group>
  );
}

/** The company report as a PDF with the current filters. */
export function PdfButton({ surveyId, surveyName, filters }: { surveyId: string; surveyName: string; filters: readonly ReportFilter[] }) {
  const { download, pending } = useReportDownload();
  return (
    <Button
      leftSection={<IconFileTypePdf size={16} aria-hidden />}
      loading={pending !== null}
      onClick={() => void download("pdf", companyPdfUrl(surveyId, filters), reportPdfFileName(surveyName, filters))}
      data-testid="download-pdf"
    >
      Download PDF
    </Button>
  );
}
