/**
 * One-click unsubscribe (RFC 8058) for invitation emails: the List-Unsubscribe link shows a confirmation page
 * (GET, so a mail scanner following links unsubscribes nobody) and the POST — from that page's button or from
 * the mail provider's one-click request — records it. The token is signed and names the company and address.
 */
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { AppContext } from "../../app-context.js";
import { MemoryRateLimiter } from "../../lib/memory-rate-limit.js";
import { defineRoute } from "../../lib/route.js";
import { unsubscribeSigner } from "./invitation-email.js";
import { readUnsubscribeToken, unsubscribeAddress, unsubscribeConfirmationPage } from "./unsubscribe.service.js";

const tokenQuery = z.object({ t: z.string().min(10).max(4096) });

export async function registerUnsubscribeRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const signer = unsubscribeSigner(ctx.env.AUTH_SECRET);
  const limiter = new MemoryRateLimiter(60, 60_000);
  const read = (token: string, ip: string) => {
    limiter.enforce(ip);
    return readUnsubscribeToken(signer, token);
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
      const html = await unsubscribeConfirmationPage(ctx, read(query.t, request.ip), query.t);
      return reply.type("text/html; charset=utf-8").send(html);
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
      const html = await unsubscribeAddress(ctx, read(query.t, request.ip));
      return reply.type("text/html; charset=utf-8").send(html);
    },
  });
}
