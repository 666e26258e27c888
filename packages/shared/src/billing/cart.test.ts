import { describe, expect, it } from "vitest";
import type { Plan } from "../plans.js";
import {
  addCartItem,
  CART_EXCEEDS_PLAN,
  CART_NOT_ELIGIBLE,
  CART_SALES_TOOLTIP,
  type Cart,
  type CartBadge,
  type CartChoice,
  type CartContext,
  EMPTY_CART,
  MAX_CART_LINES,
  parseCartChoice,
  removeCartItem,
} from "./cart.js";
import { nextPlanAfter, planCheckout, priceCart } from "./cart-pricing.js";

// Medium prices in cents (decision 0026, comparison list; spec accounts §9).
const BRONZE = 1_200_000;
const SILVER = 1_800_000;
const GOLD = 3_500_000;
const CERT_PRINT = 700_000;
const CERT_UNLIMITED = 1_300_000;
const AREA_PRINT = 300_000;

function badge(id: string, overrides: Partial<CartBadge> = {}): CartBadge {
  return { id, name: `Badge ${id}`, image: `/badges/${id}.png`, type: "certification", year: 2026, status: "Available", ...overrides };
}

const BADGES = [
  ...["c1", "c2", "c3", "c4", "c5", "c6"].map((id) => badge(id)),
  badge("women", { type: "award", name: "Best Workplace for Women" }),
  badge("old", { year: 2025 }),
  badge("done", { status: "Certified" }),
  badge("asked", { status: "Requested" }),
];

function context(overrides: Partial<CartContext> = {}): CartContext {
  return {
    companySize: "Medium",
    billingCycle: "yearly",
    currentPlan: "Free",
    certificationLicencesUsed: 0,
    badges: BADGES,
    // The server's verdicts (certification/eligibility.ts): every 2026 badge is eligible, the 2025 one is not.
    eligibility: {
      headcount: 300,
      lowiResponsesByYear: { 2026: 100, 2025: 99 },
      badges: Object.fromEntries(
        BADGES.map((one) => [one.id, { eligible: one.year === 2026, reasons: one.year === 2026 ? [] : ["No LOWI survey ends in 2025."] }]),
      ),
    },
    ...overrides,
  };
}

const plan = (name: string) => ({ kind: "plan", plan: name });
const cert = (badgeId: string, licenceType = "digitalorprint") => ({ kind: "badge", badgeId, licenceType });

/** Adds every input in turn, failing the test on a refusal. */
function build(inputs: unknown[], ctx = context()): Cart {
  let cart = EMPTY_CART;
  for (const input of inputs) {
    const result = addCartItem(cart, input, ctx);
    if (!result.ok) throw new Error(`refused ${JSON.stringify(input)}: ${result.reason}`);
    cart = result.cart;
  }
  return cart;
}

function line(cart: Cart, id: string, ctx = context()) {
  const found = priceCart(cart, ctx).lines.find((l) => l.id === id);
  if (!found) throw new Error(`no line ${id}`);
  return found;
}

describe("a plan item replaces an earlier plan item", () => {
  it("keeps one plan, the last one added, at the top, and logs the removal and the addition", () => {
    const withBronze = build([cert("c1"), plan("Bronze")]);
    const result = addCartItem(withBronze, plan("Silver"), context());
    if (!result.ok) throw new Error(result.reason);
    expect(result.cart.items.filter((item) => item.kind === "plan")).toEqual([{ kind: "plan", plan: "Silver", quantity: 1 }]);
    expect(result.cart.items[0]).toMatchObject({ kind: "plan", plan: "Silver" });
    expect(result.cart.items).toHaveLength(2);
    expect(result.logs.map((log) => [log.action, log.certification])).toEqual([
      ["remove_from_cart", "Bronze"],
      ["add_to_cart", "Silver"],
    ]);
    const priced = priceCart(result.cart, context());
    expect(priced.lines[0]).toMatchObject({ id: "plan", type: "plan", name: "Silver", price: SILVER, originalPrice: SILVER });
  });

  it("refuses the same plan twice", () => {
    expect(addCartItem(build([plan("Gold")]), plan("Gold"), context())).toEqual({ ok: false, reason: "already-in-cart" });
  });
});

