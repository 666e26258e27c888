import { type RenderedEmail, renderEmail } from "./email.layout.js";

/**
 * Sent to the owner of an address when someone registers a company with it: the sign-up page answers as for a new
 * address (it never says the address is taken), so the person who owns the address hears about it here.
 */
export function renderSignUpAttemptEmail(input: { firstName?: string | null; signInLink: string; resetLink: string }): RenderedEmail {
  return renderEmail("Someone tried to register with your email address", [
    { type: "text", text: input.firstName ? `Hi ${input.firstName},` : "Hi," },
    {
      type: "text",
      text: "Someone just tried to register a new company on Hearth with this email address. It already has a Hearth account, so no new account was created.",
    },
    { type: "text", text: "If it was you, sign in to your existing account instead:" },
    { type: "button", text: "Sign in to Hearth", url: input.signInLink },
    { type: "text", text: `If you no longer know your password, choose a new one here: ${input.resetLink}` },
    { type: "text", text: "If it was not you, you need not do anything: your account and its password are unchanged." },
  ]);
}
