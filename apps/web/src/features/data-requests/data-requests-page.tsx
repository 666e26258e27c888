/**
 * /dashboard/data-requests (decision 0074): an Admin asks Hearth's team for data or an analysis the reports do not
 * show, within the plan's allowance (Silver 4, Gold 6), and follows each request's status. Plans without the
 * allowance see it locked with the way to upgrade. Behind the company-profile permission (router.tsx).
 */
import {
  DATA_REQUEST_DESCRIPTION_MAX,
  DATA_REQUEST_TITLE_MAX,
  type DataRequest,
  type DataRequestInput,
  dataRequestInputSchema,
} from "@hearth/shared";
import { Alert, Badge, Button, Card, Group, Select, Stack, Text, Textarea, TextInput, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconArrowRight, IconLock } from "@tabler/icons-react";
import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import { serverErrors, useFormState, validate } from "../../lib/form";
import { useCompanyDates } from "../auth";
import { QueryBoundary } from "../errors";
import { BILLING_PLAN_PATH, useSurveys } from "../surveys";
import { useDataRequests, useFileDataRequest } from "./data-requests-api";
import { type AllowanceView, describeAllowance, statusBadge } from "./data-requests-view";

export function DataRequestsPage() {
  const list = useDataRequests();
  return (
    <Stack gap="lg" maw={960}>
      <Stack gap={4}>
        <Title order={1} size="h2">
          Custom data requests
        </Title>
        <Text c="dimmed">
          Ask our team for data or an analysis your reports do not show, such as a cut of a survey's results or a comparison over time. We
          reply here and by email as we work on it.
        </Text>
      </Stack>
      <QueryBoundary query={list} what="your data requests">
        {(data) => (
          <>
            <RequestCard allowance={describeAllowance(data)} />
            <RequestList requests={data.requests} />
          </>
        )}
      </QueryBoundary>
    </Stack>
  );
}

function RequestCard({ allowance }: { allowance: AllowanceView }) {
  if (allowance.state === "locked") {
    return (
      <Card withBorder data-testid="data-requests-locked">
        <Stack gap="sm" align="flex-start">
          <Group gap="xs">
            <IconLock size={18} aria-hidden />
            <Title order={2} fz="lg">
              Not in your plan
            </Title>
          </Group>
          <Text>{allowance.message}</Text>
          <Button component={Link} to={BILLING_PLAN_PATH} rightSection={<IconArrowRight size={16} aria-hidden />}>
            Compare plans and upgrade
          </Button>
        </Stack>
      </Card>
    );
  }
  return (
    <Card withBorder data-testid="data-request-form-card">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} fz="lg">
            New request
          </Title>
          <Text size="sm" c={allowance.state === "full" ? "orange.9" : "dimmed"} data-testid="data-requests-allowance">
            {allowance.summary}
          </Text>
        </Group>
        {allowance.state === "full" ? (
          <Stack gap="sm" align="flex-start">
            <Alert color="orange" variant="light" w="100%">
              {allowance.message}
            </Alert>
            <Button component={Link} to={BILLING_PLAN_PATH} variant="light" rightSection={<IconArrowRight size={16} aria-hidden />}>
              Compare plans
            </Button>
          </Stack>
        ) : (
          <RequestForm />
        )}
      </Stack>
    </Card>
  );
}

const NO_SURVEY = "";

function RequestForm() {
  const form = useFormState({ title: "", description: "", surveyId: NO_SURVEY });
  const [formError, setFormError] = useState<string | null>(null);
  const surveys = useSurveys();
  const file = useFileDataRequest();
  const surveyOptions = [
    { value: NO_SURVEY, label: "No particular survey" },
    ...(surveys.data ?? []).filter((survey) => !survey.draft).map((survey) => ({ value: survey.id, label: survey.name })),
  ];

  function submit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const checked = validate<DataRequestInput>(dataRequestInputSchema, {
      title: form.values.title,
      description: form.values.description,
      surveyId: form.values.surveyId || null,
    });
    form.setErrors(checked.errors);
    if (!checked.data) return;
    file.mutate(checked.data, {
      onSuccess: (created) => {
        form.setValues({ title: "", description: "", surveyId: NO_SURVEY });
        notifications.show({ color: "teal", message: `Request "${created.title}" sent. Our team will be in touch.` });
      },
      onError: (failure) => {
        const mapped = serverErrors(failure, ["title", "description", "surveyId"]);
        form.setErrors(mapped.fields);
        setFormError(mapped.message ?? null);
      },
    });
  }

  return (
    <form onSubmit={submit} noValidate aria-label="New custom data request">
      <Stack gap="sm">
        <TextInput label="Title" required maxLength={DATA_REQUEST_TITLE_MAX} {...form.textProps("title")} />
        <Textarea
          label="What data or question?"
          description="Say what you want to learn, and for whom (teams, locations, a period)."
          required
          autosize
          minRows={4}
          maxRows={12}
          maxLength={DATA_REQUEST_DESCRIPTION_MAX}
          {...form.textProps("description")}
        />
        <Select
          label="Survey (optional)"
          data={surveyOptions}
          value={form.values.surveyId}
          onChange={(value) => form.setField("surveyId", value ?? NO_SURVEY)}
          allowDeselect={false}
          disabled={surveys.isPending}
          description={surveys.isError ? "Your surveys could not be loaded; you can still send the request without one." : undefined}
          error={form.errors.surveyId}
          comboboxProps={{ withinPortal: true }}
        />
        {formError && (
          <Alert color="red" variant="light" role="alert">
            {formError}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={file.isPending}>
            Send request
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function RequestList({ requests }: { requests: DataRequest[] }) {
  return (
    <Card withBorder>
      <Stack gap="md">
        <Title order={2} fz="lg">
          Your company's requests
        </Title>
        {requests.length === 0 ? (
          <Text c="dimmed" data-testid="data-requests-empty">
            No requests yet. Requests your company sends appear here with their status.
          </Text>
        ) : (
          <Stack gap="sm" component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }} data-testid="data-requests-list">
            {requests.map((request) => (
              <RequestItem key={request.id} request={request} />
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}

function RequestItem({ request }: { request: DataRequest }) {
  const dates = useCompanyDates();
  const badge = statusBadge(request.status);
  return (
    <Card component="li" withBorder padding="sm" data-testid="data-request-item">
      <Stack gap={6}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={600}>{request.title}</Text>
          <Badge color={badge.color} variant="light" data-testid="data-request-status">
            {badge.label}
          </Badge>
        </Group>
        <Text size="sm" style={{ whiteSpace: "pre-wrap" }}>
          {request.description}
        </Text>
        <Text size="xs" c="dimmed">
          Sent {dates.day(request.createdAt)}
          {request.requestedBy ? ` by ${request.requestedBy}` : ""}
          {request.surveyName ? ` · About ${request.surveyName}` : ""}
        </Text>
        {request.operatorNote && (
          <Alert variant="light" color="gray" title="Note from our team" data-testid="data-request-note">
            <Text size="sm" style={{ whiteSpace: "pre-wrap" }}>
              {request.operatorNote}
            </Text>
          </Alert>
        )}
      </Stack>
    </Card>
  );
}
