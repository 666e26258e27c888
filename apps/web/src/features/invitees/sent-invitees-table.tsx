import {
  DEFAULT_INVITEE_TABLE_PAGE_SIZE,
  INVITATION_MESSAGES,
  INVITEE_TABLE_PAGE_SIZES,
  type SurveyInvitee,
  computePageWindow,
} from "@hearth/shared";
import { Alert, Button, Card, Center, Group, Loader, Progress, Stack, Text, ThemeIcon } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconAlertCircle, IconClockHour4, IconMailOff, IconSend } from "@tabler/icons-react";
import { useCallback, useEffect, useMemo, useState } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { errorMessage, isApiError } from "../../lib/api";
import { AccessDeniedPage } from "../errors";
import { invitesPath } from "../surveys";
import { type InviteePageState, usePauseInvitees, useSentInvitees } from "./invitee-api";
import { SentInviteeRows } from "./sent-invitee-rows";
import { cancellableIds, filterByEmail, planReminder, reminderSearch, reminderStorageKey } from "./sent-invitee-rules";
import { SentInviteesToolbar } from "./sent-invitees-toolbar";
import { TablePager } from "./table-pager";

/** The clock the Cancel Send rule reads, moved on every half minute so a send whose time comes is no longer cancellable. */
function useNow(intervalMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}

function LoadingAllPages({ loaded, total }: { loaded: number; total: number }) {
  return (
    <Alert color="yellow" variant="light" icon={<IconClockHour4 size={20} aria-hidden />} role="status" data-testid="invitee-loading-pages">
      <Text fw={600} size="sm">
        {INVITATION_MESSAGES.loadingAllPages}
      </Text>
      <Text size="sm" mb={6}>
        {loaded} of {total} pages loaded
      </Text>
      <Progress value={(loaded / total) * 100} color="yellow.7" size="sm" aria-label="Pages loaded" />
    </Alert>
  );
}

function PageErrors({ pages }: { pages: InviteePageState[] }) {
  if (pages.length === 0) return null;
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={20} aria-hidden />} role="alert" data-testid="invitee-page-errors">
      <Stack gap={6}>
        {pages.map((page) => (
          <Group key={page.page} gap="sm" justify="space-between" wrap="wrap">
            <Text size="sm" c="red.9" fw={600}>
              {page.errorMessage}
            </Text>
            <Button size="compact-sm" variant="default" onClick={page.retry} loading={page.isRetrying}>
              Retry page {page.page}
            </Button>
          </Group>
        ))}
      </Stack>
    </Alert>
  );
}

function EmptyState() {
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  params.delete("view");
  const search = params.toString();
  return (
    <Card data-testid="invitee-empty">
      <Stack align="center" gap="sm" py="lg" ta="center">
        <ThemeIcon size={48} radius="xl" variant="light" color="gray">
          <IconMailOff size={26} aria-hidden />
        </ThemeIcon>
        <Text fw={600}>Nobody has been invited to this survey yet</Text>
        <Text size="sm" c="dimmed" maw={440}>
          Invitations you send or schedule appear here with their send status and whether each person replied.
        </Text>
        <Button
          component={Link}
          to={{ pathname: location.pathname, search: search ? `?${search}` : "" }}
          leftSection={<IconSend size={16} aria-hidden />}
        >
          Invite people
        </Button>
      </Stack>
    </Card>
  );
}

/**
 * Screen 3, the Sent Surveys tab of the invite screen: everyone invited to one survey with their send status and
 * whether they replied. Loads every page, then pages, searches and selects in the browser.
 */
