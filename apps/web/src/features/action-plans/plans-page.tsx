/**
 * /dashboard/plans (issue 26, decision 0078): the company's action plans with their owner, scope, days, progress and
 * overdue actions; a table on wide screens, cards on a phone. Admins and Managers create plans; Staff see the plans
 * they own or hold an action of. Below Silver the page is locked behind "Upgrade To Access".
 */
import { type ActionPlanSummary, actionProgressPercent, describeActionProgress, describePlanScope } from "@hearth/shared";
import { Anchor, Badge, Button, Card, Group, Progress, SegmentedControl, Stack, Table, Text, ThemeIcon, Title } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconChecklist, IconPlus } from "@tabler/icons-react";
import { useState } from "react";
import { Link } from "react-router";
import { useCompanyDates } from "../auth";
import { QueryBoundary } from "../errors";
import { useActionPlans } from "./action-plans-api";
import { actionPlanPath, NEW_ACTION_PLAN_PATH, planStatusBadge } from "./action-plans-view";
import { describeNextCheckin } from "./checkin-view";
import { PlansCsvButton } from "./plans-download";
import { PlansLocked, refusedByPlan, usePlansAllowed } from "./plans-locked";

export function ActionPlansPage() {
  const allowed = usePlansAllowed();
  const [view, setView] = useState<"current" | "archived">("current");
  const plans = useActionPlans(view === "archived", allowed === true);
  const locked = allowed === false || refusedByPlan(plans);
  const canCreate = plans.data?.canCreate === true && !locked;
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Stack gap={4} maw={720}>
          <Title order={1} fz={{ base: 24, sm: 28 }}>
            Action Plans
          </Title>
          <Text c="dimmed">
            Turn what your surveys found into actions with owners and due dates, and follow their progress until the next check-in.
          </Text>
        </Stack>
        <Group gap="sm">
          {plans.data && !locked ? <PlansCsvButton /> : null}
          {canCreate ? (
            <Button component={Link} to={NEW_ACTION_PLAN_PATH} leftSection={<IconPlus size={16} aria-hidden />}>
              Create plan
            </Button>
          ) : null}
        </Group>
      </Group>
      {locked ? (
        <PlansLocked />
      ) : (
        <>
          <SegmentedControl
            aria-label="Which plans"
            value={view}
            onChange={(value) => setView(value as "current" | "archived")}
            data={[
              { value: "current", label: "Current plans" },
              { value: "archived", label: "Archived plans" },
            ]}
            w="fit-content"
          />
          <QueryBoundary query={plans} what="your action plans">
            {(data) =>
              data.plans.length === 0 ? (
                <EmptyPlans archived={view === "archived"} canCreate={data.canCreate} />
              ) : (
                <PlanList plans={data.plans} />
              )
            }
          </QueryBoundary>
        </>
      )}
    </Stack>
  );
}

function EmptyPlans({ archived, canCreate }: { archived: boolean; canCreate: boolean }) {
  const message = archived
    ? "No plans have been archived. Plans you archive stay here, and can be made active again."
    : canCreate
      ? "Create a plan for a result you want to improve: give it an owner, a focus and actions with due dates."
      : "Plans you own, or that hold an action you own, appear here.";
  return (
    <Card withBorder data-testid="action-plans-empty">
      <Stack align="center" gap="sm" py="lg" ta="center">
        <ThemeIcon size={48} radius="xl" variant="light" color="gray" aria-hidden>
          <IconChecklist size={26} />
        </ThemeIcon>
        <Text fw={600}>{archived ? "No archived plans" : "No action plans yet"}</Text>
        <Text size="sm" c="dimmed" maw={460}>
          {message}
        </Text>
        {canCreate && !archived ? (
          <Button component={Link} to={NEW_ACTION_PLAN_PATH} leftSection={<IconPlus size={16} aria-hidden />}>
            Create your first plan
          </Button>
        ) : null}
      </Stack>
    </Card>
  );
}

