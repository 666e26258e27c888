import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { AppContext } from "../../app-context.js";
import { escapeHtml } from "./email.layout.js";
import { findOutboxMessage, listRecentOutboxMessages } from "./email.repo.js";

/**
 * True for a connection from this machine's loopback interface (127.0.0.0/8, ::1, or IPv4-mapped 127.x). The socket's
 * own address is read, never X-Forwarded-For: behind a proxy on the same machine nothing reaches the viewer from outside
 * only if the proxy does not forward /dev/mail, which is why production never registers it at all.
 */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  if (address === "::1") return true;
  const ipv4 = address.startsWith("::ffff:") ? address.slice("::ffff:".length) : address;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(ipv4);
}

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
  app.get("/dev/mail/messages.json", { schema: { hide: true } }, async () => {
    const rows = await listRecentOutboxMessages(ctx.database.db);
    return {
      messages: rows.map((row) => ({
        id: row.id,
        to: row.toAddress,
        cc: row.ccAddress,
        subject: row.subject,
        text: row.text,
        html: row.html,
        status: row.status,
        createdAt: row.createdAt.toISOString(),
      })),
    };
  });

  app.get<{ Params: { id: string } }>("/dev/mail/:id", { schema: { hide: true } }, async (request, reply) => {
    const id = request.params.id;
    if (!/^[0-9a-f-]{36}$/i.test(id)) return reply.status(404).type("text/plain").send("Not found");
    const row = await findOutboxMessage(ctx.database.db, id);
    if (!row) return reply.status(404).type("text/plain").send("Not found");
    return reply
      .type("text/html")
      .header("content-security-policy", "default-src 'none'; style-src 'unsafe-inline'; img-src data:")
      .send(row.html);
  });

  app.get("/dev/mail", { schema: { hide: true } }, async (_request, reply) => {
    const rows = await listRecentOutboxMessages(ctx.database.db);
    const items = rows
      .map(
        (row) =>
          `<tr><td>${escapeHtml(row.createdAt.toISOString().replace("T", " ").slice(0, 19))}</td><td>${escapeHtml(row.toAddress)}</td><td><a href="/dev/mail/${row.id}">${escapeHtml(row.subject)}</a></td><td>${escapeHtml(row.status)}</td></tr>`,
      )
      .join("");
    const body = rows.length
      ? `<table><thead><tr><th>Created (UTC)</th><th>To</th><th>Subject</th><th>Status</th></tr></thead><tbody>${items}</tbody></table>`
      : "<p>No messages yet.</p>";
    return reply
      .type("text/html")
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Hearth dev mail</title><style>body{font-family:system-ui,sans-serif;margin:24px;color:#1f2937}table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #e5e7eb;padding:8px;text-align:left}a{color:#9a3412}</style></head><body><h1>Development outbox</h1><p>No SMTP_URL is set, so Hearth keeps every email here instead of sending it.</p>${body}</body></html>`,
      );
  });
}
