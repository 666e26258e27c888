/**
 * Custom data requests in the operator console (decision 0074): every company's requests, newest first, with a
 * status select and a note each. Saving a new status notifies the requester (in the app, and by email when their
 * address is verified).
 */
import {
  DATA_REQUEST_NOTE_MAX,
  DATA_REQUEST_STATUS_LABELS,
  DATA_REQUEST_STATUSES,
  type DataRequestStatus,
  type OperatorDataRequest,
} from "@hearth/shared";
import { Alert, Anchor, Badge, Button, Card, Center, Group, Loader, Select, Stack, Text, Textarea, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import { ApiError, errorMessage } from "../../lib/api";
import { formatRequestDate, statusBadge, useChangeDataRequestStatus, useOperatorDataRequests } from "../data-requests";

const STATUS_OPTIONS = DATA_REQUEST_STATUSES.map((status) => ({ value: status, label: DATA_REQUEST_STATUS_LABELS[status] }));
const FILTER_OPTIONS = [{ value: "all", label: "All statuses" }, ...STATUS_OPTIONS];

export function DataRequestsCard() {
  const [filter, setFilter] = useState<DataRequestStatus | null>(null);
  const requests = useOperatorDataRequests(filter);
  return (
    <Card withBorder padding="lg" data-testid="operator-data-requests">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h4">
            Custom data requests
          </Title>
          <Select
            label="Show"
            w={200}
            data={FILTER_OPTIONS}
            value={filter ?? "all"}
            allowDeselect={false}
            onChange={(value) => setFilter(!value || value === "all" ? null : (value as DataRequestStatus))}
          />
        </Group>
        {requests.isPending ? (
          <Center py="md">
            <Loader aria-label="Loading data requests" />
          </Center>
        ) : requests.isError ? (
          <Stack align="flex-start" gap="sm">
            <Alert color="red" variant="light" role="alert" w="100%">
              {errorMessage(requests.error, "We could not load the data requests.")}
            </Alert>
            <Button variant="default" onClick={() => void requests.refetch()}>
              Retry
            </Button>
          </Stack>
        ) : requests.data.length === 0 ? (
          <Text c="dimmed">
            {filter ? `No request is ${DATA_REQUEST_STATUS_LABELS[filter].toLowerCase()}.` : "No company has sent a request yet."}
          </Text>
        ) : (
          <Stack gap="sm" component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
            {requests.data.map((request) => (
              <RequestRow key={`${request.id}:${request.updatedAt}`} request={request} />
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}

function RequestRow({ request }: { request: OperatorDataRequest }) {
  const [status, setStatus] = useState<DataRequestStatus>(request.status);
  const [note, setNote] = useState(request.operatorNote ?? "");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const change = useChangeDataRequestStatus();
  const badge = statusBadge(request.status);
  const unchanged = status === request.status && note.trim() === (request.operatorNote ?? "");

  function save(event: FormEvent) {
    event.preventDefault();
    setErrors({});
    change.mutate(
      { id: request.id, status, note: note.trim() || null },
      {
        onSuccess: (saved) =>
          notifications.show({
            color: "teal",
            // Only a change of status notifies and emails the requester; a note alone shows on the company's page.
            message:
              saved.status === request.status
                ? `"${saved.title}": note saved. It shows on the company's Data Requests page; no one was notified.`
                : `"${saved.title}" is ${DATA_REQUEST_STATUS_LABELS[saved.status].toLowerCase()}. The requester has been told.`,
          }),
        onError: (failure) => {
          if (failure instanceof ApiError) setErrors(failure.fields);
          notifications.show({ color: "red", message: errorMessage(failure) });
        },
      },
    );
  }

  return (
    <Card component="li" withBorder padding="sm" data-testid="operator-data-request">
      <form onSubmit={save} aria-label={`Data request ${request.title}`}>
        <Stack gap="xs">
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Text fw={600}>{request.title}</Text>
            <Badge color={badge.color} variant="light">
              {badge.label}
            </Badge>
          </Group>
          <Text size="xs" c="dimmed">
            <Anchor component={Link} to={`/admin/dashboard/companies/${request.tenantId}`} size="xs" underline="always">
              {request.companyName ?? "Unnamed Company"}
            </Anchor>
            {` · ${formatRequestDate(request.createdAt, "UTC")}`}
            {request.requesterEmail
              ? ` · ${request.requestedBy ?? request.requesterEmail} <${request.requesterEmail}>`
              : " · requester removed"}
            {request.surveyName ? ` · About ${request.surveyName}` : ""}
          </Text>
          <Text size="sm" style={{ whiteSpace: "pre-wrap" }}>
            {request.description}
          </Text>
          <Group align="flex-end" wrap="wrap" gap="sm">
            <Select
              label="Status"
              w={180}
              data={STATUS_OPTIONS}
              value={status}
              allowDeselect={false}
              onChange={(value) => value && setStatus(value as DataRequestStatus)}
              error={errors.status}
            />
            <Textarea
              label="Note to the company"
              style={{ flex: 1, minWidth: 240 }}
              autosize
              minRows={1}
              maxRows={6}
              maxLength={DATA_REQUEST_NOTE_MAX}
              value={note}
              onChange={(event) => setNote(event.currentTarget.value)}
              error={errors.note}
            />
            <Button type="submit" loading={change.isPending} disabled={unchanged}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
