/** Renders one invitation email for one invitee: placeholders filled, personal signed link, unsubscribe link. */
import {
  collectPlaceholderValues,
  emailHtmlToText,
  ensureMandatoryLink,
  estimateSurveyDuration,
  findPreset,
  formatInTimeZone,
  renderEmailHtml,
  renderEmailSubject,
  type SurveyField,
} from "@hearth/shared";
import { type EmailBrand, emailButton, escapeHtml, renderEmailLayout } from "../email/email.layout.js";
import { TokenSigner } from "../../lib/signed-token.js";
import { surveyLogoPath } from "../surveys/public-survey.service.js";
import type { SurveyBrandRow } from "../surveys/surveys.repo.js";
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
  /** How long it takes, computed from its questions ("6–10 minutes"), for {{survey_duration}} (decision 0064). */
  duration: string;
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

/** The brand of an invitation: the survey's public logo as an absolute URL (mail apps fetch it), the accent colour. */
export function invitationBrand(appUrl: string, surveyId: string, row: SurveyBrandRow): EmailBrand {
  const logoPath = surveyLogoPath(surveyId, row);
  return { companyName: row.companyName, logoUrl: logoPath ? `${appUrl}${logoPath}` : null, accentColor: row.accentColor };
}

/** The duration an invitation promises: the one computed from the survey's questions, as the survey page shows it. */
export function invitationDuration(fields: readonly SurveyField[]): string {
  return estimateSurveyDuration(fields).label;
}

export interface UnsubscribeToken {
  tenantId: string;
  email: string;
}

/** The personal link: the survey URL with `r`, a signed token naming the invitee (spec surveys §2). */
export function buildPersonalSurveyLink(
  appUrl: string,
  secret: string,
  survey: Omit<InvitationSurvey, "duration">,
  recipient: InvitationRecipient,
): string {
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
  /** The company's logo and accent (decision 0065); the same for every recipient, so it tells nothing about who opened. */
  brand: EmailBrand | null;
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
    surveyDuration: survey.duration,
  });
  const preset = findPreset(survey.surveyPreset);
  // Placeholders are filled, then the result is sanitized: a filled link that is not http(s) loses its href.
  const body = asButton(renderEmailHtml(ensureMandatoryLink(invitation.content, preset?.mandatoryLink), values), surveyLink, options.brand);
  const subject = renderEmailSubject(invitation.subject, values);
  const unsubscribeUrl = options.copyNotice
    ? null
    : `${appUrl}/api/unsubscribe?t=${signersFor(secret).unsubscribe.sign({ tenantId: options.tenantId, email: recipient.email } satisfies UnsubscribeToken)}`;
  const company = escapeHtml(options.companyName ?? "your company");
  const noticeHtml = options.copyNotice
    ? `<p class="email-notice" style="margin:0;padding:10px 12px;background:#fff7ed;color:#1c1917;border-radius:6px;font-size:14px;line-height:1.5">This is your copy of the invitation to “${escapeHtml(survey.name)}”, sent to your recipients${options.copyNotice.sendAt ? ` on ${escapeHtml(formatInTimeZone(options.copyNotice.sendAt, options.copyNotice.timeZone ?? "UTC"))} (${escapeHtml(options.copyNotice.timeZone ?? "UTC")})` : ""}. Each recipient gets a personal link; the link below is the survey's shared one.</p>`
    : undefined;
  const footerHtml = unsubscribeUrl
    ? `<p style="margin:0">You received this because ${company} invited you to a survey on Hearth. <a href="${escapeHtml(unsubscribeUrl)}" style="color:#57534e">Unsubscribe</a> from their invitations.</p>`
    : undefined;
  const text = [
    options.copyNotice ? `Your copy of the invitation to "${survey.name}".` : null,
    emailHtmlToText(body),
    unsubscribeUrl ? `Unsubscribe: ${unsubscribeUrl}` : null,
  ]
    .filter(Boolean)
    .join("\n\n");
  const finalSubject = options.copyNotice ? `Copy: ${subject}` : subject;
  const { html } = renderEmailLayout({
    subject: finalSubject,
    contentHtml: body,
    contentText: text,
    preheader: `${survey.name}: about ${survey.duration}`,
    noticeHtml,
    footerHtml,
    brand: options.brand,
  });
  return { subject: finalSubject, html, text, surveyLink, unsubscribeUrl };
}

/**
 * The survey link standing alone in its paragraph (the preset's "Take Survey") is shown as a button. The sanitizer
 * wrote the anchor, so its exact form is known; only attributes are added, the text stays the sanitizer's.
 */
function asButton(html: string, surveyLink: string, brand: EmailBrand | null): string {
  const anchor = `<a href="${escapeHtml(surveyLink).replaceAll("&#39;", "'")}" target="_blank" rel="noopener noreferrer">`;
  const button = emailButton("", surveyLink, brand?.accentColor ?? null);
  const style = /<a class="email-button" href="[^"]*" (style="[^"]*")>/.exec(button)?.[1] ?? "";
  return html.replace(
    new RegExp(`<p>${escapeRegExp(anchor)}([^<]+)</a></p>`, "g"),
    (_whole, text: string) => `<p style="margin:24px 0">${anchor.replace(/>$/, ` class="email-button" ${style}>`)}${text}</a></p>`,
  );
}

const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
