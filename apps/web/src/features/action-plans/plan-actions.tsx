/**
 * A plan's actions (decision 0078): in their order, each with its owner, due day (overdue marked) and status. Those
 * who manage the plan add, edit, remove and reorder them with buttons (keyboard and screen reader friendly); an
 * action's own owner marks it done or changes its status and notes.
 */
import {
  type ActionPlanDetail,
  PLAN_ACTION_NOTES_MAX,
  PLAN_ACTION_STATUS_LABELS,
  PLAN_ACTION_STATUSES,
  ACTION_PLAN_TITLE_MAX,
  type PlanAction,
  planActionInputSchema,
  planActionPatchSchema,
} from "@hearth/shared";
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconArrowDown, IconArrowUp, IconCheck, IconPencil, IconTrash } from "@tabler/icons-react";
import { type FormEvent, useCallback, useEffect, useRef, useState } from "react";
import { serverErrors, useFormState, validate } from "../../lib/form";
import { errorMessage } from "../../lib/api";
import { useCompanyDates } from "../auth";
import { useAddAction, useDeleteAction, usePatchAction, usePlanPeople, useReorderActions } from "./action-plans-api";
import {
  type ActionFormValues,
  actionFormFrom,
  actionStatusBadge,
  EMPTY_ACTION_FORM,
  moveActionIds,
  ownerOptions,
  toActionInput,
  toActionPatch,
} from "./action-plans-view";

const STATUS_OPTIONS = PLAN_ACTION_STATUSES.map((status) => ({ value: status, label: PLAN_ACTION_STATUS_LABELS[status] }));
const ACTION_FIELDS = ["title", "ownerUserId", "dueDate", "status", "notes"];

export function PlanActions({ plan }: { plan: ActionPlanDetail }) {
  const people = usePlanPeople(plan.can.manageActions);
  const options = ownerOptions(people.data?.members ?? []);
  const reorder = useReorderActions(plan.id);
  // After a move the keyboard stays on the moved action's buttons, wherever the action now is.
  const [moved, setMoved] = useState<{ id: string; delta: -1 | 1 } | null>(null);
  const clearMoved = useCallback(() => setMoved(null), []);
  const ids = plan.actions.map((action) => action.id);
  const move = (index: number, delta: -1 | 1) => {
    const next = moveActionIds(ids, index, delta);
    if (!next) return;
    reorder.mutate(next, {
      onSuccess: () => setMoved({ id: ids[index], delta }),
      onError: (failure) =>
        notifications.show({ color: "red", message: errorMessage(failure, "The new order could not be saved. Please try again.") }),
    });
  };
  return (
    <Card withBorder>
      <Stack gap="md">
        <Title order={2} fz="lg">
          Actions
        </Title>
        {plan.actions.length === 0 ? (
          <Text c="dimmed" data-testid="plan-actions-empty">
            {plan.can.manageActions ? "No actions yet. Add the first step below." : "No actions have been added to this plan yet."}
          </Text>
        ) : (
          <Stack gap="sm" component="ol" style={{ listStyle: "none", padding: 0, margin: 0 }} aria-label="Actions in order">
            {plan.actions.map((action, index) => (
              <ActionItem
                key={action.id}
                planId={plan.id}
                action={action}
                people={options}
                canMoveUp={index > 0}
                canMoveDown={index < plan.actions.length - 1}
                moving={reorder.isPending}
                onMove={(delta) => move(index, delta)}
                refocus={moved?.id === action.id ? moved.delta : null}
                onRefocused={clearMoved}
              />
            ))}
          </Stack>
        )}
        {plan.can.manageActions ? <AddAction planId={plan.id} people={options} /> : null}
      </Stack>
    </Card>
  );
}

type Option = { value: string; label: string };

interface ActionItemProps {
  planId: string;
  action: PlanAction;
  people: Option[];
  canMoveUp: boolean;
  canMoveDown: boolean;
  moving: boolean;
  onMove: (delta: -1 | 1) => void;
  /** The direction this action was just moved in: its button of that direction takes the focus again (or the other, at an end). */
  refocus: -1 | 1 | null;
  onRefocused: () => void;
}

