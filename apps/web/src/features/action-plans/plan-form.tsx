/** The fields of an action plan, for a new plan and for editing one (decision 0078). */
import { ACTION_PLAN_FOCUS_MAX, ACTION_PLAN_TARGET_MAX, ACTION_PLAN_TITLE_MAX, type ActionPlanStatus } from "@hearth/shared";
import { Alert, Button, Group, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from "@mantine/core";
import type { FormEvent } from "react";
import type { FieldErrors } from "../../lib/form";
import { focusSelectData, OWN_FOCUS, type PlanFormValues } from "./action-plans-view";

type Option = { value: string; label: string };
type Grouped = { group: string; items: Option[] }[];

export interface PlanFormProps {
  values: PlanFormValues;
  setField: <K extends keyof PlanFormValues>(key: K, value: PlanFormValues[K]) => void;
  errors: FieldErrors;
  formError: string | null;
  mode: "create" | "edit";
  people: { options: Option[]; loading: boolean; failed: boolean };
  /** The cohorts a plan can be for; null when the company's plan has no Department Insights. */
  scopes: { data: Grouped; loading: boolean; failed: boolean } | null;
  canChangeOwner: boolean;
  submitting: boolean;
  onSubmit: () => void;
  onCancel?: () => void;
}

const STATUS_OPTIONS: { value: ActionPlanStatus; label: string }[] = [
  { value: "active", label: "Active" },
  { value: "completed", label: "Completed" },
];

export function PlanForm(props: PlanFormProps) {
  const { values, setField, errors, mode } = props;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onSubmit();
  };
  const peopleNote = props.people.failed
    ? "Your team could not be loaded. Reload the page to choose someone else."
    : props.canChangeOwner
      ? undefined
      : "Only Admins and Managers can give the plan to someone else.";
  const ownerOptions =
    props.people.options.some((option) => option.value === values.ownerUserId) || !values.ownerUserId
      ? props.people.options
      : [...props.people.options, { value: values.ownerUserId, label: "The current owner" }];
  return (
    <form onSubmit={submit} noValidate aria-label={mode === "create" ? "New action plan" : "Edit action plan"}>
      <Stack gap="md">
        <TextInput
          label="Title"
          required
          maxLength={ACTION_PLAN_TITLE_MAX}
          value={values.title}
          error={errors.title}
          onChange={(event) => setField("title", event.currentTarget.value)}
        />
        <Select
          label="Focus"
          description="The result the plan sets out to improve."
          required
          searchable
          data={focusSelectData()}
          value={values.focusChoice || null}
          onChange={(value) => setField("focusChoice", value ?? "")}
          error={values.focusChoice === OWN_FOCUS ? undefined : errors.focus}
          comboboxProps={{ withinPortal: true }}
        />
        {values.focusChoice === OWN_FOCUS ? (
          <TextInput
            label="Describe the focus"
            required
            maxLength={ACTION_PLAN_FOCUS_MAX}
            value={values.focusText}
            error={errors.focus}
            onChange={(event) => setField("focusText", event.currentTarget.value)}
          />
        ) : null}
        <Select
          label="Owner"
          description={peopleNote}
          required
          searchable
          data={ownerOptions}
          value={values.ownerUserId || null}
          onChange={(value) => setField("ownerUserId", value ?? "")}
          disabled={!props.canChangeOwner || props.people.loading}
          error={errors.ownerUserId}
          comboboxProps={{ withinPortal: true }}
        />
        {props.scopes ? (
          <Select
            label="Who the plan is for"
            description={
              props.scopes.failed ? "Your cohorts could not be loaded, so the plan can be for the whole company only." : undefined
            }
            data={props.scopes.data}
            value={values.scope}
            onChange={(value) => setField("scope", value ?? "")}
            allowDeselect={false}
            disabled={props.scopes.loading}
            error={errors.scope}
            comboboxProps={{ withinPortal: true }}
          />
        ) : (
          <Text size="sm" c="dimmed">
            This plan is for the whole company. A plan for one department or team needs Department Insights.
          </Text>
        )}
        <Textarea
          label="Target (optional)"
          description="What success looks like, for example a score to reach by the end date."
          autosize
          minRows={2}
          maxRows={6}
          maxLength={ACTION_PLAN_TARGET_MAX}
          value={values.target}
          error={errors.target}
          onChange={(event) => setField("target", event.currentTarget.value)}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput
            label="Start date"
            type="date"
            required
            value={values.startDate}
            error={errors.startDate}
            onChange={(event) => setField("startDate", event.currentTarget.value)}
          />
          <TextInput
            label="End date"
            type="date"
            required
            value={values.endDate}
            error={errors.endDate}
            onChange={(event) => setField("endDate", event.currentTarget.value)}
          />
        </SimpleGrid>
        {mode === "edit" && values.status !== "archived" ? (
          <Select
            label="Status"
            data={STATUS_OPTIONS}
            value={values.status}
            onChange={(value) => setField("status", (value as ActionPlanStatus | null) ?? "active")}
            allowDeselect={false}
            error={errors.status}
            comboboxProps={{ withinPortal: true }}
          />
        ) : null}
        {props.formError ? (
          <Alert color="red" variant="light" role="alert">
            {props.formError}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          {props.onCancel ? (
            <Button variant="default" onClick={props.onCancel}>
              Cancel
            </Button>
          ) : null}
          <Button type="submit" loading={props.submitting}>
            {mode === "create" ? "Create plan" : "Save changes"}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
