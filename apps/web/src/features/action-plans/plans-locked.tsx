/**
 * Action plans below Silver (decision 0078): the page blurred behind "Upgrade To Access", which opens the upgrade
 * dialog like every gated feature. The blurred part is a drawn sample, never the company's data.
 */
import { Card, Group, Progress, Skeleton, Stack, Text } from "@mantine/core";
import type { UseQueryResult } from "@tanstack/react-query";
import { isApiError } from "../../lib/api";
import { FeatureGate, useHasFeature } from "../reports";

function SamplePlans() {
  return (
    <Stack gap="sm">
      {[0.7, 0.35, 0.5].map((share, index) => (
        <Card withBorder key={index}>
          <Group justify="space-between" wrap="nowrap">
            <Stack gap={6} style={{ flex: 1 }}>
              <Skeleton height={14} width="45%" animate={false} />
              <Skeleton height={10} width="30%" animate={false} />
            </Stack>
            <Stack gap={4} w={160}>
              <Progress value={share * 100} aria-hidden />
              <Text size="xs" c="dimmed">
                Sample plan
              </Text>
            </Stack>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}

export function PlansLocked() {
  return <FeatureGate feature="TransformationPlans" locked overlay="top" minHeight={420} placeholder={<SamplePlans />} />;
}

/**
 * Whether the page shows the lock: the plan lacks Transformation Plans (from /api/me, so nothing is asked of the
 * server), or the server answered PLAN_UPGRADE_REQUIRED for it. Undefined until /api/me is in.
 */
export function usePlansAllowed(): boolean | undefined {
  return useHasFeature("TransformationPlans");
}

export function refusedByPlan(query: Pick<UseQueryResult, "isError" | "error">): boolean {
  if (!query.isError || !isApiError(query.error, 403)) return false;
  return query.error.code === "PLAN_UPGRADE_REQUIRED" && (query.error.fields.feature ?? "TransformationPlans") === "TransformationPlans";
}
