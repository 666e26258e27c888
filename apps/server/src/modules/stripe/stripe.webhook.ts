/**
 * Stripe's webhook (decision 0033): verifies the signature over the raw body, applies each event once (by its id, in
 * the same transaction as its effect) and tolerates any order of arrival: only a paid Checkout Session pays its order,
 * through the same applyOrderPayment as the internal payment route, and only while the order awaits payment.
 */
import { z } from "zod";
import type { AppContext } from "../../app-context.js";
import type { Database } from "../../db/client.js";
import { AppError, fieldsFromZodError } from "../../lib/errors.js";
import { findOrder, lockOrder } from "../orders/orders.repo.js";
import { applyOrderPayment } from "../orders/orders.service.js";
import { loadStripe, type StripePayments } from "./stripe.client.js";
import { claimStripeEvent, recordStripeEventOutcome } from "./stripe.repo.js";

/** Who recorded a payment that came through Stripe (billing_order.recorded_by; an internal account's is its user id). */
export const STRIPE_RECORDED_BY = "stripe";

/** The Checkout Session events the adapter reads; any other type is acknowledged and recorded as ignored. */
const PAYING_EVENTS = new Set(["checkout.session.completed", "checkout.session.async_payment_succeeded"]);
const NON_PAYING_EVENTS = new Set(["checkout.session.async_payment_failed", "checkout.session.expired"]);

const eventSchema = z.object({
  id: z.string().regex(/^evt_\w{1,250}$/, "Not a Stripe event id."),
  type: z.string().regex(/^[a-z0-9_.]{1,200}$/, "Not a Stripe event type."),
  created: z.number().int().positive(),
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});

const sessionSchema = z.object({
  id: z.string().min(1).max(255),
  object: z.literal("checkout.session"),
  payment_status: z.string().max(50),
  client_reference_id: z.string().max(255).nullish(),
  metadata: z.record(z.string(), z.string()).nullish(),
  amount_total: z.number().int().nullish(),
  currency: z.string().max(10).nullish(),
  payment_intent: z.union([z.string().max(255), z.object({ id: z.string().max(255) }).loose()]).nullish(),
});
type CheckoutSession = z.infer<typeof sessionSchema>;

export type StripeEventOutcome =
  | "paid"
  | "duplicate"
  | "order-closed"
  | "order-not-found"
  | "no-order"
  | "not-paid-yet"
  | "amount-mismatch"
  | "no-change"
  | "ignored-type";

interface Applied {
  outcome: StripeEventOutcome;
  tenantId: string | null;
  orderId: string | null;
}

const uuid = z.uuid();

/**
 * The order a session names: metadata orderId and tenantId (both set by Hearth's checkout) and, when present, the
 * client reference equal to the order id. Null for a session Hearth did not make.
 */
function orderReference(session: CheckoutSession): { tenantId: string; orderId: string } | null {
  const orderId = session.metadata?.orderId;
  const tenantId = session.metadata?.tenantId;
  if (!uuid.safeParse(orderId).success || !uuid.safeParse(tenantId).success) return null;
  if (session.client_reference_id != null && session.client_reference_id !== orderId) return null;
  return { tenantId: tenantId as string, orderId: orderId as string };
}

const paymentIntentId = (session: CheckoutSession) =>
  typeof session.payment_intent === "string" ? session.payment_intent : (session.payment_intent?.id ?? null);