describe("plan-included up to the plan's certification licence", () => {
  it("Silver makes 4 badges free (price 0, original price kept); the 5th exceeds: shown at its price, not charged, for sales", () => {
    const cart = build([plan("Silver"), cert("c1"), cert("c2"), cert("c3"), cert("c4"), cert("c5")]);
    const priced = priceCart(cart, context());
    const badges = priced.lines.filter((l) => l.kind === "badge");
    expect(badges.map((l) => [l.id, l.price, l.originalPrice, l.isPlanIncluded, l.message])).toEqual([
      ["badge:c1", 0, CERT_PRINT, true, null],
      ["badge:c2", 0, CERT_PRINT, true, null],
      ["badge:c3", 0, CERT_PRINT, true, null],
      ["badge:c4", 0, CERT_PRINT, true, null],
      ["badge:c5", CERT_PRINT, CERT_PRINT, false, CART_EXCEEDS_PLAN],
    ]);
    expect(badges[4]).toMatchObject({ payable: false, tooltip: CART_SALES_TOOLTIP });
    expect(priced.total).toBe(SILVER);
    expect(priced.originalTotal).toBe(SILVER + 4 * CERT_PRINT);
    expect(priced.includedSavings).toBe(4 * CERT_PRINT);
    expect(priced.governingPlan).toBe("Silver");
  });

  it("Bronze includes one badge: the most expensive one, whatever the order it was added in", () => {
    const cart = build([plan("Bronze"), cert("c1"), cert("women"), cert("c2", "unlimiteduse")]);
    const priced = priceCart(cart, context());
    expect(priced.lines.map((l) => [l.id, l.price, l.isPlanIncluded])).toEqual([
      ["plan", BRONZE, false],
      ["badge:c1", CERT_PRINT, false],
      ["badge:women", AREA_PRINT, false],
      ["badge:c2", 0, true],
    ]);
    expect(line(cart, "badge:women")).toMatchObject({ type: "award", originalPrice: AREA_PRINT, message: CART_EXCEEDS_PLAN });
  });

  it("licences the company already holds are not given twice", () => {
    const cart = build([plan("Silver"), cert("c1"), cert("c2")]);
    const priced = priceCart(cart, context({ certificationLicencesUsed: 3 }));
    expect(priced.lines.filter((l) => l.isPlanIncluded).map((l) => l.id)).toEqual(["badge:c1"]);
    expect(priced.total).toBe(SILVER);
    expect(line(cart, "badge:c2", context({ certificationLicencesUsed: 3 }))).toMatchObject({ payable: false, message: CART_EXCEEDS_PLAN });
  });

  it("without a plan in the cart, the company's effective plan includes its remaining badges", () => {
    const ctx = context({ currentPlan: "Silver", certificationLicencesUsed: 3 });
    const cart = build([cert("c1"), cert("c2")], ctx);
    const priced = priceCart(cart, ctx);
    expect(priced.governingPlan).toBe("Silver");
    expect(priced.lines.map((l) => [l.price, l.isPlanIncluded, l.message])).toEqual([
      [0, true, null],
      [CERT_PRINT, false, CART_EXCEEDS_PLAN],
    ]);
  });

  it("a Free company without a plan buys no badge outright: Free includes none, so each exceeds and goes to sales", () => {
    const priced = priceCart(build([cert("c1")]), context());
    expect(priced.lines).toMatchObject([
      { price: CERT_PRINT, isPlanIncluded: false, message: CART_EXCEEDS_PLAN, tooltip: CART_SALES_TOOLTIP, payable: false },
    ]);
    expect(priced.total).toBe(0);
    expect(planCheckout(build([cert("c1")]), context())).toMatchObject({ amount: 0, purchased: [], kept: [{ id: "badge:c1" }] });
  });
});