function ActionItem(props: ActionItemProps) {
  const { planId, action, people, canMoveUp, canMoveDown, moving, onMove, refocus, onRefocused } = props;
  const dates = useCompanyDates();
  const upRef = useRef<HTMLButtonElement>(null);
  const downRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (refocus === null || moving) return;
    const up = refocus === -1 ? canMoveUp : !canMoveDown;
    (up ? upRef : downRef).current?.focus();
    onRefocused();
  }, [refocus, moving, canMoveUp, canMoveDown, onRefocused]);
  const [editing, setEditing] = useState(false);
  const [removing, setRemoving] = useState(false);
  // Marking done removes its button: the keyboard moves on to the action's edit button rather than being lost.
  const editRef = useRef<HTMLButtonElement>(null);
  const [focusEdit, setFocusEdit] = useState(false);
  useEffect(() => {
    if (!focusEdit || action.status !== "done") return;
    editRef.current?.focus();
    setFocusEdit(false);
  }, [focusEdit, action.status]);
  const patch = usePatchAction();
  const badge = actionStatusBadge(action.status);
  const markDone = () =>
    patch.mutate(
      { planId, actionId: action.id, body: { status: "done" } },
      {
        onSuccess: () => {
          setFocusEdit(true);
          notifications.show({ color: "teal", message: `"${action.title}" is done.` });
        },
        onError: (failure) => notifications.show({ color: "red", message: errorMessage(failure) }),
      },
    );
  return (
    <Card component="li" withBorder padding="sm" data-testid="plan-action" aria-label={action.title}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Text fw={600} style={{ overflowWrap: "anywhere" }}>
              {action.title}
            </Text>
            <Group gap="xs" wrap="wrap">
              <Badge color={badge.color} variant="light" data-testid="plan-action-status">
                {badge.label}
              </Badge>
              {action.overdue ? (
                <Badge color="red" variant="filled" data-testid="plan-action-overdue">
                  Overdue
                </Badge>
              ) : null}
              <Text size="sm" c="dimmed">
                {action.ownerName ? `Owner: ${action.ownerName}` : "No owner"} ·{" "}
                {action.dueDate ? `Due ${dates.calendarDay(action.dueDate)}` : "No due date"}
              </Text>
            </Group>
          </Stack>
          {action.canEdit ? (
            <Group gap={4} wrap="nowrap">
              <ActionIcon
                ref={upRef}
                variant="default"
                size={32}
                aria-label={`Move "${action.title}" up`}
                disabled={!canMoveUp || moving}
                onClick={() => onMove(-1)}
              >
                <IconArrowUp size={16} aria-hidden />
              </ActionIcon>
              <ActionIcon
                ref={downRef}
                variant="default"
                size={32}
                aria-label={`Move "${action.title}" down`}
                disabled={!canMoveDown || moving}
                onClick={() => onMove(1)}
              >
                <IconArrowDown size={16} aria-hidden />
              </ActionIcon>
            </Group>
          ) : null}
        </Group>
        {action.notes ? (
          <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
            {action.notes}
          </Text>
        ) : null}
        {editing ? (
          <ActionEditor planId={planId} action={action} people={people} onDone={() => setEditing(false)} />
        ) : (
          <Group gap="xs">
            {action.canUpdateStatus && action.status !== "done" ? (
              <Button
                size="xs"
                leftSection={<IconCheck size={14} aria-hidden />}
                loading={patch.isPending}
                onClick={markDone}
                aria-label={`Mark done: "${action.title}"`}
              >
                Mark done
              </Button>
            ) : null}
            {action.canUpdateStatus ? (
              <Button
                ref={editRef}
                size="xs"
                variant="default"
                leftSection={<IconPencil size={14} aria-hidden />}
                onClick={() => setEditing(true)}
                aria-label={`${action.canEdit ? "Edit" : "Update status of"} "${action.title}"`}
              >
                {action.canEdit ? "Edit" : "Update status"}
              </Button>
            ) : null}
            {action.canEdit ? (
              <Button
                size="xs"
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={14} aria-hidden />}
                onClick={() => setRemoving(true)}
                aria-label={`Remove "${action.title}"`}
              >
                Remove
              </Button>
            ) : null}
          </Group>
        )}
      </Stack>
      <RemoveAction planId={planId} action={action} opened={removing} onClose={() => setRemoving(false)} />
    </Card>
  );
}

