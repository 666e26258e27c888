import { describe, expect, it } from "vitest";
import { LEGAL_LAST_MODIFIED, legalDocumentText } from "./document.js";
import { PRIVACY_POLICY } from "./privacy-policy.js";
import { SAAS_AGREEMENT } from "./saas-agreement.js";
import { TERMS_OF_USE } from "./terms-of-use.js";

const agreement = legalDocumentText(SAAS_AGREEMENT);
const terms = legalDocumentText(TERMS_OF_USE);
const privacy = legalDocumentText(PRIVACY_POLICY);

describe("the software-as-a-service agreement (spec accounts §9 Agreement terms)", () => {
  it.each([
    ["payment within 30 days", "due within 30 days"],
    ["late interest 1.5% per month", "1.5% per month"],
    ["suspension after 30 days", "more than 30 days after its due date, we may suspend"],
    ["initial term 3 years", "initial term of 3 years"],
    ["one 1-year renewal", "renews once, for a renewal term of 1 year"],
    ["notice 30 days", "at least 30 days before the current term ends"],
    ["liability capped at 1x the fees of the prior 12 months", "1x the fees you paid in the 12 months before"],
    [
      "audit cost if underpayment is at least 5%",
      "underpaid by 5% or more; you then pay the shortfall and the reasonable cost of the audit",
    ],
    ["support 9 to 5 EST by email", "by email, from 9 to 5 EST"],
  ])("states %s", (_fact, sentence) => {
    expect(agreement).toContain(sentence);
  });
});

describe("the Terms of Use (spec accounts §1, §2, §9 Legal text)", () => {
  it("was last modified May 2, 2023", () => {
    expect(TERMS_OF_USE.lastModified).toBe("May 2, 2023");
    expect(LEGAL_LAST_MODIFIED).toBe("May 2, 2023");
  });

  it.each([
    ["minimum age 18", "18 years of age or older"],
    ["people located in the United States", "located in the United States"],
    ["30 days to opt out of arbitration", "opt out of arbitration by writing to us within 30 days"],
    [
      "60 calendar days after a notice of dispute",
      "within 60 calendar days after the notice is received, either side may start arbitration",
    ],
    ["30 calendar days to reject arbitration changes", "reject the change by writing to us within 30 calendar days"],
    ["$10,000 threshold for the hearing type", "For claims of $10,000 or less"],
    ["1-year limit to file claims", "filed within 1 year"],
    ["Florida law", "laws of the State of Florida"],
  ])("states %s", (_fact, sentence) => {
    expect(terms).toContain(sentence);
  });
});

describe("the Privacy Policy (spec accounts §9 Legal text, surveys §9 Privacy text)", () => {
  it("was last modified May 2, 2023", () => {
    expect(PRIVACY_POLICY.lastModified).toBe("May 2, 2023");
  });

  it.each([
    ["minimum age 18", "adults aged 18 or older"],
    ["16", "anyone under 16"],
    ["deletion within 30 days of a cancellation request", "delete its personal data within 30 days of the request"],
    ["CCPA look-back twelve months", "Looking back twelve months"],
    ["at most twice per 12 months", "at most twice in any 12 months"],
    ["confirmation within 10 business days", "within 10 business days"],
    [
      "response within 45 days, up to 45 more",
      "within 45 days. If we need more time, we tell you why and may extend that by up to 45 days more",
    ],
    ["disclosures cover the previous 12 months", "covers the previous 12 months"],
    ["no fee unless excessive", "no fee unless the request is excessive"],
  ])("states %s", (_fact, sentence) => {
    expect(privacy).toContain(sentence);
  });
});

describe("every document", () => {
  it.each([SAAS_AGREEMENT, TERMS_OF_USE, PRIVACY_POLICY])("$title has unique section anchors and no empty paragraph", (document) => {
    const ids = document.sections.map((section) => section.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
    for (const section of document.sections) for (const paragraph of section.paragraphs) expect(paragraph.trim()).not.toBe("");
  });
});
