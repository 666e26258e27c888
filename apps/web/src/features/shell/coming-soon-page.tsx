import { Card, Group, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconTools } from "@tabler/icons-react";
import { usePageTitle } from "./use-page-title";

/** An honest placeholder for parts of Hearth that have not landed yet: no invented data. */
export function ComingSoonPage() {
  const title = usePageTitle() ?? "Coming soon";
  return (
    <Stack gap="lg">
      <Title order={1} fz={{ base: 24, sm: 28 }}>
        {title}
      </Title>
      <Card data-testid="coming-soon">
        <Group gap="md" wrap="nowrap" align="flex-start">
          <ThemeIcon size={44} radius="xl" variant="light" aria-hidden>
            <IconTools size={24} />
          </ThemeIcon>
          <div>
            <Text fw={700}>Coming soon</Text>
            <Text c="dimmed">This part of Hearth is being built and will appear here in a future release.</Text>
          </div>
        </Group>
      </Card>
    </Stack>
  );
}
