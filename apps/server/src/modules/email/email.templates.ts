import { roleWithArticle } from "@hearth/shared";
import { type RenderedEmail, renderEmail } from "./email.layout.js";

const greeting = (firstName?: string | null) => (firstName ? `Hi ${firstName},` : "Hi,");

export function renderVerificationEmail(input: { firstName?: string | null; code: string; link: string }): RenderedEmail {
  return renderEmail("Your Hearth verification code", [
    { type: "text", text: greeting(input.firstName) },
    { type: "text", text: "Enter this code to confirm your email address and finish setting up your company:" },
    { type: "code", text: input.code },
    { type: "button", text: "Verify my email", url: input.link },
    { type: "text", text: "The code is valid for 10 minutes. If you did not sign up for Hearth, you can ignore this message." },
  ]);
}

export function renderPasswordResetEmail(input: { firstName?: string | null; link: string }): RenderedEmail {
  return renderEmail("Reset your Hearth password", [
    { type: "text", text: greeting(input.firstName) },
    { type: "text", text: "Someone asked to reset the password of your Hearth account. Choose a new one here:" },
    { type: "button", text: "Choose a new password", url: input.link },
    { type: "text", text: "The link works for one hour. If you did not ask for this, keep your current password and ignore this message." },
  ]);
}

export function renderEmailChangeEmail(input: { firstName?: string | null; newEmail: string; link: string }): RenderedEmail {
  return renderEmail("Confirm your new email address", [
    { type: "text", text: greeting(input.firstName) },
    { type: "text", text: `Please confirm that ${input.newEmail} should become the email address of your Hearth account.` },
    { type: "button", text: "Confirm this address", url: input.link },
    { type: "text", text: "Until you confirm, you keep signing in with your current address." },
  ]);
}

export function renderSupportRequestEmail(input: {
  kind: "help" | "ticket";
  subject: string;
  message: string;
  fromName: string;
  fromEmail: string;
  companyName: string;
  tenantId: string;
}): RenderedEmail {
  const label = input.kind === "ticket" ? "Support ticket" : "Help request";
  return renderEmail(`[${label}] ${input.subject}`, [
    { type: "text", text: `${label} from ${input.fromName} <${input.fromEmail}> at ${input.companyName} (tenant ${input.tenantId}).` },
    { type: "text", text: input.message },
  ]);
}

/** An invitation to join a company's team (docs/decisions/0041). */
export function renderMemberInvitationEmail(input: {
  inviterName: string;
  companyName: string;
  role: string;
  link: string;
  expiresAt: Date;
}): RenderedEmail {
  const until = input.expiresAt.toLocaleDateString("en-US", { month: "long", day: "numeric", year: "numeric", timeZone: "UTC" });
  return renderEmail(`${input.inviterName} invited you to ${input.companyName} on Hearth`, [
    { type: "text", text: "Hi," },
    {
      type: "text",
      text: `${input.inviterName} invited you to join ${input.companyName} on Hearth as ${roleWithArticle(input.role)}. Hearth is where your company runs its workplace surveys and reads what its people say.`,
    },
    { type: "button", text: "Accept the invitation", url: input.link },
    { type: "text", text: `The link works until ${until}. If you did not expect this invitation, you can ignore this message.` },
  ]);
}
