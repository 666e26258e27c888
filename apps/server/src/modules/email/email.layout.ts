/**
 * The one layout of every email Hearth sends (decision 0066): an HTML part and a plain-text part; the company's logo
 * and accent colour when the email is about its survey; readable in a dark colour scheme and on a phone. Every value
 * is escaped here; the only HTML taken as it is comes from `contentHtml`, which callers build from escaped values or
 * from the invitation sanitizer's output. A logo is an absolute URL of a PNG or JPEG the server serves, never inlined.
 */
import { DEFAULT_ACCENT_COLOR, readableAccent } from "@hearth/shared";

export function escapeHtml(value: string): string {
  return value.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;").replaceAll("'", "&#39;");
}

export type EmailBlock = { type: "text"; text: string } | { type: "code"; text: string } | { type: "button"; text: string; url: string };

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

/** Whose email it is: a company's (its name, logo and accent), or Hearth's when absent. */
export interface EmailBrand {
  companyName: string | null;
  /** Absolute https URL of the logo (the survey's public logo endpoint), or null. */
  logoUrl: string | null;
  /** The company's accent (#rrggbb), made readable behind white text; null for Hearth's. */
  accentColor: string | null;
}

export interface EmailLayout {
  subject: string;
  /** The message's body, already safe HTML. */
  contentHtml: string;
  /** The same body as plain text. */
  contentText: string;
  /** A short line some mail apps show after the subject; hidden in the message. */
  preheader?: string;
  /** Safe HTML for a note above the body (the copy notice of an invitation). */
  noticeHtml?: string;
  /** Small print under the body (why you got this, unsubscribe), already safe HTML. */
  footerHtml?: string;
  brand?: EmailBrand | null;
}

const FONT = "-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";
const TEXT = "#1c1917";
const MUTED = "#57534e";

/**
 * The style sheet mail apps that honour one apply: a dark scheme when the reader's device asks for it, and tighter
 * margins on a phone. The inline styles are the light scheme, for the apps that drop <style>.
 */
function styleSheet(accent: string): string {
  return `
:root{color-scheme:light dark;supported-color-schemes:light dark}
body{margin:0;padding:0;-webkit-text-size-adjust:100%}
.email-content h1,.email-content h2,.email-content h3{line-height:1.3;margin:20px 0 8px}
.email-content p,.email-content li{font-size:16px;line-height:1.6}
.email-content a{color:${accent};text-decoration:underline}
.email-content a.email-button{color:#ffffff;text-decoration:none}
@media (prefers-color-scheme: dark){
  .email-body,.email-outer{background:#0c0a09 !important}
  .email-card{background:#1c1917 !important;color:#f5f5f4 !important}
  .email-card p,.email-card li,.email-card h1,.email-card h2,.email-card h3,.email-card td,.email-card blockquote{color:#f5f5f4 !important}
  .email-muted,.email-muted p,.email-muted a{color:#d6d3d1 !important}
  .email-content a:not(.email-button){color:#fdba74 !important}
  .email-name{color:#f5f5f4 !important}
  .email-notice{background:#292524 !important;color:#f5f5f4 !important}
  .email-muted{border-top-color:#44403c !important}
  .email-logo{padding:6px 8px !important}
}
@media (max-width: 600px){
  .email-outer{padding:12px 8px !important}
  .email-inner{padding:20px 18px !important}
  .email-button{display:block !important;text-align:center !important}
}`;
}

/**
 * The logo on a white tile, which shows only in a dark scheme (there it gets its padding): a dark logo on a transparent
 * background stays visible, and in the light scheme the logo lines up with the text. Without a logo, the name.
 */
function header(brand: EmailBrand | null | undefined, accent: string): string {
  const name = brand?.companyName?.trim() || null;
  if (brand?.logoUrl) {
    const alt = name ? `${name} logo` : "Company logo";
    return `<tr><td style="padding:0 0 20px"><span class="email-logo" style="display:inline-block;background:#ffffff;border-radius:6px;padding:0;line-height:0"><img src="${escapeHtml(brand.logoUrl)}" alt="${escapeHtml(alt)}" height="44" style="display:block;height:44px;width:auto;max-width:220px;border:0;outline:none;text-decoration:none"></span></td></tr>`;
  }
  return `<tr><td class="email-name" style="padding:0 0 16px;font-size:18px;font-weight:700;color:${accent}">${escapeHtml(name ?? "Hearth")}</td></tr>`;
}

export function renderEmailLayout(layout: EmailLayout): RenderedEmail {
  const accent = layout.brand ? readableAccent(layout.brand.accentColor) : DEFAULT_ACCENT_COLOR;
  const preheader = layout.preheader
    ? `<div style="display:none;max-height:0;overflow:hidden;mso-hide:all" aria-hidden="true">${escapeHtml(layout.preheader)}</div>`
    : "";
  const footer = layout.footerHtml
    ? `<tr><td class="email-muted" style="padding:24px 0 0;border-top:1px solid #e7e5e4;font-size:13px;line-height:1.5;color:${MUTED}">${layout.footerHtml}</td></tr>`
    : "";
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="color-scheme" content="light dark"><meta name="supported-color-schemes" content="light dark"><title>${escapeHtml(layout.subject)}</title><style>${styleSheet(accent)}</style></head><body class="email-body" style="margin:0;padding:0;background:#f5f5f4">${preheader}<table role="presentation" class="email-outer" width="100%" cellpadding="0" cellspacing="0" style="width:100%;background:#f5f5f4;padding:24px 12px"><tr><td align="center"><main><table role="presentation" class="email-card" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;width:100%;background:#ffffff;color:${TEXT};border-radius:8px;border-top:4px solid ${accent};font-family:${FONT};text-align:left"><tr><td class="email-inner" style="padding:28px 32px"><table role="presentation" width="100%" cellpadding="0" cellspacing="0">${header(layout.brand, accent)}${layout.noticeHtml ? `<tr><td style="padding:0 0 16px">${layout.noticeHtml}</td></tr>` : ""}<tr><td class="email-content" style="font-size:16px;line-height:1.6;color:${TEXT}">${layout.contentHtml}</td></tr>${footer}</table></td></tr></table></main></td></tr></table></body></html>`;
  return { subject: layout.subject, text: layout.contentText, html };
}

/** A button: the accent behind white text (the accent is made readable for that). */
export function emailButton(text: string, url: string, accentColor: string | null = null): string {
  const accent = accentColor ? readableAccent(accentColor) : DEFAULT_ACCENT_COLOR;
  return `<p style="margin:24px 0"><a class="email-button" href="${escapeHtml(url)}" style="display:inline-block;background:${accent};color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:600;font-size:16px">${escapeHtml(text)}</a></p>`;
}

/** The emails Hearth writes itself: paragraphs, a code, a button, in the one layout. */
export function renderEmail(subject: string, blocks: EmailBlock[], brand: EmailBrand | null = null): RenderedEmail {
  const text = blocks.map((block) => (block.type === "button" ? `${block.text}: ${block.url}` : block.text)).join("\n\n");
  const contentHtml = blocks
    .map((block) => {
      if (block.type === "code") {
        return `<p style="font-size:28px;letter-spacing:6px;font-weight:700;margin:16px 0">${escapeHtml(block.text)}</p>`;
      }
      if (block.type === "button") return emailButton(block.text, block.url, brand?.accentColor ?? null);
      return `<p style="margin:12px 0;line-height:1.6">${escapeHtml(block.text)}</p>`;
    })
    .join("\n");
  return renderEmailLayout({ subject, contentHtml, contentText: text, brand });
}
