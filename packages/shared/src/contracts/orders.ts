/**
 * Checkout and orders (issue 12 item 6; spec surveys §7 `POST /api/certifications/aquire`, §8 "Error on checkout"):
 * the request carries choices only, never a price; every amount in an answer is the server's (integer cents).
 * Decision: docs/decisions/0032-orders-and-payment-recording.md.
 */
import { z } from "zod";
import { BILLING_CYCLES, LICENCE_TYPES, PRICED_PLANS } from "../billing/prices.js";
import { CART_ITEM_QUANTITY, MAX_CART_LINES } from "../billing/cart.js";
import { sellerDetailsSchema } from "./seller.js";

/** Spec surveys §8: what the client shows for any non-200 answer of checkout. */
export const CHECKOUT_ERROR_MESSAGE = "Error on checkout";

export const ORDER_STATUSES = ["awaiting_payment", "paid", "cancelled"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Text without control characters (a NUL cannot be stored in PostgreSQL text). */
const plainText = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .refine(
      (value) => ![...value].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f),
      "Must not contain control characters",
    );

/**
 * One cart choice as checkout reads it: a plan, or a badge with a licence type. Any other field (a price, an original
 * price, a plan-included flag) is dropped unread.
 */
export const checkoutChoiceSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("plan"), plan: z.enum(PRICED_PLANS), quantity: z.literal(CART_ITEM_QUANTITY).optional() }),
  z.object({
    kind: z.literal("badge"),
    badgeId: plainText(200),
    licenceType: z.enum(LICENCE_TYPES),
    quantity: z.literal(CART_ITEM_QUANTITY).optional(),
  }),
]);
export type CheckoutChoiceInput = z.infer<typeof checkoutChoiceSchema>;

/** `POST /api/certifications/aquire` (spec spelling): companyId and certifications (the cart items). */
export const checkoutRequestSchema = z.object({
  companyId: z.uuid(),
  certifications: z.array(checkoutChoiceSchema).min(1, "Add at least one item to the cart").max(MAX_CART_LINES),
  /** Which price a plan line carries; yearly when left out (the order form's term is one year). */
  billingCycle: z.enum(BILLING_CYCLES).default("yearly"),
});
export type CheckoutRequest = z.infer<typeof checkoutRequestSchema>;

export const orderLineSchema = z.object({
  position: z.number().int().min(0),
  kind: z.enum(["plan", "badge"]),
  name: z.string(),
  plan: z.string().nullable(),
  badgeId: z.string().nullable(),
  year: z.number().int().nullable(),
  licenceType: z.string().nullable(),
  quantity: z.number().int().min(1),
  /** Cents charged for one; 0 when plan-included. */
  unitPrice: z.number().int().min(0),
  originalPrice: z.number().int().min(0),
  isPlanIncluded: z.boolean(),
});
export type OrderLineResponse = z.infer<typeof orderLineSchema>;

export const orderSchema = z.object({
  id: z.uuid(),
  number: z.string(),
  status: z.enum(ORDER_STATUSES),
  currency: z.literal("usd"),
  subtotal: z.number().int().min(0),
  total: z.number().int().min(0),
  billingCycle: z.enum(BILLING_CYCLES),
  createdAt: z.string(),
  dueAt: z.string(),
  paidAt: z.string().nullable(),
  paymentReference: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  lines: z.array(orderLineSchema),
});
export type OrderResponse = z.infer<typeof orderSchema>;

export const salesRequestSchema = z.object({
  id: z.uuid(),
  items: z.array(
    z.object({
      kind: z.enum(["plan", "badge"]),
      name: z.string(),
      badgeId: z.string().nullable(),
      year: z.number().int().nullable(),
      licenceType: z.string().nullable(),
      price: z.number().int().min(0),
      /** "Not Eligible" or "Exceeds the amount included in the plan". */
      message: z.string().nullable(),
    }),
  ),
  createdAt: z.string(),
});

/** One order as its page reads it: the order, and the sales request the same checkout made, if any. */
export const orderDetailSchema = orderSchema.extend({
  /** The lines the same checkout passed to the sales team (Not Eligible, or beyond the plan's licences), or null. */
  salesRequest: salesRequestSchema.nullable(),
});
export type OrderDetailResponse = z.infer<typeof orderDetailSchema>;

export const checkoutResponseSchema = z.object({
  order: orderSchema,
  /** The lines that need the sales team, when there were any. */
  salesRequest: salesRequestSchema.nullable(),
  /**
   * Stripe's checkout page for the order, when Stripe is configured and opened a payment for it; null otherwise (the
   * order is paid by invoice). Optional for clients written before it.
   */
  paymentUrl: z.url().nullable().optional(),
});
export type CheckoutResponse = z.infer<typeof checkoutResponseSchema>;

export const orderListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100000).default(1),
});

export const orderListSchema = z.object({
  items: z.array(orderSchema.omit({ lines: true })),
  page: z.number().int(),
  pageCount: z.number().int(),
  from: z.number().int(),
  to: z.number().int(),
  total: z.number().int(),
  hasPrevious: z.boolean(),
  hasNext: z.boolean(),
  summary: z.string(),
  /** Who to pay and how (decision 0060): the seller the operator set, each field null when not set. */
  payTo: sellerDetailsSchema,
  /** Whether the seller's name and remittance details are set, so an order can be paid from these details. */
  payable: z.boolean(),
});
export type OrderListResponse = z.infer<typeof orderListSchema>;

export const orderParamsSchema = z.object({ orderId: z.uuid() });

const isoDateTime = z.iso.datetime({ offset: true });

/** `POST /api/internal/orders/:orderId/payment`: when the money arrived and the bank's or card's reference. */
export const recordPaymentSchema = z
  .object({
    paidAt: isoDateTime,
    reference: plainText(200),
  })
  .strict();
export type RecordPaymentInput = z.infer<typeof recordPaymentSchema>;
