/**
 * The report downloads' tables and file names, written once: the server names the file it sends (Content-Disposition)
 * and the web falls back to the same name when a response carries none.
 */
import type { ReportFilter } from "../contracts/reports.js";
import { slugify } from "../slug.js";

/** Every report table that downloads as CSV (GET /api/reports/:surveyId/export/<table>.csv). */
export const REPORT_CSV_TABLES = [
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
export type ReportCsvTable = (typeof REPORT_CSV_TABLES)[number];

/** A file-name-safe slug: lower case letters and digits joined by single hyphens, at most 60 characters. */
export function reportFileSlug(text: string, fallback = "survey"): string {
  return slugify(text.replace(/[™®©]/g, "")) || fallback;
}

const filterSuffix = (filters: readonly ReportFilter[]) =>
  filters.length ? `-${filters.map((filter) => reportFileSlug(`${filter.key}-${filter.value}`, "filter")).join("-")}` : "";

/**
 * "acme-lowi-2026-benefits-gender-women.csv": the survey, the table and any filters. The team table is broken down by
 * a cohort instead of narrowed by filters: "acme-lowi-2026-team-department.csv".
 */
export function reportCsvFileName(
  surveyName: string,
  table: ReportCsvTable,
  options: { filters?: readonly ReportFilter[]; cohort?: string | null } = {},
): string {
  const suffix =
    table === "team" ? (options.cohort ? `-${reportFileSlug(options.cohort, "cohort")}` : "") : filterSuffix(options.filters ?? []);
  return `${reportFileSlug(surveyName)}-${table}${suffix}.csv`;
}

/** "acme-lowi-2026-company-report-gender-women.pdf". */
export function reportPdfFileName(surveyName: string, filters: readonly ReportFilter[] = []): string {
  return `${reportFileSlug(surveyName)}-company-report${filterSuffix(filters)}.pdf`;
}