describe("removing the plan restores prices", () => {
  it("every badge goes back to its own price and loses its plan-included mark", () => {
    const cart = build([plan("Silver"), cert("c1"), cert("c2")]);
    expect(priceCart(cart, context()).total).toBe(SILVER);
    const result = removeCartItem(cart, "plan", context());
    if (!result.ok) throw new Error(result.reason);
    const priced = priceCart(result.cart, context());
    expect(priced.lines.map((l) => [l.id, l.price, l.originalPrice, l.isPlanIncluded, l.message])).toEqual([
      ["badge:c1", CERT_PRINT, CERT_PRINT, false, CART_EXCEEDS_PLAN],
      ["badge:c2", CERT_PRINT, CERT_PRINT, false, CART_EXCEEDS_PLAN],
    ]);
    // on Free nothing includes them any more: they are shown at their price and left to the sales team
    expect(priced.total).toBe(0);
    expect(result.logs).toEqual([
      { action: "remove_from_cart", itemId: "plan", kind: "plan", certification: "Silver", year: null, licenceType: null },
    ]);
  });

  it("removing a line that is not in the cart is refused", () => {
    expect(removeCartItem(EMPTY_CART, "plan", context())).toEqual({ ok: false, reason: "not-in-cart" });
  });
});

describe("the next-plan offer (within 2 badges of the next plan's break-even)", () => {
  it("shows with badgesToBreakEven 0 when the next plan already costs no more than the cart", () => {
    // Bronze + 2 badges: 12,000 + 7,000 = 19,000; Silver including both: 18,000.
    const priced = priceCart(build([plan("Bronze"), cert("c1"), cert("c2")]), context());
    expect(priced.offer).toEqual({
      plan: "Silver",
      planPrice: SILVER,
      badgesToBreakEven: 0,
      currentTotal: BRONZE + CERT_PRINT,
      nextPlanTotal: SILVER,
      savings: BRONZE + CERT_PRINT - SILVER,
    });
    expect(priced.lines.map((l) => [l.id, l.isPlanIncluded, l.isNextPlanIncluded])).toEqual([
      ["plan", false, false],
      ["badge:c1", true, false],
      ["badge:c2", false, true],
    ]);
  });

  it("shows with 1 when one more badge reaches the break-even", () => {
    const priced = priceCart(build([plan("Bronze"), cert("c1")]), context());
    expect(priced.offer).toMatchObject({ plan: "Silver", badgesToBreakEven: 1, currentTotal: BRONZE + CERT_PRINT, nextPlanTotal: SILVER });
    expect(priced.lines.some((l) => l.isNextPlanIncluded)).toBe(false);
  });

  it("shows at exactly 2 badges away and not at 3", () => {
    // Silver + 5: 18,000 + 7,000 = 25,000 against Gold 35,000; two more badges make 39,000 against 35,000.
    const five = priceCart(build([plan("Silver"), cert("c1"), cert("c2"), cert("c3"), cert("c4"), cert("c5")]), context());
    expect(five.offer).toMatchObject({ plan: "Gold", planPrice: GOLD, badgesToBreakEven: 2, savings: 3 * CERT_PRINT + SILVER - GOLD });
    expect(five.lines.filter((l) => l.isNextPlanIncluded).map((l) => l.id)).toEqual(["badge:c5"]);
    // Silver + 4: three more badges would be needed.
    const four = priceCart(build([plan("Silver"), cert("c1"), cert("c2"), cert("c3"), cert("c4")]), context());
    expect(four.offer).toBeNull();
    expect(four.lines.some((l) => l.isNextPlanIncluded)).toBe(false);
  });

  it("a Free company whose one badge costs more than Bronze is offered Bronze", () => {
    const priced = priceCart(build([cert("c1", "unlimiteduse")]), context());
    expect(priced.offer).toMatchObject({ plan: "Bronze", badgesToBreakEven: 0, savings: CERT_UNLIMITED - BRONZE });
    expect(priced.lines[0]).toMatchObject({ isPlanIncluded: false, isNextPlanIncluded: true });
  });

  it("no offer without an eligible badge, nor above Silver", () => {
    expect(priceCart(build([plan("Bronze")]), context()).offer).toBeNull();
    expect(priceCart(build([plan("Bronze"), cert("old")]), context()).offer).toBeNull();
    const gold = build([plan("Gold"), ...["c1", "c2", "c3", "c4", "c5", "c6"].map((id) => cert(id))]);
    expect(priceCart(gold, context()).offer).toBeNull();
    expect(nextPlanAfter("Gold")).toBeNull();
    expect(nextPlanAfter("Basic")).toBe("Silver");
  });
});

