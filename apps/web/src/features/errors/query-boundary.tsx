import { Alert, Button, Center, Loader, Stack } from "@mantine/core";
import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { errorMessage, isApiError } from "../../lib/api";
import { AccessDeniedPage } from "./access-denied-page";

/** Loading, 403 (access denied in place) and error states for a page's main query. */
export function QueryBoundary<T>({ query, children }: { query: UseQueryResult<T>; children: (data: T) => ReactNode }) {
  if (query.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading" />
      </Center>
    );
  }
  if (query.isError) {
    if (isApiError(query.error, 403)) return <AccessDeniedPage />;
    return (
      <Stack align="flex-start">
        <Alert color="red" variant="light" role="alert" w="100%">
          {errorMessage(query.error)}
        </Alert>
        <Button variant="default" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </Stack>
    );
  }
  return <>{children(query.data)}</>;
}