function ActionFields({
  form,
  full,
  people,
}: {
  form: ReturnType<typeof useFormState<ActionFormValues>>;
  full: boolean;
  people: Option[];
}) {
  const { values, setField, errors } = form;
  return (
    <>
      {full ? (
        <TextInput
          label="Action"
          required
          maxLength={ACTION_PLAN_TITLE_MAX}
          value={values.title}
          error={errors.title}
          onChange={(event) => setField("title", event.currentTarget.value)}
        />
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: full ? 3 : 1 }}>
        {full ? (
          <Select
            label="Owner (optional)"
            searchable
            clearable
            data={people}
            value={values.ownerUserId || null}
            onChange={(value) => setField("ownerUserId", value ?? "")}
            error={errors.ownerUserId}
            comboboxProps={{ withinPortal: true }}
          />
        ) : null}
        {full ? (
          <TextInput
            label="Due date (optional)"
            type="date"
            value={values.dueDate}
            error={errors.dueDate}
            onChange={(event) => setField("dueDate", event.currentTarget.value)}
          />
        ) : null}
        <Select
          label="Status"
          data={STATUS_OPTIONS}
          value={values.status}
          allowDeselect={false}
          onChange={(value) => setField("status", (value as ActionFormValues["status"] | null) ?? "not_started")}
          error={errors.status}
          comboboxProps={{ withinPortal: true }}
        />
      </SimpleGrid>
      <Textarea
        label="Notes (optional)"
        autosize
        minRows={2}
        maxRows={8}
        maxLength={PLAN_ACTION_NOTES_MAX}
        value={values.notes}
        error={errors.notes}
        onChange={(event) => setField("notes", event.currentTarget.value)}
      />
    </>
  );
}

function ActionEditor({ planId, action, people, onDone }: { planId: string; action: PlanAction; people: Option[]; onDone: () => void }) {
  const form = useFormState<ActionFormValues>(actionFormFrom(action));
  const [formError, setFormError] = useState<string | null>(null);
  const patch = usePatchAction();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const body = toActionPatch(form.values, action, action.canEdit);
    if (Object.keys(body).length === 0) {
      onDone();
      return;
    }
    const checked = validate(planActionPatchSchema, body);
    form.setErrors(checked.errors);
    if (!checked.data) return;
    patch.mutate(
      { planId, actionId: action.id, body },
      {
        onSuccess: () => {
          notifications.show({ color: "teal", message: `"${form.values.title.trim() || action.title}" was saved.` });
          onDone();
        },
        onError: (failure) => {
          const mapped = serverErrors(failure, ACTION_FIELDS);
          form.setErrors(mapped.fields);
          setFormError(mapped.message ?? null);
        },
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate aria-label={`Edit "${action.title}"`}>
      <Stack gap="sm">
        <ActionFields form={form} full={action.canEdit} people={people} />
        {formError ? (
          <Alert color="red" variant="light" role="alert">
            {formError}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={patch.isPending}>
            Save action
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function AddAction({ planId, people }: { planId: string; people: Option[] }) {
  const form = useFormState<ActionFormValues>(EMPTY_ACTION_FORM);
  const [formError, setFormError] = useState<string | null>(null);
  const add = useAddAction();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const body = toActionInput(form.values);
    const checked = validate(planActionInputSchema, body);
    form.setErrors(checked.errors);
    if (!checked.data) return;
    add.mutate(
      { planId, body },
      {
        onSuccess: (created) => {
          form.setValues(EMPTY_ACTION_FORM);
          notifications.show({ color: "teal", message: `"${created.title}" was added to the plan.` });
        },
        onError: (failure) => {
          const mapped = serverErrors(failure, ACTION_FIELDS);
          form.setErrors(mapped.fields);
          setFormError(mapped.message ?? null);
        },
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Add an action">
      <Stack gap="sm">
        <Title order={3} fz="md">
          Add an action
        </Title>
        <ActionFields form={form} full people={people} />
        {formError ? (
          <Alert color="red" variant="light" role="alert">
            {formError}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button type="submit" loading={add.isPending}>
            Add action
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function RemoveAction({ planId, action, opened, onClose }: { planId: string; action: PlanAction; opened: boolean; onClose: () => void }) {
  const remove = useDeleteAction(planId);
  const confirm = () =>
    remove.mutate(action.id, {
      onSuccess: () => {
        notifications.show({ color: "teal", message: `"${action.title}" was removed from the plan.` });
        onClose();
      },
      onError: (failure) => notifications.show({ color: "red", message: errorMessage(failure) }),
    });
  return (
    <Modal opened={opened} onClose={onClose} title="Remove this action?" centered>
      <Stack gap="md">
        <Text>{`"${action.title}" will be removed from the plan, with its notes. This cannot be undone.`}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Keep it
          </Button>
          <Button color="red" loading={remove.isPending} onClick={confirm}>
            Remove action
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
