import type { LegalDocument, LegalDocumentId } from "./document.js";
import { PRIVACY_POLICY } from "./privacy-policy.js";
import { SAAS_AGREEMENT } from "./saas-agreement.js";
import { TERMS_OF_USE } from "./terms-of-use.js";

/** The three prose documents; the Order Form is built per company (order-form.ts). */
export const LEGAL_DOCUMENTS: Readonly<Record<Exclude<LegalDocumentId, "order-form">, LegalDocument>> = {
  "saas-agreement": SAAS_AGREEMENT,
  terms: TERMS_OF_USE,
  privacy: PRIVACY_POLICY,
};

/** The registration checkbox's label (the spec gives none). */
export const TERMS_ACCEPTANCE_LABEL = "I accept the Terms of Use and the Privacy Policy";
/** The field-level reason the server gives for a sign-up without acceptance. */
export const TERMS_ACCEPTANCE_REQUIRED = "Accept the Terms of Use and the Privacy Policy to register.";