describe("Not Eligible", () => {
  it("a badge whose year misses the response rule is shown at its price, not charged, and uses no licence", () => {
    const cart = build([plan("Bronze"), cert("old"), cert("c1")]);
    const priced = priceCart(cart, context());
    expect(line(cart, "badge:old")).toMatchObject({
      eligibility: false,
      payable: false,
      price: CERT_PRINT,
      originalPrice: CERT_PRINT,
      isPlanIncluded: false,
      message: CART_NOT_ELIGIBLE,
      tooltip: CART_SALES_TOOLTIP,
    });
    expect(line(cart, "badge:c1")).toMatchObject({ eligibility: true, isPlanIncluded: true, tooltip: null });
    expect(priced.total).toBe(BRONZE);
    const checkout = planCheckout(cart, context());
    expect(checkout.amount).toBe(BRONZE);
    expect(checkout.purchased.map((l) => l.id)).toEqual(["plan", "badge:c1"]);
    expect(checkout.kept.map((l) => l.id)).toEqual(["badge:old"]);
  });

  it("a badge without the server's verdict, or with a negative one, is Not Eligible; plans always are", () => {
    // The response rule and the other rules are applied by eligibility.ts (its own tests); the cart reads the verdict.
    const ctx = context({ eligibility: { headcount: null, lowiResponsesByYear: { 2026: 5000 }, badges: {} } });
    const priced = priceCart(build([plan("Gold"), cert("c1")], ctx), ctx);
    expect(priced.lines.map((l) => [l.id, l.eligibility, l.message])).toEqual([
      ["plan", true, null],
      ["badge:c1", false, CART_NOT_ELIGIBLE],
    ]);
  });

  it("a badge the server found eligible is eligible", () => {
    const ctx = context({
      eligibility: { headcount: 10_000, lowiResponsesByYear: { 2026: 1000 }, badges: { c1: { eligible: true, reasons: [] } } },
    });
    expect(line(build([cert("c1")], ctx), "badge:c1", ctx).eligibility).toBe(true);
  });
});

describe("Exceeds the amount included in the plan", () => {
  it("a company on Bronze that used its one licence sees each badge at its price with the message and the sales tooltip; none is charged", () => {
    const ctx = context({ currentPlan: "Bronze", certificationLicencesUsed: 1 });
    const priced = priceCart(build([cert("c1"), cert("women")], ctx), ctx);
    expect(priced.lines.map((l) => [l.price, l.message, l.payable, l.tooltip])).toEqual([
      [CERT_PRINT, CART_EXCEEDS_PLAN, false, CART_SALES_TOOLTIP],
      [AREA_PRINT, CART_EXCEEDS_PLAN, false, CART_SALES_TOOLTIP],
    ]);
    expect(priced.total).toBe(0);
    // checkout turns them into a sales request, never an order line
    expect(planCheckout(build([cert("c1"), cert("women")], ctx), ctx)).toMatchObject({ amount: 0, purchased: [] });
  });
});

