/**
 * What a certification or award card shows (spec accounts §4 Certification card status; docs/decisions/0034): pure,
 * so the rules are tested without rendering. Certified holds the badge; Requested disables Add to cart; any other
 * status offers Add to cart, unless the badge is already in the cart.
 */
import type { CertificationCardResponse, LicenceType } from "@hearth/shared";

export const LICENCE_TYPE_LABELS: Readonly<Record<LicenceType, string>> = {
  digitalorprint: "Digital or print",
  unlimiteduse: "Unlimited use",
};

export type CardAction =
  | { kind: "certified"; label: string }
  | { kind: "add"; label: string; disabled: false }
  | { kind: "add"; label: string; disabled: true; reason: "requested" | "in-cart" };

export function describeCardAction(card: Pick<CertificationCardResponse, "status">, inCart: boolean): CardAction {
  if (card.status === "Certified") return { kind: "certified", label: "Certified" };
  if (card.status === "Requested") return { kind: "add", label: "Requested", disabled: true, reason: "requested" };
  if (inCart) return { kind: "add", label: "In cart", disabled: true, reason: "in-cart" };
  return { kind: "add", label: "Add to cart", disabled: false };
}

/** A reason as part of a sentence: no final full stop, first letter kept. */
const clause = (reason: string) => reason.replace(/\.$/, "");

/**
 * The line under the heading: where the year's certification stands under the rules of docs/decisions/0035, naming
 * what is missing (responses, score, a closed survey) when it is not eligible.
 */
export function describeResponseRule(input: {
  headcount: number | null;
  requiredResponses: number | null;
  responses: number;
  year: number;
  eligible: boolean;
  reasons: readonly string[];
}): string {
  if (input.headcount === null || input.requiredResponses === null) {
    return "Add your company's headcount in the company profile: eligibility depends on it.";
  }
  const count = (value: number) => `${value.toLocaleString("en-US")} ${value === 1 ? "response" : "responses"}`;
  if (input.eligible) {
    return `Eligible for ${input.year}: a closed LOWI survey ending in ${input.year} has ${count(input.responses)} (${input.requiredResponses.toLocaleString("en-US")} needed) and at least 70% positive answers.`;
  }
  const missing = input.reasons.length > 0 ? input.reasons.map(clause).join("; ") : "a LOWI survey ending in that year";
  return `Not eligible for ${input.year} yet: ${missing}. Certification needs a closed LOWI survey with ${count(input.requiredResponses)} and at least 70% positive answers.`;
}

/** Under an award or certification card that is not eligible: what is missing, one sentence. */
export function describeMissing(card: Pick<CertificationCardResponse, "eligibility" | "reasons">): string | null {
  if (card.eligibility || card.reasons.length === 0) return null;
  return `${card.reasons.map(clause).join("; ")}.`;
}
