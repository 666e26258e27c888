import { TENANT_SWITCH_MESSAGES } from "@hearth/shared";
import { notifications } from "@mantine/notifications";
import { useState } from "react";
import { useNavigate } from "react-router";
import { isApiError } from "../../lib/api";
import { switchTenant } from "./operator-api";

/**
 * Switching into a company from the console: `POST /api/switch-tenant`, then the landing page that checks it; a refusal
 * or a failure shows the spec's messages (§8). `switching` is the company being switched into, for a button's spinner.
 */
export function useSwitchInto() {
  const navigate = useNavigate();
  const [switching, setSwitching] = useState<string | null>(null);
  const switchInto = async (tenantId: string) => {
    setSwitching(tenantId);
    try {
      const result = await switchTenant(tenantId);
      if (!result.success) {
        notifications.show({
          color: "red",
          title: TENANT_SWITCH_MESSAGES.failedTitle,
          message: result.error ?? TENANT_SWITCH_MESSAGES.failed,
        });
        return;
      }
      navigate(`/validate-tenant-switch?${new URLSearchParams({ newTenantId: tenantId, redirectTo: "/dashboard" })}`);
    } catch (error) {
      const message = isApiError(error, 0) ? TENANT_SWITCH_MESSAGES.networkFailed : TENANT_SWITCH_MESSAGES.failed;
      notifications.show({ color: "red", title: TENANT_SWITCH_MESSAGES.failedTitle, message });
    } finally {
      setSwitching(null);
    }
  };
  return { switching, switchInto };
}
