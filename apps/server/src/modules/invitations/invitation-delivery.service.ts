/**
 * Sending invitation emails (the `invitation.send` job, one job per email). The delivery row is the durable record:
 * a job claims it, sends, and records the outcome; a job that runs twice finds nothing to claim and sends nothing.
 * If a worker dies after the mail server accepted a message but before the outcome was written, the lease runs out
 * and the message is sent again with the same Message-ID, which mailbox providers treat as the same message
 * (docs/decisions/0011-invitations-and-delivery.md).
 *
 * The jobs a worker fetches together are handled together: one statement claims all their deliveries (with their
 * invitees and suppressions), one loads each invitation's content, survey and company (cached for a short while),
 * messages go out over the pooled SMTP transport at most INVITE_SEND_CONCURRENCY at a time per instance, and
 * outcomes are written in groups, one statement for whatever finished while the previous write ran. A send holds
 * its concurrency slot until its outcome is written, so at most INVITE_SEND_CONCURRENCY accepted messages are ever
 * unrecorded: the bound on what a killed worker can send twice.
 */
import type { AppContext } from "../../app-context.js";
import type { Database } from "../../db/client.js";
import type { JobRun } from "../../jobs/queue.js";
import {
  type ClaimedDelivery,
  claimDeliveries,
  type DeliveryOutcome,
  type InvitationContext,
  listStrandedDeliveries,
  loadInvitationContexts,
  recordDeliveryOutcomes,
} from "./invitation-delivery.repo.js";
import { invitationBrand, invitationDuration, renderInvitation } from "./invitation-email.js";

export const SEND_INVITATION_JOB = "invitation.send";
export const SWEEP_INVITATIONS_JOB = "invitation.sweep";

/** How long an invitation's content, survey name and company name are reused before being read again. */
const CONTEXT_TTL_MS = 30_000;
const CONTEXT_CACHE_LIMIT = 1_000;
/**
 * The longest an outcome waits for others to be written with it: no time, one turn of the event loop (decision 0058).
 * A sent outcome waiting is an accepted message a kill would send again; outcomes arriving while a write runs still
 * form the next group.
 */
const OUTCOME_WAIT_MS = 0;

/** A mail server's 5xx answer is final; anything else (4xx, a dropped connection, a timeout) is worth retrying. */
export function isPermanentSmtpFailure(error: unknown): boolean {
  const code = (error as { responseCode?: number } | null)?.responseCode;
  return typeof code === "number" && code >= 500 && code < 600;
}

const describeError = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 1000);

export interface SendJob {
  /** The job's id (failures are reported by it). */
  id: string;
  deliveryId: string;
  run: Pick<JobRun, "retryCount" | "retryLimit">;
}

/** At most `limit` holders at once; waiters are served in arrival order. */
class Semaphore {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly limit: number) {}

  async acquire(): Promise<void> {
    if (this.active < this.limit) {
      this.active += 1;
      return;
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.active -= 1;
  }
}

/**
 * Group commit of delivery outcomes: one statement writes a group of them. A group is written once it holds
 * `groupSize` outcomes, or `maxWaitMs` after its first one arrived (with 0, on the next turn of the event loop);
 * outcomes arriving while a write runs form the next group. Each caller learns whether its own outcome was written. Waiting a moment for company turns one write
 * per email into one per several: the senders waiting hold their slots, so the wait is bounded by the slots too.
 */
class OutcomeWriter {
  private pending: { outcome: DeliveryOutcome; resolve: () => void; reject: (error: unknown) => void }[] = [];
  private writing = false;
  private timer: NodeJS.Timeout | null = null;
  private turn: NodeJS.Immediate | null = null;

  constructor(
    private readonly db: Database,
    private readonly groupSize: number,
    private readonly maxWaitMs: number,
  ) {}

