import { Button, Center, Stack, Text, Title } from "@mantine/core";
import { IconHome } from "@tabler/icons-react";
import { Link } from "react-router";

/**
 * The 404 page. Inside the app shell it is the content of the shell's `<main>`; at the top level (an unknown
 * address outside /dashboard) it is the page's `<main>` landmark itself (`standalone`).
 */
export function NotFoundPage({ standalone = false }: { standalone?: boolean }) {
  return (
    <Center component={standalone ? "main" : "div"} py={{ base: 40, sm: 80 }} px="md" mih="60vh">
      <Stack align="center" gap="md" maw={480} ta="center">
        <Text fz={56} fw={800} c="ember.7" lh={1} aria-hidden>
          404
        </Text>
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          Page not found
        </Title>
        <Text c="dimmed">The page you asked for does not exist or has moved.</Text>
        <Button component={Link} to="/dashboard" leftSection={<IconHome size={18} aria-hidden />}>
          Go home
        </Button>
      </Stack>
    </Center>
  );
}
