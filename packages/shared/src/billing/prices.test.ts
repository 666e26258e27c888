import { describe, expect, it } from "vitest";
import { COMPANY_SIZES, type CompanySize } from "../company-size.js";
import { PLANS, type Plan } from "../plans.js";
import {
  additionalAreaPrice,
  AGREEMENT_PRICES,
  agreementPrice,
  BADGE_PRICES,
  canSeePrices,
  CART_LIST_PRICES,
  certificationPrice,
  COMPARISON_LIST_PRICES,
  dollarsToCents,
  formatDollars,
  isBillingCycle,
  LICENCE_TYPES,
  type LicenceType,
  listPlanPrice,
  monthlyFromYearly,
  OFFERED_PLAN_PRICE_LIST,
  PLAN_PRICE_LISTS,
  PRICED_PLANS,
  type PricedPlan,
  parseLicenceType,
  planPrice,
  resolvePricingSize,
  yearlyFromMonthly,
  yearlySaving,
} from "./prices.js";

/** Spec accounts §9 and surveys §9, in dollars, Small / Medium / Large / Enterprise. */
const SPEC_CART_LIST: Record<PricedPlan, [number, number, number, number]> = {
  Bronze: [13_200, 16_500, 22_000, 24_750],
  Silver: [22_000, 25_300, 29_700, 33_000],
  Gold: [38_500, 40_004, 49_500, 62_700],
};
const SPEC_COMPARISON_LIST: Record<PricedPlan, [number, number, number, number]> = {
  Bronze: [9_000, 12_000, 15_000, 17_500],
  Silver: [15_000, 18_000, 22_000, 25_000],
  Gold: [30_000, 35_000, 40_000, 52_500],
};
/** Certification / additional area, in dollars, by lower-case size and licence type. */
const SPEC_BADGES: [string, LicenceType, number, number][] = [
  ["small", "digitalorprint", 5_000, 3_000],
  ["small", "unlimiteduse", 10_000, 5_000],
  ["medium", "digitalorprint", 7_000, 3_000],
  ["medium", "unlimiteduse", 13_000, 5_000],
  ["large", "digitalorprint", 10_000, 5_000],
  ["large", "unlimiteduse", 18_000, 7_000],
  ["enterprise", "digitalorprint", 10_000, 7_000],
  ["enterprise", "unlimiteduse", 18_000, 8_500],
];

function specRows(list: Record<PricedPlan, [number, number, number, number]>) {
  return PRICED_PLANS.flatMap((plan) => COMPANY_SIZES.map((size, index) => ({ plan, size, dollars: list[plan][index] as number })));
}

describe("amounts in cents", () => {
  it("converts whole dollars to integer cents", () => {
    expect(dollarsToCents(40_004)).toBe(4_000_400);
    expect(dollarsToCents(0)).toBe(0);
  });

  it("holds every table as integer cents", () => {
    const all = [
      ...Object.values(CART_LIST_PRICES).flatMap(Object.values),
      ...Object.values(COMPARISON_LIST_PRICES).flatMap(Object.values),
      ...Object.values(AGREEMENT_PRICES),
      ...Object.values(BADGE_PRICES).flatMap((byType) =>
        Object.values(byType).flatMap((prices) => [prices.certification, prices.additionalArea]),
      ),
    ];
    expect(all).toHaveLength(12 + 12 + 3 + 16);
    for (const cents of all) expect(Number.isInteger(cents)).toBe(true);
  });
});

describe("the cart list (spec figure by figure)", () => {
  it.each(specRows(SPEC_CART_LIST))("$plan $size is $dollars dollars a year", ({ plan, size, dollars }) => {
    expect(CART_LIST_PRICES[plan][size]).toBe(dollars * 100);
    expect(listPlanPrice("cart", plan, size)).toBe(dollars * 100);
  });
});

describe("the comparison list (spec figure by figure)", () => {
  it.each(specRows(SPEC_COMPARISON_LIST))("$plan $size is $dollars dollars a year", ({ plan, size, dollars }) => {
    expect(COMPARISON_LIST_PRICES[plan][size]).toBe(dollars * 100);
    expect(listPlanPrice("comparison", plan, size)).toBe(dollars * 100);
  });
});

describe("listPlanPrice", () => {
  it.each(Object.keys(PLAN_PRICE_LISTS) as (keyof typeof PLAN_PRICE_LISTS)[])("in the %s list", (list) => {
    for (const size of COMPANY_SIZES) {
      expect(listPlanPrice(list, "Free", size)).toBe(0);
      expect(listPlanPrice(list, "Basic", size)).toBe(listPlanPrice(list, "Bronze", size));
      expect(listPlanPrice(list, "Premium", size)).toBeNull();
    }
  });
});

