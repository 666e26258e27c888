import { Center, Loader, Stack, Text } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useNavigate } from "react-router";
import { ME_QUERY_KEY } from "../../lib/query-client";
import { authApi } from "./auth-api";

export function LogoutPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    authApi
      .signOut()
      .catch(() => undefined)
      .finally(() => {
        queryClient.clear();
        queryClient.setQueryData(ME_QUERY_KEY, null);
        navigate("/login", { replace: true, state: { notice: "You have been signed out." } });
      });
  }, [navigate, queryClient]);

  return (
    <Center mih="100dvh">
      <Stack align="center" gap="sm">
        <Loader aria-label="Signing out" />
        <Text>Signing you out…</Text>
      </Stack>
    </Center>
  );
}
