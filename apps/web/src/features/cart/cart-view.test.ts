import { CART_EXCEEDS_PLAN, CART_SALES_TOOLTIP, type CartResponse } from "@hearth/shared";
import { describe, expect, it } from "vitest";
import {
  canCheckout,
  cartablePlan,
  cartButtonLabel,
  cartItemCount,
  cartLineTitle,
  checkoutChoices,
  describeCartLinePrice,
  describeCartLineType,
  describeNextPlanOffer,
  isAlreadyInCart,
} from "./cart-view";
import { cartLineFixture } from "./cart-line.fixture";

type Line = CartResponse["lines"][number];

const planLine: Line = cartLineFixture();

const badgeLine: Line = {
  ...planLine,
  id: "badge:b1",
  kind: "badge",
  name: "Great Place 2026",
  image: "/img/b1.png",
  type: "certification",
  plan: null,
  badgeId: "b1",
  year: 2026,
  licenceType: "digitalorprint",
  price: 0,
  originalPrice: 700_000,
  isPlanIncluded: true,
};

describe("cart view", () => {
  it("names each line's type without computing anything", () => {
    expect(describeCartLineType(planLine)).toBe("Plan");
    expect(describeCartLineType(badgeLine)).toBe("Certification · 2026 · Digital or print");
    expect(describeCartLineType({ type: "award", year: null, licenceType: "unlimiteduse" })).toBe("Award · Unlimited use");
    expect(cartLineTitle(planLine)).toBe("Silver plan");
    expect(cartLineTitle(badgeLine)).toBe("Great Place 2026");
  });

  it("shows the server's price, and the original one struck through when they differ", () => {
    expect(describeCartLinePrice(planLine)).toEqual({ price: "$18,000", struck: null, label: "$18,000" });
    expect(describeCartLinePrice(badgeLine)).toEqual({ price: "$0", struck: "$7,000", label: "$0, was $7,000, included in the plan" });
  });

  it("counts items and names the cart button", () => {
    expect(cartItemCount(undefined)).toBe(0);
    expect(cartItemCount({ lines: [planLine, badgeLine] })).toBe(2);
    expect(cartButtonLabel(0)).toBe("Cart, empty");
    expect(cartButtonLabel(1)).toBe("Cart, 1 item");
    expect(cartButtonLabel(3)).toBe("Cart, 3 items");
  });

  it("sends choices only at checkout: no price, no flag", () => {
    const exceeding: Line = {
      ...badgeLine,
      id: "badge:b2",
      badgeId: "b2",
      payable: false,
      message: CART_EXCEEDS_PLAN,
      tooltip: CART_SALES_TOOLTIP,
    };
    expect(checkoutChoices({ lines: [planLine, badgeLine, exceeding] })).toEqual([
      { kind: "plan", plan: "Silver", quantity: 1 },
      { kind: "badge", badgeId: "b1", licenceType: "digitalorprint", quantity: 1 },
      { kind: "badge", badgeId: "b2", licenceType: "digitalorprint", quantity: 1 },
    ]);
    expect(canCheckout({ lines: [planLine] })).toBe(true);
    expect(canCheckout({ lines: [exceeding] })).toBe(false);
    expect(canCheckout({ lines: [] })).toBe(false);
  });

  it("knows a choice already in the cart", () => {
    const cart = { lines: [planLine, badgeLine] };
    expect(isAlreadyInCart(cart, { kind: "plan", plan: "Silver" })).toBe(true);
    expect(isAlreadyInCart(cart, { kind: "plan", plan: "Gold" })).toBe(false);
    expect(isAlreadyInCart(cart, { kind: "badge", badgeId: "b1", licenceType: "digitalorprint" })).toBe(true);
    expect(isAlreadyInCart(cart, { kind: "badge", badgeId: "b1", licenceType: "unlimiteduse" })).toBe(false);
  });

  it("offers Add to cart for priced plans above the effective plan only", () => {
    expect(cartablePlan("Free", "Silver")).toBe("Silver");
    expect(cartablePlan("Free", "Bronze")).toBe("Bronze");
    expect(cartablePlan("Free", "Free")).toBeNull();
    expect(cartablePlan("Free", "Premium")).toBeNull();
    expect(cartablePlan("Silver", "Silver")).toBeNull();
    expect(cartablePlan("Silver", "Bronze")).toBeNull();
    expect(cartablePlan("Basic", "Bronze")).toBeNull();
    expect(cartablePlan("Basic", "Gold")).toBe("Gold");
  });

  it("words the next-plan offer", () => {
    const offer = { plan: "Silver" as const, planPrice: 1_800_000, currentTotal: 1_900_000, nextPlanTotal: 1_800_000 };
    expect(describeNextPlanOffer({ ...offer, badgesToBreakEven: 0, savings: 100_000 })).toBe(
      "Switch to Silver and save $1,000: its licences include more of your badges.",
    );
    expect(describeNextPlanOffer({ ...offer, badgesToBreakEven: 2, savings: 0 })).toBe(
      "With 2 more badges, Silver would cost you no more than this cart.",
    );
  });
});
