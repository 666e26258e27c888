import { describe, expect, it } from "vitest";
import {
  buildOrderForm,
  describeOrderFormService,
  formatOrderFormDate,
  formatOrderFormFee,
  ORDER_FORM_DISCLAIMER,
  ORDER_FORM_FIELD_LABELS,
  ORDER_FORM_SERVICE_DESCRIPTIONS,
  type OrderFormSource,
  orderFormDate,
  orderFormTerm,
} from "./order-form.js";

const source: OrderFormSource = {
  firstName: "Ada",
  lastName: "Lovelace",
  phone: "555-0101",
  companyAddress: "1 Engine Way, Tampa, FL",
  companyPhone: "555-0199",
  email: "ada@example.com",
  plan: "Gold",
  termsAndConditionsAcceptDate: new Date("2025-03-07T15:00:00Z"),
};
const today = new Date("2026-11-24T12:00:00Z");

describe("formatOrderFormDate: MM/dd/yyyy (spec accounts §9)", () => {
  it("pads month and day", () => {
    expect(formatOrderFormDate(new Date("2025-03-07T15:00:00Z"))).toBe("03/07/2025");
    expect(formatOrderFormDate(new Date("2025-12-25T15:00:00Z"))).toBe("12/25/2025");
  });

  it("reads the date in US Eastern time unless told otherwise", () => {
    // 02:00 UTC on 1 January is still 31 December in New York.
    expect(formatOrderFormDate(new Date("2026-01-01T02:00:00Z"))).toBe("12/31/2025");
    expect(formatOrderFormDate(new Date("2026-01-01T02:00:00Z"), "UTC")).toBe("01/01/2026");
  });
});

describe("the order form date (spec accounts §4)", () => {
  it("is the terms-acceptance date when present", () => {
    expect(orderFormDate(source.termsAndConditionsAcceptDate, today)).toEqual(source.termsAndConditionsAcceptDate);
    expect(orderFormDate("2025-03-07T15:00:00.000Z", today).toISOString()).toBe("2025-03-07T15:00:00.000Z");
  });

  it("is today otherwise", () => {
    expect(orderFormDate(null, today)).toBe(today);
    expect(orderFormDate(undefined, today)).toBe(today);
    expect(orderFormDate("", today)).toBe(today);
    expect(orderFormDate("not a date", today)).toBe(today);
  });
});

describe("the term: 1 year from payment receipt", () => {
  it("runs to the same date one year later and says so", () => {
    expect(orderFormTerm(new Date("2025-03-07T15:00:00Z"))).toEqual({
      start: "03/07/2025",
      end: "03/07/2026",
      description: "1 year from the date payment is received",
    });
  });

  it("ends a term starting on 29 February on 28 February", () => {
    expect(orderFormTerm(new Date("2024-02-29T15:00:00Z")).end).toBe("02/28/2025");
  });
});

describe("the fee, with a dollar sign", () => {
  it("formats cents as dollars", () => {
    expect(formatOrderFormFee(1_750_000)).toBe("$17,500");
    expect(formatOrderFormFee(5_250_000)).toBe("$52,500");
    expect(formatOrderFormFee(400_040)).toBe("$4,000.40");
    expect(formatOrderFormFee(0)).toBe("$0");
  });

  it("says the fee is to be quoted when none was supplied", () => {
    expect(formatOrderFormFee(null)).toBe("To be quoted");
    expect(formatOrderFormFee(Number.NaN)).toBe("To be quoted");
    expect(formatOrderFormFee(-1)).toBe("To be quoted");
  });
});

describe("describeOrderFormService: one text per plan (spec accounts §3)", () => {
  it("has its own text for Gold and for Silver", () => {
    expect(describeOrderFormService("Gold")).toBe(ORDER_FORM_SERVICE_DESCRIPTIONS.Gold);
    expect(describeOrderFormService("Silver")).toBe(ORDER_FORM_SERVICE_DESCRIPTIONS.Silver);
  });

  it("shares one text between Basic and Bronze", () => {
    expect(describeOrderFormService("Basic")).toBe(ORDER_FORM_SERVICE_DESCRIPTIONS.BasicOrBronze);
    expect(describeOrderFormService("Bronze")).toBe(ORDER_FORM_SERVICE_DESCRIPTIONS.BasicOrBronze);
  });

  it("falls back to the default for any other value", () => {
    for (const plan of ["Free", "Premium", "gold", "", null, undefined]) {
      expect(describeOrderFormService(plan)).toBe(ORDER_FORM_SERVICE_DESCRIPTIONS.Default);
    }
  });

  it("gives four different texts", () => {
    expect(new Set(Object.values(ORDER_FORM_SERVICE_DESCRIPTIONS)).size).toBe(4);
  });
});

describe("buildOrderForm (spec accounts §2 Legal views)", () => {
  it("fills every field of the summary, in the spec's order", () => {
    const form = buildOrderForm(source, { feeCents: 5_250_000, today });
    expect(form.fields.map((field) => field.label)).toEqual([
      "Customer",
      "Contact",
      "Address",
      "Phone",
      "Order Form Date",
      "E-Mail",
      "Services",
      "Service Fees and Method of Payment",
      "Term",
      "Additional Terms",
    ]);
    expect(Object.keys(form.values)).toEqual(Object.keys(ORDER_FORM_FIELD_LABELS));
    expect(form.values).toMatchObject({
      customer: "Ada Lovelace",
      contact: "555-0101",
      address: "1 Engine Way, Tampa, FL",
      phone: "555-0199",
      orderFormDate: "03/07/2025",
      email: "ada@example.com",
      services: ORDER_FORM_SERVICE_DESCRIPTIONS.Gold,
      term: "1 year from the date payment is received (03/07/2025 to 03/07/2026)",
      additionalTerms: "None",
    });
    expect(form.values.serviceFeesAndPayment).toMatch(/^\$52,500\. Invoice, payable .* within 30 days of the invoice date\.$/);
    expect(form.fee).toBe("$52,500");
  });

  it("dates the form today when the terms were never accepted", () => {
    const form = buildOrderForm({ ...source, termsAndConditionsAcceptDate: null }, { feeCents: null, today });
    expect(form.values.orderFormDate).toBe("11/24/2026");
    expect(form.term).toMatchObject({ start: "11/24/2026", end: "11/24/2027" });
    expect(form.values.serviceFeesAndPayment).toMatch(/^To be quoted\. /);
  });

  it("marks empty fields and takes a given payment method and additional terms", () => {
    const form = buildOrderForm(
      { ...source, firstName: null, lastName: " ", phone: "", plan: "Bronze" },
      { feeCents: 1_750_000, today, methodOfPayment: "Card", additionalTerms: "Two extra cohorts." },
    );
    expect(form.values).toMatchObject({
      customer: "Not provided",
      contact: "Not provided",
      services: ORDER_FORM_SERVICE_DESCRIPTIONS.BasicOrBronze,
      serviceFeesAndPayment: "$17,500. Card.",
      additionalTerms: "Two extra cohorts.",
    });
  });

  it("ends with the disclaimer that it is binding and incorporates the agreement, the terms and the policy", () => {
    const form = buildOrderForm(source, { feeCents: 0, today });
    expect(form.disclaimer).toBe(ORDER_FORM_DISCLAIMER);
    for (const part of ["legally binding", "Software-as-a-Service Agreement", "Terms of Use", "Privacy Policy", "incorporated"]) {
      expect(form.disclaimer).toContain(part);
    }
  });
});
