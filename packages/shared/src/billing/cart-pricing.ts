/**
 * The cart arithmetic (spec surveys §4 Cart): one pure function, `priceCart`, that the drawer shows and the server
 * charges. It reads choices and the context only; every amount comes from prices.ts, every licence from licences.ts.
 * Amounts are integer cents. Rules, the break-even definition and eligibility: docs/decisions/0028-cart-arithmetic.md.
 */
import type { Plan } from "../plans.js";
import {
  CART_EXCEEDS_PLAN,
  CART_NOT_ELIGIBLE,
  CART_SALES_TOOLTIP,
  type Cart,
  type CartBadge,
  type CartChoice,
  type CartContext,
  type CartRefusal,
  cartLineId,
  checkCartChoice,
  findCartBadge,
} from "./cart.js";
import { remainingLicences } from "./licences.js";
import { additionalAreaPrice, certificationPrice, type LicenceType, type PricedPlan, type PricingWarning, planPrice } from "./prices.js";

/** "within 2 badges of the next plan's break-even" (spec surveys §4). */
export const NEXT_PLAN_OFFER_BADGE_WINDOW = 2;

/** A priced line: the spec's cart item (surveys §3) plus what the drawer needs to show it. */
export interface PricedCartLine {
  id: string;
  kind: CartChoice["kind"];
  name: string;
  image: string | null;
  type: "plan" | "certification" | "award";
  plan: PricedPlan | null;
  badgeId: string | null;
  year: number | null;
  licenceType: LicenceType | null;
  quantity: number;
  /** What this line costs in this cart: 0 when plan-included. */
  price: number;
  /** The line's own price, kept when it is plan-included. */
  originalPrice: number;
  isPlanIncluded: boolean;
  /** True when the next-plan offer shows and the next plan would include this line. */
  isNextPlanIncluded: boolean;
  /** False for a badge whose year does not meet the response rule; plans are always eligible. */
  eligibility: boolean;
  /** Whether checkout buys this line. A line that is Not Eligible stays in the cart and is not charged. */
  payable: boolean;
  message: typeof CART_NOT_ELIGIBLE | typeof CART_EXCEEDS_PLAN | null;
  tooltip: typeof CART_SALES_TOOLTIP | null;
}

export interface NextPlanOffer {
  plan: PricedPlan;
  /** The next plan's price for the cycle (what replaces the cart's plan line). */
  planPrice: number;
  /** 0 when the cart is at or past the break-even now; 1 or 2 when that many more badges reach it. */
  badgesToBreakEven: number;
  /** What the cart costs now, and with the next plan in place of its plan (both with the extra badges, if any). */
  currentTotal: number;
  nextPlanTotal: number;
  /** currentTotal − nextPlanTotal, 0 or more. */
  savings: number;
}

export interface DroppedCartItem {
  id: string;
  reason: CartRefusal;
}

export interface PricedCart {
  lines: PricedCartLine[];
  /** The sum of payable lines' prices: what checkout charges (lines over the licence or not eligible are not payable). */
  total: number;
  /** The sum of payable lines' original prices. */
  originalTotal: number;
  /** What the plan's inclusion saves: originalTotal − total. */
  includedSavings: number;
  /** The plan whose licences make badges plan-included: the cart's plan, else the company's effective plan. */
  governingPlan: Plan;
  offer: NextPlanOffer | null;
  /** Stored choices that can no longer be priced (a badge gone or Certified, a plan no longer above the company's). */
  dropped: DroppedCartItem[];
  /** For error reporting only ("Missing companySize"). */
  warnings: PricingWarning[];
}

interface Resolved {
  line: PricedCartLine;
  /** Cart order, for ties. */
  order: number;
}

const NEXT_PLAN: Readonly<Partial<Record<Plan, PricedPlan>>> = { Free: "Bronze", Bronze: "Silver", Basic: "Silver", Silver: "Gold" };

/** The plan one step above (Free → Bronze → Silver → Gold); null above Silver (Premium has no price). */
export function nextPlanAfter(plan: Plan): PricedPlan | null {
  return NEXT_PLAN[plan] ?? null;
}

/** A badge is eligible when the server's verdict says so (certification/eligibility.ts, docs/decisions/0035). */
export function isBadgeEligible(badge: Pick<CartBadge, "id">, context: Pick<CartContext, "eligibility">): boolean {
  const { badges } = context.eligibility;
  return Object.hasOwn(badges, badge.id) && badges[badge.id].eligible === true;
}

