import { Button, Center, Stack, Text, Title } from "@mantine/core";
import { isRouteErrorResponse, useRouteError } from "react-router";
import { NotFoundPage } from "./not-found-page";

/** Last line of defence for errors thrown while rendering a route. */
export function RouteErrorPage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return (
    <Center py={80} px="md">
      <Stack align="center" gap="md" maw={480} ta="center">
        <Title order={1} fz={26}>
          Something went wrong
        </Title>
        <Text c="dimmed">This page hit an unexpected problem. Reloading usually helps.</Text>
        <Button onClick={() => window.location.reload()}>Reload the page</Button>
      </Stack>
    </Center>
  );
}
