/**
 * Hearth's legal documents as structured content (spec accounts §2 Legal views and Viewer). Every sentence is
 * Hearth's own; every figure comes from the spec's constants (accounts §9, surveys §9), exported by the document
 * that states it and written into its text from those exports. Decision: docs/decisions/0029-legal-documents.md.
 */

export const LEGAL_DOCUMENT_IDS = ["saas-agreement", "order-form", "terms", "privacy"] as const;
export type LegalDocumentId = (typeof LEGAL_DOCUMENT_IDS)[number];

/** The web app's viewer route of each document (reachable signed out). */
export const LEGAL_ROUTES: Readonly<Record<LegalDocumentId, string>> = {
  "saas-agreement": "/legal/saas-agreement",
  "order-form": "/legal/order-form",
  terms: "/legal/terms",
  privacy: "/legal/privacy",
};

/** "Terms of Use, last modified May 2, 2023." and the same for the Privacy Policy (spec accounts §2). */
export const LEGAL_LAST_MODIFIED = "May 2, 2023";

export interface LegalSection {
  /** A stable anchor for the table of contents (lower-case words joined by hyphens). */
  id: string;
  heading: string;
  paragraphs: readonly string[];
}

export interface LegalDocument {
  id: LegalDocumentId;
  title: string;
  /** Shown under the title; null when the spec gives no date for the document. */
  lastModified: string | null;
  summary: string;
  sections: readonly LegalSection[];
}

/** Every heading and paragraph of a document as one text (tests and search use it). */
export function legalDocumentText(document: LegalDocument): string {
  const parts = [document.title, document.lastModified ?? "", document.summary];
  for (const section of document.sections) parts.push(section.heading, ...section.paragraphs);
  return parts.filter(Boolean).join("\n");
}

/** Numbers as words up to twelve, the way the documents spell small counts ("twelve months"). */
export function legalNumberWord(value: number): string {
  const words = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"];
  return Number.isInteger(value) && value >= 0 && value < words.length ? words[value] : String(value);
}

export const legalPlural = (count: number, unit: string): string => `${count} ${unit}${count === 1 ? "" : "s"}`;
