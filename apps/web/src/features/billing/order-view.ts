/**
 * Pure helpers of the order pages (issue 12 item 4: History, the order page, open orders): what an order's status,
 * dates, lines and payment terms read as. Every amount is the server's, in cents; nothing is computed here but words.
 * Decision 0032.
 */
import {
  formatDollars,
  formatDayInZone,
  LATE_INTEREST_PERCENT_PER_MONTH,
  ORDER_FORM_TIME_ZONE,
  type OrderLineResponse,
  type OrderStatus,
  PAYMENT_DUE_DAYS,
} from "@hearth/shared";
import { LICENCE_TYPE_LABELS } from "../cart";

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  awaiting_payment: "Awaiting payment",
  paid: "Paid",
  cancelled: "Cancelled",
};

export const ORDER_STATUS_COLORS: Record<OrderStatus, string> = {
  awaiting_payment: "orange",
  paid: "teal",
  cancelled: "gray",
};

/** The agreement's payment terms in the same words as the invoice (decision 0032), from the shared constants. */
export const PAYMENT_TERMS = `Payment is due within ${PAYMENT_DUE_DAYS} days of the invoice date. An amount not paid when due bears interest of ${LATE_INTEREST_PERCENT_PER_MONTH}% per month, or the highest rate the law allows if that is lower, from the due date until it is paid.`;

export const ORDER_NOT_FOUND = "We could not find this order. It may belong to another company, or the link may be wrong.";

/**
 * An ISO time as MM/dd/yyyy in the calendar of the invoice and the order form (US Eastern, decision 0029), with that zone
 * named, "11/24/2026 (Eastern time)": an order's dates read the same on its page, on Billing › General and in its PDFs
 * (decision 0060), and say which calendar they are in (issue 25 item 1); "—" when missing or unreadable.
 */
export function formatOrderDate(iso: string | null | undefined): string {
  if (!iso) return "—";
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "—" : formatDayInZone(date.getTime(), ORDER_FORM_TIME_ZONE);
}

/** "Silver plan (yearly)", "Certification 2026 · Digital or print". */
export function describeOrderLine(line: Pick<OrderLineResponse, "kind" | "name" | "year" | "licenceType">, cycle: string): string {
  if (line.kind === "plan") return `${line.name} plan (${cycle === "monthly" ? "monthly" : "yearly"})`;
  const details = [
    line.year !== null ? String(line.year) : null,
    line.licenceType ? ((LICENCE_TYPE_LABELS as Record<string, string>)[line.licenceType] ?? line.licenceType) : null,
  ]
    .filter(Boolean)
    .join(" · ");
  return details ? `${line.name} · ${details}` : line.name;
}

export interface OrderLineAmounts {
  /** The line's amount: unit price × quantity ("$0" when plan-included). */
  amount: string;
  /** The original price struck through, when the line is cheaper than it (plan-included). */
  struck: string | null;
}

export function describeOrderLineAmounts(
  line: Pick<OrderLineResponse, "unitPrice" | "originalPrice" | "quantity" | "isPlanIncluded">,
): OrderLineAmounts {
  const amount = formatDollars(line.unitPrice * line.quantity);
  const struck = line.isPlanIncluded || line.originalPrice > line.unitPrice ? formatDollars(line.originalPrice * line.quantity) : null;
  return { amount, struck };
}

/** The order's "Pay now" address: only an https (or same-site) link the server gave; anything else shows no button. */
export function paymentLink(paymentUrl: string | null | undefined): string | null {
  if (typeof paymentUrl !== "string" || paymentUrl.trim() === "") return null;
  if (paymentUrl.startsWith("/") && !paymentUrl.startsWith("//")) return paymentUrl;
  try {
    const url = new URL(paymentUrl);
    return url.protocol === "https:" ? url.toString() : null;
  } catch {
    return null;
  }
}
