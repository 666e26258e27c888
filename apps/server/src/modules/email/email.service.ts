import { randomUUID } from "node:crypto";
import type { Database } from "../../db/client.js";
import type { JobQueue } from "../../jobs/queue.js";
import type { RenderedEmail } from "./email.layout.js";
import { SmtpSender } from "./smtp-sender.js";
import { claimOutboxMessage, insertOutboxMessage, listStaleQueuedMessageIds, markOutboxMessage } from "./email.repo.js";

export const SEND_EMAIL_JOB = "email.send";
export const SWEEP_OUTBOX_JOB = "email.sweep-outbox";

export interface OutgoingEmail extends RenderedEmail {
  to: string;
  cc?: string | null;
  kind: string;
  tenantId?: string | null;
  headers?: Record<string, string>;
}

export interface EmailServiceOptions {
  smtpUrl?: string;
  from: string;
  messageIdDomain: string;
}

/**
 * Every email is written to the outbox first and sent by a job. The outbox row is the durable intent:
 * written inside the caller's transaction when there is one, so a write and its email commit together;
 * a sweep re-enqueues any row whose job was lost, and a row already sent is never sent again.
 */
export class EmailService {
  /** nodemailer's pooled SMTP transport, on a thread of its own; none without SMTP_URL (development outbox). */
  private transporter?: SmtpSender;

  constructor(
    private readonly db: Database,
    private readonly jobs: JobQueue,
    private readonly options: EmailServiceOptions,
  ) {
    if (options.smtpUrl) this.transporter = new SmtpSender(options.smtpUrl);
  }

  get usesDevOutbox(): boolean {
    return !this.transporter;
  }

  /** Stores the message (in `tx` when given) and schedules its delivery. */
  async queue(email: OutgoingEmail, tx?: Database): Promise<string> {
    const row = await insertOutboxMessage(tx ?? this.db, {
      tenantId: email.tenantId ?? null,
      toAddress: email.to,
      ccAddress: email.cc ?? null,
      subject: email.subject,
      text: email.text,
      html: email.html,
      headers: email.headers ?? {},
      kind: email.kind,
      messageId: `<${randomUUID()}@${this.options.messageIdDomain}>`,
    });
    if (!tx) await this.enqueueDelivery(row.id);
    return row.id;
  }

  /** Call after the transaction that queued messages with `tx` has committed. */
  async enqueueDelivery(outboxId: string): Promise<void> {
    await this.jobs.enqueue(SEND_EMAIL_JOB, { outboxId }, { singletonKey: outboxId });
  }

  /** The job: safe to run twice — a sent message is not claimed again. */
  async deliver(outboxId: string): Promise<void> {
    const message = await claimOutboxMessage(this.db, outboxId);
    if (!message) return;
    if (!this.transporter) {
      await markOutboxMessage(this.db, message.id, "stored");
      return;
    }
    try {
      await this.transporter.send({
        from: this.options.from,
        to: message.toAddress,
        cc: message.ccAddress ?? undefined,
        subject: message.subject,
        text: message.text,
        html: message.html,
        headers: message.headers,
        messageId: message.messageId,
      });
      await markOutboxMessage(this.db, message.id, "sent");
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      await markOutboxMessage(this.db, message.id, "failed", reason.slice(0, 1000));
      throw error;
    }
  }

  /**
   * Sends one message at once, for callers that keep their own durable record of it (invitation deliveries).
   * Without SMTP the message is kept in the outbox as stored, for the development mail viewer.
   */
  async sendImmediately(message: OutgoingEmail & { messageId: string; fromName?: string; replyTo?: string | null }): Promise<void> {
    if (!this.transporter) {
      await insertOutboxMessage(this.db, {
        tenantId: message.tenantId ?? null,
        toAddress: message.to,
        ccAddress: message.cc ?? null,
        subject: message.subject,
        text: message.text,
        html: message.html,
        headers: message.headers ?? {},
        kind: message.kind,
        messageId: message.messageId,
        status: "stored",
        sentAt: new Date(),
      });
      return;
    }
    await this.transporter.send({
      from: message.fromName ? { name: message.fromName, address: this.fromAddress } : this.options.from,
      to: message.to,
      cc: message.cc ?? undefined,
      replyTo: message.replyTo ?? undefined,
      subject: message.subject,
      text: message.text,
      html: message.html,
      headers: message.headers,
      messageId: message.messageId,
    });
  }

  /** The bare address emails come from (for the whitelist notice). */
  get fromAddress(): string {
    return /<([^>]+)>/.exec(this.options.from)?.[1] ?? this.options.from.trim();
  }

  get messageIdDomain(): string {
    return this.options.messageIdDomain;
  }

  /** Re-enqueues messages whose job went missing (for example a crash between commit and enqueue). */
  async sweep(): Promise<number> {
    const ids = await listStaleQueuedMessageIds(this.db, new Date(Date.now() - 60_000));
    for (const id of ids) await this.enqueueDelivery(id);
    return ids.length;
  }

  close(): void {
    this.transporter?.close();
  }
}
