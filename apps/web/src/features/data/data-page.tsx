import { DATA_CARDS_PAGE_SIZE, type DataCard, type DataCardList, type DataCardSource } from "@hearth/shared";
import { Anchor, Badge, Button, Card, Group, SegmentedControl, SimpleGrid, Stack, Text, TextInput, Title } from "@mantine/core";
import { IconArrowRight, IconDatabaseOff, IconFileImport } from "@tabler/icons-react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router";
import { api } from "../../lib/api";
import { useCompanyDates } from "../auth";
import { QueryBoundary } from "../errors";
import { TablePager } from "../invitees";
import { RecentImports } from "./recent-imports";
import { importDetailPath } from "./import-detail-tabs";

function DataCardView({ card }: { card: DataCard }) {
  const dates = useCompanyDates();
  return (
    <Card withBorder padding="md" data-testid="data-card">
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <Text fw={600} style={{ overflowWrap: "anywhere" }}>
            {card.title}
          </Text>
          <Badge variant="light" color={card.source === "survey" ? "ember" : "teal"} style={{ flexShrink: 0 }}>
            {card.source === "survey" ? "Survey" : "Imported"}
          </Badge>
        </Group>
        {card.recipient?.name && (
          <Text size="sm" c="dimmed" style={{ overflowWrap: "anywhere" }}>
            {card.recipient.email}
          </Text>
        )}
        <Text size="xs" c="dimmed">
          {card.source === "survey" ? "Published" : "Imported"} {dates.day(card.created)}
        </Text>
        <Stack component="dl" gap={2} m={0}>
          {card.data.map((entry) => (
            <Group key={entry.label} gap={6} wrap="nowrap" align="baseline">
              <Text component="dt" size="sm" c="dimmed" style={{ flexShrink: 0 }}>
                {entry.label}:
              </Text>
              <Text component="dd" size="sm" m={0} style={{ overflowWrap: "anywhere" }}>
                {entry.value}
              </Text>
            </Group>
          ))}
        </Stack>
        {card.importId && (
          <Anchor component={Link} to={importDetailPath(card.importId)} size="sm" fw={600} data-testid="data-card-open">
            <Group gap={4} wrap="nowrap">
              Open the imported answers
              <IconArrowRight size={14} aria-hidden />
            </Group>
          </Anchor>
        )}
      </Stack>
    </Card>
  );
}

/**
 * /dashboard/data (issue 14 item 1, decision 0044): every survey as one aggregate card and every imported person as
 * one card, newest first, by source and by day; "No Data/Feedback" when there is nothing yet.
 */
export function DataPage() {
  const [source, setSource] = useState<DataCardSource>("all");
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  const [page, setPage] = useState(1);
  const params = new URLSearchParams({ source, page: String(page) });
  if (/^\d{4}-\d{2}-\d{2}$/.test(from)) params.set("from", from);
  if (/^\d{4}-\d{2}-\d{2}$/.test(to)) params.set("to", to);
  const query = useQuery({
    queryKey: ["data-cards", params.toString()],
    queryFn: () => api<DataCardList>(`/api/data/cards?${params}`),
    placeholderData: keepPreviousData,
  });
  const reset = () => setPage(1);
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Stack gap={2} style={{ flex: 1, minWidth: 240 }}>
          <Title order={1} fz={{ base: 22, sm: 28 }}>
            Data
          </Title>
          <Text c="dimmed" size="sm">
            Your surveys and the employee data you imported. Survey answers are only ever shown together, in the survey's reports.
          </Text>
        </Stack>
        <Button component={Link} to="/dashboard/data/import" leftSection={<IconFileImport size={16} aria-hidden />}>
          Import data
        </Button>
      </Group>
      <Group gap="md" align="flex-end" wrap="wrap">
        <Stack gap={4}>
          <Text size="sm" fw={600} id="data-source-label">
            Source
          </Text>
          <SegmentedControl
            aria-labelledby="data-source-label"
            data-testid="data-source"
            value={source}
            onChange={(value) => {
              setSource(value as DataCardSource);
              reset();
            }}
            data={[
              { value: "all", label: "All" },
              { value: "survey", label: "Surveys" },
              { value: "import", label: "Imported" },
            ]}
          />
        </Stack>
        <TextInput
          type="date"
          label="From"
          value={from}
          onChange={(event) => {
            setFrom(event.currentTarget.value);
            reset();
          }}
          w={170}
        />
        <TextInput
          type="date"
          label="To"
          value={to}
          onChange={(event) => {
            setTo(event.currentTarget.value);
            reset();
          }}
          w={170}
        />
      </Group>
      <RecentImports />
      <QueryBoundary query={query}>
        {(data) =>
          data.cards.length === 0 ? (
            <Card withBorder data-testid="data-empty">
              <Stack align="center" gap="xs" py="lg" ta="center">
                <IconDatabaseOff size={36} aria-hidden />
                <Text fw={600}>No Data/Feedback</Text>
                <Text size="sm" c="dimmed">
                  All survey and imported employee feedback data will be displayed here
                </Text>
              </Stack>
            </Card>
          ) : (
            <Stack gap="md">
              <Text size="sm" c="dimmed" data-testid="data-total">
                {data.total.toLocaleString("en-US")} {data.total === 1 ? "card" : "cards"}
              </Text>
              <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
                {data.cards.map((card) => (
                  <DataCardView key={card.id} card={card} />
                ))}
              </SimpleGrid>
              {data.total > DATA_CARDS_PAGE_SIZE && (
                <TablePager label="Data card pages" page={page} pageCount={Math.ceil(data.total / DATA_CARDS_PAGE_SIZE)} onPage={setPage} />
              )}
            </Stack>
          )
        }
      </QueryBoundary>
    </Stack>
  );
}
