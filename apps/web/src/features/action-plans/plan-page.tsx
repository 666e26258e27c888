/**
 * /dashboard/plans/:planId (decision 0078): one plan's details, its progress, its actions and its check-in slots.
 * Admins, Managers and the plan's owner edit it; Admins and Managers archive it. Plans the caller may not see answer
 * not found. Below Silver the page is locked behind "Upgrade To Access".
 */
import {
  type ActionPlanDetail,
  actionProgressPercent,
  canManageActionPlans,
  describeActionProgress,
  describePlanScope,
} from "@hearth/shared";
import { Anchor, Badge, Button, Card, Group, Modal, Progress, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconArchive, IconPencil, IconRestore } from "@tabler/icons-react";
import { type ReactNode, useState } from "react";
import { Link, useParams } from "react-router";
import { errorMessage, isApiError } from "../../lib/api";
import { useFormState } from "../../lib/form";
import { useCompanyDates, useMe } from "../auth";
import { QueryBoundary } from "../errors";
import { useHasFeature } from "../reports";
import { useActionPlan, useArchivePlan, usePatchPlan } from "./action-plans-api";
import { ACTION_PLANS_PATH, type PlanFormValues, planFormFromDetail, planStatusBadge } from "./action-plans-view";
import { PlanActions } from "./plan-actions";
import { PlanCheckins } from "./plan-checkins";
import { PlanFocusProgress } from "./plan-focus-progress";
import { PlanForm } from "./plan-form";
import { checkPlanEdit, planSaveErrors, usePlanFormSources } from "./plan-form-sources";
import { PlansLocked, refusedByPlan, usePlansAllowed } from "./plans-locked";

function BackLink() {
  return (
    <Anchor component={Link} to={ACTION_PLANS_PATH} size="sm">
      All action plans
    </Anchor>
  );
}

export function ActionPlanPage() {
  const { planId = "" } = useParams();
  const allowed = usePlansAllowed();
  const plan = useActionPlan(planId, allowed === true);
  if (allowed === false || refusedByPlan(plan)) {
    return (
      <Stack gap="lg">
        <BackLink />
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          Action plan
        </Title>
        <PlansLocked />
      </Stack>
    );
  }
  if (plan.isError && (isApiError(plan.error, 404) || isApiError(plan.error, 400))) {
    return (
      <Stack gap="lg">
        <BackLink />
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          Action plan not found
        </Title>
        <Card withBorder data-testid="action-plan-missing">
          <Text>
            This action plan does not exist, or it is not shared with you. The list of action plans shows every plan you can open.
          </Text>
        </Card>
      </Stack>
    );
  }
  return (
    <Stack gap="lg" maw={1000}>
      <BackLink />
      <QueryBoundary query={plan} what="this action plan">
        {(data) => <PlanView plan={data} />}
      </QueryBoundary>
    </Stack>
  );
}

function PlanView({ plan }: { plan: ActionPlanDetail }) {
  const [editing, setEditing] = useState(false);
  const [archiving, setArchiving] = useState(false);
  const status = planStatusBadge(plan.status);
  const restore = usePatchPlan(plan.id);
  const makeActive = () =>
    restore.mutate(
      { status: "active" },
      {
        onSuccess: () => notifications.show({ color: "teal", message: `"${plan.title}" is active again.` }),
        onError: (failure) => notifications.show({ color: "red", message: errorMessage(failure) }),
      },
    );
  return (
    <>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Stack gap={6} style={{ minWidth: 0 }}>
          <Title order={1} fz={{ base: 24, sm: 28 }} style={{ overflowWrap: "anywhere" }}>
            {plan.title}
          </Title>
          <Group gap="xs">
            <Badge color={status.color} variant="light" data-testid="action-plan-status">
              {status.label}
            </Badge>
            <Text size="sm" c="dimmed">
              {plan.focusLabel}
            </Text>
          </Group>
        </Stack>
        <Group gap="xs">
          {plan.can.edit && !editing && plan.status !== "archived" ? (
            <Button variant="default" leftSection={<IconPencil size={16} aria-hidden />} onClick={() => setEditing(true)}>
              Edit plan
            </Button>
          ) : null}
          {plan.can.archive && plan.status !== "archived" ? (
            <Button variant="subtle" color="red" leftSection={<IconArchive size={16} aria-hidden />} onClick={() => setArchiving(true)}>
              Archive
            </Button>
          ) : null}
          {plan.can.archive && plan.status === "archived" ? (
            <Button leftSection={<IconRestore size={16} aria-hidden />} loading={restore.isPending} onClick={makeActive}>
              Make active again
            </Button>
          ) : null}
        </Group>
      </Group>
      {plan.status === "archived" ? (
        <Text c="dimmed">This plan is archived. Its actions stay as they were until the plan is made active again.</Text>
      ) : null}
      {editing ? <EditPlan plan={plan} onDone={() => setEditing(false)} /> : <PlanDetails plan={plan} />}
      <PlanProgress plan={plan} />
      <PlanActions plan={plan} />
      <PlanCheckins plan={plan} />
      <PlanFocusProgress plan={plan} />
      <ArchivePlan plan={plan} opened={archiving} onClose={() => setArchiving(false)} />
    </>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: "anywhere", whiteSpace: "pre-wrap" }}>
        {children}
      </Text>
    </Stack>
  );
}