/** The bar, "1 of 2 actions done", and the overdue actions when there are any. */
function ProgressCell({ plan }: { plan: ActionPlanSummary }) {
  return (
    <Stack gap={4} miw={130}>
      <Progress value={actionProgressPercent(plan.actionsDone, plan.actionsTotal)} aria-hidden />
      <Text size="xs" data-testid="plan-progress">
        {describeActionProgress(plan.actionsDone, plan.actionsTotal)}
      </Text>
      {plan.overdueActions > 0 ? (
        <Badge color="red" variant="light" style={{ minWidth: "max-content" }} data-testid="plan-overdue">
          {plan.overdueActions} overdue
        </Badge>
      ) : null}
    </Stack>
  );
}

function PlanList({ plans }: { plans: ActionPlanSummary[] }) {
  const phone = useMediaQuery("(max-width: 48em)", false);
  const dates = useCompanyDates();
  if (phone) {
    return (
      <Stack gap="sm" component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }} data-testid="action-plan-cards">
        {plans.map((plan) => {
          const status = planStatusBadge(plan.status);
          return (
            <Card component="li" withBorder key={plan.id} data-testid="action-plan-row">
              <Stack gap={6}>
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <Anchor component={Link} to={actionPlanPath(plan.id)} fw={600} style={{ overflowWrap: "anywhere" }}>
                    {plan.title}
                  </Anchor>
                  <Badge color={status.color} variant="light">
                    {status.label}
                  </Badge>
                </Group>
                <Text size="sm">
                  {plan.focusLabel} · {describePlanScope(plan.scope)}
                </Text>
                <Text size="sm" c="dimmed">
                  Owner: {plan.ownerName ?? "No owner"}
                </Text>
                <Text size="sm" c="dimmed">
                  {dates.calendarRange(plan.startDate, plan.endDate)}
                </Text>
                <Text size="sm" c="dimmed">
                  Next due: {plan.nextDueDate ? dates.calendarDay(plan.nextDueDate) : "Nothing due"} · Next check-in:{" "}
                  {describeNextCheckin(plan.nextCheckin, dates.calendarDay)}
                </Text>
                <ProgressCell plan={plan} />
              </Stack>
            </Card>
          );
        })}
      </Stack>
    );
  }
  return (
    <Card withBorder p={0}>
      <Table.ScrollContainer
        minWidth={960}
        scrollAreaProps={{ viewportProps: { tabIndex: 0, "aria-label": "Action plans (scrolls sideways)" } }}
      >
        <Table verticalSpacing="sm" horizontalSpacing="md" data-testid="action-plan-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th miw={200}>Plan</Table.Th>
              <Table.Th>Owner</Table.Th>
              <Table.Th>Scope</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Runs ({dates.zoneName})</Table.Th>
              <Table.Th>Next due ({dates.zoneName})</Table.Th>
              <Table.Th>Progress</Table.Th>
              <Table.Th>Next check-in ({dates.zoneName})</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {plans.map((plan) => {
              const status = planStatusBadge(plan.status);
              return (
                <Table.Tr key={plan.id} data-testid="action-plan-row">
                  <Table.Td>
                    <Stack gap={2}>
                      <Anchor component={Link} to={actionPlanPath(plan.id)} fw={600} style={{ overflowWrap: "anywhere" }}>
                        {plan.title}
                      </Anchor>
                      <Text size="xs" c="dimmed">
                        {plan.focusLabel}
                      </Text>
                    </Stack>
                  </Table.Td>
                  <Table.Td>{plan.ownerName ?? "No owner"}</Table.Td>
                  <Table.Td>{describePlanScope(plan.scope)}</Table.Td>
                  <Table.Td>
                    <Badge color={status.color} variant="light" style={{ minWidth: "max-content" }}>
                      {status.label}
                    </Badge>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: "nowrap" }}>
                    <Text size="sm">{dates.calendarDayBare(plan.startDate)}</Text>
                    <Text size="sm">to {dates.calendarDayBare(plan.endDate)}</Text>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: "nowrap" }}>
                    {plan.nextDueDate ? dates.calendarDayBare(plan.nextDueDate) : "Nothing due"}
                  </Table.Td>
                  <Table.Td>
                    <ProgressCell plan={plan} />
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: "nowrap" }}>{describeNextCheckin(plan.nextCheckin, dates.calendarDayBare)}</Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}
