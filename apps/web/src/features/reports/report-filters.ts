/**
 * Cohort filters of a report page (spec surveys §2 Reports): at most two `key:value` pairs, kept in the address as
 * repeated `filter=` parameters so a filtered report can be bookmarked, shared and reloaded.
 */
import type { ReportCohort, ReportFilter } from "@hearth/shared";

export const FILTER_PARAM = "filter";
export const MAX_REPORT_FILTERS = 2;
const MAX_KEY_LENGTH = 80;
const MAX_VALUE_LENGTH = 200;

/** One `key:value` parameter; the key ends at the first colon, so values may hold colons. Null when malformed. */
export function parseFilterParam(raw: string): ReportFilter | null {
  const colon = raw.indexOf(":");
  if (colon < 1) return null;
  const key = raw.slice(0, colon);
  const value = raw.slice(colon + 1);
  if (!key.trim() || !value.trim() || key.length > MAX_KEY_LENGTH || value.length > MAX_VALUE_LENGTH) return null;
  return { key, value };
}

export const formatFilterParam = (filter: ReportFilter) => `${filter.key}:${filter.value}`;

/** The valid filters of a search, one per cohort (the first wins), at most two. */
export function readFilters(params: URLSearchParams): ReportFilter[] {
  const filters: ReportFilter[] = [];
  for (const raw of params.getAll(FILTER_PARAM)) {
    const filter = parseFilterParam(raw);
    if (!filter || filters.some((kept) => kept.key === filter.key)) continue;
    filters.push(filter);
    if (filters.length === MAX_REPORT_FILTERS) break;
  }
  return filters;
}

/** The same search with its filters replaced (every other parameter kept in place). */
export function writeFilters(params: URLSearchParams, filters: readonly ReportFilter[]): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete(FILTER_PARAM);
  for (const filter of filters.slice(0, MAX_REPORT_FILTERS)) next.append(FILTER_PARAM, formatFilterParam(filter));
  return next;
}

/** Adds a filter, replacing one on the same cohort; a third cohort is refused (the list comes back unchanged). */
export function addFilter(filters: readonly ReportFilter[], filter: ReportFilter): ReportFilter[] {
  const index = filters.findIndex((kept) => kept.key === filter.key);
  if (index >= 0) return filters.map((kept, at) => (at === index ? filter : kept));
  if (filters.length >= MAX_REPORT_FILTERS) return [...filters];
  return [...filters, filter];
}

export const removeFilter = (filters: readonly ReportFilter[], key: string): ReportFilter[] => filters.filter((kept) => kept.key !== key);

/** `filter=a%3Ab&filter=…` for an API call; empty without filters. */
export function filterQuery(filters: readonly ReportFilter[]): string {
  return writeFilters(new URLSearchParams(), filters).toString();
}

/** A stable cache key for a set of filters (order as chosen). */
export const filtersKey = (filters: readonly ReportFilter[]) => filters.map(formatFilterParam).join("|");

export interface CohortValueOption {
  value: string;
  label: string;
  disabled: boolean;
}

/**
 * A cohort's values for the filter picker. Values below the visibility threshold (not visible in the cohort list, or
 * named in the report's hidden cohorts) stay listed but disabled, so nobody wonders where they went.
 */
export function cohortValueOptions(
  cohort: ReportCohort | undefined,
  hidden: readonly { key: string; value: string }[] = [],
): CohortValueOption[] {
  if (!cohort) return [];
  return cohort.values.map(({ value, visible }) => ({
    value,
    label: value,
    disabled: !visible || hidden.some((entry) => entry.key === cohort.key && entry.value === value),
  }));
}