function PlanDetails({ plan }: { plan: ActionPlanDetail }) {
  const dates = useCompanyDates();
  return (
    <Card withBorder data-testid="action-plan-details">
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
        <Fact label="Focus">{plan.focusLabel}</Fact>
        <Fact label="Owner">{plan.ownerName ?? "No owner: an Admin or Manager can choose one."}</Fact>
        <Fact label="Who it is for">{describePlanScope(plan.scope)}</Fact>
        <Fact label="Starts">{dates.calendarDay(plan.startDate)}</Fact>
        <Fact label="Ends">{dates.calendarDay(plan.endDate)}</Fact>
        <Fact label="Target">{plan.target ?? "No target set."}</Fact>
        {plan.baselineSurveyName ? <Fact label="Baseline survey">{plan.baselineSurveyName}</Fact> : null}
        <Fact label="Created">
          {dates.moment(plan.createdAt)}
          {plan.createdByName ? ` by ${plan.createdByName}` : ""}
          {plan.source === "suggested" ? ", from a report suggestion" : ""}
        </Fact>
      </SimpleGrid>
    </Card>
  );
}

function PlanProgress({ plan }: { plan: ActionPlanDetail }) {
  return (
    <Card withBorder>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} fz="lg">
            Progress
          </Title>
          {plan.overdueActions > 0 ? (
            <Badge color="red" variant="light" data-testid="action-plan-overdue">
              {plan.overdueActions} overdue
            </Badge>
          ) : null}
        </Group>
        <Progress value={actionProgressPercent(plan.actionsDone, plan.actionsTotal)} size="lg" aria-hidden />
        <Text size="sm" data-testid="action-plan-progress">
          {describeActionProgress(plan.actionsDone, plan.actionsTotal)}
        </Text>
      </Stack>
    </Card>
  );
}

function EditPlan({ plan, onDone }: { plan: ActionPlanDetail; onDone: () => void }) {
  const me = useMe().data;
  const form = useFormState<PlanFormValues>(planFormFromDetail(plan));
  const [formError, setFormError] = useState<string | null>(null);
  const departmentInsights = useHasFeature("DepartmentInsights") === true;
  const manager = me ? canManageActionPlans(me.user) : false;
  const sources = usePlanFormSources({ departmentInsights, manager, currentScope: form.values.scope });
  const save = usePatchPlan(plan.id);

  function submit() {
    setFormError(null);
    const checked = checkPlanEdit(form.values, plan);
    form.setErrors(checked.errors);
    if (checked.unchanged) {
      onDone();
      return;
    }
    if (!checked.patch) return;
    save.mutate(checked.patch, {
      onSuccess: (saved) => {
        notifications.show({ color: "teal", message: `"${saved.title}" was saved.` });
        onDone();
      },
      onError: (failure) => {
        const errors = planSaveErrors(failure);
        form.setErrors(errors.fields);
        setFormError(errors.message);
      },
    });
  }

  return (
    <Card withBorder>
      <PlanForm
        values={form.values}
        setField={form.setField}
        errors={form.errors}
        formError={formError}
        mode="edit"
        people={sources.people}
        scopes={sources.scopes}
        canChangeOwner={plan.can.changeOwner}
        submitting={save.isPending}
        onSubmit={submit}
        onCancel={onDone}
      />
    </Card>
  );
}

function ArchivePlan({ plan, opened, onClose }: { plan: ActionPlanDetail; opened: boolean; onClose: () => void }) {
  const archive = useArchivePlan(plan.id);
  const confirm = () =>
    archive.mutate(undefined, {
      onSuccess: () => {
        notifications.show({
          color: "teal",
          message: `"${plan.title}" was archived. It can be made active again from the archived plans.`,
        });
        onClose();
      },
      onError: (failure) => notifications.show({ color: "red", message: errorMessage(failure) }),
    });
  return (
    <Modal opened={opened} onClose={onClose} title="Archive this plan?" centered>
      <Stack gap="md">
        <Text>
          Archived plans leave the list of current plans, with their actions kept as they are. Nothing is deleted, and the plan can be made
          active again.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Keep it active
          </Button>
          <Button color="red" loading={archive.isPending} onClick={confirm}>
            Archive plan
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
