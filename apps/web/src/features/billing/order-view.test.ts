import { PAYMENT_DUE_DAYS } from "@hearth/shared";
import { describe, expect, it } from "vitest";
import {
  describeOrderLine,
  describeOrderLineAmounts,
  formatOrderDate,
  ORDER_STATUS_LABELS,
  PAYMENT_TERMS,
  paymentLink,
} from "./order-view";

describe("order view", () => {
  it("labels every status", () => {
    expect(ORDER_STATUS_LABELS).toEqual({ awaiting_payment: "Awaiting payment", paid: "Paid", cancelled: "Cancelled" });
  });

  it("writes dates MM/dd/yyyy in the invoice's calendar", () => {
    // read in the invoice's calendar (US Eastern), as the PDFs write them
    expect(formatOrderDate("2026-11-24T23:30:00-05:00")).toBe("11/24/2026 (Eastern time)");
    expect(formatOrderDate("2026-03-01T00:00:00Z")).toBe("02/28/2026 (Eastern time)");
    expect(formatOrderDate("2026-03-01T12:00:00Z")).toBe("03/01/2026 (Eastern time)");
    expect(formatOrderDate(null)).toBe("—");
    expect(formatOrderDate("not a date")).toBe("—");
  });

  it("states the payment terms from the shared constants", () => {
    expect(PAYMENT_TERMS).toContain(`within ${PAYMENT_DUE_DAYS} days`);
    expect(PAYMENT_TERMS).toContain("1.5% per month");
  });

  it("describes lines, with the original price struck on a plan-included line", () => {
    expect(describeOrderLine({ kind: "plan", name: "Silver", year: null, licenceType: null }, "yearly")).toBe("Silver plan (yearly)");
    expect(describeOrderLine({ kind: "plan", name: "Gold", year: null, licenceType: null }, "monthly")).toBe("Gold plan (monthly)");
    expect(describeOrderLine({ kind: "badge", name: "Best Workplace", year: 2026, licenceType: "unlimiteduse" }, "yearly")).toBe(
      "Best Workplace · 2026 · Unlimited use",
    );
    expect(describeOrderLineAmounts({ unitPrice: 1_800_000, originalPrice: 1_800_000, quantity: 1, isPlanIncluded: false })).toEqual({
      amount: "$18,000",
      struck: null,
    });
    expect(describeOrderLineAmounts({ unitPrice: 0, originalPrice: 700_000, quantity: 1, isPlanIncluded: true })).toEqual({
      amount: "$0",
      struck: "$7,000",
    });
  });

  it("accepts only an https or same-site payment link", () => {
    expect(paymentLink(undefined)).toBeNull();
    expect(paymentLink(null)).toBeNull();
    expect(paymentLink("")).toBeNull();
    expect(paymentLink("https://checkout.stripe.com/c/pay/cs_123")).toBe("https://checkout.stripe.com/c/pay/cs_123");
    expect(paymentLink("/dashboard/billing/pay/1")).toBe("/dashboard/billing/pay/1");
    expect(paymentLink("javascript:alert(1)")).toBeNull();
    expect(paymentLink("http://example.test/pay")).toBeNull();
    expect(paymentLink("//evil.test/pay")).toBeNull();
  });
});
