import type {
  BreakdownReport,
  CompanyReportResponse,
  KeyDriversResponse,
  ReportFilter,
  ReportPublication,
  TeamReport,
} from "@hearth/shared";
import { collectPlaceholderValues, fillPlaceholders, MESSAGES } from "@hearth/shared";
import { notifications } from "@mantine/notifications";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { api } from "../../lib/api";
import { useMe } from "../auth";
import { useSurvey, BILLING_PLAN_PATH } from "../surveys";
import { EXPORT_SPINNER_MS } from "./report-constants";
import { fileNameFromDisposition } from "./report-files";
import { filterQuery, filtersKey, readFilters, writeFilters } from "./report-filters";
import { saveBlob } from "../../lib/save-blob";

const reportPath = (surveyId: string, page: string, query = "") =>
  `/api/reports/${encodeURIComponent(surveyId)}/${page}${query ? `?${query}` : ""}`;

export const reportKeys = {
  all: (surveyId: string) => ["reports", surveyId] as const,
  company: (surveyId: string, filters: readonly ReportFilter[]) => ["reports", surveyId, "company", filtersKey(filters)] as const,
  team: (surveyId: string, cohort: string | null) => ["reports", surveyId, "team", cohort ?? ""] as const,
  breakdown: (surveyId: string, filters: readonly ReportFilter[]) => ["reports", surveyId, "breakdown", filtersKey(filters)] as const,
  publication: (surveyId: string) => ["reports", surveyId, "publication"] as const,
  drivers: (surveyId: string, filters: readonly ReportFilter[]) => ["reports", surveyId, "drivers", filtersKey(filters)] as const,
};

/** GET /api/reports/:surveyId/drivers (403 without Transformation Plans, 409 while the survey is open). */
export function useKeyDrivers(surveyId: string, filters: readonly ReportFilter[], enabled = true) {
  return useQuery({
    queryKey: reportKeys.drivers(surveyId, filters),
    queryFn: ({ signal }) => api<KeyDriversResponse>(reportPath(surveyId, "drivers", filterQuery(filters)), { signal }),
    placeholderData: keepPreviousData,
    enabled: enabled && Boolean(surveyId),
  });
}

/** GET /api/reports/:surveyId/publication: how many responses the reports count, and why not all (blocks of k). */
export function useReportPublication(surveyId: string, enabled = true) {
  return useQuery({
    queryKey: reportKeys.publication(surveyId),
    queryFn: ({ signal }) => api<ReportPublication>(reportPath(surveyId, "publication", ""), { signal }),
    enabled: enabled && Boolean(surveyId),
  });
}

/** The page's cohort filters, read from and written to the address (`?filter=key:value`, at most two). */
export function useReportFilters(): [ReportFilter[], (next: ReportFilter[]) => void] {
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const setFilters = (next: ReportFilter[]) => setParams((current) => writeFilters(current, next), { replace: false });
  return [filters, setFilters];
}

/** GET /api/reports/:surveyId/company; the last report stays on screen while a new filter loads. */
export function useCompanyReport(surveyId: string, filters: readonly ReportFilter[], enabled = true) {
  return useQuery({
    queryKey: reportKeys.company(surveyId, filters),
    queryFn: ({ signal }) => api<CompanyReportResponse>(reportPath(surveyId, "company", filterQuery(filters)), { signal }),
    placeholderData: keepPreviousData,
    enabled: enabled && Boolean(surveyId),
  });
}

/** GET /api/reports/:surveyId/team; without a cohort the server picks the survey's first cohort question. */
export function useTeamReport(surveyId: string, cohort: string | null, enabled = true) {
  return useQuery({
    queryKey: reportKeys.team(surveyId, cohort),
    queryFn: ({ signal }) =>
      api<TeamReport>(reportPath(surveyId, "team", cohort ? new URLSearchParams({ cohort }).toString() : ""), { signal }),
    placeholderData: keepPreviousData,
    enabled: enabled && Boolean(surveyId),
  });
}

/** GET /api/reports/:surveyId/breakdown (403 PLAN_UPGRADE_REQUIRED without the Breakdown Report feature). */
export function useBreakdownReport(surveyId: string, filters: readonly ReportFilter[], enabled = true) {
  return useQuery({
    queryKey: reportKeys.breakdown(surveyId, filters),
    queryFn: ({ signal }) => api<BreakdownReport>(reportPath(surveyId, "breakdown", filterQuery(filters)), { signal }),
    placeholderData: keepPreviousData,
    enabled: enabled && Boolean(surveyId),
  });
}

/**
 * Report downloads (PDF and CSV): the file is fetched, then saved under the server's name. The button's spinner shows
 * for at least a second; without the export feature the user goes to the plans page (spec surveys §6).
 */
export function useReportDownload() {
  const navigate = useNavigate();
  const [pending, setPending] = useState<string | null>(null);

  async function download(id: string, url: string, fallbackName: string) {
    setPending(id);
    const minimum = new Promise((resolve) => setTimeout(resolve, EXPORT_SPINNER_MS));
    try {
      const response = await fetch(url, { credentials: "include" });
      if (!response.ok) {
        const body = (await response.json().catch(() => null)) as { error?: { code?: string; message?: string } } | null;
        await minimum;
        if (response.status === 403 && body?.error?.code === "PLAN_UPGRADE_REQUIRED") {
          navigate(BILLING_PLAN_PATH);
          return;
        }
        notifications.show({ color: "red", title: "Download failed", message: body?.error?.message ?? MESSAGES.genericError });
        return;
      }
      const blob = await response.blob();
      await minimum;
      saveBlob(blob, fileNameFromDisposition(response.headers.get("content-disposition"), fallbackName));
    } catch {
      await minimum;
      notifications.show({ color: "red", title: "Download failed", message: MESSAGES.genericError });
    } finally {
      setPending(null);
    }
  }

  return { download, pending };
}

/** Fills {{company_name}} and the survey's other meta fields in question texts and cohort labels. */
export function useSurveyText(surveyId: string): (text: string) => string {
  const survey = useSurvey(surveyId).data;
  const companyName = useMe().data?.tenant.companyName;
  const values = collectPlaceholderValues({ metaFields: survey?.metaFields, companyName });
  return (text: string) => fillPlaceholders(text, values);
}
