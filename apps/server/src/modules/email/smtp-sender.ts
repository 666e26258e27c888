import { Worker } from "node:worker_threads";
import type { SendMailOptions } from "nodemailer";

/** An SMTP failure as nodemailer reports it, rebuilt on this side of the thread. */
export class SmtpSendError extends Error {
  readonly code?: string;
  readonly responseCode?: number;
  readonly response?: string;

  constructor(details: { message: string; code?: string; responseCode?: number; response?: string }) {
    super(details.message);
    this.name = "SmtpSendError";
    this.code = details.code;
    this.responseCode = details.responseCode;
    this.response = details.response;
  }
}

type Reply =
  | { id: number; ok: true; messageId: string | null }
  | { id: number; ok: false; error: ConstructorParameters<typeof SmtpSendError>[0] };

interface Pending {
  resolve: () => void;
  reject: (error: Error) => void;
}

/**
 * Sends mail through nodemailer's pooled SMTP transport running on a worker thread (smtp-sender.worker.mjs).
 * The thread starts on the first message and is started again if it dies; a message in flight when it dies is
 * reported as failed (the caller's retry rules apply, as for a dropped connection).
 */
export class SmtpSender {
  private worker: Worker | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private closed = false;

  private readonly url: string;

  /** `smtpUrl` as in SMTP_URL; the pool option is set here. */
  constructor(smtpUrl: string) {
    const url = new URL(smtpUrl);
    url.searchParams.set("pool", "true");
    this.url = url.toString();
  }

  async send(mail: SendMailOptions): Promise<void> {
    if (this.closed) throw new SmtpSendError({ message: "The mail sender is closed." });
    const worker = this.ensureWorker();
    const id = this.nextId++;
    await new Promise<void>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      if (this.pending.size === 1) worker.ref();
      worker.postMessage({ type: "send", id, mail });
    });
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(new URL("./smtp-sender.worker.mjs", import.meta.url), { workerData: { url: this.url } });
    worker.unref();
    worker.on("message", (reply: Reply) => {
      const waiting = this.pending.get(reply.id);
      if (!waiting) return;
      this.pending.delete(reply.id);
      // an idle thread does not keep the process alive; one with mail in flight does
      if (this.pending.size === 0) worker.unref();
      if (reply.ok) waiting.resolve();
      else waiting.reject(new SmtpSendError(reply.error));
    });
    const fail = (reason: string) => {
      if (this.worker === worker) this.worker = null;
      for (const [id, waiting] of this.pending) {
        this.pending.delete(id);
        waiting.reject(new SmtpSendError({ message: reason }));
      }
    };
    worker.on("error", (error) => fail(`The mail thread stopped: ${error.message}`));
    worker.on("exit", (code) => fail(`The mail thread exited (code ${code}) before the server answered.`));
    this.worker = worker;
    return worker;
  }

  /** Closes the pool and ends the thread; messages still in flight fail. */
  close(): void {
    this.closed = true;
    const worker = this.worker;
    this.worker = null;
    if (!worker) return;
    worker.postMessage({ type: "close" });
    // the thread ends once its sockets are closed; do not let a stuck socket keep it alive
    setTimeout(() => void worker.terminate(), 2_000).unref();
  }
}
