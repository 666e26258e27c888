/**
 * Invitation delivery: how fast a spawned Hearth server gets invitation emails to a local SMTP server, next to raw
 * nodemailer sending the same number of similar messages to the same SMTP server. The sink runs in the bench's main
 * thread; the server is its own process and the baseline its own worker thread (smtp-baseline-worker.mjs).
 */
import { randomBytes, randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import { Worker } from "node:worker_threads";
import { SMTPServer } from "smtp-server";
import {
  INVITATION_CONTENT,
  INVITATION_SUBJECT,
  INVITE_BATCH,
  type Recipient,
  inviteBody,
  openInviteSession,
  postInviteBatch,
  recipients,
  startInviteServer,
} from "./invitations.js";
import { POLL_INTERVAL_MS } from "./processes.js";
import { sleep } from "./stats.js";

/** performance.now() (ms) as monotonic µs, the clock of V8's CPU profiles (CLOCK_MONOTONIC on Linux). */
const monotonicUs = (at: number) => at * 1000 + (Number(process.hrtime.bigint() / 1000n) - performance.now() * 1000);

export const SMTP_MESSAGES = 3_000;
/** The server's default INVITE_SEND_CONCURRENCY: the baseline keeps as many messages in flight. */
export const SMTP_IN_FLIGHT = 10;
const DELIVERY_TIMEOUT_MS = 180_000;
const BASELINE_TIMEOUT_MS = 120_000;

interface DomainStats {
  recipients: Set<string>;
  messages: number;
  bytes: number;
  firstAt: number;
  lastAt: number;
}

/** An SMTP server on 127.0.0.1 that keeps no message: it counts them, their bytes and arrival times, by recipient domain. */
export interface CountingSink {
  url: string;
  stats(domain: string): { recipients: number; messages: number; bytes: number; firstAt: number; lastAt: number };
  /** Resolves true once `count` distinct recipients under `domain` received a message, false at the deadline. */
  waitForRecipients(domain: string, count: number, deadline: number): Promise<boolean>;
  close(): Promise<void>;
}

export async function startCountingSink(): Promise<CountingSink> {
  const byDomain = new Map<string, DomainStats>();
  const statsOf = (domain: string) => {
    let stats = byDomain.get(domain);
    if (!stats) {
      stats = { recipients: new Set(), messages: 0, bytes: 0, firstAt: Number.NaN, lastAt: Number.NaN };
      byDomain.set(domain, stats);
    }
    return stats;
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    size: 10 * 1024 * 1024,
    onData(stream, session, callback) {
      let bytes = 0;
      stream.on("data", (chunk: Buffer) => {
        bytes += chunk.length;
      });
      stream.on("end", () => {
        const now = performance.now();
        const domains = new Set<string>();
        for (const rcpt of session.envelope.rcptTo) {
          const address = rcpt.address.toLowerCase();
          const domain = address.slice(address.indexOf("@") + 1);
          statsOf(domain).recipients.add(address);
          domains.add(domain);
        }
        for (const domain of domains) {
          const stats = statsOf(domain);
          stats.messages += 1;
          stats.bytes += bytes;
          if (Number.isNaN(stats.firstAt)) stats.firstAt = now;
          stats.lastAt = now;
        }
        callback();
      });
    },
  });
  server.on("error", () => {});
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    stats: (domain) => {
      const stats = statsOf(domain);
      return {
        recipients: stats.recipients.size,
        messages: stats.messages,
        bytes: stats.bytes,
        firstAt: stats.firstAt,
        lastAt: stats.lastAt,
      };
    },
    async waitForRecipients(domain, count, deadline) {
      while (statsOf(domain).recipients.size < count) {
        if (performance.now() > deadline) return false;
        await sleep(POLL_INTERVAL_MS);
      }
      return true;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Raw nodemailer on a worker thread; `send` resolves when every message was accepted or refused, or rejects at the limit. */
class BaselineSender {
  private readonly worker = new Worker(new URL("./smtp-baseline-worker.mjs", import.meta.url));
  readonly ready = new Promise<void>((resolve, reject) => {
    this.worker.once("message", () => resolve());
    this.worker.once("error", reject);
  });

  send(job: { url: string; messages: object[]; inFlight: number }, timeoutMs: number) {
    return new Promise<{ sent: number; failed: number; firstError: string | null; elapsedMs: number }>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`raw nodemailer did not finish within ${timeoutMs / 1000} s`)), timeoutMs);
      this.worker.once("message", (result) => {
        clearTimeout(timer);
        resolve(result);
      });
      this.worker.once("error", (error) => {
        clearTimeout(timer);
        reject(error);
      });
      this.worker.postMessage(job);
    });
  }

  close = () => this.worker.terminate();
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * A message like the server's invitation: the same content with the placeholders filled, a personal link with a
 * token of about the same length, the unsubscribe footer and headers, HTML and text parts, a fixed Message-ID.
 */
