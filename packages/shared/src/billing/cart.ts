/**
 * The cart (spec surveys §3 Cart item, §4 Cart, §8; accounts §3, §4): what a company has chosen, how a choice is
 * checked, added and removed, and the activity-log entries those steps produce. Pure: no I/O, no clock.
 * The cart stores choices only (a plan, or a badge with a licence type); it never stores a price. Every price, every
 * plan-included mark and every message is computed by `priceCart` (cart-pricing.ts), the one function the drawer and
 * the server share. Rules and choices: docs/decisions/0028-cart-arithmetic.md.
 */
import { isPlan, PLAN_RANK, type Plan } from "../plans.js";
import { type BillingCycle, type LicenceType, PRICED_PLANS, type PricedPlan, parseLicenceType } from "./prices.js";

/** Exact texts (spec surveys §8). */
export const CART_NOT_ELIGIBLE = "Not Eligible";
export const CART_EXCEEDS_PLAN = "Exceeds the amount included in the plan";
export const CART_SALES_TOOLTIP = "Keep this item in the cart to get in touch with our sales team!";

/** One badge is one licence and a plan is one plan: every line holds exactly one. */
export const CART_ITEM_QUANTITY = 1;
/** The most lines a cart holds (a plan and at most 8 badges are useful; the cap bounds stored data). */
export const MAX_CART_LINES = 20;

/** What the client sends and the server stores: a choice, never a price. */
export type CartChoice =
  | { kind: "plan"; plan: PricedPlan; quantity: typeof CART_ITEM_QUANTITY }
  | { kind: "badge"; badgeId: string; licenceType: LicenceType; quantity: typeof CART_ITEM_QUANTITY };

export interface Cart {
  /** In the order they were added. At most one plan. */
  items: readonly CartChoice[];
}

export const EMPTY_CART: Cart = { items: [] };

/** A badge the company may put in its cart: a certification card (accounts §3) as the server knows it. */
export interface CartBadge {
  id: string;
  name: string;
  image: string | null;
  /** A certification is priced as a certification, an award as an additional area. */
  type: "certification" | "award";
  year: number;
  /** Certified, Requested or another value (accounts §4). */
  status: string;
}

/** One badge's eligibility as the rules decided it (certification/eligibility.ts): the verdict and what is missing. */
export interface BadgeVerdict {
  eligible: boolean;
  /** What is missing, in the page's words; empty when eligible. */
  reasons: string[];
}

/** The facts eligibility was computed from, and each badge's verdict (computed once, on the server). */
export interface CartEligibilityFacts {
  /** The company's actual headcount; null when unknown (then nothing is eligible). */
  headcount: number | null;
  /** The most responses one of the company's LOWI surveys has, by the year it ends in (the years on offer read it). */
  lowiResponsesByYear: Readonly<Record<number, number>>;
  /** Badge id → verdict. A badge missing here is not eligible. */
  badges: Readonly<Record<string, BadgeVerdict>>;
}

/** Everything the cart arithmetic reads besides the choices. The server builds it from its own data. */
export interface CartContext {
  /** As stored on the tenant; resolved by resolvePricingSize (Medium when missing). */
  companySize: unknown;
  /** The monthly/yearly toggle: which price a plan line carries. */
  billingCycle: BillingCycle;
  /** The company's effective plan (billing/deals.ts), never the stored one. */
  currentPlan: Plan;
  /** Certification licences the company already holds for the current licence year. */
  certificationLicencesUsed: number;
  /** The badges on offer (the billing page's certification and award cards). */
  badges: readonly CartBadge[];
  eligibility: CartEligibilityFacts;
}

export type CartRefusal =
  | "invalid-item"
  | "invalid-quantity"
  | "unknown-item"
  | "unknown-licence-type"
  | "plan-not-offered"
  | "already-certified"
  | "already-requested"
  | "already-in-cart"
  | "not-in-cart"
  | "cart-full";

/** Badge statuses that take a badge out of the cart (accounts §4: Requested disables Add to cart; Certified is held). */
const STATUS_REFUSALS: Readonly<Record<string, CartRefusal>> = { certified: "already-certified", requested: "already-requested" };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Reads a choice from untrusted input (a request body or a stored row). Only kind, plan, badgeId, licenceType and
 * quantity are read: a price, an original price or a plan-included flag in the input is ignored, never copied.
 * Quantity may be left out; otherwise it must be exactly 1.
 */
