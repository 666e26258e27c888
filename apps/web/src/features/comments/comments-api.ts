import type {
  CommentsResponse,
  ReportFilter,
  SelectedFilters,
  SelectedFiltersResponse,
  SentimentReport,
  ThematicReport,
} from "@hearth/shared";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api";
import { filterQuery, filtersKey } from "../reports";
import { commentsRequest, serialiseFilters } from "./comment-helpers";

const reportPath = (surveyId: string, page: string, query = "") =>
  `/api/reports/${encodeURIComponent(surveyId)}/${page}${query ? `?${query}` : ""}`;

export const commentKeys = {
  sentiment: (surveyId: string, filters: readonly ReportFilter[]) => ["reports", surveyId, "sentiment", filtersKey(filters)] as const,
  comments: (surveyId: string, body: string) => ["reports", surveyId, "comments", body] as const,
  thematic: (surveyId: string, filters: readonly ReportFilter[], cohorts: string) =>
    ["reports", surveyId, "thematic", filtersKey(filters), cohorts] as const,
  selected: (surveyId: string) => ["selected-filters", surveyId] as const,
};

/** GET /api/reports/:surveyId/sentiment (403 PLAN_UPGRADE_REQUIRED without the Sentiment & Emotion feature). */
export function useSentimentReport(surveyId: string, filters: readonly ReportFilter[], enabled = true) {
  return useQuery({
    queryKey: commentKeys.sentiment(surveyId, filters),
    queryFn: ({ signal }) => api<SentimentReport>(reportPath(surveyId, "sentiment", filterQuery(filters)), { signal }),
    placeholderData: keepPreviousData,
    enabled: enabled && Boolean(surveyId),
  });
}

/** POST /api/reports/:surveyId/comments, once the saved filters are known. */
export function useComments(
  surveyId: string,
  filters: SelectedFilters | null,
  search: string,
  reportFilters: readonly ReportFilter[],
  enabled = true,
) {
  const body = filters ? commentsRequest(filters, search, reportFilters) : null;
  return useQuery({
    queryKey: commentKeys.comments(surveyId, `${filters ? serialiseFilters(filters) : ""}|${search.trim()}|${filtersKey(reportFilters)}`),
    queryFn: ({ signal }) => api<CommentsResponse>(reportPath(surveyId, "comments"), { method: "POST", body, signal }),
    placeholderData: keepPreviousData,
    enabled: enabled && Boolean(surveyId) && body !== null,
  });
}

/** GET /api/reports/:surveyId/thematic; `cohorts` narrows a restricted member's view (undefined: all assigned). */
export function useThematicReport(
  surveyId: string,
  filters: readonly ReportFilter[],
  cohorts?: readonly { key: string; value: string }[],
  enabled = true,
) {
  const params = new URLSearchParams(filterQuery(filters));
  for (const cohort of cohorts ?? []) params.append("cohort", `${cohort.key}:${cohort.value}`);
  const cohortText = cohorts === undefined ? "" : cohorts.map((cohort) => `${cohort.key}:${cohort.value}`).join(",");
  return useQuery({
    queryKey: commentKeys.thematic(surveyId, filters, cohortText),
    queryFn: ({ signal }) => api<ThematicReport>(reportPath(surveyId, "thematic", params.toString()), { signal }),
    placeholderData: keepPreviousData,
    enabled: enabled && Boolean(surveyId),
  });
}

const selectedPath = (surveyId: string) => `/api/me/selected-filters?surveyId=${encodeURIComponent(surveyId)}`;

/** The comment filters this user saved for the survey (spec: selectedFilters). */
export function useSelectedFilters(surveyId: string) {
  return useQuery({
    queryKey: commentKeys.selected(surveyId),
    queryFn: ({ signal }) => api<SelectedFiltersResponse>(selectedPath(surveyId), { signal }),
    enabled: Boolean(surveyId),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useSaveSelectedFilters(surveyId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (filters: SelectedFilters) => api<SelectedFiltersResponse>(selectedPath(surveyId), { method: "PUT", body: filters }),
    onSuccess: (saved) => client.setQueryData(commentKeys.selected(surveyId), saved),
  });
}
