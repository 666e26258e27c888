import type { MeResponse } from "@hearth/shared";
import { Anchor, Button, Card, Group, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconExternalLink, IconTags } from "@tabler/icons-react";
import { Link } from "react-router";

export const LABELLING_PATH = "/dashboard/labelling";

/** The dashboard card of labelers (spec: the A.I. Hub card): their points, the labelling page and the A.I. Hub. */
export function AiHubCard({ me }: { me: MeResponse }) {
  if (!me.user.labeler) return null;
  const points = me.user.labeledPoints;
  return (
    <Card component="section" aria-labelledby="ai-hub-title" data-testid="ai-hub-card">
      <Group justify="space-between" align="flex-start" gap="md" wrap="wrap">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon size={36} radius="xl" variant="light" color="ember" aria-hidden>
            <IconTags size={20} />
          </ThemeIcon>
          <Stack gap={4}>
            <Title order={2} fz="lg" id="ai-hub-title">
              A.I. Hub
            </Title>
            <Text size="sm" c="dimmed">
              Thank you for labelling comments: your labels measure how well Hearth's analysis reads them.
            </Text>
            <Text>
              <Text span fw={700} fz="xl" data-testid="ai-hub-points">
                {points.toLocaleString("en-US")}
              </Text>{" "}
              labelled {points === 1 ? "data point" : "data points"}
            </Text>
          </Stack>
        </Group>
        <Stack gap="xs" align="flex-end">
          <Button component={Link} to={LABELLING_PATH}>
            Label comments
          </Button>
          {me.aiHubUrl && (
            <Anchor href={me.aiHubUrl} target="_blank" rel="noopener noreferrer" size="sm" data-testid="ai-hub-link">
              <Group gap={4} wrap="nowrap">
                Open the A.I. Hub
                <IconExternalLink size={14} aria-label="(opens in a new tab)" />
              </Group>
            </Anchor>
          )}
        </Stack>
      </Group>
    </Card>
  );
}
