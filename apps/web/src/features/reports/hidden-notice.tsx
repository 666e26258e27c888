import { Alert, Button, Group, Text } from "@mantine/core";
import { IconEyeOff, IconFilterOff } from "@tabler/icons-react";
import { errorMessage } from "../../lib/api";
import { useReportFilters } from "./report-api";

/** A group below the visibility threshold: the server's notice, word for word, in place of any number. */
export function HiddenNotice({ notice, title = "Results hidden" }: { notice: string; title?: string }) {
  return (
    <Alert
      color="yellow"
      variant="light"
      title={title}
      icon={<IconEyeOff size={18} aria-hidden />}
      styles={{ title: { color: "var(--mantine-color-dark-8)" } }}
      data-testid="report-hidden-notice"
    >
      {notice}
    </Alert>
  );
}

/** A report the server refused for its filters (e.g. a cohort not in this survey): say why and offer to clear them. */
export function FilterErrorAlert({ error }: { error: unknown }) {
  const [filters, setFilters] = useReportFilters();
  return (
    <Alert color="red" variant="light" role="alert">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm">{errorMessage(error, "This report cannot be shown with these filters.")}</Text>
        {filters.length > 0 && (
          <Button size="compact-sm" variant="default" leftSection={<IconFilterOff size={14} aria-hidden />} onClick={() => setFilters([])}>
            Clear filters
          </Button>
        )}
      </Group>
    </Alert>
  );
}
