/** Where report downloads come from and what the saved files are called. */
import { type ReportFilter, slugify } from "@hearth/shared";
import { filterQuery } from "./report-filters";

export const CSV_TABLES = [
  "competencies",
  "love-areas",
  "spark-areas",
  "recommend",
  "benefits",
  "group-areas",
  "team",
  "breakdown",
  "sentiment",
  "comments",
  "themes",
] as const;
export type CsvTable = (typeof CSV_TABLES)[number];

export const CSV_TABLE_LABELS: Record<CsvTable, string> = {
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
  table: CsvTable,
  options: { filters?: readonly ReportFilter[]; cohort?: string | null } = {},
): string {
  const query = new URLSearchParams(filterQuery(table === "team" ? [] : (options.filters ?? [])));
  if (table === "team" && options.cohort) query.set("cohort", options.cohort);
  return withQuery(`${surveyPath(surveyId)}/export/${table}.csv`, query.toString());
}

/** A file-name-safe slug: lower case letters and digits joined by single hyphens, at most 60 characters. */
export function fileSlug(text: string, fallback = "survey"): string {
  return slugify(text.replace(/[™®©]/g, "")) || fallback;
}

const filterSuffix = (filters: readonly ReportFilter[]) =>
  filters.length ? `-${filters.map((filter) => fileSlug(`${filter.key}-${filter.value}`, "filter")).join("-")}` : "";

/** "acme-lowi-2026-benefits-gender-women.csv": the survey, the table and any filters. */
export const csvFileName = (surveyName: string, table: CsvTable, filters: readonly ReportFilter[] = []) =>
  `${fileSlug(surveyName)}-${table}${filterSuffix(filters)}.csv`;

export const pdfFileName = (surveyName: string, filters: readonly ReportFilter[] = []) =>
  `${fileSlug(surveyName)}-company-report${filterSuffix(filters)}.pdf`;

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
