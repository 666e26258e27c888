/**
 * The development mail viewer's reads (dev-mail.routes.ts): the outbox's recent messages as JSON and as a page, and
 * one message's HTML. Outside production, when no SMTP server is configured.
 */
import type { AppContext } from "../../app-context.js";
import { escapeHtml } from "./email.layout.js";
import { findOutboxMessage, listRecentOutboxMessages } from "./email.repo.js";

export async function devMailMessagesJson(ctx: AppContext) {
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
}

/** One message's HTML, or null when the id is not an outbox message's. */
export async function devMailMessage(ctx: AppContext, id: string): Promise<string | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const row = await findOutboxMessage(ctx.database.db, id);
  return row?.html ?? null;
}

export async function devMailPage(ctx: AppContext): Promise<string> {
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
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Hearth dev mail</title><style>body{font-family:system-ui,sans-serif;margin:24px;color:#1f2937}table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #e5e7eb;padding:8px;text-align:left}a{color:#9a3412}</style></head><body><h1>Development outbox</h1><p>No SMTP_URL is set, so Hearth keeps every email here instead of sending it.</p>${body}</body></html>`;
}
