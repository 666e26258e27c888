/** The Privacy Policy (spec accounts §2 Legal views, §9 Legal text; surveys §9 Privacy text). Sentences are Hearth's own. */
import { LEGAL_LAST_MODIFIED, type LegalDocument, legalNumberWord, legalPlural } from "./document.js";
import { MINIMUM_AGE } from "./terms-of-use.js";

/** The policy also names 16: no personal information is knowingly collected from, or sold about, anyone under 16. */
export const PRIVACY_YOUTH_AGE = 16;
/** Personal data is deleted within 30 days of a cancellation request. */
export const DATA_DELETION_DAYS = 30;
/** CCPA look-back: twelve months. */
export const CCPA_LOOKBACK_MONTHS = 12;
/** A request to know may be made at most twice per 12 months (surveys §9). */
export const REQUESTS_TO_KNOW_PER_PERIOD = 2;
export const REQUEST_TO_KNOW_PERIOD_MONTHS = 12;
/** Receipt of a request is confirmed within 10 business days. */
export const REQUEST_CONFIRMATION_BUSINESS_DAYS = 10;
/** The response comes within 45 days, extendable by up to 45 more. */
export const REQUEST_RESPONSE_DAYS = 45;
export const REQUEST_EXTENSION_DAYS = 45;
/** Disclosures cover the previous 12 months. */
export const DISCLOSURE_PERIOD_MONTHS = 12;
/** No fee is charged unless a request is excessive. */
export const REQUEST_FEE_RULE = "no fee unless the request is excessive";

const times = (count: number) => (count === 2 ? "twice" : `${count} times`);

export const PRIVACY_POLICY: LegalDocument = {
  id: "privacy",
  title: "Privacy Policy",
  lastModified: LEGAL_LAST_MODIFIED,
  summary:
    "This policy explains what personal information Hearth collects, why, who sees it and the choices you have. It covers the " +
    "website, the service our customers use, and the surveys their employees answer.",
  sections: [
    {
      id: "what-we-collect",
      heading: "1. What we collect",
      paragraphs: [
        "Account details: name, work email address, phone number, job title, company name, address and phone, and your acceptance of our terms.",
        "Survey information: the answers employees give, any comments, and the details an employer uses to invite them, such as email address and name.",
        "Usage information: the pages visited, the device and browser used, and records of actions such as badge downloads.",
      ],
    },
    {
      id: "how-we-use-it",
      heading: "2. How we use it",
      paragraphs: [
        "We use personal information to run and secure the service, to send the emails you or your employer ask us to send, to produce reports, scores and benchmarks, to bill customers and to answer support requests.",
        "We do not sell personal information.",
      ],
    },
    {
      id: "who-sees-it",
      heading: "3. Who sees it",
      paragraphs: [
        "Survey responses are shared with the customer that ran the survey, within the anonymity rules of each report: small groups are never shown on their own.",
        "Company profiles that customers choose to publish are public, including any certification or award badges they display.",
        "Service providers who host, email or process data for us see only what they need, under written obligations to protect it.",
      ],
    },
    {
      id: "age",
      heading: "4. Age",
      paragraphs: [
        `Hearth is for adults aged ${MINIMUM_AGE} or older. We do not knowingly collect personal information from anyone under ${PRIVACY_YOUTH_AGE}, and never sell information about them; if we learn that we have, we delete it.`,
      ],
    },
    {
      id: "retention",
      heading: "5. How long we keep it",
      paragraphs: [
        "We keep personal information while an account is open and as long as needed for the purposes above.",
        `When a customer asks to cancel its account, we delete its personal data within ${legalPlural(DATA_DELETION_DAYS, "day")} of the request, except what the law requires us to keep.`,
      ],
    },
    {
      id: "security",
      heading: "6. Security",
      paragraphs: [
        "We protect personal information with encryption in transit, access controls and regular reviews. No system is perfectly secure, so please tell us at once if you suspect a problem.",
      ],
    },
    {
      id: "california",
      heading: "7. California privacy rights",
      paragraphs: [
        `California residents have rights under the California Consumer Privacy Act (CCPA). Looking back ${legalNumberWord(CCPA_LOOKBACK_MONTHS)} months, we have collected the categories of information listed in section 1, for the purposes in section 2, and shared them only as section 3 describes.`,
        "You may ask to know what personal information we hold about you, to have it deleted or corrected, and you will not be treated differently for using these rights.",
      ],
    },
    {
      id: "your-requests",
      heading: "8. Making a request",
      paragraphs: [
        `You may make a request to know at most ${times(REQUESTS_TO_KNOW_PER_PERIOD)} in any ${legalPlural(REQUEST_TO_KNOW_PERIOD_MONTHS, "month")}.`,
        `We confirm that we have received your request within ${legalPlural(REQUEST_CONFIRMATION_BUSINESS_DAYS, "business day")}, and answer it within ${legalPlural(REQUEST_RESPONSE_DAYS, "day")}. If we need more time, we tell you why and may extend that by up to ${legalPlural(REQUEST_EXTENSION_DAYS, "day")} more.`,
        `What we disclose covers the previous ${legalPlural(DISCLOSURE_PERIOD_MONTHS, "month")}.`,
        `There is ${REQUEST_FEE_RULE}, in which case we may charge a reasonable fee or decline it and explain why.`,
      ],
    },
    {
      id: "changes",
      heading: "9. Changes to this policy",
      paragraphs: [
        "We may update this policy. The date at the top shows when it last changed, and we tell customers about significant changes before they take effect.",
      ],
    },
  ],
};
