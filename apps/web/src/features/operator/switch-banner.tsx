import { switchBannerText } from "@hearth/shared";
import { Alert, Button, Group, Text } from "@mantine/core";
import { IconEye } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useNavigate } from "react-router";
import type { MeResponse } from "@hearth/shared";
import { errorMessage } from "../../lib/api";
import { returnToOwnAccount, useSwitchState } from "./operator-api";

/** On every page while an internal account views a company: whose data this is, and the way back (decision 0048). */
export function SwitchBanner({ me }: { me: MeResponse }) {
  const state = useSwitchState(me.user.isInternalAccount);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const active = state.data?.active;
  if (!active) return null;

  const leave = async () => {
    setLeaving(true);
    setFailure(null);
    try {
      await returnToOwnAccount();
      // Everything cached belongs to the company just left.
      queryClient.clear();
      navigate("/admin/dashboard", { replace: true });
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setLeaving(false);
    }
  };

  return (
    <Alert color="orange" variant="filled" radius={0} icon={<IconEye aria-hidden />} role="status" data-testid="switch-banner" py="xs">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text fw={600} size="sm">
          {switchBannerText(active.companyName)}
        </Text>
        <Group gap="sm">
          {failure ? <Text size="sm">{failure}</Text> : null}
          <Button size="compact-sm" variant="white" color="dark" loading={leaving} onClick={() => void leave()}>
            Return to my account
          </Button>
        </Group>
      </Group>
    </Alert>
  );
}
