/** The software-as-a-service agreement (spec accounts §2 Viewer, §9 Agreement terms). Sentences are Hearth's own. */
import type { LegalDocument } from "./document.js";
import { legalPlural } from "./document.js";

/** Invoices are payable within 30 days. */
export const PAYMENT_DUE_DAYS = 30;
/** Late payments bear interest of 1.5% per month. */
export const LATE_INTEREST_PERCENT_PER_MONTH = 1.5;
/** Access may be suspended once a payment is 30 days overdue. */
export const SUSPENSION_AFTER_DAYS_OVERDUE = 30;
/** The initial term: 3 years. */
export const INITIAL_TERM_YEARS = 3;
/** Then one renewal of 1 year. */
export const RENEWAL_TERM_YEARS = 1;
export const RENEWAL_COUNT = 1;
/** Notice period (non-renewal, termination, changes): 30 days. */
export const NOTICE_DAYS = 30;
/** Liability is capped at 1x the fees paid in the 12 months before the claim. */
export const LIABILITY_CAP_MULTIPLE = 1;
export const LIABILITY_LOOKBACK_MONTHS = 12;
/** The customer bears the audit's cost when it shows an underpayment of at least 5%. */
export const AUDIT_UNDERPAYMENT_THRESHOLD_PERCENT = 5;
/** Support: 9 to 5 EST, by email. */
export const SUPPORT_HOURS = "9 to 5 EST";
export const SUPPORT_CHANNEL = "email";

export const SAAS_AGREEMENT: LegalDocument = {
  id: "saas-agreement",
  title: "Software-as-a-Service Agreement",
  lastModified: null,
  summary:
    "This agreement sets out how Hearth provides its hosted workplace-culture survey and certification service to the " +
    "organisation named in the Order Form, and what each side owes the other. It takes effect on the Order Form Date.",
  sections: [
    {
      id: "definitions",
      heading: "1. Words used in this agreement",
      paragraphs: [
        "\u201cHearth\u201d, \u201cwe\u201d and \u201cus\u201d mean the provider of the service. \u201cCustomer\u201d and \u201cyou\u201d mean the organisation named in the Order Form.",
        "\u201cService\u201d means the hosted platform described in the Order Form: employee surveys, the Love of Workplace Index and SPARK competency scores, reports, certification and award badges, and the company profile.",
        "\u201cOrder Form\u201d means the order summary at the end of this agreement, which names the plan, the fees and the term. \u201cUsers\u201d are the people you allow to use the Service under your account.",
      ],
    },
    {
      id: "the-service",
      heading: "2. The service",
      paragraphs: [
        "We make the Service available to your Users for the term, within the limits of the plan named in the Order Form, including its admin, staff, cohort and certification licences.",
        "Admin users can manage the whole account, invite other users and set their permissions. Other users work within the permissions an admin gives them.",
        "You are responsible for what your Users do in your account and for keeping their sign-in details private.",
      ],
    },
    {
      id: "fees-and-payment",
      heading: "3. Fees and payment",
      paragraphs: [
        "You agree to pay the fees stated in the Order Form. Fees are quoted in US dollars and do not include taxes, which you pay in addition unless you give us a valid exemption certificate.",
        `Each invoice is due within ${legalPlural(PAYMENT_DUE_DAYS, "day")} of its date.`,
        `An amount not paid when due bears interest of ${LATE_INTEREST_PERCENT_PER_MONTH}% per month, or the highest rate the law allows if that is lower, from the due date until it is paid.`,
        `If an amount stays unpaid more than ${legalPlural(SUSPENSION_AFTER_DAYS_OVERDUE, "day")} after its due date, we may suspend access to the Service until the account is brought up to date. Suspension does not end the agreement or the obligation to pay.`,
      ],
    },
    {
      id: "term-and-renewal",
      heading: "4. Term and renewal",
      paragraphs: [
        `The agreement runs for an initial term of ${legalPlural(INITIAL_TERM_YEARS, "year")} from the Order Form Date.`,
        `At the end of the initial term it renews ${RENEWAL_COUNT === 1 ? "once" : `${RENEWAL_COUNT} times`}, for a renewal term of ${legalPlural(RENEWAL_TERM_YEARS, "year")}, unless either side gives written notice of non-renewal at least ${legalPlural(NOTICE_DAYS, "day")} before the current term ends. After that renewal term the agreement ends unless both sides sign a new Order Form.`,
        `Either side may end the agreement by giving ${legalPlural(NOTICE_DAYS, "day")} written notice if the other side materially breaches it and does not put the breach right within that notice period.`,
      ],
    },
    {
      id: "support",
      heading: "5. Support",
      paragraphs: [
        `We answer support requests by ${SUPPORT_CHANNEL}, from ${SUPPORT_HOURS}, Monday to Friday, except US public holidays.`,
        "We aim to keep the Service available at all times, apart from planned maintenance, which we announce in advance where we can.",
      ],
    },
    {
      id: "data-and-confidentiality",
      heading: "6. Your data and confidentiality",
      paragraphs: [
        "Survey responses and the other information you put into the Service remain yours. We use them only to provide the Service to you, as the Privacy Policy describes.",
        "Company profiles you choose to publish are shown publicly. Survey responses are shared with you, the customer, subject to the anonymity rules of each report.",
        "Each side keeps the other's confidential information private and uses it only for this agreement.",
      ],
    },
    {
      id: "audit",
      heading: "7. Records and audit",
      paragraphs: [
        "While the agreement runs and for one year after it ends, we may check, on reasonable notice and at most once a year, that the Service is used within the licences paid for.",
        `The audit is at our cost, unless it shows that fees were underpaid by ${AUDIT_UNDERPAYMENT_THRESHOLD_PERCENT}% or more; you then pay the shortfall and the reasonable cost of the audit.`,
      ],
    },
    {
      id: "liability",
      heading: "8. Limits of liability",
      paragraphs: [
        `Each side's total liability arising from this agreement is limited to ${LIABILITY_CAP_MULTIPLE}x the fees you paid in the ${legalPlural(LIABILITY_LOOKBACK_MONTHS, "month")} before the event that gave rise to the claim.`,
        "Neither side is liable for indirect or consequential loss, such as lost profits or lost data, even if warned it might happen. These limits do not apply to fees you owe or where the law does not allow them.",
      ],
    },
    {
      id: "general",
      heading: "9. General",
      paragraphs: [
        `Notices under this agreement are given in writing; a notice period of ${legalPlural(NOTICE_DAYS, "day")} applies wherever a period is not stated.`,
        "The Terms of Use and the Privacy Policy form part of this agreement. If they conflict with it, this agreement prevails, and the Order Form prevails over both.",
        "This agreement, with the Order Form, is the whole agreement between the sides about the Service.",
      ],
    },
  ],
};
