import { ABOVE_MODALS } from "../../ui/layers";
import { type CartResponse, CHECKOUT_ERROR_MESSAGE, formatDollars, isBillingCycle, type MeResponse } from "@hearth/shared";
import {
  ActionIcon,
  Alert,
  Badge,
  Box,
  Button,
  Center,
  Divider,
  Drawer,
  Group,
  Image,
  Indicator,
  Loader,
  SegmentedControl,
  Stack,
  Text,
  Tooltip,
  VisuallyHidden,
} from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconInfoCircle, IconShoppingCart, IconShoppingCartOff, IconTrash } from "@tabler/icons-react";
import { useId } from "react";
import { Link, useNavigate } from "react-router";
import { errorMessage } from "../../lib/api";
import { useAddToCart, useCart, useCheckout, useRemoveCartItem, useSetCartCycle } from "./cart-api";
import { closeCartDrawer, openCartDrawer, useCartDrawerOpened } from "./cart-drawer-state";
import {
  canCheckout,
  cartButtonLabel,
  cartItemCount,
  cartLineTitle,
  describeCartLinePrice,
  describeCartLineType,
  describeNextPlanOffer,
} from "./cart-view";

type CartLine = CartResponse["lines"][number];

/** Spec surveys §8: "Not Eligible" / "Exceeds the amount included in the plan", with the sales tooltip. */
function LineMessage({ line }: { line: CartLine }) {
  const tooltipId = useId();
  if (!line.message) return null;
  return (
    <Group gap={4} wrap="nowrap">
      <Tooltip label={line.tooltip} disabled={!line.tooltip} multiline w={240} events={{ hover: true, focus: true, touch: true }}>
        <Text
          size="sm"
          c="red.8"
          fw={500}
          tabIndex={line.tooltip ? 0 : undefined}
          aria-describedby={line.tooltip ? tooltipId : undefined}
          style={{ display: "inline-flex", alignItems: "center", gap: 4, cursor: line.tooltip ? "help" : undefined }}
          data-testid="cart-line-message"
        >
          {line.message}
          {line.tooltip && <IconInfoCircle size={16} aria-hidden style={{ flexShrink: 0 }} />}
        </Text>
      </Tooltip>
      {line.tooltip && (
        <VisuallyHidden id={tooltipId} component="span">
          {line.tooltip}
        </VisuallyHidden>
      )}
    </Group>
  );
}

interface CartLineRowProps {
  line: CartLine;
  first: boolean;
  offerPlan: string | null;
  removing: boolean;
  onRemove: () => void;
}

function CartLineRow({ line, first, offerPlan, removing, onRemove }: CartLineRowProps) {
  const price = describeCartLinePrice(line);
  const title = cartLineTitle(line);
  return (
    <Group
      component="li"
      align="flex-start"
      wrap="nowrap"
      gap="sm"
      py="sm"
      style={first ? undefined : { borderTop: "1px solid var(--mantine-color-gray-3)" }}
      data-testid={`cart-line-${line.id}`}
    >
      {line.image && <Image src={line.image} alt="" w={48} h={48} radius="sm" fit="contain" />}
      <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
        <Text fw={600} style={{ overflowWrap: "anywhere" }}>
          {title}
        </Text>
        <Text size="sm" c="dimmed">
          {describeCartLineType(line)}
        </Text>
        <Group gap={6} wrap="wrap">
          {line.isPlanIncluded && (
            <Badge variant="light" color="teal" size="sm" data-testid="cart-line-plan-included">
              Plan included
            </Badge>
          )}
          {line.isNextPlanIncluded && offerPlan && (
            <Badge variant="light" color="blue" size="sm" data-testid="cart-line-next-plan-included">
              Included with {offerPlan}
            </Badge>
          )}
        </Group>
        <LineMessage line={line} />
      </Stack>
      <Stack gap={0} align="flex-end">
        <Text fw={600} aria-hidden>
          {price.price}
        </Text>
        {price.struck && (
          <Text size="sm" c="dimmed" td="line-through" aria-hidden>
            {price.struck}
          </Text>
        )}
        <VisuallyHidden data-testid="cart-line-price">{price.label}</VisuallyHidden>
        <ActionIcon
          variant="subtle"
          color="gray"
          mt={4}
          loading={removing}
          onClick={onRemove}
          aria-label={`Remove ${title} from the cart`}
          data-testid={`cart-remove-${line.id}`}
        >
          <IconTrash size={18} aria-hidden />
        </ActionIcon>
      </Stack>
    </Group>
  );
}

