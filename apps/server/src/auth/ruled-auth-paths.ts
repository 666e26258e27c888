import { randomBytes } from "node:crypto";

/*
 * Which Better Auth endpoints Hearth's rules guard, and the proof that they ran for a request. auth-rules.ts applies the
 * rules and marks the request; auth.ts's before-hook checks the mark. Both import this file, which imports nothing of
 * the app, so Better Auth's set-up does not reach back to the application context.
 */

/** Better Auth's endpoints (paths below /api/auth, as Better Auth names them) that Hearth's rules guard. */
export const RULED_AUTH_PATHS: ReadonlySet<string> = new Set([
  "/sign-up/email",
  "/sign-in/email",
  "/request-password-reset",
  "/forget-password",
  "/reset-password",
  "/change-password",
  "/email-otp/send-verification-otp",
  "/email-otp/verify-email",
  "/sign-in/social",
  "/sign-in/sso",
]);

/**
 * The proof, carried on the request handed to Better Auth, that the rules ran for one endpoint path. Any value a
 * client sends in this header is removed before forwarding; the token is random per process, so it cannot be guessed.
 */
export const AUTH_RULES_HEADER = "x-hearth-auth-rules";
const RULES_TOKEN = randomBytes(16).toString("hex");

export function markRulesApplied(headers: Headers, path: string): void {
  headers.set(AUTH_RULES_HEADER, `${RULES_TOKEN} ${path}`);
}

/** True when Hearth's rules ran for exactly this endpoint path (Better Auth's own name for the endpoint). */
export function rulesWereApplied(headers: Headers | undefined, path: string): boolean {
  return headers?.get(AUTH_RULES_HEADER) === `${RULES_TOKEN} ${path}`;
}
