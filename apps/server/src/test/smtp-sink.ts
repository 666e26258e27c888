/**
 * A real SMTP server on loopback for tests and benchmarks. It keeps every accepted message and, like a mailbox
 * provider, also files them by Message-ID per recipient, so a resend of the same message counts once in `inbox`.
 */
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface ReceivedMessage {
  to: string[];
  messageId: string | null;
  raw: string;
}

export interface SmtpSink {
  port: number;
  url: string;
  /** Every message the server accepted, in order. */
  received: ReceivedMessage[];
  /** recipient → distinct Message-IDs accepted for them. */
  inbox: Map<string, Set<string>>;
  /** Refuse the next n messages with this SMTP code (451 temporary, 550 permanent). */
  refuseNext(count: number, code: number): void;
  messagesTo(address: string): ReceivedMessage[];
  close(): Promise<void>;
}

export async function startSmtpSink(options: { quiet?: boolean } = {}): Promise<SmtpSink> {
  const received: ReceivedMessage[] = [];
  const inbox = new Map<string, Set<string>>();
  const refusal = { count: 0, code: 451 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    size: 10 * 1024 * 1024,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        // A connection dropped in the middle of DATA never gets here complete: smtp-server discards it.
        if (refusal.count > 0) {
          refusal.count -= 1;
          const error = new Error(refusal.code >= 500 ? "Mailbox unavailable" : "Mailbox temporarily unavailable") as Error & {
            responseCode: number;
          };
          error.responseCode = refusal.code;
          return callback(error);
        }
        const raw = Buffer.concat(chunks).toString("utf8");
        const messageId = /^message-id:\s*(<[^>]+>)/im.exec(raw)?.[1] ?? null;
        const to = session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase());
        received.push({ to, messageId, raw });
        for (const address of to) {
          const ids = inbox.get(address) ?? new Set<string>();
          ids.add(messageId ?? `no-id-${received.length}`);
          inbox.set(address, ids);
        }
        callback();
      });
    },
  });
  if (options.quiet !== false) server.on("error", () => {});
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    inbox,
    refuseNext(count, code) {
      refusal.count = count;
      refusal.code = code;
    },
    messagesTo: (address) => received.filter((message) => message.to.includes(address.toLowerCase())),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Decodes a quoted-printable body enough to find links and text in it. */
export function decodeQuotedPrintable(raw: string): string {
  return raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}
