import type { MeResponse } from "@hearth/shared";
import { Anchor, Button, Group, Modal, Stack, Text } from "@mantine/core";
import { useSearchParams } from "react-router";
import { usePublicConfig } from "../auth/session";

const UPGRADE_PARAMS = ["upgrade", "upgradepath", "plan", "feature"];

/** Opened by ?upgrade=true on any page; closing removes the upgrade parameters again. */
export function UpgradeModal({ me }: { me: MeResponse }) {
  const [params, setParams] = useSearchParams();
  const config = usePublicConfig();
  const opened = params.get("upgrade") === "true" || params.get("upgradepath") === "true";
  const supportEmail = config.data?.supportEmail;

  function close() {
    const next = new URLSearchParams(params);
    for (const name of UPGRADE_PARAMS) next.delete(name);
    setParams(next, { replace: true });
  }

  return (
    <Modal opened={opened} onClose={close} title="Upgrade Plan" centered>
      <Stack>
        <Text>
          Your company is on the <strong>{me.tenant.plan}</strong> plan.
        </Text>
        <Text>
          Online plan upgrades are still being built in Hearth.
          {supportEmail ? " To change your plan now, write to us and we will set it up for you." : ""}
        </Text>
        {supportEmail && <Anchor href={`mailto:${supportEmail}?subject=${encodeURIComponent("Plan upgrade")}`}>{supportEmail}</Anchor>}
        <Group justify="flex-end">
          <Button onClick={close}>Close</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
