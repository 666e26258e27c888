/** Renders one invitation email for one invitee: placeholders filled, personal signed link, unsubscribe link. */
import {
  collectPlaceholderValues,
  emailHtmlToText,
  ensureMandatoryLink,
  findPreset,
  formatInTimeZone,
  renderEmailHtml,
  renderEmailSubject,
} from "@hearth/shared";
import { escapeHtml } from "../email/email.layout.js";
import { TokenSigner } from "../../lib/signed-token.js";
import { type RecipientToken, surveyLinkSigner } from "../surveys/surveys.service.js";

export interface InvitationContent {
  subject: string;
  senderName: string;
  content: string;
}

export interface InvitationRecipient {
  inviteeId: string | null;
  email: string;
  firstName: string | null;
  lastName: string | null;
  meta: Record<string, string>;
}

export interface InvitationSurvey {
  id: string;
  name: string;
  surveyPreset: string;
  metaFields: Record<string, string>;
}

export interface RenderedInvitation {
  subject: string;
  html: string;
  text: string;
  surveyLink: string;
  unsubscribeUrl: string | null;
}

export const unsubscribeSigner = (secret: string) => new TokenSigner(secret, "unsubscribe");

/** Signers derive their key once; invitations sign two tokens per email, so they are kept per secret. */
const signers = new Map<string, { surveyLink: TokenSigner; unsubscribe: TokenSigner }>();
function signersFor(secret: string) {
  let found = signers.get(secret);
  if (!found) {
    if (signers.size > 8) signers.clear();
    found = { surveyLink: surveyLinkSigner(secret), unsubscribe: unsubscribeSigner(secret) };
    signers.set(secret, found);
  }
  return found;
}

export interface UnsubscribeToken {
  tenantId: string;
  email: string;
}

/** The personal link: the survey URL with `r`, a signed token naming the invitee (spec surveys §2). */
export function buildPersonalSurveyLink(appUrl: string, secret: string, survey: InvitationSurvey, recipient: InvitationRecipient): string {
  const name = [recipient.firstName, recipient.lastName].filter(Boolean).join(" ");
  const token: RecipientToken = {
    surveyId: survey.id,
    ...(recipient.inviteeId ? { inviteeId: recipient.inviteeId } : {}),
    email: recipient.email,
    ...(recipient.firstName ? { firstName: recipient.firstName } : {}),
    ...(recipient.lastName ? { lastName: recipient.lastName } : {}),
    ...(name ? { name } : {}),
    ...(Object.keys(recipient.meta).length > 0 ? { meta: recipient.meta } : {}),
  };
  return `${appUrl}/s/${encodeURIComponent(survey.id)}?r=${signersFor(secret).surveyLink.sign(token)}`;
}

export function renderInvitation(options: {
  appUrl: string;
  secret: string;
  tenantId: string;
  companyName: string | null;
  invitation: InvitationContent;
  survey: InvitationSurvey;
  recipient: InvitationRecipient;
  /** For the copy sent to CC: the plain survey link instead of a personal one, and no unsubscribe link. */
  copyNotice?: { sendAt: Date | null; timeZone: string | null };
}): RenderedInvitation {
  const { appUrl, secret, survey, recipient, invitation } = options;
  const surveyLink = options.copyNotice
    ? `${appUrl}/s/${encodeURIComponent(survey.id)}`
    : buildPersonalSurveyLink(appUrl, secret, survey, recipient);
  const values = collectPlaceholderValues({
    metaFields: survey.metaFields,
    companyName: options.companyName,
    recipient: options.copyNotice ? null : recipient,
    surveyLink,
    surveyName: survey.name,
    senderName: invitation.senderName,
  });
  const preset = findPreset(survey.surveyPreset);
  // Placeholders are filled, then the result is sanitized: a filled link that is not http(s) loses its href.
  const body = renderEmailHtml(ensureMandatoryLink(invitation.content, preset?.mandatoryLink), values);
  const subject = renderEmailSubject(invitation.subject, values);
  const unsubscribeUrl = options.copyNotice
    ? null
    : `${appUrl}/api/unsubscribe?t=${signersFor(secret).unsubscribe.sign({ tenantId: options.tenantId, email: recipient.email } satisfies UnsubscribeToken)}`;
  const notice = options.copyNotice
    ? `<p style="margin:0 0 16px;padding:10px 12px;background:#fff7ed;border-radius:6px;font-size:14px">This is your copy of the invitation to “${escapeHtml(survey.name)}”, sent to your recipients${options.copyNotice.sendAt ? ` on ${escapeHtml(formatInTimeZone(options.copyNotice.sendAt, options.copyNotice.timeZone ?? "UTC"))} (${escapeHtml(options.copyNotice.timeZone ?? "UTC")})` : ""}. Each recipient gets a personal link; the link below is the survey's shared one.</p>`
    : "";
  const footer = unsubscribeUrl
    ? `<p style="margin:24px 0 0;font-size:12px;color:#6b7280">You received this because ${escapeHtml(options.companyName ?? "your company")} invited you to a survey on Hearth. <a href="${escapeHtml(unsubscribeUrl)}" style="color:#6b7280">Unsubscribe</a> from their invitations.</p>`
    : "";
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head><body style="font-family:Arial,Helvetica,sans-serif;color:#1f2937;background:#fafaf9;padding:24px;line-height:1.5"><div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">${notice}${body}${footer}</div></body></html>`;
  const text = [
    options.copyNotice ? `Your copy of the invitation to "${survey.name}".` : null,
    emailHtmlToText(body),
    unsubscribeUrl ? `Unsubscribe: ${unsubscribeUrl}` : null,
  ]
    .filter(Boolean)
    .join("\n\n");
  return { subject: options.copyNotice ? `Copy: ${subject}` : subject, html, text, surveyLink, unsubscribeUrl };
}