describe("billing cycle: yearly is 12 months for the price of 10", () => {
  it("knows the two cycles", () => {
    expect(isBillingCycle("monthly")).toBe(true);
    expect(isBillingCycle("yearly")).toBe(true);
    for (const other of ["Yearly", "annual", "", null, 12]) expect(isBillingCycle(other)).toBe(false);
  });

  it("makes a year cost ten monthly prices", () => {
    expect(yearlyFromMonthly(90_000)).toBe(900_000);
    expect(monthlyFromYearly(900_000)).toBe(90_000);
    expect(monthlyFromYearly(4_000_400)).toBe(400_040);
    expect(monthlyFromYearly(5)).toBe(1);
  });

  it("gives every spec figure a whole-cent monthly price that comes back to the figure", () => {
    for (const list of [CART_LIST_PRICES, COMPARISON_LIST_PRICES])
      for (const plan of PRICED_PLANS)
        for (const size of COMPANY_SIZES) {
          const yearly = list[plan][size];
          expect(yearlyFromMonthly(monthlyFromYearly(yearly))).toBe(yearly);
        }
  });
});

describe("resolvePricingSize", () => {
  it.each([
    ["Small", "Small"],
    ["small", "Small"],
    [" ENTERPRISE ", "Enterprise"],
    ["lArGe", "Large"],
    ["Medium", "Medium"],
  ] as [string, CompanySize][])("matches %j in lower case as %s", (value, size) => {
    expect(resolvePricingSize(value)).toEqual({ size, warnings: [] });
  });

  it.each([undefined, null, "", "   ", 3, "Huge"])("reports %j as Missing companySize and prices as Medium", (value) => {
    expect(resolvePricingSize(value)).toEqual({ size: "Medium", warnings: ["Missing companySize"] });
  });
});

describe("planPrice: the one price offered", () => {
  it("reads the comparison list", () => {
    expect(OFFERED_PLAN_PRICE_LIST).toBe("comparison");
    for (const { plan, size, dollars } of specRows(SPEC_COMPARISON_LIST))
      expect(planPrice(plan, size, "yearly")?.cents).toBe(dollars * 100);
  });

  it("charges a year once with yearly billing and a tenth of it each month with monthly billing", () => {
    expect(planPrice("Gold", "Medium", "yearly")).toEqual({
      plan: "Gold",
      companySize: "Medium",
      billingCycle: "yearly",
      cents: 3_500_000,
      centsPerYear: 3_500_000,
      warnings: [],
    });
    expect(planPrice("Gold", "Medium", "monthly")).toEqual({
      plan: "Gold",
      companySize: "Medium",
      billingCycle: "monthly",
      cents: 350_000,
      centsPerYear: 4_200_000,
      warnings: [],
    });
  });

  it("prices a missing size as Medium and says so", () => {
    const price = planPrice("Silver", undefined, "yearly");
    expect(price?.cents).toBe(1_800_000);
    expect(price?.warnings).toEqual(["Missing companySize"]);
    expect(planPrice("Silver", "small", "yearly")?.cents).toBe(1_500_000);
  });

  it("prices Free at 0, Basic as Bronze and Premium not at all", () => {
    expect(planPrice("Free", "Large", "monthly")?.cents).toBe(0);
    expect(planPrice("Basic", "Large", "yearly")?.cents).toBe(planPrice("Bronze", "Large", "yearly")?.cents);
    expect(planPrice("Premium", "Large", "yearly")).toBeNull();
  });

  it("saves two monthly prices a year with yearly billing", () => {
    expect(yearlySaving("Bronze", "Small")).toBe(2 * 90_000);
    expect(yearlySaving("Free", "Small")).toBe(0);
    expect(yearlySaving("Premium", "Small")).toBeNull();
  });

  it("never asks more a year, with yearly billing, than the agreement's fee for the plan", () => {
    for (const plan of PLANS)
      for (const size of COMPANY_SIZES) {
        const price = planPrice(plan, size, "yearly");
        const ceiling = agreementPrice(plan);
        if (price && ceiling !== null) expect(price.cents).toBeLessThanOrEqual(ceiling);
      }
  });

  it("never rises in the cart: every cart-list figure is above its comparison-list figure", () => {
    for (const plan of PRICED_PLANS)
      for (const size of COMPANY_SIZES) expect(CART_LIST_PRICES[plan][size]).toBeGreaterThan(COMPARISON_LIST_PRICES[plan][size]);
  });

  it("is the list the agreement's figures come from: Bronze and Gold at Enterprise equal them", () => {
    expect(planPrice("Bronze", "Enterprise", "yearly")?.cents).toBe(agreementPrice("Basic"));
    expect(planPrice("Gold", "Enterprise", "yearly")?.cents).toBe(agreementPrice("Gold"));
    const cartAboveAgreement = PRICED_PLANS.flatMap((plan) =>
      COMPANY_SIZES.filter((size) => CART_LIST_PRICES[plan][size] > (agreementPrice(plan) ?? 0)).map((size) => `${plan} ${size}`),
    );
    expect(cartAboveAgreement).toEqual(["Bronze Large", "Bronze Enterprise", "Silver Enterprise", "Gold Enterprise"]);
  });
});