export function parseCartChoice(value: unknown): { ok: true; choice: CartChoice } | { ok: false; reason: CartRefusal } {
  if (!isRecord(value)) return { ok: false, reason: "invalid-item" };
  if (value.quantity !== undefined && value.quantity !== CART_ITEM_QUANTITY) return { ok: false, reason: "invalid-quantity" };
  if (value.kind === "plan") {
    const plan = value.plan;
    if (!isPlan(plan)) return { ok: false, reason: "unknown-item" };
    if (!(PRICED_PLANS as readonly string[]).includes(plan)) return { ok: false, reason: "plan-not-offered" };
    return { ok: true, choice: { kind: "plan", plan: plan as PricedPlan, quantity: CART_ITEM_QUANTITY } };
  }
  if (value.kind === "badge") {
    if (typeof value.badgeId !== "string" || value.badgeId.trim() === "") return { ok: false, reason: "invalid-item" };
    const licenceType = parseLicenceType(value.licenceType);
    if (licenceType === null) return { ok: false, reason: "unknown-licence-type" };
    return { ok: true, choice: { kind: "badge", badgeId: value.badgeId, licenceType, quantity: CART_ITEM_QUANTITY } };
  }
  return { ok: false, reason: "invalid-item" };
}

/** The line id: "plan" for the one plan line, "badge:<id>" for a badge. */
export function cartLineId(choice: CartChoice): string {
  return choice.kind === "plan" ? "plan" : `badge:${choice.badgeId}`;
}

export function findCartBadge(context: Pick<CartContext, "badges">, badgeId: string): CartBadge | null {
  return context.badges.find((badge) => badge.id === badgeId) ?? null;
}

/**
 * Whether a choice can be in the cart now: a plan must be priced and above the company's effective plan (accounts
 * §4's request button: lower plans are Not Available); a badge must be on offer and neither Certified nor Requested.
 * Eligibility is not checked here: a badge that is Not Eligible may be kept in the cart (spec surveys §8 tooltip).
 */
export function checkCartChoice(choice: CartChoice, context: CartContext): CartRefusal | null {
  if (choice.kind === "plan") {
    return PLAN_RANK[choice.plan] > PLAN_RANK[context.currentPlan] ? null : "plan-not-offered";
  }
  const badge = findCartBadge(context, choice.badgeId);
  if (badge === null) return "unknown-item";
  return STATUS_REFUSALS[badge.status.trim().toLowerCase()] ?? null;
}

/** An activity-log entry (spec surveys §7 logs; accounts §3): the server adds the user and the timestamp. */
export interface CartActivityLog {
  action: "add_to_cart" | "remove_from_cart";
  itemId: string;
  kind: CartChoice["kind"];
  /** The badge's name, or the plan's name for a plan line. */
  certification: string;
  /** The badge's year; null for a plan. */
  year: number | null;
  licenceType: LicenceType | null;
}

export function describeCartActivity(action: CartActivityLog["action"], choice: CartChoice, context: CartContext): CartActivityLog {
  if (choice.kind === "plan") {
    return { action, itemId: cartLineId(choice), kind: "plan", certification: choice.plan, year: null, licenceType: null };
  }
  const badge = findCartBadge(context, choice.badgeId);
  return {
    action,
    itemId: cartLineId(choice),
    kind: "badge",
    certification: badge?.name ?? choice.badgeId,
    year: badge?.year ?? null,
    licenceType: choice.licenceType,
  };
}

export type CartChange = { ok: true; cart: Cart; logs: CartActivityLog[] } | { ok: false; reason: CartRefusal };

/**
 * Adds a choice read from untrusted input. A plan replaces any plan already in the cart (logged as the old plan's
 * removal, then the new plan's addition) and keeps its place at the top. The same badge again with the same licence
 * type is refused; with the other licence type it replaces the line in place.
 */
export function addCartItem(cart: Cart, input: unknown, context: CartContext): CartChange {
  const parsed = parseCartChoice(input);
  if (!parsed.ok) return parsed;
  const choice = parsed.choice;
  const refusal = checkCartChoice(choice, context);
  if (refusal !== null) return { ok: false, reason: refusal };
  const id = cartLineId(choice);
  const existing = cart.items.find((item) => cartLineId(item) === id);
  const logs: CartActivityLog[] = [];
  if (existing) {
    const same =
      existing.kind === "plan"
        ? choice.kind === "plan" && existing.plan === choice.plan
        : choice.kind === "badge" && existing.licenceType === choice.licenceType;
    if (same) return { ok: false, reason: "already-in-cart" };
    logs.push(describeCartActivity("remove_from_cart", existing, context));
  } else if (cart.items.length >= MAX_CART_LINES) {
    return { ok: false, reason: "cart-full" };
  }
  logs.push(describeCartActivity("add_to_cart", choice, context));
  const items = existing
    ? cart.items.map((item) => (item === existing ? choice : item))
    : choice.kind === "plan"
      ? [choice, ...cart.items]
      : [...cart.items, choice];
  return { ok: true, cart: { items }, logs };
}

/** Removes a line by id ("plan" or "badge:<id>"). Removing the plan restores the badges' prices (priceCart). */
export function removeCartItem(cart: Cart, lineId: string, context: CartContext): CartChange {
  const existing = cart.items.find((item) => cartLineId(item) === lineId);
  if (!existing) return { ok: false, reason: "not-in-cart" };
  return {
    ok: true,
    cart: { items: cart.items.filter((item) => item !== existing) },
    logs: [describeCartActivity("remove_from_cart", existing, context)],
  };
}
