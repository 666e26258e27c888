import { describe, expect, it } from "vitest";
import { buildOrderForm, SAMPLE_ORDER_FORM_SOURCE } from "../legal/order-form.js";
import { COMPANY_SIZES } from "../company-size.js";
import { PLANS } from "../plans.js";
import { BILLING_CYCLES, describePlanPrice, formatDollars, planPrice } from "./prices.js";
import {
  describeHowToPay,
  describeLicenceType,
  describeSeller,
  isSellerPayable,
  missingSellerFields,
  NO_SELLER,
  resolveSeller,
  SELLER_NOT_SET,
} from "./seller.js";

const seller = { name: "Hearth Services LLC", address: "1 Quay St", taxId: "EIN 1", remittance: "Wire to Bank 9." };

describe("the seller on documents", () => {
  it("takes each field from the console's override, else the environment, else not set", () => {
    expect(resolveSeller(seller, { name: "Override Co", taxId: "  " })).toEqual({ ...seller, name: "Override Co" });
    expect(resolveSeller({ name: " " }, {})).toEqual(NO_SELLER);
  });

  it("is payable only with a name and remittance details", () => {
    expect(isSellerPayable(seller)).toBe(true);
    expect(missingSellerFields({ ...seller, remittance: null })).toEqual(["remittance"]);
    expect(isSellerPayable(NO_SELLER)).toBe(false);
  });

  it("says plainly when the operator has set nothing, and never invents a seller", () => {
    expect(describeSeller(NO_SELLER)).toEqual([{ label: "Seller", value: SELLER_NOT_SET }]);
    expect(describeSeller({ ...NO_SELLER, name: "Only A Name" })).toContainEqual({ label: "Tax ID", value: "Not set by the operator" });
    expect(describeHowToPay(NO_SELLER, "HRT-2026-000001", "01/06/2027")).toContain(SELLER_NOT_SET);
    expect(describeHowToPay(seller, "HRT-2026-000001", "01/06/2027")).toBe(
      "Wire to Bank 9. Quote the reference HRT-2026-000001 with your payment, due by 01/06/2027.",
    );
  });

  it("writes licence types in words, never the raw code", () => {
    expect(describeLicenceType("digitalorprint")).toBe("Digital or print licence");
    expect(describeLicenceType("unlimiteduse")).toBe("Unlimited use licence");
    expect(describeLicenceType("toString")).toBeNull();
    expect(describeLicenceType(null)).toBeNull();
  });
});

describe("one price for a plan, wherever it is stated (issue 25 item 2)", () => {
  it("describePlanPrice is planPrice for every plan, size and cycle: the plan page, the upgrade dialog and the order form read it", () => {
    for (const plan of PLANS) {
      for (const size of COMPANY_SIZES) {
        for (const cycle of BILLING_CYCLES) {
          const stated = describePlanPrice(plan, size, cycle);
          const price = planPrice(plan, size, cycle);
          if (plan === "Free") expect(stated).toMatchObject({ cents: 0, amount: "Free" });
          else if (price === null) expect(stated.cents).toBeNull();
          else expect(stated).toMatchObject({ cents: price.cents, amount: formatDollars(price.cents) });
        }
      }
    }
  });

  it("a Medium company's Gold is $35,000 a year on the card, in the dialog and on an order form without an order", () => {
    const gold = describePlanPrice("Gold", "Medium", "yearly");
    expect(gold.label).toBe("$35,000 per year");
    const form = buildOrderForm(
      { ...SAMPLE_ORDER_FORM_SOURCE, plan: "Gold" },
      { feeCents: gold.cents, today: new Date("2026-12-07T12:00:00Z") },
    );
    expect(form.fee).toBe("$35,000");
  });

  it("an order form built with a seller prints the seller and its remittance as the method of payment", () => {
    const form = buildOrderForm(SAMPLE_ORDER_FORM_SOURCE, { feeCents: 1_200_000, today: new Date("2026-12-07T12:00:00Z"), seller });
    expect(form.seller).toContainEqual({ label: "Seller", value: "Hearth Services LLC" });
    expect(form.values.serviceFeesAndPayment).toContain("$12,000.");
    expect(form.values.serviceFeesAndPayment).toContain("Wire to Bank 9.");
    expect(buildOrderForm(SAMPLE_ORDER_FORM_SOURCE, { feeCents: 1, today: new Date() }).seller).toBeNull();
  });
});
