/** User-facing texts from the spec's catalogues, word for word. */
export const MESSAGES = {
  // Not the spec's "Please fill out reCAPTCHA": the check people see is ALTCHA (or reCAPTCHA), and both show the
  // words "I'm not a robot", so the message names those (issue 25 item 5, decision 0067).
  captchaMissing: "Please tick “I'm not a robot” to complete the check.",
  accountUpdated: "Successfully updated your account",
  genericError: "Something went wrong. Please try again.",
  accessDenied: "Sorry, you don't have the necessary permissions to view this page.",
  unnamedCompany: "Unnamed Company",
  notAuthorized: "Not Authorized",
} as const;

export const ACCESS_DENIED_COUNTDOWN_SECONDS = 5;
export const TOAST_DURATION_MS = 3000;
export const VERIFICATION_RESEND_COOLDOWN_SECONDS = 60;
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;

/** What each licence is called in a refusal (staff licences are the plan cards' "view licences"). */
const LICENCE_NAMES: Record<string, { one: string; many: string }> = {
  admin: { one: "admin licence", many: "admin licences" },
  staff: { one: "view licence", many: "view licences" },
  cohort: { one: "cohort", many: "cohorts" },
  certification: { one: "certification badge", many: "certification badges" },
  customDataRequest: { one: "custom data request", many: "custom data requests" },
};

/**
 * The refusal of one more licence than the plan allows. The spec gives the limits but no wording for the refusal,
 * so this text is Hearth's own: it names the plan in force and its limit.
 */
export function licenceLimitMessage(plan: string, kind: string, limit: number): string {
  const name = LICENCE_NAMES[kind] ?? { one: kind, many: kind };
  if (limit <= 0) return `The ${plan} plan includes no ${name.many}. Upgrade your plan to add one.`;
  const allowance = `${limit} ${limit === 1 ? name.one : name.many}`;
  return `The ${plan} plan includes ${allowance}, and ${limit === 1 ? "it is" : "all are"} in use. Upgrade your plan to add more.`;
}
