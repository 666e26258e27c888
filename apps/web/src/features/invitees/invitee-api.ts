import {
  type CohortKey,
  type CohortOptionsResponse,
  type CompanyInviteesResponse,
  fetchPageErrorMessage,
  cancelSendMessage,
  INVITATION_MESSAGES,
  type SurveyInvitee,
  type SurveyInviteesResponse,
} from "@hearth/shared";
import { notifications } from "@mantine/notifications";
import { keepPreviousData, type UseQueryResult, useMutation, useQueries, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api";

/** While emails are going out the table asks again this often, so the send statuses update by themselves. */
export const DISPATCH_REFRESH_MS = 4000;
const PAUSE_TOAST_MS = 3000;

/** Statuses and replies change behind the table's back: it asks again whenever it is shown and when the window regains focus. */
const FRESH = { staleTime: 0, refetchOnWindowFocus: true } as const;

/** Invalidate this key after sending invitations so the Sent Surveys tab shows them. */
export const surveyInviteesKey = (surveyId: string) => ["survey-invitees", surveyId] as const;
export const COMPANY_INVITEES_KEY = ["company-invitees"] as const;

function fetchSurveyInviteesPage(surveyId: string, page: number, signal: AbortSignal) {
  return api<SurveyInviteesResponse>(`/api/surveys/${encodeURIComponent(surveyId)}/invitees?page=${page}`, { signal });
}

export interface InviteePageState {
  page: number;
  isPending: boolean;
  isError: boolean;
  /** "Error fetching page N". */
  errorMessage: string | null;
  isRetrying: boolean;
  retry: () => void;
}

export interface SentInvitees {
  /** Page 1: decides the page count; its failure is the whole table's failure. */
  first: UseQueryResult<SurveyInviteesResponse>;
  /** Every loaded row, in page order, each invitee once. */
  invitees: SurveyInvitee[];
  pages: InviteePageState[];
  maxPages: number;
  loadedPages: number;
  total: number;
  dispatching: number;
}

/**
 * GET /api/surveys/{surveyId}/invitees: page 1 first, then pages 2..maxPages in parallel. While any email is being
 * dispatched every page is asked again every few seconds.
 */
export function useSentInvitees(surveyId: string): SentInvitees {
  const key = surveyInviteesKey(surveyId);
  const first = useQuery({
    queryKey: [...key, 1],
    queryFn: ({ signal }) => fetchSurveyInviteesPage(surveyId, 1, signal),
    ...FRESH,
    refetchInterval: (query) => ((query.state.data?.dispatching ?? 0) > 0 ? DISPATCH_REFRESH_MS : false),
  });
  const maxPages = Math.max(1, first.data?.maxPages ?? 1);
  const dispatching = first.data?.dispatching ?? 0;
  const restPages = Array.from({ length: maxPages - 1 }, (_, index) => index + 2);
  const rest = useQueries({
    queries: restPages.map((page) => ({
      queryKey: [...key, page],
      queryFn: ({ signal }: { signal: AbortSignal }) => fetchSurveyInviteesPage(surveyId, page, signal),
      enabled: first.data !== undefined,
      ...FRESH,
      refetchInterval: dispatching > 0 ? DISPATCH_REFRESH_MS : (false as const),
    })),
  });

  const all = [first, ...rest];
  const seen = new Set<string>();
  const invitees: SurveyInvitee[] = [];
  for (const query of all) {
    for (const invitee of query.data?.invitees ?? []) {
      if (seen.has(invitee.id)) continue;
      seen.add(invitee.id);
      invitees.push(invitee);
    }
  }
  const pages = all.map(
    (query, index): InviteePageState => ({
      page: index + 1,
      isPending: query.isPending,
      isError: query.isError && query.data === undefined,
      errorMessage: query.isError ? fetchPageErrorMessage(index + 1) : null,
      isRetrying: query.isFetching,
      retry: () => void query.refetch(),
    }),
  );
  return {
    first,
    invitees,
    pages,
    maxPages,
    loadedPages: all.filter((query) => query.data !== undefined).length,
    total: first.data?.total ?? invitees.length,
    dispatching,
  };
}

/** POST /api/pause-invitees: cancels scheduled sends; toasts for 3 seconds either way, then the table is asked again. */
export function usePauseInvitees(surveyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (inviteeIds: string[]) => {
      const result = await api<{ ok: boolean; paused: number }>("/api/pause-invitees", { body: { surveyId, inviteeIds } });
      if (!result?.ok || result.paused < 1) throw new Error("Nothing was paused");
      return result;
    },
    onSuccess: (result) => notifications.show({ color: "teal", message: cancelSendMessage(result.paused), autoClose: PAUSE_TOAST_MS }),
    onError: () => notifications.show({ color: "red", message: INVITATION_MESSAGES.cancelError, autoClose: PAUSE_TOAST_MS }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: surveyInviteesKey(surveyId) }),
  });
}

export interface CompanyInviteesParams {
  page: number;
  search: string;
  cohortKey: CohortKey | null;
  cohortValue: string | null;
}

/** GET /api/invitees: one server page (1000 people) at a time, filtered on the server; the last page stays shown while the next loads. */
export function useCompanyInvitees(params: CompanyInviteesParams) {
  return useQuery({
    queryKey: [...COMPANY_INVITEES_KEY, params],
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ page: String(params.page) });
      if (params.search.trim()) query.set("search", params.search.trim());
      if (params.cohortKey && params.cohortValue) {
        query.set("cohortKey", params.cohortKey);
        query.set("cohortValue", params.cohortValue);
      }
      return api<CompanyInviteesResponse>(`/api/invitees?${query}`, { signal });
    },
    placeholderData: keepPreviousData,
  });
}

/** GET /api/invitees/cohorts: the cohort fields people were invited with and the values seen for each. */
export function useInviteeCohorts() {
  return useQuery({
    queryKey: [...COMPANY_INVITEES_KEY, "cohorts"],
    queryFn: ({ signal }) => api<CohortOptionsResponse>("/api/invitees/cohorts", { signal }),
  });
}
