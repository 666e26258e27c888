/**
 * One-click unsubscribe (RFC 8058) for invitation emails: the List-Unsubscribe link shows a confirmation page
 * (GET, so a mail scanner following links unsubscribes nobody) and the POST — from that page's button or from
 * the mail provider's one-click request — records it. The token is signed and names the company and address.
 */
import type { FastifyInstance } from "fastify";
import { normalizeEmail } from "@hearth/shared";
import { z } from "zod";
import type { AppContext } from "../../app-context.js";
import { escapeHtml } from "../email/email.layout.js";
import { AppError } from "../../lib/errors.js";
import { MemoryRateLimiter } from "../../lib/memory-rate-limit.js";
import { defineRoute } from "../../lib/route.js";
import { type UnsubscribeToken, unsubscribeSigner } from "./invitation-email.js";
import { findCompanyName, suppressEmail } from "./invitations.repo.js";

const tokenQuery = z.object({ t: z.string().min(10).max(4096) });

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)} · Hearth</title><style>body{font-family:system-ui,Arial,sans-serif;background:#fafaf9;color:#1f2937;margin:0;padding:24px}main{max-width:480px;margin:10vh auto;background:#fff;border-radius:10px;padding:28px;box-shadow:0 1px 3px rgba(0,0,0,.08)}h1{font-size:1.35rem;margin:0 0 12px}button{background:#c2410c;color:#fff;border:0;border-radius:6px;padding:10px 18px;font-size:1rem;cursor:pointer}button:focus-visible{outline:3px solid #1f2937;outline-offset:2px}</style></head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
}

export async function registerUnsubscribeRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const signer = unsubscribeSigner(ctx.env.AUTH_SECRET);
  const limiter = new MemoryRateLimiter(60, 60_000);
  const read = (token: string, ip: string) => {
    limiter.enforce(ip);
    const payload = signer.verify<UnsubscribeToken>(token);
    if (!payload?.tenantId || !payload.email) {
      throw new AppError("VALIDATION_FAILED", "This unsubscribe link is not valid.", {
        fields: { t: "This unsubscribe link is not valid." },
      });
    }
    return { tenantId: payload.tenantId, email: normalizeEmail(payload.email) };
  };

  await app.register(async (scope) => {
    // The confirmation page's form and mail providers' one-click requests post a form body; its content is not used.
    scope.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string", bodyLimit: 4096 }, (_request, _body, done) =>
      done(null, {}),
    );
    registerUnsubscribeHandlers(scope, ctx, read);
  });
}

function registerUnsubscribeHandlers(
  app: FastifyInstance,
  ctx: AppContext,
  read: (token: string, ip: string) => { tenantId: string; email: string },
) {
  defineRoute(app, ctx, {
    method: "GET",
    url: "/api/unsubscribe",
    summary: "The page behind an invitation's unsubscribe link (asks to confirm)",
    tags: ["invitations"],
    access: "public",
    query: tokenQuery,
    produces: ["text/html; charset=utf-8"],
    handler: async ({ query, request, reply }) => {
      const { tenantId, email } = read(query.t, request.ip);
      const company = (await findCompanyName(ctx.database.db, tenantId)) ?? "this company";
      const action = `/api/unsubscribe?t=${encodeURIComponent(query.t)}`;
      return reply
        .type("text/html; charset=utf-8")
        .send(
          page(
            "Unsubscribe from survey invitations",
            `<p>Stop survey invitations from <strong>${escapeHtml(company)}</strong> to <strong>${escapeHtml(email)}</strong>?</p><form method="post" action="${escapeHtml(action)}"><button type="submit">Unsubscribe</button></form>`,
          ),
        );
    },
  });

  defineRoute(app, ctx, {
    method: "POST",
    url: "/api/unsubscribe",
    summary: "Unsubscribe an address from a company's invitations (one-click, RFC 8058)",
    tags: ["invitations"],
    access: "public",
    query: tokenQuery,
    produces: ["text/html; charset=utf-8"],
    handler: async ({ query, request, reply }) => {
      const { tenantId, email } = read(query.t, request.ip);
      await suppressEmail(ctx.database.db, tenantId, email);
      const company = (await findCompanyName(ctx.database.db, tenantId)) ?? "this company";
      return reply
        .type("text/html; charset=utf-8")
        .send(page("You are unsubscribed", `<p>${escapeHtml(email)} will get no more survey invitations from ${escapeHtml(company)}.</p>`));
    },
  });
}
