/**
 * The Order Form that ends the software-as-a-service agreement (spec accounts §2 Legal views, §3 Order form source
 * fields, §4 Order form date, §9 Order form term and date format). Pure functions: no clock unless given one.
 */
import { formatDollars } from "../billing/prices.js";
import { describeSeller, SELLER_NOT_SET, type SellerDetails } from "../billing/seller.js";
import { PAYMENT_DUE_DAYS } from "./saas-agreement.js";

/** "Order form term: 1 year from payment receipt." */
export const ORDER_FORM_TERM_YEARS = 1;
export const ORDER_FORM_TERM_TEXT = "1 year from the date payment is received";
/** "Date format MM/dd/yyyy." */
export const ORDER_FORM_DATE_FORMAT = "MM/dd/yyyy";
/**
 * The calendar the order form's dates are read in: US Eastern, the agreement's own clock (support is 9 to 5 EST), so
 * the same acceptance shows the same date to every reader and in the PDF (decision 0029).
 */
export const ORDER_FORM_TIME_ZONE = "America/New_York";

export const ORDER_FORM_DISCLAIMER =
  "This Order Form is legally binding. By accepting it, the Customer agrees to the Software-as-a-Service Agreement, " +
  "the Terms of Use and the Privacy Policy, which are incorporated into this Order Form and form one agreement with it.";

export const ORDER_FORM_DEFAULT_PAYMENT_METHOD = `Invoice, payable by bank transfer or card within ${PAYMENT_DUE_DAYS} days of the invoice date`;
export const ORDER_FORM_NO_ADDITIONAL_TERMS = "None";
/** Shown for a source field that is empty. */
export const ORDER_FORM_MISSING = "Not provided";
/** Shown when no fee amount was supplied (the amount comes separately from the user's fields). */
export const ORDER_FORM_FEE_TO_BE_QUOTED = "To be quoted";

interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

function calendarDate(date: Date, timeZone: string): CalendarDate {
  const parts = new Intl.DateTimeFormat("en-US", { timeZone, year: "numeric", month: "numeric", day: "numeric" }).formatToParts(date);
  const part = (type: string) => Number(parts.find((candidate) => candidate.type === type)?.value);
  return { year: part("year"), month: part("month"), day: part("day") };
}

const pad = (value: number, width: number) => String(value).padStart(width, "0");
const formatCalendarDate = ({ year, month, day }: CalendarDate) => `${pad(month, 2)}/${pad(day, 2)}/${pad(year, 4)}`;