function baselineMessage(person: Recipient, appUrl: string) {
  const token = randomBytes(300).toString("base64url");
  const link = `${appUrl}/s/svy_${randomBytes(8).toString("hex")}?r=${token}`;
  const unsubscribe = `${appUrl}/api/unsubscribe?t=${randomBytes(110).toString("base64url")}`;
  const values: Record<string, string> = {
    first_name: person.firstName,
    company_name: "Demo Company",
    survey_link: link,
    sender_name: "Dana Demo",
  };
  const fill = (text: string, asHtml: boolean) =>
    text.replace(/\{\{\s*([a-z_]+)\s*\}\}/g, (_, name: string) => (asHtml ? escapeHtml(values[name] ?? "") : (values[name] ?? "")));
  const subject = fill(INVITATION_SUBJECT, false);
  const body = fill(INVITATION_CONTENT, true);
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head><body style="font-family:Arial,Helvetica,sans-serif;color:#1f2937;background:#fafaf9;padding:24px;line-height:1.5"><div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">${body}<p style="margin:24px 0 0;font-size:12px;color:#6b7280">You received this because Demo Company invited you to a survey on Hearth. <a href="${escapeHtml(unsubscribe)}" style="color:#6b7280">Unsubscribe</a> from their invitations.</p></div></body></html>`;
  // as the server's text part: links written as "text (url)"
  const text = `${body
    .replace(/<a href="([^"]*)">([^<]*)<\/a>/g, "$2 ($1)")
    .replace(/<[^>]+>/g, "")
    .trim()}\n\nUnsubscribe: ${unsubscribe}`;
  const id = randomUUID();
  return {
    from: { name: "Dana Demo", address: "no-reply@hearth.test" },
    to: person.email,
    replyTo: "admin@demo.hearth.test",
    subject,
    html,
    text,
    messageId: `<${id}.invitation@127.0.0.1>`,
    headers: { "List-Unsubscribe": `<${unsubscribe}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  };
}

export interface DeliveryRun {
  /** Messages that reached the sink for distinct recipients, of `expected`. */
  delivered: number;
  expected: number;
  /** Messages accepted for those recipients: more than `delivered` if some were sent twice. */
  messages: number;
  /** From the clock's start to the last message's arrival (or the deadline). */
  elapsedMs: number;
  perSecond: number;
  meanBytes: number;
  /** From the clock's start to the first message's arrival. */
  firstAfterMs: number;
  completed: boolean;
}

export interface SmtpDeliveryResult {
  server: DeliveryRun;
  raw: DeliveryRun;
  batchLatencies: number[];
  /** The server's sending window (first batch accepted → last message in) on the monotonic clock in µs, for CPU profiles. */
  serverWindowUs: { from: number; to: number };
  rawFailed: number;
  rawFirstError: string | null;
}

function deliveryRun(sink: CountingSink, domain: string, expected: number, t0: number, completed: boolean, end: number): DeliveryRun {
  const stats = sink.stats(domain);
  const elapsedMs = (completed ? stats.lastAt : end) - t0;
  return {
    delivered: stats.recipients,
    expected,
    messages: stats.messages,
    elapsedMs,
    perSecond: elapsedMs > 0 ? stats.recipients / (elapsedMs / 1000) : 0,
    meanBytes: stats.messages ? stats.bytes / stats.messages : 0,
    firstAfterMs: stats.firstAt - t0,
    completed,
  };
}

/**
 * 1. The server, SMTP_URL on the sink, invites `count` people (send now) in batches of 1,500 sent back to back; the
 *    clock starts when the first batch is accepted and stops when the last distinct recipient's message arrives.
 * 2. Raw nodemailer sends `count` similar messages to the same sink, SMTP_IN_FLIGHT at a time, over the same pool.
 */
export async function runSmtpDelivery(options: {
  dataDir: string;
  log: (message: string) => void;
  count?: number;
  env?: Record<string, string>;
  nodeArgs?: string[];
}): Promise<SmtpDeliveryResult> {
  const count = options.count ?? SMTP_MESSAGES;
  const sink = await startCountingSink();
  let baseline: BaselineSender | undefined;
  try {
    const serverDomain = "smtp.bench.hearth.test";
    const server = await startInviteServer(options.dataDir, { SMTP_URL: sink.url, ...options.env }, options.nodeArgs);
    let serverRun: DeliveryRun;
    let serverWindowUs = { from: 0, to: 0 };
    const batchLatencies: number[] = [];
    try {
      const session = await openInviteSession(server.url);
      const invitation = { invitationId: randomUUID(), cc: "hr-copy@copy.bench.hearth.test" };
      let t0 = Number.NaN;
      for (let start = 0; start < count; start += INVITE_BATCH) {
        const batch = recipients(start, Math.min(INVITE_BATCH, count - start), serverDomain);
        batchLatencies.push(await postInviteBatch(session, inviteBody(session, invitation, batch), batch.length));
        if (Number.isNaN(t0)) t0 = performance.now();
      }
      session.agent.destroy();
      const completed = await sink.waitForRecipients(serverDomain, count, t0 + DELIVERY_TIMEOUT_MS);
      serverRun = deliveryRun(sink, serverDomain, count, t0, completed, performance.now());
      serverWindowUs = { from: monotonicUs(t0), to: monotonicUs(t0 + serverRun.elapsedMs) };
    } finally {
      await server.stop();
    }

    const rawDomain = "raw.bench.hearth.test";
    const messages = recipients(0, count, rawDomain).map((person) => baselineMessage(person, server.url));
    baseline = new BaselineSender();
    await baseline.ready;
    const t0 = performance.now();
    const sent = await baseline.send({ url: sink.url, messages, inFlight: SMTP_IN_FLIGHT }, BASELINE_TIMEOUT_MS);
    const completed = await sink.waitForRecipients(rawDomain, count, t0 + BASELINE_TIMEOUT_MS);
    return {
      server: serverRun,
      raw: deliveryRun(sink, rawDomain, count, t0, completed, performance.now()),
      batchLatencies,
      serverWindowUs,
      rawFailed: sent.failed,
      rawFirstError: sent.firstError,
    };
  } finally {
    await baseline?.close();
    await sink.close();
  }
}

export function describeDelivery(result: SmtpDeliveryResult): string[] {
  const line = (label: string, run: DeliveryRun) =>
    `  ${label}: ${run.delivered}/${run.expected} delivered in ${(run.elapsedMs / 1000).toFixed(1)} s → ${run.perSecond.toFixed(1)} messages/s, first after ${run.firstAfterMs.toFixed(0)} ms, ${(run.meanBytes / 1000).toFixed(1)} kB each${run.messages > run.delivered ? `, ${run.messages - run.delivered} sent twice` : ""}${run.completed ? "" : " (TIMED OUT)"}`;
  return [
    `invitation delivery to a local SMTP sink: ${result.server.expected} recipients, send now, batches ${result.batchLatencies.map((ms) => ms.toFixed(0)).join(", ")} ms`,
    line("Hearth (job queue → SMTP pool)", result.server),
    line(`limit: raw nodemailer, pool of 5, ${SMTP_IN_FLIGHT} in flight`, result.raw),
    ...(result.rawFailed ? [`  raw nodemailer: ${result.rawFailed} refused (${result.rawFirstError})`] : []),
  ];
}
