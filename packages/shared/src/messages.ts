/** User-facing texts from the spec's catalogues, word for word. */
export const MESSAGES = {
  captchaMissing: "Please fill out reCAPTCHA",
  accountUpdated: "Successfully updated your account",
  genericError: "Something went wrong. Please try again.",
  accessDenied: "Sorry, you don't have the necessary permissions to view this page.",
  unnamedCompany: "Unnamed Company",
  needHelpInfo: "Please use the chat widget in the bottom right corner for support.",
  notAuthorized: "Not Authorized",
} as const;

export const ACCESS_DENIED_COUNTDOWN_SECONDS = 5;
export const TOAST_DURATION_MS = 3000;
export const VERIFICATION_RESEND_COOLDOWN_SECONDS = 60;
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