function baseLine(id: string, kind: CartChoice["kind"], originalPrice: number): PricedCartLine {
  return {
    id,
    kind,
    name: "",
    image: null,
    type: "plan",
    plan: null,
    badgeId: null,
    year: null,
    licenceType: null,
    quantity: 1,
    price: originalPrice,
    originalPrice,
    isPlanIncluded: false,
    isNextPlanIncluded: false,
    eligibility: true,
    payable: true,
    message: null,
    tooltip: null,
  };
}

function planLine(plan: PricedPlan, context: CartContext, warnings: PricingWarning[]): PricedCartLine {
  const price = planPrice(plan, context.companySize, context.billingCycle);
  // PRICED_PLANS always have a price; a null here would be a broken price table.
  if (price === null) throw new Error(`no price for ${plan}`);
  warnings.push(...price.warnings);
  return { ...baseLine("plan", "plan", price.cents), name: plan, plan };
}

function resolve(cart: Cart, context: CartContext, warnings: PricingWarning[], dropped: DroppedCartItem[]) {
  let plan: PricedCartLine | null = null;
  const badges: Resolved[] = [];
  cart.items.forEach((choice, order) => {
    const id = cartLineId(choice);
    const refusal = checkCartChoice(choice, context);
    if (refusal !== null) {
      dropped.push({ id, reason: refusal });
      return;
    }
    if (choice.kind === "plan") {
      plan = planLine(choice.plan, context, warnings);
      return;
    }
    const badge = findCartBadge(context, choice.badgeId) as CartBadge;
    const lookUp = badge.type === "certification" ? certificationPrice : additionalAreaPrice;
    const price = lookUp(context.companySize, choice.licenceType);
    if (price === null) {
      dropped.push({ id, reason: "unknown-licence-type" });
      return;
    }
    warnings.push(...price.warnings);
    const line: PricedCartLine = {
      ...baseLine(id, "badge", price.cents),
      name: badge.name,
      image: badge.image,
      type: badge.type,
      badgeId: badge.id,
      year: badge.year,
      licenceType: choice.licenceType,
      eligibility: isBadgeEligible(badge, context),
    };
    badges.push({ line, order });
  });
  return { plan: plan as PricedCartLine | null, badges };
}

/**
 * Marks badges under a plan: Not Eligible ones are held (shown at their price, not charged); eligible ones are
 * plan-included, most expensive first, while the plan has certification licences left. The rest exceed the plan's
 * licence: shown at their price with "Exceeds the amount included in the plan" and the sales tooltip, not charged;
 * checkout turns them into a sales request, never an order line (issue 12 item 6: "Items that need sales (not
 * eligible, over the licence) become a sales request instead of an order line").
 */
function applyPlan(badges: readonly Resolved[], governing: Plan, context: CartContext): PricedCartLine[] {
  let left = remainingLicences(governing, "certification", context.certificationLicencesUsed);
  const lines = new Map<Resolved, PricedCartLine>();
  const eligible = badges
    .filter((b) => b.line.eligibility)
    .sort((a, b) => b.line.originalPrice - a.line.originalPrice || a.order - b.order);
  for (const badge of eligible) {
    const included = left === null || left > 0;
    if (left !== null && left > 0) left -= 1;
    lines.set(
      badge,
      included
        ? { ...badge.line, price: 0, isPlanIncluded: true }
        : { ...badge.line, payable: false, message: CART_EXCEEDS_PLAN, tooltip: CART_SALES_TOOLTIP },
    );
  }
  return badges.map(
    (badge) => lines.get(badge) ?? { ...badge.line, payable: false, message: CART_NOT_ELIGIBLE, tooltip: CART_SALES_TOOLTIP },
  );
}

function totalOf(lines: readonly PricedCartLine[]): number {
  return lines.reduce((sum, line) => (line.payable ? sum + line.price : sum), 0);
}

/**
 * What the company would pay for the cart through checkout and the sales team together: the payable lines, plus the
 * list price of every eligible badge over the licence (what the sales team would charge for it). The next-plan offer
 * compares this, since a plan's break-even is measured against buying the badges it would include.
 */
