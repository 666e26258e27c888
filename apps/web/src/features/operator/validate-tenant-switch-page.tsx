import { TENANT_SWITCH_MESSAGES, type TenantSwitchState, safeRedirectPath } from "@hearth/shared";
import { Alert, Button, Center, Loader, Stack } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { api, isApiError } from "../../lib/api";
import { SWITCH_STATE_QUERY_KEY } from "./operator-api";

/**
 * /validate-tenant-switch?newTenantId=…&redirectTo=…: after POST /api/switch-tenant, checks with the server that this
 * session now views that company, drops what was cached for the previous one, and goes on to a path of this site.
 */
export function ValidateTenantSwitchPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const newTenantId = params.get("newTenantId");
  const redirectTo = safeRedirectPath(params.get("redirectTo"));

  useEffect(() => {
    let cancelled = false;
    (async () => {
      try {
        const state = await api<TenantSwitchState>("/api/switch-tenant");
        if (cancelled) return;
        if (!newTenantId || state.active?.tenantId !== newTenantId) {
          setFailure(TENANT_SWITCH_MESSAGES.failed);
          return;
        }
        queryClient.clear();
        queryClient.setQueryData(SWITCH_STATE_QUERY_KEY, state);
        navigate(redirectTo, { replace: true });
      } catch (error) {
        if (!cancelled) setFailure(isApiError(error, 0) ? TENANT_SWITCH_MESSAGES.networkFailed : TENANT_SWITCH_MESSAGES.failed);
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [newTenantId, redirectTo, navigate, queryClient]);

  if (failure) {
    return (
      <Stack maw={520} mx="auto" mt="xl">
        <Alert color="red" title={TENANT_SWITCH_MESSAGES.failedTitle}>
          {failure}
        </Alert>
        <Button component={Link} to="/admin/dashboard" variant="light">
          Back to the Admin Dashboard
        </Button>
      </Stack>
    );
  }
  return (
    <Center mih="40vh">
      <Loader aria-label="Switching company" />
    </Center>
  );
}