function toDate(value: Date | string | null | undefined): Date | null {
  if (value === null || value === undefined || value === "") return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A date as MM/dd/yyyy, read in the order form's calendar (US Eastern unless another IANA zone is given). */
export function formatOrderFormDate(date: Date, timeZone: string = ORDER_FORM_TIME_ZONE): string {
  return formatCalendarDate(calendarDate(date, timeZone));
}

/**
 * The Order Form Date (spec accounts §4): the terms-acceptance date when there is one (a Date or an ISO string; an
 * unreadable value counts as none), otherwise today.
 */
export function orderFormDate(termsAndConditionsAcceptDate: Date | string | null | undefined, today: Date): Date {
  return toDate(termsAndConditionsAcceptDate) ?? today;
}

export interface OrderFormTerm {
  /** MM/dd/yyyy */
  start: string;
  /** The same calendar date one year later, MM/dd/yyyy; 29 February ends on 28 February. */
  end: string;
  /** "1 year from the date payment is received" */
  description: string;
}

/** The term: from the order form date to the same date one year later; stated as 1 year from payment receipt. */
export function orderFormTerm(start: Date, timeZone: string = ORDER_FORM_TIME_ZONE): OrderFormTerm {
  const from = calendarDate(start, timeZone);
  const year = from.year + ORDER_FORM_TERM_YEARS;
  const lastDay = new Date(Date.UTC(year, from.month, 0)).getUTCDate();
  const to = { year, month: from.month, day: Math.min(from.day, lastDay) };
  return { start: formatCalendarDate(from), end: formatCalendarDate(to), description: ORDER_FORM_TERM_TEXT };
}

/** The fee with a dollar sign (`$17,500`); cents only when there are some. Null or invalid: "To be quoted". */
export function formatOrderFormFee(cents: number | null | undefined): string {
  return typeof cents === "number" && Number.isFinite(cents) && cents >= 0 ? formatDollars(Math.round(cents)) : ORDER_FORM_FEE_TO_BE_QUOTED;
}

export const ORDER_FORM_SERVICE_DESCRIPTIONS = {
  Gold:
    "Gold plan: unlimited admin, staff and cohort licences; up to 8 certification and award badges; every survey type, " +
    "report and benchmark; comment analysis; social amplification; priority email support.",
  Silver:
    "Silver plan: up to 10 admin and 30 staff licences, 4 cohorts and 4 certification or award badges; engagement and " +
    "pulse surveys with full reports and benchmarks; comment analysis; email support.",
  BasicOrBronze:
    "Basic plan: up to 5 admin and 15 staff licences, 2 cohorts and 1 certification badge; the Love of Workplace Index " +
    "survey with its report and benchmark comparison; email support.",
  Default:
    "Hearth workplace-culture survey and certification service, as described on the plan page at the time of order; " + "email support.",
} as const;

/**
 * The service description of a plan (spec accounts §3): Gold, Silver, one shared by Basic and Bronze, and a default
 * for any other value. Plan names match exactly as stored (the spec's names are capitalised).
 */
export function describeOrderFormService(plan: string | null | undefined): string {
  switch (plan) {
    case "Gold":
      return ORDER_FORM_SERVICE_DESCRIPTIONS.Gold;
    case "Silver":
      return ORDER_FORM_SERVICE_DESCRIPTIONS.Silver;
    case "Basic":
    case "Bronze":
      return ORDER_FORM_SERVICE_DESCRIPTIONS.BasicOrBronze;
    default:
      return ORDER_FORM_SERVICE_DESCRIPTIONS.Default;
  }
}

/** The order form source fields (spec accounts §3), as the user record holds them. */
export interface OrderFormSource {
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
  companyAddress: string | null;
  companyPhone: string | null;
  email: string | null;
  plan: string | null;
  termsAndConditionsAcceptDate: Date | string | null;
}

export interface OrderFormOptions {
  /** The fee, supplied separately from the source fields, in cents. */
  feeCents: number | null;
  /** Today's date, used when there is no acceptance date. */
  today: Date;
  methodOfPayment?: string;
  additionalTerms?: string;
  timeZone?: string;
  /**
   * The seller the operator set (decision 0060): printed above the fields, and its remittance details become the
   * method of payment. Left out (the signed-out sample), the form names no seller.
   */
  seller?: SellerDetails;
}

export const ORDER_FORM_FIELD_LABELS = {
  customer: "Customer",
  contact: "Contact",
  address: "Address",
  phone: "Phone",
  orderFormDate: "Order Form Date",
  email: "E-Mail",
  services: "Services",
  serviceFeesAndPayment: "Service Fees and Method of Payment",
  term: "Term",
  additionalTerms: "Additional Terms",
} as const;
export type OrderFormField = keyof typeof ORDER_FORM_FIELD_LABELS;

export interface OrderForm {
  title: "Order Form";
  /** The summary's fields, in the spec's order (accounts §2 Legal views). */
  fields: ReadonlyArray<{ key: OrderFormField; label: string; value: string }>;
  values: Readonly<Record<OrderFormField, string>>;
  term: OrderFormTerm;
  fee: string;
  disclaimer: string;
  /** The seller's lines (label and value), or null when the form was built without one. */
  seller: ReadonlyArray<{ label: string; value: string }> | null;
}

const text = (value: string | null | undefined) => (value?.trim() ? value.trim() : ORDER_FORM_MISSING);

/** The Order Form summary from the source fields, the fee and today's date. */
export function buildOrderForm(source: OrderFormSource, options: OrderFormOptions): OrderForm {
  const timeZone = options.timeZone ?? ORDER_FORM_TIME_ZONE;
  const date = orderFormDate(source.termsAndConditionsAcceptDate, options.today);
  const term = orderFormTerm(date, timeZone);
  const fee = formatOrderFormFee(options.feeCents);
  const remittance = options.seller ? (options.seller.remittance ?? SELLER_NOT_SET).replace(/\s*\n\s*/g, "; ") : null;
  const method = options.methodOfPayment?.trim() || ORDER_FORM_DEFAULT_PAYMENT_METHOD;
  const name = [source.firstName, source.lastName]
    .map((part) => part?.trim() ?? "")
    .filter(Boolean)
    .join(" ");
  const values: Record<OrderFormField, string> = {
    customer: text(name),
    contact: text(source.phone),
    address: text(source.companyAddress),
    phone: text(source.companyPhone),
    orderFormDate: formatOrderFormDate(date, timeZone),
    email: text(source.email),
    services: describeOrderFormService(source.plan),
    serviceFeesAndPayment: `${fee}. ${method}.${remittance ? ` ${remittance}` : ""}`,
    term: `${ORDER_FORM_TERM_TEXT} (${term.start} to ${term.end})`,
    additionalTerms: options.additionalTerms?.trim() || ORDER_FORM_NO_ADDITIONAL_TERMS,
  };
  const fields = (Object.keys(ORDER_FORM_FIELD_LABELS) as OrderFormField[]).map((key) => ({
    key,
    label: ORDER_FORM_FIELD_LABELS[key],
    value: values[key],
  }));
  const seller = options.seller ? describeSeller(options.seller) : null;
  return { title: "Order Form", fields, values, term, fee, disclaimer: ORDER_FORM_DISCLAIMER, seller };
}

/** The filled sample the viewer shows to a reader who is not signed in (decision 0029). */
export const SAMPLE_ORDER_FORM_SOURCE: OrderFormSource = {
  firstName: "Jordan",
  lastName: "Rivera",
  phone: "(555) 010-0142",
  companyAddress: "100 Example Avenue, Suite 200, Orlando, FL 32801",
  companyPhone: "(555) 010-0100",
  email: "jordan.rivera@example.com",
  plan: "Silver",
  termsAndConditionsAcceptDate: null,
};
