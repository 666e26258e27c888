import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { isApiError } from "./api";

export const ME_QUERY_KEY = ["me"] as const;

/** A 401 from any call means the session ended: refresh /api/me so the guards send the user to /login. */
function onUnauthorized(error: unknown, queryKey?: readonly unknown[]) {
  if (!isApiError(error, 401)) return;
  if (queryKey && queryKey[0] === ME_QUERY_KEY[0]) return;
  void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
}

export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: (error, query) => onUnauthorized(error, query.queryKey) }),
  mutationCache: new MutationCache({ onError: (error) => onUnauthorized(error) }),
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // At most 3 attempts (the first and 2 retries), then the page shows its failure state with Retry. A query that
      // failed is not tried again because another component mounted it: that loop once spun a report for 30 s with
      // 54 requests and no message (issue 25 item 4). Retry (refetch) is the way back.
      retryOnMount: false,
      retry: (failureCount, error) => {
        if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
        return failureCount < 2;
      },
    },
    mutations: { retry: false },
  },
});
