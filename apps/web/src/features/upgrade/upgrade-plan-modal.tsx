import { canShowUpgradeLink, FEATURE_LABELS, type MeResponse } from "@hearth/shared";
import { Button, Group, Modal, Stack, Text, ThemeIcon } from "@mantine/core";
import { IconPhoneCall, IconSparkles } from "@tabler/icons-react";
import { canAccess } from "../auth";
import type { UpgradeRequest } from "./upgrade-params";

interface UpgradePlanModalProps {
  me: MeResponse;
  request: UpgradeRequest;
  opened: boolean;
  onClose: () => void;
  onSeePlans: () => void;
  onRequestCallback: () => void;
}

/** Upgrade requests are filed in the company's name: only users with the company-profile permission may file one. */
export const ASK_A_LEADER = "Only a Company Leader can request a plan change. Ask yours to upgrade the company's plan.";

/** "Upgrade Plan" (?upgrade=true&plan=&feature=): which plan unlocks what, and the way to the plans page. */
export function UpgradePlanModal({ me, request, opened, onClose, onSeePlans, onRequestCallback }: UpgradePlanModalProps) {
  const label = request.feature ? FEATURE_LABELS[request.feature] : null;
  const current = me.tenant.effectivePlan;

  return (
    <Modal opened={opened} onClose={onClose} title="Upgrade Plan" centered closeButtonProps={{ "aria-label": "Close" }}>
      <Stack>
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon size={40} radius="xl" variant="light" aria-hidden>
            <IconSparkles size={22} />
          </ThemeIcon>
          <Stack gap={4}>
            {label && request.plan ? (
              <Text fw={600} data-testid="upgrade-message">
                Upgrade to {request.plan} for {label}.
              </Text>
            ) : (
              <Text fw={600} data-testid="upgrade-message">
                {request.plan ? `Upgrade to ${request.plan} to unlock more of Hearth.` : "Your company is on our top plan."}
              </Text>
            )}
            <Text size="sm" c="dimmed">
              Your company is on the <strong>{current}</strong> plan.
              {label && request.plan ? ` ${label} is included from the ${request.plan} plan.` : ""}
            </Text>
            {!canAccess(me, "company-profile") && (
              <Text size="sm" data-testid="upgrade-ask-leader">
                {ASK_A_LEADER}
              </Text>
            )}
          </Stack>
        </Group>
        <Group justify="flex-end" gap="sm" wrap="wrap">
          <Button variant="default" onClick={onClose}>
            Not now
          </Button>
          {canShowUpgradeLink(current) && request.plan && canAccess(me, "company-profile") && (
            <Button variant="light" leftSection={<IconPhoneCall size={16} aria-hidden />} onClick={onRequestCallback}>
              Talk to sales
            </Button>
          )}
          <Button onClick={onSeePlans}>See plans</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
