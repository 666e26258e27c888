/**
 * The seller on invoices and order forms (issue 25 item 2, decision 0060): who is paid, where, under which tax id and
 * how. The operator sets it (SELLER_* in the environment, overridable in the operator console); nothing here invents a
 * seller. Also the words documents use for stored codes (a licence type, a billing cycle), so no raw code is printed.
 */
import type { BillingCycle, LicenceType } from "./prices.js";

export const SELLER_FIELDS = ["name", "address", "taxId", "remittance"] as const;
export type SellerField = (typeof SELLER_FIELDS)[number];
export type SellerDetails = Record<SellerField, string | null>;

export const SELLER_FIELD_LABELS: Readonly<Record<SellerField, string>> = {
  name: "Seller",
  address: "Seller's address",
  taxId: "Tax ID",
  remittance: "How to pay",
};

/** The longest value each field takes (characters). */
export const SELLER_FIELD_MAX: Readonly<Record<SellerField, number>> = { name: 200, address: 500, taxId: 64, remittance: 1000 };

/** What a document says when the operator has not entered the seller's details: never a made-up seller. */
export const SELLER_NOT_SET =
  "Seller details not set: the operator of this Hearth service has not entered the seller's name and payment instructions yet. " +
  "Please contact them before paying.";

/** One field not set, in the place its value would go. */
export const SELLER_FIELD_NOT_SET = "Not set by the operator";

export const NO_SELLER: SellerDetails = { name: null, address: null, taxId: null, remittance: null };

const clean = (value: string | null | undefined) => (typeof value === "string" && value.trim() !== "" ? value.trim() : null);

/** The seller in force: each field the console's override when there is one, else the environment's, else not set. */
export function resolveSeller(environment: Partial<SellerDetails>, overrides: Partial<SellerDetails>): SellerDetails {
  const seller = { ...NO_SELLER };
  for (const field of SELLER_FIELDS) seller[field] = clean(overrides[field]) ?? clean(environment[field]);
  return seller;
}

/** The fields a buyer cannot pay without (the seller's name and how to pay) that are not set. */
export function missingSellerFields(seller: SellerDetails): SellerField[] {
  return (["name", "remittance"] as const).filter((field) => seller[field] === null);
}

/** Whether a buyer can pay from the document alone: the seller's name and remittance details are set. */
export function isSellerPayable(seller: SellerDetails): boolean {
  return missingSellerFields(seller).length === 0;
}

/**
 * The seller block of a document, as label and value lines: each set field; a field not set says so; with neither a
 * name nor remittance details, one line saying the operator has not set the seller's details.
 */
export function describeSeller(seller: SellerDetails): { label: string; value: string }[] {
  if (seller.name === null && seller.remittance === null) return [{ label: SELLER_FIELD_LABELS.name, value: SELLER_NOT_SET }];
  return SELLER_FIELDS.filter((field) => field !== "remittance").map((field) => ({
    label: SELLER_FIELD_LABELS[field],
    value: seller[field] ?? SELLER_FIELD_NOT_SET,
  }));
}

/** How to pay an order, in words: the remittance details, the reference to quote and the due date. */
export function describeHowToPay(seller: SellerDetails, reference: string, dueDate: string): string {
  const remittance = seller.remittance ?? SELLER_NOT_SET;
  return `${remittance} Quote the reference ${reference} with your payment, due by ${dueDate}.`;
}

/** The reference a buyer quotes with a payment: the order's number, which the invoice also carries. */
export function paymentReferenceFor(orderNumber: string): string {
  return orderNumber;
}

export const LICENCE_TYPE_LABELS: Readonly<Record<LicenceType, string>> = {
  digitalorprint: "Digital or print licence",
  unlimiteduse: "Unlimited use licence",
};

/** A licence type in words; null for a value that is not a licence type (never the raw code). */
export function describeLicenceType(value: string | null | undefined): string | null {
  return value && Object.hasOwn(LICENCE_TYPE_LABELS, value) ? LICENCE_TYPE_LABELS[value as LicenceType] : null;
}

export const BILLING_CYCLE_LABELS: Readonly<Record<BillingCycle, string>> = { monthly: "Billed monthly", yearly: "Billed yearly" };
