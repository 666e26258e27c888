/**
 * One-click unsubscribe (RFC 8058) for invitation emails: the signed token names the company and the address; the
 * confirmation page asks, the POST records it (unsubscribe.routes.ts).
 */
import { normalizeEmail } from "@hearth/shared";
import type { AppContext } from "../../app-context.js";
import { AppError } from "../../lib/errors.js";
import type { TokenSigner } from "../../lib/signed-token.js";
import { escapeHtml } from "../email/email.layout.js";
import type { UnsubscribeToken } from "./invitation-email.js";
import { findCompanyBrand, suppressEmail } from "./invitations.repo.js";

export interface UnsubscribeTarget {
  tenantId: string;
  email: string;
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)} · Hearth</title><style>body{font-family:system-ui,Arial,sans-serif;background:#fafaf9;color:#1f2937;margin:0;padding:24px}main{max-width:480px;margin:10vh auto;background:#fff;border-radius:10px;padding:28px;box-shadow:0 1px 3px rgba(0,0,0,.08)}h1{font-size:1.35rem;margin:0 0 12px}button{background:#c2410c;color:#fff;border:0;border-radius:6px;padding:10px 18px;font-size:1rem;cursor:pointer}button:focus-visible{outline:3px solid #1f2937;outline-offset:2px}</style></head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
}

/** The company and address a token names; a 400 with the field when it is not a valid token. */
export function readUnsubscribeToken(signer: TokenSigner, token: string): UnsubscribeTarget {
  const payload = signer.verify<UnsubscribeToken>(token);
  if (!payload?.tenantId || !payload.email) {
    throw new AppError("VALIDATION_FAILED", "This unsubscribe link is not valid.", {
      fields: { t: "This unsubscribe link is not valid." },
    });
  }
  return { tenantId: payload.tenantId, email: normalizeEmail(payload.email) };
}

/** The page behind the link: it asks to confirm, so a mail scanner following links unsubscribes nobody. */
export async function unsubscribeConfirmationPage(ctx: AppContext, target: UnsubscribeTarget, token: string): Promise<string> {
  const company = (await findCompanyBrand(ctx.database.db, target.tenantId)).companyName ?? "this company";
  const action = `/api/unsubscribe?t=${encodeURIComponent(token)}`;
  return page(
    "Unsubscribe from survey invitations",
    `<p>Stop survey invitations from <strong>${escapeHtml(company)}</strong> to <strong>${escapeHtml(target.email)}</strong>?</p><form method="post" action="${escapeHtml(action)}"><button type="submit">Unsubscribe</button></form>`,
  );
}

/** Records the unsubscribe and answers the page that says so. */
export async function unsubscribeAddress(ctx: AppContext, target: UnsubscribeTarget): Promise<string> {
  await suppressEmail(ctx.database.db, target.tenantId, target.email);
  const company = (await findCompanyBrand(ctx.database.db, target.tenantId)).companyName ?? "this company";
  return page(
    "You are unsubscribed",
    `<p>${escapeHtml(target.email)} will get no more survey invitations from ${escapeHtml(company)}.</p>`,
  );
}
