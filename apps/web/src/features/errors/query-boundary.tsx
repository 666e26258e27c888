import { Center, Loader } from "@mantine/core";
import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { isApiError } from "../../lib/api";
import { AccessDeniedPage } from "./access-denied-page";
import { QueryErrorState } from "./query-error-state";

/** Loading, 403 (access denied in place) and error states (message and Retry) for a page's main query. */
export function QueryBoundary<T>({
  query,
  what,
  children,
}: {
  query: UseQueryResult<T>;
  /** What the query loads, for the failure message ("We could not load …"). */
  what?: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading" />
      </Center>
    );
  }
  if (query.isError) {
    if (isApiError(query.error, 403)) return <AccessDeniedPage />;
    return <QueryErrorState error={query.error} what={what} retrying={query.isFetching} />;
  }
  return <>{children(query.data)}</>;
}
