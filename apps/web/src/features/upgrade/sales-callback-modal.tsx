import { canRequestPlan, MESSAGES, type MeResponse, PLAN_REQUEST_RECEIVED } from "@hearth/shared";
import { Alert, Button, Group, Modal, Stack, Text, ThemeIcon } from "@mantine/core";
import { IconCircleCheck, IconPhoneCall } from "@tabler/icons-react";
import { useMutation } from "@tanstack/react-query";
import { useEffect } from "react";
import { api } from "../../lib/api";
import { ABOVE_MODALS } from "../../ui/layers";
import { canAccess } from "../auth";
import type { UpgradeRequest } from "./upgrade-params";
import { ASK_A_LEADER } from "./upgrade-plan-modal";

interface SalesCallbackModalProps {
  me: MeResponse;
  request: UpgradeRequest;
  opened: boolean;
  onClose: () => void;
}

/** The upgrade-path sales-callback modal (?upgradepath=true): step 0 a button, step 1 "Request Received!". */
export function SalesCallbackModal({ me, request, opened, onClose }: SalesCallbackModalProps) {
  const plan = request.plan;
  const mayRequest = canAccess(me, "company-profile");
  const allowed = plan !== null && canRequestPlan(me.tenant.effectivePlan, plan) && mayRequest;
  const send = useMutation({
    mutationFn: (requestedPlan: string) =>
      api<{ success: boolean; message?: string }>("/api/plan_update_request", { body: { requestedPlan } }),
  });
  const { reset } = send;

  useEffect(() => {
    if (!opened) reset();
  }, [opened, reset]);

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={send.isSuccess ? "Request Received!" : "Request a callback"}
      centered
      zIndex={ABOVE_MODALS}
      closeButtonProps={{ "aria-label": "Close" }}
    >
      {/* Once sent, "Request Received!" is the dialog's title; the body does not repeat it. */}
      {send.isSuccess ? (
        <Stack align="center" ta="center" gap="sm" data-testid="upgrade-request-received">
          <ThemeIcon size={56} radius="xl" color="teal" variant="light" aria-hidden>
            <IconCircleCheck size={32} />
          </ThemeIcon>
          <Text>{PLAN_REQUEST_RECEIVED}</Text>
          <Button onClick={onClose}>Close</Button>
        </Stack>
      ) : (
        <Stack>
          <Text>
            {!mayRequest
              ? ASK_A_LEADER
              : allowed
                ? `Our team will get in touch to move your company from ${me.tenant.effectivePlan} to ${plan}${request.feature ? " and answer any questions" : ""}.`
                : `Your company is already on the ${me.tenant.effectivePlan} plan, so there is no higher plan to request here.`}
          </Text>
          {send.isError && (
            <Alert color="red" variant="light" role="alert">
              {MESSAGES.genericError}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            {mayRequest && (
              <Button
                leftSection={<IconPhoneCall size={16} aria-hidden />}
                disabled={!allowed}
                loading={send.isPending}
                onClick={() => plan && send.mutate(plan)}
              >
                Request a callback
              </Button>
            )}
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
