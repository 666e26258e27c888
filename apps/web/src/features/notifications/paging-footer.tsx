import { computePageWindow, describePageWindow } from "@hearth/shared";
import { Button, Group, Text } from "@mantine/core";
import { IconChevronLeft, IconChevronRight } from "@tabler/icons-react";
import { useSearchParams } from "react-router";

/** Reads the page from ?page= (1 when absent or not a number). */
export function usePageParam(): number {
  const [params] = useSearchParams();
  const page = Number.parseInt(params.get("page") ?? "1", 10);
  return Number.isFinite(page) && page > 0 ? page : 1;
}

interface PagingFooterProps {
  total: number;
  page: number;
  pageSize: number;
}

/** "Showing X to Y of Z results" with Previous and Next, kept in the URL as ?page=. */
export function PagingFooter({ total, page, pageSize }: PagingFooterProps) {
  const [params, setParams] = useSearchParams();
  const pageWindow = computePageWindow(total, page, pageSize);

  function go(target: number) {
    const next = new URLSearchParams(params);
    if (target <= 1) next.delete("page");
    else next.set("page", String(target));
    setParams(next);
  }

  return (
    <Group justify="space-between" gap="sm" wrap="wrap" component="nav" aria-label="Pagination">
      <Text size="sm" aria-live="polite">
        {describePageWindow(pageWindow)}
      </Text>
      <Group gap="xs">
        <Button
          variant="default"
          size="sm"
          leftSection={<IconChevronLeft size={16} aria-hidden />}
          disabled={!pageWindow.hasPrevious}
          onClick={() => go(pageWindow.page - 1)}
        >
          Previous
        </Button>
        <Button
          variant="default"
          size="sm"
          rightSection={<IconChevronRight size={16} aria-hidden />}
          disabled={!pageWindow.hasNext}
          onClick={() => go(pageWindow.page + 1)}
        >
          Next
        </Button>
      </Group>
    </Group>
  );
}
