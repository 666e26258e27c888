import { COHORT_KEYS, type CohortKey, computePageWindow } from "@hearth/shared";
import { Alert, Button, Card, Center, Group, Loader, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { IconFilterOff, IconUsers } from "@tabler/icons-react";
import { type ReactNode, useState } from "react";
import { Link } from "react-router";
import { errorMessage, isApiError } from "../../lib/api";
import { AccessDeniedPage } from "../errors";
import { SURVEYS_PATH } from "../surveys";
import { INVITEE_PAGE_SIZES, serverSlice } from "./company-invitee-rules";
import { CompanyInviteeTable } from "./company-invitee-table";
import { useCompanyInvitees, useInviteeCohorts } from "./invitee-api";
import { InviteeFilters } from "./invitee-filters";
import { TablePager } from "./table-pager";

const SEARCH_DEBOUNCE_MS = 300;

const asCohortKey = (key: string | null): CohortKey | null =>
  key && (COHORT_KEYS as readonly string[]).includes(key) ? (key as CohortKey) : null;

function EmptyState({ filtered, onClear }: { filtered: boolean; onClear: () => void }) {
  return (
    <Stack align="center" gap="sm" py="xl" ta="center" data-testid="company-invitees-empty">
      <ThemeIcon size={48} radius="xl" variant="light" color="gray">
        {filtered ? <IconFilterOff size={26} aria-hidden /> : <IconUsers size={26} aria-hidden />}
      </ThemeIcon>
      <Text fw={600}>{filtered ? "No invitees match these filters" : "Nobody has been invited yet"}</Text>
      <Text size="sm" c="dimmed" maw={460}>
        {filtered
          ? "Try another name, email or cohort value, or clear the filters to see everyone."
          : "People you invite to a survey appear here, with the cohort details they were invited with and when each survey last emailed them."}
      </Text>
      {filtered ? (
        <Button variant="default" onClick={onClear}>
          Clear filters
        </Button>
      ) : (
        <Button component={Link} to={SURVEYS_PATH}>
          Go to surveys
        </Button>
      )}
    </Stack>
  );
}

/** /dashboard/invitees: everyone the company has invited, 25, 50 or 100 to a screen (the API is asked for 500 at a time). */
export function InviteesPage() {
  const [searchInput, setSearchInput] = useState("");
  const [search] = useDebouncedValue(searchInput.trim(), SEARCH_DEBOUNCE_MS);
  const [cohortKey, setCohortKey] = useState<string | null>(null);
  const [cohortValue, setCohortValue] = useState<string | null>(null);
  /** The page is kept with the filters it belongs to, so new filters start again at page 1. */
  const filterKey = JSON.stringify([search, cohortKey, cohortValue]);
  const [paging, setPaging] = useState({ filterKey, page: 1 });
  const [pageSize, setPageSize] = useState<number>(INVITEE_PAGE_SIZES[0]);
  const page = paging.filterKey === filterKey ? paging.page : 1;
  const setPage = (next: number) => setPaging({ filterKey, page: next });
  const { serverPage, offset } = serverSlice(page, pageSize);
  const cohorts = useInviteeCohorts();
  const query = useCompanyInvitees({ page: serverPage, search, cohortKey: asCohortKey(cohortKey), cohortValue });
  const filtered = Boolean(search || (cohortKey && cohortValue));

  function clearFilters() {
    setSearchInput("");
    setCohortKey(null);
    setCohortValue(null);
  }

  let body: ReactNode;
  if (query.isPending) {
    body = (
      <Center py="xl">
        <Loader aria-label="Loading invitees" />
      </Center>
    );
  } else if (query.isError && query.data === undefined) {
    if (isApiError(query.error, 403)) return <AccessDeniedPage />;
    body = (
      <Stack align="flex-start">
        <Alert color="red" variant="light" role="alert" w="100%">
          {errorMessage(query.error, "We could not load the invitees.")}
        </Alert>
        <Button variant="default" onClick={() => void query.refetch()}>
          Retry
        </Button>
      </Stack>
    );
  } else {
    const data = query.data;
    const pageWindow = computePageWindow(data.total, page, pageSize);
    // While the next API page loads, the previous one stays on screen (dimmed) rather than an empty slice of it.
    const shown = query.isPlaceholderData ? data.invitees.slice(0, pageSize) : data.invitees.slice(offset, offset + pageSize);
    const staleError = query.isError && (
      <Alert color="red" variant="light" role="alert">
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Text size="sm">{errorMessage(query.error, "We could not refresh the invitees.")}</Text>
          <Button size="compact-sm" variant="default" onClick={() => void query.refetch()}>
            Retry
          </Button>
        </Group>
      </Alert>
    );
    body =
      data.invitees.length === 0 ? (
        <EmptyState filtered={filtered} onClear={clearFilters} />
      ) : (
        <Stack gap="md" style={{ opacity: query.isPlaceholderData ? 0.6 : 1, transition: "opacity 120ms" }} aria-busy={query.isFetching}>
          {staleError}
          <CompanyInviteeTable invitees={shown} surveys={data.surveys} />
          <TablePager
            label="Invitee pages"
            page={pageWindow.page}
            pageCount={pageWindow.pageCount}
            onPage={(next) => {
              setPage(next);
              globalThis.scrollTo({ top: 0 });
            }}
            pageSizes={INVITEE_PAGE_SIZES}
            pageSize={pageSize}
            onPageSize={(size) => {
              setPageSize(size);
              setPage(1);
            }}
            summary={`${pageWindow.from.toLocaleString()}–${pageWindow.to.toLocaleString()} of ${data.total.toLocaleString()} ${data.total === 1 ? "invitee" : "invitees"}${filtered ? " matching" : ""}`}
          />
        </Stack>
      );
  }

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          Invitees
        </Title>
        <Text c="dimmed">
          Everyone your company has invited to a survey, with their cohort details and when each survey last emailed them.
        </Text>
      </Stack>
      <Card component="section" aria-label="Invitees" p={{ base: "sm", xs: "lg" }}>
        <Stack gap="md">
          <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
            <InviteeFilters
              search={searchInput}
              onSearch={setSearchInput}
              cohorts={cohorts.data?.cohorts}
              cohortsUnavailable={cohorts.isError}
              cohortKey={cohortKey}
              cohortValue={cohortValue}
              onCohort={(key, value) => {
                setCohortKey(key);
                setCohortValue(value);
              }}
              onClear={clearFilters}
            />
            {query.isFetching && !query.isPending && <Loader size="sm" aria-label="Updating invitees" />}
          </Group>
          {body}
        </Stack>
      </Card>
    </Stack>
  );
}