function CartContents({ me, cart }: { me: MeResponse; cart: CartResponse }) {
  const navigate = useNavigate();
  const remove = useRemoveCartItem();
  const setCycle = useSetCartCycle();
  const add = useAddToCart();
  const checkout = useCheckout();
  const cycleLabelId = useId();
  const payable = canCheckout(cart);
  const salesLines = cart.lines.some((line) => !line.payable);
  const changing = remove.isPending || setCycle.isPending || add.isPending;
  const changeError = remove.error ?? setCycle.error ?? add.error;

  if (cart.lines.length === 0) {
    return (
      <Stack align="center" gap="md" py="xl" ta="center" data-testid="cart-empty">
        <IconShoppingCartOff size={40} stroke={1.4} aria-hidden />
        <Text fw={600}>Your cart is empty.</Text>
        <Text size="sm" c="dimmed">
          Choose a plan to add it here.
        </Text>
        <Button component={Link} to="/dashboard/billing/plan" variant="light" onClick={closeCartDrawer}>
          Compare plans
        </Button>
      </Stack>
    );
  }

  const changeCycle = (value: string) => {
    checkout.reset();
    if (isBillingCycle(value) && value !== cart.billingCycle) setCycle.mutate(value);
  };

  const submit = () =>
    checkout.mutate(
      { companyId: me.tenant.id, cart },
      {
        onSuccess: (result) => {
          closeCartDrawer();
          // A payment provider's page for this order, when checkout opened one (Stripe): the order page offers Pay now.
          void navigate(`/dashboard/billing/order/${result.order.id}`, { state: { paymentUrl: result.paymentUrl ?? null } });
          window.scrollTo({ top: 0 });
        },
      },
    );

  return (
    <Stack gap="md" data-testid="cart-contents">
      <Stack gap={4}>
        <Text fw={600} size="sm" id={cycleLabelId}>
          Billing cycle
        </Text>
        <SegmentedControl
          aria-labelledby={cycleLabelId}
          value={cart.billingCycle}
          onChange={changeCycle}
          disabled={setCycle.isPending || checkout.isPending}
          data={[
            { value: "monthly", label: "Monthly" },
            { value: "yearly", label: "Yearly" },
          ]}
          data-testid="cart-cycle"
        />
      </Stack>

      {cart.dropped.length > 0 && (
        <Alert color="yellow" variant="light" data-testid="cart-dropped">
          {cart.dropped.length === 1 ? "One item" : `${cart.dropped.length} items`} in your cart can no longer be bought and will not be
          charged.
        </Alert>
      )}

      <Box component="ul" aria-label="Cart items" style={{ listStyle: "none", padding: 0, margin: 0 }}>
        {cart.lines.map((line, index) => (
          <CartLineRow
            key={line.id}
            first={index === 0}
            line={line}
            offerPlan={cart.offer?.plan ?? null}
            removing={remove.isPending && remove.variables === line.id}
            onRemove={() => {
              checkout.reset();
              remove.mutate(line.id);
            }}
          />
        ))}
      </Box>

      {cart.offer && (
        <Alert color="blue" variant="light" title={`Save with ${cart.offer.plan}`} data-testid="cart-offer">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{describeNextPlanOffer(cart.offer)}</Text>
            <Button
              size="xs"
              loading={add.isPending}
              onClick={() => {
                checkout.reset();
                if (cart.offer) add.mutate({ choice: { kind: "plan", plan: cart.offer.plan } });
              }}
              data-testid="cart-offer-add"
            >
              Add {cart.offer.plan} to cart
            </Button>
          </Stack>
        </Alert>
      )}

      {changeError && (
        <Alert color="red" variant="light" role="alert">
          {errorMessage(changeError)}
        </Alert>
      )}

      <Divider />
      <Stack gap={4}>
        {cart.originalTotal !== cart.total && (
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              Original total
            </Text>
            <Text size="sm" c="dimmed" td="line-through" data-testid="cart-original-total">
              {formatDollars(cart.originalTotal)}
            </Text>
          </Group>
        )}
        <Group justify="space-between">
          <Text fw={700}>Total</Text>
          <Text fw={700} fz="lg" data-testid="cart-total">
            {formatDollars(cart.total)}
          </Text>
        </Group>
        {salesLines && (
          <Text size="xs" c="dimmed">
            Items marked for our sales team are not charged: checkout passes them to our sales team, who will be in touch.
          </Text>
        )}
      </Stack>

      {checkout.isError && (
        <Alert color="red" variant="light" role="alert" data-testid="cart-checkout-error">
          {CHECKOUT_ERROR_MESSAGE}
        </Alert>
      )}
      <Button size="md" fullWidth onClick={submit} loading={checkout.isPending} disabled={!payable || changing} data-testid="cart-checkout">
        Checkout
      </Button>
    </Stack>
  );
}

function CartBody({ me }: { me: MeResponse }) {
  const cart = useCart();
  if (cart.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading your cart" />
      </Center>
    );
  }
  if (cart.isError) {
    return (
      <Stack align="flex-start" gap="sm">
        <Alert color="red" variant="light" role="alert" w="100%" data-testid="cart-error">
          We could not load your cart. {errorMessage(cart.error)}
        </Alert>
        <Button variant="default" onClick={() => void cart.refetch()}>
          Retry
        </Button>
      </Stack>
    );
  }
  return <CartContents me={me} cart={cart.data} />;
}

/**
 * The header's cart button with its item count, and the cart drawer it opens (spec surveys §2 "A cart drawer", §4
 * Cart). Shown to users with the company-profile permission only (the header renders it for them). Every figure is the
 * server's priced cart.
 */
export function CartButton({ me }: { me: MeResponse }) {
  const cart = useCart();
  const opened = useCartDrawerOpened();
  const phone = useMediaQuery("(max-width: 36em)", false);
  const count = cartItemCount(cart.data);
  const label = cartButtonLabel(count);
  return (
    <>
      <Indicator label={count > 99 ? "99+" : count} size={18} offset={6} disabled={count === 0} color="red.9" data-testid="cart-badge">
        <Tooltip label="Cart">
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            onClick={openCartDrawer}
            aria-label={label}
            aria-haspopup="dialog"
            data-testid="cart-button"
          >
            <IconShoppingCart size={22} stroke={1.6} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Indicator>
      <Drawer
        opened={opened}
        onClose={closeCartDrawer}
        position="right"
        zIndex={ABOVE_MODALS}
        size={phone ? "100%" : "md"}
        title="Cart"
        closeButtonProps={{ "aria-label": "Close the cart" }}
        data-testid="cart-drawer"
      >
        <CartBody me={me} />
      </Drawer>
    </>
  );
}
