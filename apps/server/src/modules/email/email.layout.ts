/** Plain, accessible HTML around an email's paragraphs; every value is escaped. */

export function escapeHtml(value: string): string {
  return value.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;").replaceAll("'", "&#39;");
}

export type EmailBlock = { type: "text"; text: string } | { type: "code"; text: string } | { type: "button"; text: string; url: string };

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

export function renderEmail(subject: string, blocks: EmailBlock[]): RenderedEmail {
  const text = blocks.map((block) => (block.type === "button" ? `${block.text}: ${block.url}` : block.text)).join("\n\n");
  const body = blocks
    .map((block) => {
      if (block.type === "code") {
        return `<p style="font-size:28px;letter-spacing:6px;font-weight:700;margin:16px 0">${escapeHtml(block.text)}</p>`;
      }
      if (block.type === "button") {
        return `<p style="margin:20px 0"><a href="${escapeHtml(block.url)}" style="background:#c2410c;color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none;font-weight:600">${escapeHtml(block.text)}</a></p>`;
      }
      return `<p style="margin:12px 0;line-height:1.5">${escapeHtml(block.text)}</p>`;
    })
    .join("\n");
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head><body style="font-family:Arial,Helvetica,sans-serif;color:#1f2937;background:#fafaf9;padding:24px"><div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px"><p style="font-weight:700;color:#c2410c;margin:0 0 16px">Hearth</p>${body}</div></body></html>`;
  return { subject, text, html };
}
