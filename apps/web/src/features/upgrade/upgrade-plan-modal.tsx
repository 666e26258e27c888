import {
  canShowUpgradeLink,
  describeLicences,
  describePlanPrice,
  FEATURE_LABELS,
  listFeaturesAddedBy,
  type MeResponse,
} from "@hearth/shared";
import { Anchor, Button, Group, List, Modal, Stack, Text, ThemeIcon } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconPhoneCall, IconShoppingCartPlus, IconSparkles } from "@tabler/icons-react";
import { errorMessage } from "../../lib/api";
import { ABOVE_MODALS } from "../../ui/layers";
import { canAccess } from "../auth";
import { cartablePlan, openCartDrawer, useAddToCart } from "../cart";
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

/**
 * "Upgrade Plan" (?upgrade=true&plan=&feature=), which every locked control opens (issue 25 item 3): what the plan adds
 * over the company's, its price for the company's size (describePlanPrice, as the plan page and the order form state
 * it), and the two ways to get it: Add to cart (a priced plan) or Request (a callback from the sales team).
 */
export function UpgradePlanModal({ me, request, opened, onClose, onSeePlans, onRequestCallback }: UpgradePlanModalProps) {
  const label = request.feature ? FEATURE_LABELS[request.feature] : null;
  const current = me.tenant.effectivePlan;
  const plan = request.plan;
  const mayBuy = canAccess(me, "company-profile");
  const added = plan ? listFeaturesAddedBy(plan, current).map((feature) => FEATURE_LABELS[feature]) : [];
  // The price flag (spec accounts §6, canSeePrices): prices are shown to users with the billing permission.
  const showPrice = plan !== null && canAccess(me, "billing");
  const yearly = showPrice ? describePlanPrice(plan, me.tenant.companySize, "yearly") : null;
  const monthly = showPrice ? describePlanPrice(plan, me.tenant.companySize, "monthly") : null;
  const cartable = plan && mayBuy ? cartablePlan(current, plan) : null;
  const add = useAddToCart();
  const addToCart = () => {
    if (!cartable) return;
    add.mutate(
      { choice: { kind: "plan", plan: cartable }, billingCycle: "yearly" },
      {
        onSuccess: () => {
          onClose();
          openCartDrawer();
        },
        onError: (error) => notifications.show({ color: "red", message: errorMessage(error) }),
      },
    );
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Upgrade Plan"
      centered
      zIndex={ABOVE_MODALS}
      closeButtonProps={{ "aria-label": "Close" }}
    >
      <Stack>
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon size={40} radius="xl" variant="light" aria-hidden>
            <IconSparkles size={22} />
          </ThemeIcon>
          <Stack gap={4}>
            {label && plan ? (
              <Text fw={600} data-testid="upgrade-message">
                Upgrade to {plan} for {label}.
              </Text>
            ) : (
              <Text fw={600} data-testid="upgrade-message">
                {plan ? `Upgrade to ${plan} to unlock more of Hearth.` : "Your company is on our top plan."}
              </Text>
            )}
            <Text size="sm" c="dimmed">
              Your company is on the <strong>{current}</strong> plan.
              {label && plan ? ` ${label} is included from the ${plan} plan.` : ""}
            </Text>
          </Stack>
        </Group>
        {plan && yearly && (
          <Stack gap={4} data-testid="upgrade-price">
            <Text size="sm" fw={600}>
              Price for a {me.tenant.companySize} company
            </Text>
            <Text data-testid="upgrade-price-yearly">{yearly.cents === null ? yearly.amount : `${yearly.label}, billed yearly`}</Text>
            {monthly && monthly.cents !== null && yearly.cents !== null && (
              <Text size="sm" c="dimmed">
                or {monthly.label} billed monthly (yearly billing gives 2 months free)
              </Text>
            )}
          </Stack>
        )}
        {plan && (
          <Stack gap={4} data-testid="upgrade-adds">
            <Text size="sm" fw={600}>
              What {plan} adds
            </Text>
            <List size="sm" spacing={2}>
              {added.map((feature) => (
                <List.Item key={feature}>{feature}</List.Item>
              ))}
              {describeLicences(plan).map((line) => (
                <List.Item key={line}>{line}</List.Item>
              ))}
            </List>
          </Stack>
        )}
        {!mayBuy && (
          <Text size="sm" data-testid="upgrade-ask-leader">
            {ASK_A_LEADER}
          </Text>
        )}
        <Anchor component="button" type="button" size="sm" onClick={onSeePlans} w="fit-content">
          See plans
        </Anchor>
        <Group justify="flex-end" gap="sm" wrap="wrap">
          <Button variant="default" onClick={onClose}>
            Not now
          </Button>
          {canShowUpgradeLink(current) && plan && mayBuy && (
            <Button variant="light" leftSection={<IconPhoneCall size={16} aria-hidden />} onClick={onRequestCallback}>
              Request
            </Button>
          )}
          {cartable && (
            <Button
              leftSection={<IconShoppingCartPlus size={16} aria-hidden />}
              loading={add.isPending}
              onClick={addToCart}
              data-testid="upgrade-add-to-cart"
            >
              Add to cart
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