  write(outcome: DeliveryOutcome): Promise<void> {
    return new Promise((resolve, reject) => {
      this.pending.push({ outcome, resolve, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.writing || this.pending.length === 0) return;
    if (this.pending.length >= this.groupSize) {
      void this.flush();
    } else if (this.maxWaitMs === 0) {
      // No wait in time: one turn of the event loop, so that acceptances the mail server has already answered (their
      // callbacks queued behind this one) join the group instead of each costing a write of its own.
      if (!this.turn) {
        this.turn = setImmediate(() => {
          this.turn = null;
          if (!this.writing) void this.flush();
        });
      }
    } else if (!this.timer) {
      this.timer = setTimeout(() => {
        this.timer = null;
        if (!this.writing) void this.flush();
      }, this.maxWaitMs);
    }
  }

  private async flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    if (this.turn) {
      clearImmediate(this.turn);
      this.turn = null;
    }
    this.writing = true;
    const group = this.pending;
    this.pending = [];
    try {
      await recordDeliveryOutcomes(
        this.db,
        group.map((entry) => entry.outcome),
      );
      for (const entry of group) entry.resolve();
    } catch (error) {
      for (const entry of group) entry.reject(error);
    } finally {
      this.writing = false;
    }
    this.schedule();
  }
}

/**
 * The window in which a kill sends an email twice: from the mail server's acceptance of a message to the commit of
 * the statement that records it as sent. Measured on every message (decision 0058): how long each stayed in it, and
 * how many were in it at once (the most a kill at the worst moment re-sends).
 */
export class UnrecordedWindow {
  private durations: number[] = [];
  private open = 0;
  maxOpen = 0;

  accepted(): number {
    this.open += 1;
    this.maxOpen = Math.max(this.maxOpen, this.open);
    return performance.now();
  }

  settled(acceptedAt: number, recorded: boolean): void {
    this.open -= 1;
    if (recorded && this.durations.length < 1_000_000) this.durations.push(performance.now() - acceptedAt);
  }

  summary(): { messages: number; meanMs: number; p50Ms: number; p99Ms: number; maxMs: number; maxAtOnce: number; totalMs: number } {
    const sorted = [...this.durations].sort((a, b) => a - b);
    const at = (quantile: number) => sorted[Math.min(sorted.length - 1, Math.floor(quantile * sorted.length))] ?? 0;
    const totalMs = sorted.reduce((sum, value) => sum + value, 0);
    return {
      messages: sorted.length,
      meanMs: sorted.length ? totalMs / sorted.length : 0,
      p50Ms: at(0.5),
      p99Ms: at(0.99),
      maxMs: sorted[sorted.length - 1] ?? 0,
      maxAtOnce: this.maxOpen,
      totalMs,
    };
  }
}

/** One per application: the instance-wide send limit, the outcome writer and the invitation cache. */
export class InvitationSender {
  private readonly slots: Semaphore;
  private readonly outcomes: OutcomeWriter;
  private readonly contexts = new Map<string, { context: InvitationContext; loadedAt: number }>();
  /** Accepted but not yet recorded: what a kill would send again. */
  readonly unrecorded = new UnrecordedWindow();

  constructor(private readonly ctx: AppContext) {
    this.slots = new Semaphore(ctx.env.INVITE_SEND_CONCURRENCY);
    // half the slots may wait for a write while the other half keep the SMTP connections busy
    this.outcomes = new OutcomeWriter(ctx.database.db, Math.max(1, Math.floor(ctx.env.INVITE_SEND_CONCURRENCY / 2)), OUTCOME_WAIT_MS);
  }

  /**
   * Sends the emails of a batch of jobs; answers the jobs that failed and should be retried (by job id). Every
   * other job is done: sent, or finally failed, unsubscribed, or found nothing to claim.
   */
  async sendBatch(jobs: readonly SendJob[]): Promise<Map<string, unknown>> {
    const failures = new Map<string, unknown>();
    const leaseMs = this.ctx.env.INVITE_SEND_LEASE_SECONDS * 1000;
    // Past this, a claimed email is not sent but handed back to its retry: the lease must outlast every send.
    const sendBy = Date.now() + leaseMs - Math.min(leaseMs / 2, 30_000);
    // A delivery can have two jobs (its own and the sweep's); the first one fetched speaks for it.
    const jobByDelivery = new Map<string, SendJob>();
    for (const job of jobs) if (!jobByDelivery.has(job.deliveryId)) jobByDelivery.set(job.deliveryId, job);
    const claimed = await claimDeliveries(this.ctx.database.db, [...jobByDelivery.keys()], this.ctx.env.INVITE_SEND_LEASE_SECONDS);
    if (claimed.length === 0) return failures;
    const contexts = await this.loadContexts(claimed);
    await Promise.all(
      claimed.map(async (delivery) => {
        const job = jobByDelivery.get(delivery.id) as SendJob;
        try {
          await this.sendOne(delivery, contexts.get(delivery.invitationId), job.run, sendBy);
        } catch (error) {
          failures.set(job.id, error);
        }
      }),
    );
    return failures;
  }

  private async loadContexts(claimed: readonly ClaimedDelivery[]): Promise<Map<string, InvitationContext>> {
    const now = Date.now();
    const found = new Map<string, InvitationContext>();
    const missing = new Map<string, { tenantId: string; invitationId: string }>();
    for (const delivery of claimed) {
      const cached = this.contexts.get(delivery.invitationId);
      if (cached && cached.context.tenantId === delivery.tenantId && now - cached.loadedAt < CONTEXT_TTL_MS) {
        found.set(delivery.invitationId, cached.context);
      } else {
        missing.set(delivery.invitationId, { tenantId: delivery.tenantId, invitationId: delivery.invitationId });
      }
    }
    if (missing.size > 0) {
      if (this.contexts.size + missing.size > CONTEXT_CACHE_LIMIT) this.contexts.clear();
      for (const context of await loadInvitationContexts(this.ctx.database.db, [...missing.values()])) {
        this.contexts.set(context.id, { context, loadedAt: now });
        found.set(context.id, context);
      }
    }
    return found;
  }

  private async sendOne(
    delivery: ClaimedDelivery,
    context: InvitationContext | undefined,
    run: SendJob["run"],
    sendBy: number,
  ): Promise<void> {
    const outcome = (status: DeliveryOutcome["status"], error: string | null = null) =>
      this.outcomes.write({ id: delivery.id, tenantId: delivery.tenantId, inviteeId: delivery.inviteeId, status, error });
    if (!context || delivery.email === null) {
      await outcome("failed", "The survey or invitee no longer exists.");
      return;
    }
    if (context.senderUnverified) {
      // Defence in depth (decision 0056): the request refuses an unverified sender; a delivery stored anyway is not sent.
      await outcome("failed", "Not sent: the address of the person who sent this invitation is not verified.");
      return;
    }
    if (delivery.suppressed) {
      await outcome("unsubscribed", "The recipient unsubscribed from this company's invitations.");
      return;
    }
    await this.slots.acquire();
    try {
      if (Date.now() > sendBy) {
        const error = new Error("The send did not start within its lease; it will be retried.");
        await outcome("retry", error.message);
        throw error;
      }
      const rendered = renderInvitation({
        appUrl: this.ctx.env.APP_URL,
        secret: this.ctx.env.AUTH_SECRET,
        tenantId: delivery.tenantId,
        companyName: context.companyName,
        invitation: { subject: context.subject, senderName: context.senderName, content: context.content },
        survey: {
          id: context.surveyId,
          name: context.surveyName,
          surveyPreset: context.surveyPreset,
          metaFields: context.metaFields,
          duration: invitationDuration(context.fields),
        },
        brand: invitationBrand(this.ctx.env.APP_URL, context.surveyId, {
          companyName: context.companyName,
          logoContentType: context.logoContentType,
          // read through a raw statement: the driver may hand the timestamp over as text
          logoUpdatedAt: context.logoUpdatedAt ? new Date(context.logoUpdatedAt) : null,
          accentColor: context.accentColor,
        }),
        recipient: {
          inviteeId: delivery.inviteeId,
          email: delivery.email,
          firstName: delivery.firstName,
          lastName: delivery.lastName,
          meta: delivery.meta ?? {},
        },
      });
      try {
        await this.ctx.email.sendImmediately({
          to: delivery.email,
          subject: rendered.subject,
          html: rendered.html,
          text: rendered.text,
          kind: "invitation",
          tenantId: delivery.tenantId,
          messageId: delivery.messageId,
          fromName: context.senderName,
          replyTo: context.replyTo,
          headers: rendered.unsubscribeUrl
            ? { "List-Unsubscribe": `<${rendered.unsubscribeUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" }
            : {},
        });
      } catch (error) {
        const reason = describeError(error);
        if (isPermanentSmtpFailure(error) || run.retryCount >= run.retryLimit) {
          await outcome("failed", reason);
          return;
        }
        await outcome("retry", reason);
        throw error;
      }
      // the slot is held until the outcome is written: an accepted message is recorded before another is sent
      const acceptedAt = this.unrecorded.accepted();
      let recorded = false;
      try {
        await outcome("sent");
        recorded = true;
      } finally {
        this.unrecorded.settled(acceptedAt, recorded);
      }
    } finally {
      this.slots.release();
    }
  }
}

const senders = new WeakMap<AppContext, InvitationSender>();

/** The application's sender (one per AppContext, created on first use). */
export function invitationSender(ctx: AppContext): InvitationSender {
  let sender = senders.get(ctx);
  if (!sender) {
    sender = new InvitationSender(ctx);
    senders.set(ctx, sender);
  }
  return sender;
}

/** Sends one invitation email (a batch of one job); throws when the job should be retried. */
export async function sendInvitationEmail(
  ctx: AppContext,
  deliveryId: string,
  run: Pick<JobRun, "retryCount" | "retryLimit">,
): Promise<void> {
  const failures = await invitationSender(ctx).sendBatch([{ id: deliveryId, deliveryId, run }]);
  if (failures.has(deliveryId)) throw failures.get(deliveryId);
}

/** Safety net: re-enqueues deliveries whose job is gone (retries used up by repeated crashes, a lost queue). */
export async function sweepStrandedDeliveries(ctx: AppContext): Promise<number> {
  const stranded = await listStrandedDeliveries(ctx.database.db);
  await ctx.jobs.enqueueMany(
    SEND_INVITATION_JOB,
    stranded.map((row) => ({ data: { deliveryId: row.id }, singletonKey: `${row.id}:sweep` })),
  );
  return stranded.length;
}
