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

/** A cohort plan's comparable cohorts without a plan: each one's baseline and, per check-in, its score and change. */
function Comparison({ plan }: { plan: ActionPlanDetail }) {
  const { comparison, checkins } = plan.progress;
  if (!comparison || !plan.scope) return null;
  return (
    <Stack gap={4} data-testid="action-plan-comparison">
      <Title order={3} fz="md">
        Compared with {comparison.cohortLabel.toLowerCase()} cohorts without a plan
      </Title>
      {comparison.cohorts.length === 0 ? (
        <Text size="sm" c="dimmed">
          No other {comparison.cohortLabel.toLowerCase()} cohort without a plan is shown in the baseline survey's report, so there is
          nothing to compare with.
        </Text>
      ) : (
        <Table.ScrollContainer
          minWidth={480}
          scrollAreaProps={{ viewportProps: { tabIndex: 0, "aria-label": "Comparable cohorts (scrolls sideways)" } }}
        >
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{comparison.cohortLabel}</Table.Th>
                <Table.Th scope="col">Baseline</Table.Th>
                {checkins.map((point) => (
                  <Table.Th scope="col" key={point.slot}>
                    Check-in {(point.slot ?? 0) + 1}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {comparison.cohorts.map((cohort) => (
                <Table.Tr key={cohort.value} data-testid="action-plan-comparison-cohort">
                  <Table.Th scope="row" fw={600} style={{ overflowWrap: "anywhere" }}>
                    {cohort.value}
                  </Table.Th>
                  <Table.Td>
                    <Text size="sm" c={cohort.baseline.score === null ? "dimmed" : undefined}>
                      {describeProgressPoint(cohort.baseline)}
                    </Text>
                  </Table.Td>
                  {cohort.checkins.map((point) => (
                    <Table.Td key={point.slot}>
                      <Text size="sm" c={point.score === null ? "dimmed" : undefined}>
                        {describeProgressPoint(point)}
                      </Text>
                      {describeProgressChange(point) ? <Text size="sm">{describeProgressChange(point)}</Text> : null}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {comparison.more > 0 ? (
        <Text size="xs" c="dimmed">
          The {comparison.cohorts.length} largest are shown; {comparison.more} more {comparison.more === 1 ? "is" : "are"} in the survey's
          report.
        </Text>
      ) : null}
    </Stack>
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
            <Table.ScrollContainer
              minWidth={480}
              scrollAreaProps={{ viewportProps: { tabIndex: 0, "aria-label": "Measured progress (scrolls sideways)" } }}
            >
              <Table>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">Survey</Table.Th>
                    <Table.Th scope="col">Score</Table.Th>
                    <Table.Th scope="col">Change</Table.Th>
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
            <Comparison plan={plan} />
          </>
        )}
      </Stack>
    </Card>
  );
}
