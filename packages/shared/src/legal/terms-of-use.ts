/** The Terms of Use (spec accounts §1, §2 Legal views, §9 Legal text). Sentences are Hearth's own. */
import { LEGAL_LAST_MODIFIED, type LegalDocument, legalPlural } from "./document.js";

/** The site is for adults aged 18 or older (spec accounts §1, §9). */
export const MINIMUM_AGE = 18;
/** ... and for people located in the United States (spec accounts §1). */
export const SERVICE_COUNTRY = "the United States";
/** Days a user has to opt out of arbitration. */
export const ARBITRATION_OPT_OUT_DAYS = 30;
/** Calendar days after a notice of dispute before either side may start arbitration. */
export const DISPUTE_NOTICE_CALENDAR_DAYS = 60;
/** Calendar days to reject a future change to the arbitration terms. */
export const ARBITRATION_CHANGE_REJECTION_CALENDAR_DAYS = 30;
/** Claims at or below this amount (dollars) are decided on documents or by phone; above it, by hearing. */
export const HEARING_TYPE_CLAIM_THRESHOLD_DOLLARS = 10_000;
/** A claim must be filed within 1 year. */
export const CLAIM_FILING_LIMIT_YEARS = 1;
export const GOVERNING_LAW_STATE = "Florida";

const threshold = `$${HEARING_TYPE_CLAIM_THRESHOLD_DOLLARS.toLocaleString("en-US")}`;

export const TERMS_OF_USE: LegalDocument = {
  id: "terms",
  title: "Terms of Use",
  lastModified: LEGAL_LAST_MODIFIED,
  summary:
    "These terms apply to everyone who visits Hearth's website or uses the Hearth service. By creating an account or using the " +
    "service you agree to them. Please read the section on resolving disputes carefully: it asks you to settle disputes by arbitration.",
  sections: [
    {
      id: "who-may-use",
      heading: "1. Who may use Hearth",
      paragraphs: [
        `Hearth is meant for adults: you must be ${MINIMUM_AGE} years of age or older to use it.`,
        `Hearth is offered to people located in ${SERVICE_COUNTRY}. If you use it from elsewhere, you do so on your own initiative and are responsible for following your local laws.`,
        "If you use Hearth for an organisation, you confirm that you may accept these terms for it.",
      ],
    },
    {
      id: "accounts",
      heading: "2. Your account",
      paragraphs: [
        "Give accurate details when you register and keep them up to date. Keep your password to yourself and tell us promptly if you think someone else has used your account.",
        "Admin users control their organisation's account and decide what other users may see and do.",
      ],
    },
    {
      id: "acceptable-use",
      heading: "3. Using the service fairly",
      paragraphs: [
        "Do not use Hearth to break the law, to send messages people have not agreed to receive, to collect information about people without a lawful reason, or to disturb the service or other customers.",
        "Do not try to identify individual respondents of an anonymous survey, or to get around the limits of your plan.",
      ],
    },
    {
      id: "content",
      heading: "4. Content",
      paragraphs: [
        "You keep the rights in what you upload. You allow us to host, copy and display it as needed to run the service, including on the public company profile you choose to publish.",
        "Certification and award badges may be used only as your plan and licence allow, and only while they are valid.",
      ],
    },
    {
      id: "disclaimers",
      heading: "5. Disclaimers and liability",
      paragraphs: [
        "We provide the website as it is and as available. Scores and benchmarks describe survey answers; they are not advice.",
        "To the extent the law allows, we are not liable for indirect losses. A customer's written agreement with us, where there is one, sets its own limits.",
      ],
    },
    {
      id: "disputes",
      heading: "6. Resolving disputes by arbitration",
      paragraphs: [
        `Before starting a claim, the side with the complaint sends the other a written notice of dispute describing it and the remedy sought. If it is not settled within ${legalPlural(DISPUTE_NOTICE_CALENDAR_DAYS, "calendar day")} after the notice is received, either side may start arbitration.`,
        "Disputes are decided by a single neutral arbitrator, not by a judge or jury, and only on an individual basis: class and representative actions are not allowed.",
        `For claims of ${threshold} or less, the arbitrator decides on the documents submitted or at a hearing by phone, unless the arbitrator finds an in-person hearing necessary. Claims above ${threshold} may be heard in person.`,
        `You may opt out of arbitration by writing to us within ${legalPlural(ARBITRATION_OPT_OUT_DAYS, "day")} of first accepting these terms. Opting out does not affect any other part of them.`,
        `If we change this section, you may reject the change by writing to us within ${legalPlural(ARBITRATION_CHANGE_REJECTION_CALENDAR_DAYS, "calendar day")} after it takes effect; the earlier version then continues to apply to you.`,
        `Any claim must be filed within ${legalPlural(CLAIM_FILING_LIMIT_YEARS, "year")} after it arose, or it is barred for good.`,
      ],
    },
    {
      id: "governing-law",
      heading: "7. Governing law",
      paragraphs: [
        `These terms are governed by the laws of the State of ${GOVERNING_LAW_STATE}, without regard to its conflict-of-law rules. Any dispute not subject to arbitration is heard by the courts located in ${GOVERNING_LAW_STATE}.`,
      ],
    },
    {
      id: "changes",
      heading: "8. Changes to these terms",
      paragraphs: [
        "We may update these terms. The date at the top shows when they last changed; continuing to use Hearth after a change means you accept it.",
        "The Privacy Policy explains how we handle personal information and forms part of these terms.",
      ],
    },
  ],
};