async function applySessionEvent(
  stripe: StripePayments,
  tx: Database,
  type: string,
  created: number,
  session: CheckoutSession,
): Promise<Applied> {
  const reference = orderReference(session);
  if (!reference) return { outcome: "no-order", tenantId: null, orderId: null };
  // The company comes from the event and the order is looked up within it: an order id of another company is not found.
  const { tenantId, orderId } = reference;
  if (!PAYING_EVENTS.has(type)) {
    const found = await findOrder(tx, tenantId, orderId);
    return found ? { outcome: "no-change", tenantId, orderId } : { outcome: "order-not-found", tenantId: null, orderId: null };
  }
  const row = await lockOrder(tx, tenantId, orderId);
  if (!row) return { outcome: "order-not-found", tenantId: null, orderId: null };
  // A completed session paid later (bank debits) says unpaid; its async_payment_succeeded event pays the order.
  if (session.payment_status !== "paid") return { outcome: "not-paid-yet", tenantId, orderId };
  if (row.status !== "awaiting_payment") return { outcome: "order-closed", tenantId, orderId };
  if (session.amount_total !== row.total || session.currency !== row.currency) {
    stripe.log.error(
      { orderId, sessionId: session.id, amountTotal: session.amount_total, orderTotal: row.total },
      "stripe session amount differs from the order's total; the order is left awaiting payment",
    );
    return { outcome: "amount-mismatch", tenantId, orderId };
  }
  await applyOrderPayment(tx, row, {
    paidAt: new Date(created * 1000),
    reference: paymentIntentId(session) ?? session.id,
    recordedBy: STRIPE_RECORDED_BY,
  });
  return { outcome: "paid", tenantId, orderId };
}

async function readEvent(stripe: StripePayments, rawBody: unknown, signature: string | string[] | undefined) {
  if (typeof signature !== "string" || signature === "") {
    throw new AppError("STRIPE_SIGNATURE_INVALID", "The Stripe-Signature header is missing.");
  }
  if (!Buffer.isBuffer(rawBody) || rawBody.length === 0) {
    throw new AppError("STRIPE_SIGNATURE_INVALID", "The event has no body to verify.");
  }
  let event: unknown;
  try {
    event = (await stripe.client()).webhooks.constructEvent(rawBody, signature, stripe.webhookSecret);
  } catch (error) {
    if (error instanceof (await loadStripe()).errors.StripeSignatureVerificationError) {
      // A wrong signature, another endpoint's secret, or a timestamp outside Stripe's five-minute tolerance (a replay).
      throw new AppError("STRIPE_SIGNATURE_INVALID", "The Stripe signature does not match this event, or it is too old.", {
        message: `stripe signature refused: ${error.message}`,
      });
    }
    throw new AppError("BAD_REQUEST", "The event is not JSON.");
  }
  const parsed = eventSchema.safeParse(event);
  if (!parsed.success) {
    throw new AppError("VALIDATION_FAILED", "The event is not a Stripe event.", { fields: fieldsFromZodError(parsed.error) });
  }
  return parsed.data;
}

/** `POST /api/stripe/webhook`. */
export async function handleStripeWebhook(
  ctx: AppContext,
  stripe: StripePayments,
  rawBody: unknown,
  signature: string | string[] | undefined,
): Promise<{ received: true; outcome: StripeEventOutcome }> {
  const event = await readEvent(stripe, rawBody, signature);
  let session: CheckoutSession | null = null;
  if (PAYING_EVENTS.has(event.type) || NON_PAYING_EVENTS.has(event.type)) {
    const parsed = sessionSchema.safeParse(event.data.object);
    if (!parsed.success) {
      const fields = Object.fromEntries(
        Object.entries(fieldsFromZodError(parsed.error)).map(([path, message]) => [`data.object.${path}`, message]),
      );
      throw new AppError("VALIDATION_FAILED", "The event's Checkout Session cannot be read.", { fields });
    }
    session = parsed.data;
  }
  const outcome = await ctx.database.db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    if (!(await claimStripeEvent(tx, event.id, event.type))) return "duplicate" as const;
    const applied: Applied = session
      ? await applySessionEvent(stripe, tx, event.type, event.created, session)
      : { outcome: "ignored-type", tenantId: null, orderId: null };
    await recordStripeEventOutcome(tx, event.id, applied);
    return applied.outcome;
  });
  return { received: true, outcome };
}
