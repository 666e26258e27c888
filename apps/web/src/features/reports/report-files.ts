/** Where report downloads come from; their file names are the shared ones (packages/shared reports/report-files.ts). */
import type { ReportCsvTable, ReportFilter } from "@hearth/shared";
import { filterQuery } from "./report-filters";

export const CSV_TABLE_LABELS: Record<ReportCsvTable, string> = {
  competencies: "Competency scores",
  "love-areas": "Love areas",
  "spark-areas": "SPARK areas",
  recommend: "Recommend to a friend",
  benefits: "Benefits Matrix",
  "group-areas": "Group areas",
  team: "Team scores",
  breakdown: "Breakdown",
  sentiment: "Sentiment and emotion",
  comments: "Comments",
  themes: "Themes",
};

const surveyPath = (surveyId: string) => `/api/reports/${encodeURIComponent(surveyId)}`;
const withQuery = (path: string, query: string) => (query ? `${path}?${query}` : path);

/** GET /api/reports/:surveyId/company.pdf with the page's filters. */
export const companyPdfUrl = (surveyId: string, filters: readonly ReportFilter[]) =>
  withQuery(`${surveyPath(surveyId)}/company.pdf`, filterQuery(filters));

/** GET /api/reports/:surveyId/export/<table>.csv; the team table takes the cohort it breaks down by instead of filters. */
export function csvExportUrl(
  surveyId: string,
  table: ReportCsvTable,
  options: { filters?: readonly ReportFilter[]; cohort?: string | null } = {},
): string {
  const query = new URLSearchParams(filterQuery(table === "team" ? [] : (options.filters ?? [])));
  if (table === "team" && options.cohort) query.set("cohort", options.cohort);
  return withQuery(`${surveyPath(surveyId)}/export/${table}.csv`, query.toString());
}

/** The file name a Content-Disposition header gives (RFC 5987 `filename*` first), else the fallback. */
export function fileNameFromDisposition(header: string | null | undefined, fallback: string): string {
  if (!header) return fallback;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim().replace(/^"|"$/g, ""));
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*"([^"]+)"|filename\s*=\s*([^;]+)/i.exec(header);
  const name = (plain?.[1] ?? plain?.[2])?.trim();
  return name || fallback;
}