export function SentInviteesTable({ surveyId, isLOWI }: { surveyId: string; isLOWI: boolean }) {
  const data = useSentInvitees(surveyId);
  const pause = usePauseInvitees(surveyId);
  const navigate = useNavigate();
  const now = useNow();
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(DEFAULT_INVITEE_TABLE_PAGE_SIZE);
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const [bulkCancel, setBulkCancel] = useState(false);

  const { invitees } = data;
  const matching = useMemo(() => filterByEmail(invitees, search), [invitees, search]);
  const selectedRows = useMemo(() => invitees.filter((invitee) => selected.has(invitee.id)), [invitees, selected]);
  const toCancel = useMemo(() => cancellableIds(invitees, selected, now), [invitees, selected, now]);
  const allLoaded = data.loadedPages === data.maxPages;
  const reminder = useMemo(() => planReminder(invitees, selected), [invitees, selected]);

  const select = useCallback((ids: string[], checked: boolean) => {
    setSelected((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (checked) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  }, []);
  const { mutate: pauseInvitees } = pause;
  const cancel = useCallback(
    (ids: string[], bulk: boolean) => {
      setBulkCancel(bulk);
      pauseInvitees(ids, { onSuccess: () => bulk && setSelected(new Set()) });
    },
    [pauseInvitees],
  );
  const cancelOne = useCallback((invitee: SurveyInvitee) => cancel([invitee.id], false), [cancel]);

  if (data.first.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading invitees" />
      </Center>
    );
  }
  if (data.first.isError && data.first.data === undefined) {
    if (isApiError(data.first.error, 403)) return <AccessDeniedPage />;
    return (
      <Stack align="flex-start">
        <Alert color="red" variant="light" role="alert" w="100%">
          {errorMessage(data.first.error, "We could not load the invitees.")}
        </Alert>
        <Button variant="default" onClick={() => void data.first.refetch()}>
          Retry
        </Button>
      </Stack>
    );
  }

  const pagesStillLoading = data.pages.some((state) => state.isPending && !state.isError);
  const failedPages = data.pages.filter((state) => state.isError);
  const banners = (
    <>
      {data.dispatching > 0 && (
        <Alert color="blue" variant="light" icon={<IconSend size={20} aria-hidden />} role="status" data-testid="invitee-dispatching">
          <Text size="sm" fw={600}>
            {INVITATION_MESSAGES.dispatchUnderway}
          </Text>
        </Alert>
      )}
      {pagesStillLoading && <LoadingAllPages loaded={data.loadedPages} total={data.maxPages} />}
      <PageErrors pages={failedPages} />
    </>
  );

  if (invitees.length === 0 && data.total === 0) {
    return (
      <Stack gap="md">
        {banners}
        <EmptyState />
      </Stack>
    );
  }

  const pageWindow = computePageWindow(matching.length, page, pageSize);
  const rows = matching.slice(pageWindow.from - 1, pageWindow.to);
  const cancellingIds = new Set(pause.isPending && !bulkCancel ? (pause.variables ?? []) : []);
  /** Acting on "everyone" needs every page: say what is missing while some are loading or failed. */
  const waitReason = allLoaded
    ? null
    : failedPages.length > 0
      ? "Some pages could not be loaded. Retry them above first."
      : INVITATION_MESSAGES.loadingAllPages;

  function draftReminder() {
    try {
      window.localStorage.setItem(reminderStorageKey(surveyId), JSON.stringify(reminder.recipients));
    } catch {
      notifications.show({
        color: "red",
        message: "This browser could not keep the reminder list. Select fewer people and try again.",
      });
      return;
    }
    navigate(`${invitesPath({ id: surveyId, isLOWI })}${reminderSearch}`);
  }

  return (
    <Stack gap="md" data-testid="sent-invitees">
      {banners}
      <SentInviteesToolbar
        search={search}
        onSearch={(value) => {
          setSearch(value);
          setPage(1);
        }}
        matching={matching.length}
        selectedCount={selectedRows.length}
        allMatchingSelected={matching.length > 0 && matching.every((invitee) => selected.has(invitee.id))}
        onSelectAll={(checked) =>
          select(
            matching.map((invitee: SurveyInvitee) => invitee.id),
            checked,
          )
        }
        selectAllDisabledReason={waitReason}
        onClearSelection={() => setSelected(new Set())}
        cancellableCount={toCancel.length}
        onCancelSelected={() => cancel(toCancel, true)}
        cancelling={pause.isPending && bulkCancel}
        reminderCount={reminder.recipients.length}
        reminderDisabledReason={selectedRows.length === 0 && waitReason ? waitReason : reminder.disabledReason}
        onDraftReminder={draftReminder}
      />
      {matching.length === 0 ? (
        <Card>
          <Text c="dimmed" ta="center" py="md" data-testid="invitee-no-match">
            No invitee email matches “{search.trim()}”.
          </Text>
        </Card>
      ) : (
        <SentInviteeRows rows={rows} selected={selected} onSelect={select} onCancel={cancelOne} cancelling={cancellingIds} now={now} />
      )}
      <TablePager
        label="Sent invitees pages"
        page={pageWindow.page}
        pageCount={pageWindow.pageCount}
        onPage={setPage}
        pageSizes={INVITEE_TABLE_PAGE_SIZES}
        pageSize={pageSize}
        onPageSize={(size) => {
          setPageSize(size);
          setPage(1);
        }}
        summary={matching.length === 0 ? "No rows" : `${pageWindow.from}–${pageWindow.to} of ${matching.length}`}
      />
    </Stack>
  );
}
