import { Button, Group, NativeSelect, Text } from "@mantine/core";
import { IconChevronLeft, IconChevronRight } from "@tabler/icons-react";
import { type ReactNode, useId } from "react";

interface TablePagerProps {
  /** What the pages are of, for the navigation landmark ("Sent invitees pages"). */
  label: string;
  page: number;
  pageCount: number;
  onPage: (page: number) => void;
  /** Offered rows-per-page sizes; the select is left out when absent. */
  pageSizes?: readonly number[];
  pageSize?: number;
  onPageSize?: (size: number) => void;
  /** Extra text before "Page X of Y" ("1–10 of 42 invitees"). */
  summary?: ReactNode;
}

/** "Page X of Y" with Previous and Next, and optionally how many rows a page shows. */
export function TablePager({ label, page, pageCount, onPage, pageSizes, pageSize, onPageSize, summary }: TablePagerProps) {
  const sizeId = useId();
  return (
    <Group justify="space-between" gap="sm" wrap="wrap" component="nav" aria-label={label}>
      <Group gap="md" wrap="wrap">
        {pageSizes && pageSize !== undefined && onPageSize && (
          <Group gap="xs" wrap="nowrap">
            <Text size="sm" component="label" htmlFor={sizeId}>
              Rows per page
            </Text>
            <NativeSelect
              id={sizeId}
              size="xs"
              w={76}
              value={String(pageSize)}
              onChange={(event) => onPageSize(Number(event.currentTarget.value))}
              data={pageSizes.map((size) => String(size))}
              data-testid="rows-per-page"
            />
          </Group>
        )}
        {summary && (
          <Text size="sm" c="dimmed">
            {summary}
          </Text>
        )}
      </Group>
      <Group gap="xs" wrap="nowrap">
        <Text size="sm" aria-live="polite" data-testid="page-indicator" mr="xs">
          Page {page} of {pageCount}
        </Text>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconChevronLeft size={16} aria-hidden />}
          disabled={page <= 1}
          onClick={() => onPage(page - 1)}
        >
          Previous
        </Button>
        <Button
          variant="default"
          size="xs"
          rightSection={<IconChevronRight size={16} aria-hidden />}
          disabled={page >= pageCount}
          onClick={() => onPage(page + 1)}
        >
          Next
        </Button>
      </Group>
    </Group>
  );
}