describe("choices, quantities and unknown items", () => {
  it("quantity may be left out or be 1; anything else is refused", () => {
    expect(parseCartChoice(cert("c1"))).toEqual({
      ok: true,
      choice: { kind: "badge", badgeId: "c1", licenceType: "digitalorprint", quantity: 1 },
    });
    expect(parseCartChoice({ ...cert("c1"), quantity: 1 }).ok).toBe(true);
    for (const quantity of [0, 2, -1, 1.5, "1", Number.NaN, Number.POSITIVE_INFINITY, null]) {
      expect(addCartItem(EMPTY_CART, { ...cert("c1"), quantity }, context())).toEqual({ ok: false, reason: "invalid-quantity" });
      expect(addCartItem(EMPTY_CART, { ...plan("Silver"), quantity }, context())).toEqual({ ok: false, reason: "invalid-quantity" });
    }
  });

  it("every priced line has quantity 1, and the same badge again is refused", () => {
    const cart = build([cert("c1")]);
    expect(addCartItem(cart, cert("c1"), context())).toEqual({ ok: false, reason: "already-in-cart" });
    expect(priceCart(cart, context()).lines[0]?.quantity).toBe(1);
  });

  it("the same badge with the other licence type replaces its line in place", () => {
    const cart = build([cert("c1"), cert("c2")]);
    const result = addCartItem(cart, cert("c1", "UnlimitedUse"), context());
    if (!result.ok) throw new Error(result.reason);
    expect(result.cart.items.map((item) => (item.kind === "badge" ? [item.badgeId, item.licenceType] : []))).toEqual([
      ["c1", "unlimiteduse"],
      ["c2", "digitalorprint"],
    ]);
    expect(result.logs.map((log) => [log.action, log.licenceType])).toEqual([
      ["remove_from_cart", "digitalorprint"],
      ["add_to_cart", "unlimiteduse"],
    ]);
  });

  it("unknown items and plans that cannot be bought are refused", () => {
    const ctx = context({ currentPlan: "Silver" });
    const refusals: [unknown, string][] = [
      [cert("nope"), "unknown-item"],
      [{ kind: "coupon", code: "X" }, "invalid-item"],
      [null, "invalid-item"],
      ["plan", "invalid-item"],
      [{ kind: "badge", licenceType: "digitalorprint" }, "invalid-item"],
      [cert("c1", "forever"), "unknown-licence-type"],
      [plan("Platinum"), "unknown-item"],
      [plan("Premium"), "plan-not-offered"],
      [plan("Free"), "plan-not-offered"],
      [plan("Basic"), "plan-not-offered"],
      [plan("Silver"), "plan-not-offered"],
      [plan("Bronze"), "plan-not-offered"],
      [cert("done"), "already-certified"],
      [cert("asked"), "already-requested"],
    ];
    for (const [input, reason] of refusals) expect(addCartItem(EMPTY_CART, input, ctx)).toEqual({ ok: false, reason });
    expect(addCartItem(EMPTY_CART, plan("Gold"), ctx).ok).toBe(true);
  });

  it("the cart holds at most MAX_CART_LINES lines", () => {
    const many = Array.from({ length: MAX_CART_LINES + 1 }, (_, i) => badge(`b${i}`));
    const ctx = context({ badges: many });
    const full = build(
      many.slice(0, MAX_CART_LINES).map((b) => cert(b.id)),
      ctx,
    );
    expect(addCartItem(full, cert(`b${MAX_CART_LINES}`), ctx)).toEqual({ ok: false, reason: "cart-full" });
  });

  it("stored choices that no longer hold are dropped from pricing, not charged", () => {
    const cart = build([plan("Silver"), cert("c1"), cert("c2")]);
    const ctx = context({
      currentPlan: "Silver" as Plan,
      badges: BADGES.map((b) => (b.id === "c2" ? { ...b, status: "Certified" } : b)).filter((b) => b.id !== "c1"),
    });
    const priced = priceCart(cart, ctx);
    expect(priced.lines).toEqual([]);
    expect(priced.total).toBe(0);
    expect(priced.dropped).toEqual([
      { id: "plan", reason: "plan-not-offered" },
      { id: "badge:c1", reason: "unknown-item" },
      { id: "badge:c2", reason: "already-certified" },
    ]);
  });
});

