import { Group, Text, ThemeIcon } from "@mantine/core";
import { IconFlame } from "@tabler/icons-react";

export function Brand({ size = "lg" }: { size?: "md" | "lg" }) {
  return (
    <Group gap={8} wrap="nowrap">
      <ThemeIcon size={size === "lg" ? 34 : 28} radius="md" aria-hidden>
        <IconFlame size={size === "lg" ? 22 : 18} />
      </ThemeIcon>
      <Text fw={700} fz={size === "lg" ? 22 : 18} c="ember.9">
        Hearth
      </Text>
    </Group>
  );
}
