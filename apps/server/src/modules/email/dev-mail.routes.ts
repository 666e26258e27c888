import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { AppContext } from "../../app-context.js";
import { isLoopbackAddress } from "../../lib/loopback.js";
import { devMailMessage, devMailMessagesJson, devMailPage } from "./dev-mail.service.js";

async function loopbackOnly(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (!isLoopbackAddress(request.raw.socket?.remoteAddress)) {
    await reply.status(404).type("text/plain").send("Not found");
  }
}

/**
 * The development mail viewer: registered only outside production when no SMTP server is configured (app.ts; production
 * without SMTP_URL does not start), and it answers only connections from the loopback interface.
 */
export async function registerDevMailRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  if (ctx.env.isProduction) return;
  await app.register(async (viewer) => {
    viewer.addHook("onRequest", loopbackOnly);
    registerViewer(viewer, ctx);
  });
}

function registerViewer(app: FastifyInstance, ctx: AppContext): void {
  app.get("/dev/mail/messages.json", { schema: { hide: true } }, () => devMailMessagesJson(ctx));

  app.get<{ Params: { id: string } }>("/dev/mail/:id", { schema: { hide: true } }, async (request, reply) => {
    const html = await devMailMessage(ctx, request.params.id);
    if (html === null) return reply.status(404).type("text/plain").send("Not found");
    // Images as a mail app loads them: the company's logo comes from this server's public logo endpoint.
    return reply
      .type("text/html")
      .header(
        "content-security-policy",
        `default-src 'none'; style-src 'unsafe-inline'; img-src data: 'self' ${new URL(ctx.env.APP_URL).origin}`,
      )
      .send(html);
  });

  app.get("/dev/mail", { schema: { hide: true } }, async (_request, reply) => reply.type("text/html").send(await devMailPage(ctx)));
}
