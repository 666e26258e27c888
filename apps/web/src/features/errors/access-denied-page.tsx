import { ACCESS_DENIED_COUNTDOWN_SECONDS, MESSAGES } from "@hearth/shared";
import { Button, Center, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconHome, IconLock } from "@tabler/icons-react";
import { useEffect } from "react";
import { Link, useNavigate } from "react-router";
import { useCountdown } from "../../lib/use-countdown";

/** Screen 13: shown in place of a page the user may not open; counts down, then goes to /dashboard. */
export function AccessDeniedPage() {
  const navigate = useNavigate();
  const { seconds } = useCountdown(ACCESS_DENIED_COUNTDOWN_SECONDS);

  useEffect(() => {
    if (seconds <= 0) navigate("/dashboard", { replace: true });
  }, [seconds, navigate]);

  return (
    <Center py={{ base: 40, sm: 80 }} px="md">
      <Stack align="center" gap="md" maw={520} ta="center" data-testid="access-denied">
        <ThemeIcon size={64} radius="xl" variant="light" color="ember" aria-hidden>
          <IconLock size={34} />
        </ThemeIcon>
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          Access denied
        </Title>
        <Text size="lg">{MESSAGES.accessDenied}</Text>
        <Text c="dimmed" aria-live="polite" data-testid="access-denied-countdown">
          Taking you to your dashboard in {Math.max(seconds, 0)} {seconds === 1 ? "second" : "seconds"}…
        </Text>
        <Button component={Link} to="/dashboard" replace leftSection={<IconHome size={18} aria-hidden />}>
          Home
        </Button>
      </Stack>
    </Center>
  );
}
