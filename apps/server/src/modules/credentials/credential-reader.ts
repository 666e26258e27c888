import { Worker } from "node:worker_threads";
import { AppError } from "../../lib/errors.js";
import type { CredentialReadInput, CredentialReadOutcome, CredentialReadProblem } from "./credential-reading.js";
import { CREDENTIAL_MAX_BYTES, VERIFY_FILE_MAX_BYTES } from "./credential-reading.js";

/**
 * Reads submitted credentials off the thread that serves HTTP (docs/decisions/0054): one worker thread, kept warm,
 * each read given READ_TIME_LIMIT_MS after which the thread is terminated (and replaced on the next read) and the
 * request refused. Reads wait their turn one at a time; past MAX_WAITING the request is refused at once as busy.
 */

/** The time a read may take on its thread (a real badge takes a few milliseconds). */
export const READ_TIME_LIMIT_MS = 1000;
/** Reads that may wait for the thread; more are answered 429 at once. */
export const MAX_WAITING = 8;
/** The thread's heap: a read holds at most a 512 KiB file and a 32 KiB credential. */
const THREAD_HEAP_MB = 64;

const MESSAGES: Record<CredentialReadProblem, { field: "file" | "credential"; message: string; code?: "PAYLOAD_TOO_LARGE" }> = {
  "file-too-large": {
    field: "file",
    message: `The badge file may be ${VERIFY_FILE_MAX_BYTES / 1024} KiB at most.`,
    code: "PAYLOAD_TOO_LARGE",
  },
  "not-an-image": { field: "file", message: "The file is not a readable PNG or SVG badge." },
  "no-credential": { field: "file", message: "This image holds no Open Badges credential." },
  "credential-too-large": {
    field: "credential",
    message: `The credential may be ${CREDENTIAL_MAX_BYTES / 1024} KiB at most; an Open Badges credential is a few kB.`,
    code: "PAYLOAD_TOO_LARGE",
  },
  "too-deep": { field: "credential", message: "The credential is nested too deeply to be an Open Badges credential." },
  "not-json": {
    field: "credential",
    message: "The credential is not JSON (a JWT credential is not accepted; Hearth issues Data Integrity credentials).",
  },
  "not-an-object": { field: "credential", message: "The credential must be a JSON object." },
};

/** The 4xx of a read that failed; every message is ours. */
export function readProblemError(problem: CredentialReadProblem): AppError {
  const { field, message, code } = MESSAGES[problem];
  return new AppError(code ?? "VALIDATION_FAILED", message, { fields: { [field]: message } });
}

interface Pending {
  resolve: (outcome: CredentialReadOutcome) => void;
  reject: (error: Error) => void;
}

const tookTooLong = () =>
  new AppError("VALIDATION_FAILED", "This file took too long to read and was refused; a badge image reads in milliseconds.", {
    fields: { file: "Took too long to read" },
  });
const busy = () =>
  new AppError("RATE_LIMITED", "The verifier is busy. Please try again in a few seconds.", { fields: { retryAfterSeconds: "2" } });
const threadFailed = () => new AppError("VALIDATION_FAILED", "The submission could not be read.", { fields: { file: "Unreadable" } });

export class CredentialReader {
  private worker: Promise<Worker> | null = null;
  private nextId = 0;
  private readonly pending = new Map<number, Pending>();
  private queue: Promise<unknown> = Promise.resolve();
  private waiting = 0;
  /** Threads terminated for running past the limit, for tests and logs. */
  terminated = 0;

  /** Reads one submission on the thread, in turn with the others. */
  read(input: CredentialReadInput): Promise<CredentialReadOutcome> {
    if (this.waiting >= MAX_WAITING) return Promise.reject(busy());
    this.waiting += 1;
    const run = this.queue.then(() => this.readNow(input));
    this.queue = run.catch(() => undefined);
    return run.finally(() => {
      this.waiting -= 1;
    });
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    if (worker) await (await worker.catch(() => null))?.terminate();
  }

  private thread(): Promise<Worker> {
    if (this.worker) return this.worker;
    const worker = new Worker(new URL("./credential-reader.worker.mjs", import.meta.url), {
      resourceLimits: { maxOldGenerationSizeMb: THREAD_HEAP_MB, maxYoungGenerationSizeMb: 16 },
    });
    worker.unref();
    const started = new Promise<Worker>((resolve, reject) => {
      worker.once("message", (message: { ready?: boolean }) => (message.ready ? resolve(worker) : reject(threadFailed())));
      worker.once("error", () => reject(threadFailed()));
    });
    worker.on("message", (message: { id: number; outcome?: CredentialReadOutcome; failed?: boolean }) => {
      const pending = this.pending.get(message.id);
      if (!pending) return;
      this.pending.delete(message.id);
      if (message.outcome) pending.resolve(message.outcome);
      else pending.reject(threadFailed());
    });
    const lost = () => {
      if (this.worker === started) this.worker = null;
      for (const [id, pending] of this.pending) {
        this.pending.delete(id);
        pending.reject(threadFailed());
      }
    };
    worker.on("error", lost);
    worker.on("exit", lost);
    this.worker = started;
    return started;
  }

  private async readNow(input: CredentialReadInput): Promise<CredentialReadOutcome> {
    const started = this.thread();
    const worker = await started;
    const id = this.nextId++;
    return new Promise<CredentialReadOutcome>((resolve, reject) => {
      const timer = setTimeout(() => {
        if (!this.pending.delete(id)) return;
        this.terminated += 1;
        if (this.worker === started) this.worker = null;
        void worker.terminate();
        reject(tookTooLong());
      }, READ_TIME_LIMIT_MS);
      this.pending.set(id, {
        resolve: (outcome) => {
          clearTimeout(timer);
          resolve(outcome);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      });
      worker.postMessage({ id, input });
    });
  }
}