function costOf(lines: readonly PricedCartLine[]): number {
  return lines.reduce((sum, line) => sum + (line.payable ? line.price : line.message === CART_EXCEEDS_PLAN ? line.originalPrice : 0), 0);
}

function assertUsed(used: number): void {
  if (!Number.isInteger(used) || used < 0) throw new RangeError("certificationLicencesUsed must be a whole number of 0 or more");
}

/**
 * The next-plan offer. The break-even is reached when the cart with the next plan in place of its plan (or added,
 * when it has none) costs no more than the cart as it is. The offer shows when that holds now, or once 1 or 2 more
 * badges are added, each a copy of the cheapest eligible badge in the cart. No eligible badge, no offer.
 */
function nextPlanOffer(plan: PricedCartLine | null, badges: readonly Resolved[], governing: Plan, context: CartContext) {
  const next = nextPlanAfter(governing);
  if (next === null) return null;
  const eligible = badges.filter((badge) => badge.line.eligibility).map((badge) => badge.line);
  if (eligible.length === 0) return null;
  const unit = eligible.reduce((cheapest, line) => (line.originalPrice < cheapest.originalPrice ? line : cheapest));
  const nextLine = planLine(next, context, []);
  for (let extra = 0; extra <= NEXT_PLAN_OFFER_BADGE_WINDOW; extra += 1) {
    const copies: Resolved[] = Array.from({ length: extra }, (_, i) => ({
      line: { ...unit, id: `extra:${i}`, isPlanIncluded: false, price: unit.originalPrice, message: null },
      order: badges.length + i,
    }));
    const all = [...badges, ...copies];
    const currentTotal = (plan?.price ?? 0) + costOf(applyPlan(all, governing, context));
    const nextPlanTotal = nextLine.price + costOf(applyPlan(all, next, context));
    if (nextPlanTotal <= currentTotal) {
      const offer: NextPlanOffer = {
        plan: next,
        planPrice: nextLine.price,
        badgesToBreakEven: extra,
        currentTotal,
        nextPlanTotal,
        savings: currentTotal - nextPlanTotal,
      };
      const includedNext = new Set(
        applyPlan(badges, next, context)
          .filter((l) => l.isPlanIncluded)
          .map((l) => l.id),
      );
      return { offer, includedNext };
    }
  }
  return null;
}

/**
 * Prices a cart. The only inputs are the stored choices and the context; no price is ever read from the cart. The
 * plan line comes first, then the badges in the order they were added.
 */
export function priceCart(cart: Cart, context: CartContext): PricedCart {
  assertUsed(context.certificationLicencesUsed);
  const warnings: PricingWarning[] = [];
  const dropped: DroppedCartItem[] = [];
  const { plan, badges } = resolve(cart, context, warnings, dropped);
  const governing: Plan = plan?.plan ?? context.currentPlan;
  let badgeLines = applyPlan(badges, governing, context);
  const found = nextPlanOffer(plan, badges, governing, context);
  if (found) {
    badgeLines = badgeLines.map((line) =>
      !line.isPlanIncluded && found.includedNext.has(line.id) ? { ...line, isNextPlanIncluded: true } : line,
    );
  }
  const lines = plan ? [plan, ...badgeLines] : badgeLines;
  const total = totalOf(lines);
  const originalTotal = lines.reduce((sum, line) => (line.payable ? sum + line.originalPrice : sum), 0);
  return {
    lines,
    total,
    originalTotal,
    includedSavings: originalTotal - total,
    governingPlan: governing,
    offer: found?.offer ?? null,
    dropped,
    warnings: [...new Set(warnings)],
  };
}

export interface CartCheckout {
  /** What is charged, in cents: the recomputed total. */
  amount: number;
  /** The lines bought (plan-included badges among them, at 0). */
  purchased: PricedCartLine[];
  /** Lines that need the sales team (Not Eligible, or over the plan's licence): a sales request, not an order line. */
  kept: PricedCartLine[];
}

/**
 * What checkout does with a cart: prices it again from the stored choices and the server's own context (never the
 * client's figures) and splits the lines into bought and kept.
 */
export function planCheckout(cart: Cart, context: CartContext): CartCheckout & { priced: PricedCart } {
  const priced = priceCart(cart, context);
  return {
    amount: priced.total,
    purchased: priced.lines.filter((line) => line.payable),
    kept: priced.lines.filter((line) => !line.payable),
    priced,
  };
}
