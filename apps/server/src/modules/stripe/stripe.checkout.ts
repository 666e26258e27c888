/**
 * What Hearth asks of Stripe (decision 0033): a Checkout Session for an order just stored, and a Customer Portal session
 * for the billing redirect. Neither ever fails its caller: a Stripe failure is logged and answered with null, so the
 * order stands (paid later by invoice) and the redirect falls back to the billing page.
 */
import type Stripe from "stripe";
import type { Database } from "../../db/client.js";
import { findTenant } from "../company/company.repo.js";
import type { OrderLineRow, OrderRow } from "../orders/orders.repo.js";
import type { StripePayments } from "./stripe.client.js";
import { findStripeCustomerId, saveStripeCustomerId } from "./stripe.repo.js";

/** The order page the customer comes back to from Stripe's checkout, paid or not (the web app's route). */
export const orderPagePath = (orderId: string) => `/dashboard/billing/order/${orderId}`;

function lineName(line: OrderLineRow, billingCycle: string): string {
  if (line.kind === "plan") return `${line.name} plan (billed ${billingCycle})`;
  return [line.name, line.year, line.licenceType].filter(Boolean).join(", ");
}

/**
 * The Checkout Session for an order, from the stored order only (the server's prices, never the client's): one line per
 * payable line in cents; plan-included lines at 0 are left out (they are on the invoice). Null when there is nothing to
 * charge or the lines do not add up to the order's total (nothing is sent then).
 */
export function checkoutSessionParams(
  order: OrderRow,
  lines: readonly OrderLineRow[],
  customerId: string,
  appUrl: string,
): Stripe.Checkout.SessionCreateParams | null {
  const charged = lines.filter((line) => line.unitPrice > 0);
  const sum = charged.reduce((total, line) => total + line.unitPrice * line.quantity, 0);
  if (order.total <= 0 || sum !== order.total || order.currency !== "usd") return null;
  const metadata = { orderId: order.id, tenantId: order.tenantId, orderNumber: order.number };
  const returnUrl = new URL(orderPagePath(order.id), appUrl).toString();
  return {
    mode: "payment",
    currency: "usd",
    customer: customerId,
    client_reference_id: order.id,
    line_items: charged.map((line) => ({
      quantity: line.quantity,
      price_data: { currency: "usd", unit_amount: line.unitPrice, product_data: { name: lineName(line, order.billingCycle) } },
    })),
    metadata,
    payment_intent_data: { description: `Hearth order ${order.number}`, metadata },
    success_url: returnUrl,
    cancel_url: returnUrl,
  };
}

/** The company's Stripe customer: the stored one, or a new one stored for every later checkout and the portal. */
async function ensureCustomer(stripe: StripePayments, db: Database, tenantId: string): Promise<string> {
  const stored = await findStripeCustomerId(db, tenantId);
  if (stored) return stored;
  const tenant = await findTenant(db, tenantId);
  const customer = await (await stripe.client()).customers.create(
    {
      name: tenant?.companyLegalName || tenant?.companyName || undefined,
      metadata: { tenantId },
    },
    // Two checkouts of one company at once ask for one customer, not two.
    { idempotencyKey: `hearth-customer-${tenantId}` },
  );
  return saveStripeCustomerId(db, tenantId, customer.id);
}

/**
 * After checkout stored the order (outside its transaction): a Stripe Checkout Session for it, whose address the
 * checkout answers as `paymentUrl`. Null when nothing is to be charged through Stripe or Stripe failed (logged).
 */
export async function openStripeCheckout(
  stripe: StripePayments,
  db: Database,
  order: OrderRow,
  lines: readonly OrderLineRow[],
): Promise<string | null> {
  try {
    const customerId = await ensureCustomer(stripe, db, order.tenantId);
    const params = checkoutSessionParams(order, lines, customerId, stripe.appUrl);
    if (!params) {
      stripe.log.warn({ orderId: order.id, total: order.total }, "stripe checkout skipped: nothing to charge, or the lines do not add up");
      return null;
    }
    const session = await (await stripe.client()).checkout.sessions.create(params, { idempotencyKey: `hearth-checkout-${order.id}` });
    return session.url ?? null;
  } catch (error) {
    stripe.log.error({ err: error, orderId: order.id }, "stripe checkout session failed; the order awaits payment by invoice");
    return null;
  }
}

/**
 * The billing redirect's target with Stripe: a Customer Portal session for the company's Stripe customer, returning to
 * the billing page. Null when the company has none yet (it never paid through Stripe) or Stripe failed (logged).
 */
export async function openCustomerPortal(
  stripe: StripePayments,
  db: Database,
  tenantId: string,
  returnUrl: string,
): Promise<string | null> {
  try {
    const customerId = await findStripeCustomerId(db, tenantId);
    if (!customerId) return null;
    const session = await (await stripe.client()).billingPortal.sessions.create({ customer: customerId, return_url: returnUrl });
    return session.url;
  } catch (error) {
    stripe.log.error({ err: error, tenantId }, "stripe customer portal session failed; redirecting to the billing page");
    return null;
  }
}
