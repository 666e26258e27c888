/**
 * Whether the person creating a company accepted the terms (issue 12 item 7, decision 0029): the registration form's
 * checkbox, sent as `acceptTerms` with a sign-up by email, or carried through Google's round trip as the sign-in's
 * `additionalData` (Better Auth spreads it into the OAuth state). Pure, so every path is tested without a provider.
 */
export const GOOGLE_TERMS_REQUIRED =
  "To create a company account with Google, start from the registration page and accept the terms of service first.";

function flag(value: unknown, key: string): boolean {
  return typeof value === "object" && value !== null && (value as Record<string, unknown>)[key] === true;
}

/** The path Better Auth serves a social sign-in's return on: /callback/<provider>. */
export function isSocialCallback(path: string | undefined): boolean {
  return typeof path === "string" && path.startsWith("/callback/");
}

/**
 * "accepted" when the sign-up that creates a company carried the user's acceptance; "missing" otherwise. Only the
 * email sign-up's body and a social callback's OAuth state are read: nothing else creates a company.
 */
export function readTermsAcceptance(input: { path: string | undefined; body: unknown; oauthState: unknown }): "accepted" | "missing" {
  if (input.path === "/sign-up/email") return flag(input.body, "acceptTerms") ? "accepted" : "missing";
  if (isSocialCallback(input.path)) return flag(input.oauthState, "acceptTerms") ? "accepted" : "missing";
  return "missing";
}
