import { Alert, Button, Group, Stack, Text } from "@mantine/core";
import { IconRefresh } from "@tabler/icons-react";
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { errorMessage } from "../../lib/api";

export const RETRY_LABEL = "Retry";

/**
 * Retry means everything that failed, not only the query behind the button: a report's layout and its tab read some of
 * the same data, and a query that failed is not retried on mount (lib/query-client.ts), so one press must bring the
 * whole page back. Failed queries without data go back to pending; those on screen fetch at once, the others when they mount.
 */
export function retryFailedQueries(client: QueryClient): void {
  // A failed query without data goes back to pending (its page shows the loader, then the result); one that still
  // holds data from before (a failed refresh) keeps it on screen and is only fetched again.
  void client.resetQueries(
    { predicate: (query) => query.state.status === "error" && query.state.data === undefined },
    { cancelRefetch: false },
  );
  void client.refetchQueries(
    { predicate: (query) => query.state.status === "error" && query.state.data !== undefined },
    { cancelRefetch: false },
  );
}

/**
 * What a page shows when a query failed after its attempts (at most 3, lib/query-client.ts): what failed, the reason in
 * words, and Retry. Never a spinner without end (issue 25 item 4).
 */
export function QueryErrorState({
  error,
  onRetry,
  what = "this page",
  retrying = false,
  compact = false,
}: {
  error: unknown;
  /** Anything to do besides retrying every failed query. */
  onRetry?: () => void;
  /** What could not be loaded, as it ends the sentence "We could not load …". */
  what?: string;
  retrying?: boolean;
  compact?: boolean;
}) {
  const client = useQueryClient();
  const reason = errorMessage(error);
  const retry = () => {
    onRetry?.();
    retryFailedQueries(client);
  };
  return (
    <Alert
      color="red"
      variant="light"
      role="alert"
      w="100%"
      data-testid="query-error"
      title={compact ? undefined : `We could not load ${what}.`}
    >
      <Stack gap="xs" align="flex-start">
        <Group justify="space-between" gap="sm" wrap="wrap" w="100%">
          <Text size="sm">{compact ? `We could not load ${what}. ${reason}` : reason}</Text>
          <Button
            size="compact-sm"
            variant="default"
            leftSection={<IconRefresh size={14} aria-hidden />}
            loading={retrying}
            onClick={retry}
          >
            {RETRY_LABEL}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