describe("agreementPrice", () => {
  it.each([
    ["Basic", 17_500],
    ["Silver", 32_500],
    ["Gold", 52_500],
  ] as [Plan, number][])("%s is %d dollars (spec)", (plan, dollars) => {
    expect(agreementPrice(plan)).toBe(dollars * 100);
  });

  it("gives Bronze Basic's fee and Free and Premium none", () => {
    expect(agreementPrice("Bronze")).toBe(1_750_000);
    expect(agreementPrice("Free")).toBeNull();
    expect(agreementPrice("Premium")).toBeNull();
  });
});

describe("certification and additional-area prices (spec figure by figure)", () => {
  it.each(SPEC_BADGES)("%s %s: certification %d, additional area %d", (size, type, certification, area) => {
    expect(certificationPrice(size, type)).toEqual({
      cents: certification * 100,
      companySize: resolvePricingSize(size).size,
      licenceType: type,
      warnings: [],
    });
    expect(additionalAreaPrice(size, type)?.cents).toBe(area * 100);
  });

  it("matches size and licence type in lower case", () => {
    expect(certificationPrice("Large", "UnlimitedUse")?.cents).toBe(1_800_000);
    expect(additionalAreaPrice("ENTERPRISE", " DIGITALORPRINT ")?.cents).toBe(700_000);
  });

  it("prices a missing size as medium and reports Missing companySize", () => {
    expect(certificationPrice(undefined, "digitalorprint")).toEqual({
      cents: 700_000,
      companySize: "Medium",
      licenceType: "digitalorprint",
      warnings: ["Missing companySize"],
    });
    expect(additionalAreaPrice("", "unlimiteduse")).toMatchObject({ cents: 500_000, warnings: ["Missing companySize"] });
  });

  it("prices an unknown size as medium and reports Missing companySize", () => {
    expect(certificationPrice("tiny", "unlimiteduse")).toMatchObject({ cents: 1_300_000, warnings: ["Missing companySize"] });
  });

  it("prices nothing for an unknown or missing licence type", () => {
    for (const type of ["print", "digital_or_print", "", undefined, null]) {
      expect(certificationPrice("small", type)).toBeNull();
      expect(additionalAreaPrice("small", type)).toBeNull();
    }
  });

  it("parses the two licence types only", () => {
    expect(LICENCE_TYPES).toEqual(["digitalorprint", "unlimiteduse"]);
    expect(parseLicenceType("DigitalOrPrint")).toBe("digitalorprint");
    expect(parseLicenceType(" unlimiteduse")).toBe("unlimiteduse");
    expect(parseLicenceType("unlimited use")).toBeNull();
    expect(parseLicenceType(42)).toBeNull();
  });
});

describe("formatDollars", () => {
  it.each([
    [0, "$0"],
    [1_750_000, "$17,500"],
    [4_000_400, "$40,004"],
    [400_040, "$4,000.40"],
    [90_000, "$900"],
    [5, "$0.05"],
    [123_456_789, "$1,234,567.89"],
    [-250, "-$2.50"],
  ])("%d cents reads %s", (cents, text) => {
    expect(formatDollars(cents)).toBe(text);
  });
});

describe("canSeePrices: the internal accounts' price flag", () => {
  it("shows prices to internal accounts whatever their role", () => {
    expect(canSeePrices({ role: "Staff", isInternalAccount: true })).toBe(true);
    expect(canSeePrices({ role: "unknown", isInternalAccount: true })).toBe(true);
  });

  it("shows prices to other users with the billing permission only", () => {
    expect(canSeePrices({ role: "Admin" })).toBe(true);
    expect(canSeePrices({ role: "Manager", isInternalAccount: false })).toBe(false);
    expect(canSeePrices({ role: "Staff" })).toBe(false);
  });
});
