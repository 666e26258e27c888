import type { ActionPlanList, ActionPlanSummary, MeResponse } from "@hearth/shared";
import { Anchor, Badge, Button, Card, Group, Loader, Stack, Text, Title } from "@mantine/core";
import { IconTargetArrow } from "@tabler/icons-react";
import { Link } from "react-router";
import { errorMessage } from "../../lib/api";
import { useCompanyDates } from "../auth";
import { meHasFeature } from "../surveys";
import { useActionPlans } from "./action-plans-api";
import { ACTION_PLANS_PATH, actionPlanPath } from "./action-plans-view";
import { describeNextCheckin } from "./checkin-view";

/**
 * The dashboard's figures about plans (issue 26 item 4): open plans, overdue actions, the plans with one, and the next
 * check-in of all open plans (the earliest, with its plan).
 */
export function summarisePlans(list: ActionPlanList) {
  const open = list.plans.filter((plan) => plan.status === "active");
  const overdue = open.reduce((sum, plan) => sum + plan.overdueActions, 0);
  const withOverdue = open.filter((plan) => plan.overdueActions > 0);
  let next: { plan: ActionPlanSummary; checkin: NonNullable<ActionPlanSummary["nextCheckin"]> } | null = null;
  for (const plan of open) {
    if (plan.nextCheckin && (!next || plan.nextCheckin.day < next.checkin.day)) next = { plan, checkin: plan.nextCheckin };
  }
  return { open: open.length, overdue, withOverdue, next };
}

const plural = (count: number, word: string) => `${count} ${count === 1 ? word : `${word}s`}`;

/**
 * The dashboard's Action plans card: how many plans are open, how many actions are overdue and in which plans, with a
 * link to the page. Shown to companies whose plan includes Transformation Plans; every role sees the plans it may see.
 */
export function DashboardPlansCard({ me }: { me: MeResponse }) {
  const dates = useCompanyDates();
  const allowed = meHasFeature(me, "TransformationPlans");
  const query = useActionPlans(false, allowed);
  if (!allowed) return null;
  return (
    <Card component="section" aria-label="Action plans" data-testid="dashboard-action-plans">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Group gap="xs">
            <IconTargetArrow size={20} aria-hidden />
            <Title order={2} fz="lg">
              Action plans
            </Title>
          </Group>
          <Anchor component={Link} to={ACTION_PLANS_PATH} size="sm">
            All plans
          </Anchor>
        </Group>
        {query.isPending ? (
          <Loader size="sm" aria-label="Loading action plans" />
        ) : query.isError ? (
          <Group gap="sm" wrap="wrap" role="alert">
            <Text size="sm" c="red.8">
              {errorMessage(query.error, "We could not load your action plans.")}
            </Text>
            <Button size="compact-sm" variant="default" onClick={() => void query.refetch()}>
              Retry
            </Button>
          </Group>
        ) : (
          (() => {
            const summary = summarisePlans(query.data);
            if (summary.open === 0) {
              return (
                <Text size="sm" c="dimmed" data-testid="dashboard-plans-empty">
                  No open plans. Start one from a survey's key drivers, or from the Action Plans page.
                </Text>
              );
            }
            return (
              <Stack gap={6}>
                <Text size="sm" data-testid="dashboard-plans-summary">
                  {plural(summary.open, "open plan")} · {plural(summary.overdue, "overdue action")}
                </Text>
                <Text size="sm" data-testid="dashboard-plans-next-checkin">
                  Next check-in:{" "}
                  {summary.next ? (
                    <>
                      {describeNextCheckin(summary.next.checkin, dates.calendarDay)},{" "}
                      <Anchor component={Link} to={actionPlanPath(summary.next.plan.id)} size="sm">
                        {summary.next.plan.title}
                      </Anchor>
                    </>
                  ) : (
                    "none planned"
                  )}
                </Text>
                {summary.withOverdue.map((plan) => (
                  <Group key={plan.id} gap="xs" wrap="nowrap">
                    <Badge color="red" variant="light" style={{ flexShrink: 0 }}>
                      {plural(plan.overdueActions, "overdue")}
                    </Badge>
                    <Anchor component={Link} to={actionPlanPath(plan.id)} size="sm">
                      {plan.title}
                    </Anchor>
                  </Group>
                ))}
              </Stack>
            );
          })()
        )}
      </Stack>
    </Card>
  );
}
