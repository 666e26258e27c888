/**
 * The plan's measured progress (decision 0078): its focus at the baseline LOWI survey and after each check-in, with n,
 * the 95% interval and the change from baseline. A figure that cannot be read says why (a small group shows the
 * reports' hidden notice, never a number).
 */
import { type ActionPlanDetail, type PlanProgressPoint, progressPointLabel, progressScaleNote } from "@hearth/shared";
import { Card, Stack, Table, Text, Title } from "@mantine/core";
import { describeProgressChange, describeProgressPoint } from "./checkin-view";

function Row({ point }: { point: PlanProgressPoint }) {
  return (
    <Table.Tr data-testid="action-plan-progress-point">
      <Table.Td>
        <Text size="sm" fw={600}>
          {progressPointLabel(point)}
        </Text>
        <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
          {point.surveyName ?? "A survey"}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm" c={point.score === null ? "dimmed" : undefined}>
          {describeProgressPoint(point)}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{describeProgressChange(point) ?? "—"}</Text>
      </Table.Td>
    </Table.Tr>
  );
}

export function PlanFocusProgress({ plan }: { plan: ActionPlanDetail }) {
  const { progress } = plan;
  return (
    <Card withBorder>
      <Stack gap="xs">
        <Title order={2} fz="lg">
          Measured progress: {plan.focusLabel}
        </Title>
        {progress.reason || !progress.baseline ? (
          <Text size="sm" c="dimmed">
            {progress.reason ?? "Not available."}
          </Text>
        ) : (
          <>
            <Text size="sm" c="dimmed">
              {progressScaleNote(plan.scope)}
            </Text>
            <Table.ScrollContainer minWidth={480}>
              <Table>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Survey</Table.Th>
                    <Table.Th>Score</Table.Th>
                    <Table.Th>Change</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  <Row point={progress.baseline} />
                  {progress.checkins.map((point) => (
                    <Row key={point.slot} point={point} />
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </>
        )}
      </Stack>
    </Card>
  );
}
