/**
 * The cart's API (spec surveys §3 Cart item, §4 Cart, §8; docs/decisions/0028). The client sends a choice (a plan,
 * or a badge with a licence type) and never a price; the server answers with the cart priced by `priceCart`, which is
 * all the drawer shows.
 */
import { z } from "zod";
import { PLANS } from "../plans.js";
import { CART_EXCEEDS_PLAN, CART_NOT_ELIGIBLE, CART_SALES_TOOLTIP } from "../billing/cart.js";
import { BILLING_CYCLES, LICENCE_TYPES, PRICED_PLANS } from "../billing/prices.js";

/**
 * One choice to add. Only kind, plan, badgeId, licenceType and quantity are read; anything else in the body (a price,
 * an original price, a plan-included flag) is dropped here and never reaches the cart. The rules (a priced plan, a
 * badge on offer, quantity 1) are parseCartChoice's, answered as 400s naming the field.
 */
export const cartChoiceInputSchema = z.object({
  kind: z.enum(["plan", "badge"]),
  plan: z.string().trim().min(1).max(40).optional(),
  badgeId: z.string().trim().min(1).max(200).optional(),
  licenceType: z.string().trim().min(1).max(40).optional(),
  /** One line is one plan or one licence: 1, or left out. */
  quantity: z.number().optional(),
});
export type CartChoiceInput = z.infer<typeof cartChoiceInputSchema>;

export const cartCycleInputSchema = z.object({ billingCycle: z.enum(BILLING_CYCLES) }).strict();
export type CartCycleInput = z.infer<typeof cartCycleInputSchema>;

/** A line id: "plan", or "badge:<badgeId>". */
export const cartItemParamsSchema = z.object({ itemId: z.string().min(1).max(220) });

/** One priced line (the spec's cart item, surveys §3): every figure the server's. Amounts are integer cents. */
export const pricedCartLineSchema = z.object({
  id: z.string(),
  kind: z.enum(["plan", "badge"]),
  name: z.string(),
  image: z.string().nullable(),
  type: z.enum(["plan", "certification", "award"]),
  plan: z.enum(PRICED_PLANS).nullable(),
  badgeId: z.string().nullable(),
  year: z.number().int().nullable(),
  licenceType: z.enum(LICENCE_TYPES).nullable(),
  quantity: z.number().int(),
  /** What the line costs in this cart: 0 when plan-included. */
  price: z.number().int(),
  /** The line's own price, kept when it is plan-included. */
  originalPrice: z.number().int(),
  isPlanIncluded: z.boolean(),
  isNextPlanIncluded: z.boolean(),
  eligibility: z.boolean(),
  /** Whether checkout buys the line; a line that is not payable goes to the sales team. */
  payable: z.boolean(),
  message: z.enum([CART_NOT_ELIGIBLE, CART_EXCEEDS_PLAN]).nullable(),
  tooltip: z.literal(CART_SALES_TOOLTIP).nullable(),
});
export type PricedCartLineResponse = z.infer<typeof pricedCartLineSchema>;

/** The next-plan savings offer (surveys §4: within 2 badges of the next plan's break-even). */
export const nextPlanOfferSchema = z.object({
  plan: z.enum(PRICED_PLANS),
  planPrice: z.number().int(),
  badgesToBreakEven: z.number().int().min(0),
  currentTotal: z.number().int(),
  nextPlanTotal: z.number().int(),
  savings: z.number().int().min(0),
});

export const cartSchema = z.object({
  billingCycle: z.enum(BILLING_CYCLES),
  lines: z.array(pricedCartLineSchema),
  /** What checkout would charge now: the payable lines. */
  total: z.number().int(),
  originalTotal: z.number().int(),
  includedSavings: z.number().int(),
  /** The company's effective plan. */
  currentPlan: z.enum(PLANS),
  /** The plan whose licences include badges: the cart's plan, else the effective plan. */
  governingPlan: z.enum(PLANS),
  offer: nextPlanOfferSchema.nullable(),
  /** Stored choices that no longer hold (a plan no longer above the company's, a badge gone); not charged. */
  dropped: z.array(z.object({ id: z.string(), reason: z.string() })),
  /** The last change (ISO 8601), or null for a cart never used. */
  updatedAt: z.string().nullable(),
});
export type CartResponse = z.infer<typeof cartSchema>;