describe("prices come from the rules, never from the input", () => {
  it("a tampered price, original price or plan-included flag in the input is ignored", () => {
    const tampered = {
      ...cert("c1", "unlimiteduse"),
      price: 1,
      originalPrice: 1,
      isPlanIncluded: true,
      eligibility: true,
      name: "Free stuff",
    };
    const result = addCartItem(EMPTY_CART, tampered, context());
    if (!result.ok) throw new Error(result.reason);
    expect(result.cart.items).toEqual([{ kind: "badge", badgeId: "c1", licenceType: "unlimiteduse", quantity: 1 }]);
    expect(priceCart(result.cart, context()).lines[0]).toMatchObject({ name: "Badge c1", price: CERT_UNLIMITED, isPlanIncluded: false });
  });

  it("a stored cart carrying extra fields is priced as if they were absent", () => {
    const forged = {
      items: [
        { kind: "plan", plan: "Gold", quantity: 1, price: 0 } as unknown as CartChoice,
        { ...cert("old"), quantity: 1, price: 0, eligibility: true } as unknown as CartChoice,
      ],
    };
    const priced = priceCart(forged, context());
    expect(priced.lines.map((l) => [l.price, l.payable])).toEqual([
      [GOLD, true],
      [CERT_PRINT, false],
    ]);
    expect(priced.total).toBe(GOLD);
  });
});

describe("size, billing cycle and inputs", () => {
  it("a missing company size prices as Medium and reports Missing companySize once", () => {
    const ctx = context({ companySize: undefined });
    const priced = priceCart(build([plan("Bronze"), cert("c1"), cert("c2")], ctx), ctx);
    expect(priced.lines.map((l) => l.originalPrice)).toEqual([BRONZE, CERT_PRINT, CERT_PRINT]);
    expect(priced.warnings).toEqual(["Missing companySize"]);
  });

  it("Small and Enterprise use their own figures; monthly billing charges a tenth of the plan's yearly price", () => {
    const small = context({ companySize: "small", billingCycle: "monthly" });
    expect(priceCart(build([plan("Gold"), cert("c1")], small), small).lines.map((l) => l.originalPrice)).toEqual([300_000, 500_000]);
    const enterprise = context({ companySize: "Enterprise" });
    expect(priceCart(build([cert("women", "unlimiteduse")], enterprise), enterprise).lines[0]?.originalPrice).toBe(850_000);
  });

  it("a negative or fractional count of licences used is a programming error", () => {
    expect(() => priceCart(EMPTY_CART, context({ certificationLicencesUsed: -1 }))).toThrow(RangeError);
    expect(() => priceCart(EMPTY_CART, context({ certificationLicencesUsed: 0.5 }))).toThrow(RangeError);
  });

  it("an empty cart costs nothing and offers nothing", () => {
    expect(priceCart(EMPTY_CART, context())).toMatchObject({ lines: [], total: 0, originalTotal: 0, offer: null, dropped: [] });
  });

  it("the add_to_cart entry names the badge and its year", () => {
    const result = addCartItem(EMPTY_CART, cert("women"), context());
    expect(result.ok && result.logs).toEqual([
      {
        action: "add_to_cart",
        itemId: "badge:women",
        kind: "badge",
        certification: "Best Workplace for Women",
        year: 2026,
        licenceType: "digitalorprint",
      },
    ]);
  });
});
