/**
 * Pure helpers of the cart drawer (issue 12 item 5; spec surveys §4 Cart, §8). The drawer shows the server's priced
 * cart (GET /api/cart, `priceCart`) and computes no price: these helpers only turn the server's figures into words and
 * the stored lines back into the choices checkout sends. Decision 0028.
 */
import {
  type CartResponse,
  type CheckoutChoiceInput,
  formatDollars,
  type LicenceType,
  PLAN_RANK,
  PRICED_PLANS,
  type Plan,
  type PricedPlan,
} from "@hearth/shared";

type CartLine = CartResponse["lines"][number];

export const LICENCE_TYPE_LABELS: Record<LicenceType, string> = {
  digitalorprint: "Digital or print",
  unlimiteduse: "Unlimited use",
};

/** "Plan", "Certification · 2026 · Digital or print", "Award · 2025 · Unlimited use". */
export function describeCartLineType(line: Pick<CartLine, "type" | "year" | "licenceType">): string {
  if (line.type === "plan") return "Plan";
  const parts: string[] = [line.type === "award" ? "Award" : "Certification"];
  if (line.year !== null) parts.push(String(line.year));
  if (line.licenceType !== null) parts.push(LICENCE_TYPE_LABELS[line.licenceType]);
  return parts.join(" · ");
}

/** A plan line reads "Silver plan" so the remove button says which plan it takes out; a badge keeps its own name. */
export function cartLineTitle(line: Pick<CartLine, "kind" | "name">): string {
  return line.kind === "plan" && !/\bplan$/i.test(line.name) ? `${line.name} plan` : line.name;
}

export interface CartLinePrice {
  /** What the line costs in this cart, formatted by the server's cents ("$0" when plan-included). */
  price: string;
  /** The line's own price struck through; null when it is not reduced. */
  struck: string | null;
  /** For screen readers: "$0, was $7,000, included in the plan". */
  label: string;
}

export function describeCartLinePrice(line: Pick<CartLine, "price" | "originalPrice" | "isPlanIncluded">): CartLinePrice {
  const price = formatDollars(line.price);
  const struck = line.originalPrice !== line.price ? formatDollars(line.originalPrice) : null;
  const label = [price, struck ? `was ${struck}` : null, line.isPlanIncluded ? "included in the plan" : null].filter(Boolean).join(", ");
  return { price, struck, label };
}

/** The number on the cart button: one per line (every line holds exactly one item). */
export function cartItemCount(cart: Pick<CartResponse, "lines"> | undefined): number {
  return cart?.lines.reduce((sum, line) => sum + line.quantity, 0) ?? 0;
}

/** The cart button's accessible name: "Cart, 2 items". */
export function cartButtonLabel(count: number): string {
  if (count === 0) return "Cart, empty";
  return `Cart, ${count} ${count === 1 ? "item" : "items"}`;
}

/**
 * The choices checkout sends (`POST /api/certifications/aquire`, `certifications`): each stored line back as a plan or
 * a badge with its licence type. No figure is sent; the server prices the choices again and keeps the lines that need
 * the sales team in the cart.
 */
export function checkoutChoices(cart: Pick<CartResponse, "lines">): CheckoutChoiceInput[] {
  const choices: CheckoutChoiceInput[] = [];
  for (const line of cart.lines) {
    if (line.kind === "plan" && line.plan !== null) choices.push({ kind: "plan", plan: line.plan, quantity: 1 });
    else if (line.kind === "badge" && line.badgeId !== null && line.licenceType !== null) {
      choices.push({ kind: "badge", badgeId: line.badgeId, licenceType: line.licenceType, quantity: 1 });
    }
  }
  return choices;
}

/** Checkout needs at least one line the server will charge; lines for the sales team alone make no order (0032). */
export function canCheckout(cart: Pick<CartResponse, "lines">): boolean {
  return cart.lines.some((line) => line.payable);
}

/** "Add Gold to save $1,000" / "Add 2 more badges with Gold to save …" — the next-plan offer in words. */
export function describeNextPlanOffer(offer: NonNullable<CartResponse["offer"]>): string {
  const savings = offer.savings > 0 ? ` and save ${formatDollars(offer.savings)}` : "";
  if (offer.badgesToBreakEven === 0) return `Switch to ${offer.plan}${savings}: its licences include more of your badges.`;
  const badges = offer.badgesToBreakEven === 1 ? "1 more badge" : `${offer.badgesToBreakEven} more badges`;
  return `With ${badges}, ${offer.plan} would cost you no more than this cart${savings}.`;
}

/**
 * The plan page's "Add to cart" (accounts §4): a plan with a price (Bronze, Silver, Gold) above the company's effective
 * plan, the same rule the server's `checkCartChoice` applies; Free is free and Premium is by request only (0026).
 */
export function cartablePlan(effectivePlan: Plan, plan: string): PricedPlan | null {
  const priced = (PRICED_PLANS as readonly string[]).includes(plan) ? (plan as PricedPlan) : null;
  return priced !== null && PLAN_RANK[priced] > PLAN_RANK[effectivePlan] ? priced : null;
}

/** Whether the cart already holds this choice as it is (the same plan, or the same badge with the same licence type). */
export function isAlreadyInCart(
  cart: Pick<CartResponse, "lines">,
  choice: { kind: string; plan?: string; badgeId?: string; licenceType?: string },
): boolean {
  return cart.lines.some((line) =>
    choice.kind === "plan"
      ? line.kind === "plan" && line.plan === choice.plan
      : line.kind === "badge" && line.badgeId === choice.badgeId && line.licenceType === choice.licenceType,
  );
}
