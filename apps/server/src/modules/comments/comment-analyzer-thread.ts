/**
 * The local analyzer of @hearth/analysis on a worker thread (comment-analyzer.worker.mjs), behind the same
 * `analyzeComments` call as the in-process analyzer. Started on first use; an idle thread does not keep the process
 * alive; a thread that dies fails what it had in hand and is started again on the next call.
 */
import { Worker } from "node:worker_threads";
import type { CommentAnalysis, CommentItem } from "@hearth/analysis";

type Reply = { id: number; results: CommentAnalysis[] } | { id: number; error: string };

export class AnalyzerThread {
  private worker: Worker | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (results: CommentAnalysis[]) => void; reject: (error: Error) => void }>();
  private closed = false;

  readonly mode = "local" as const;

  async analyzeComments(items: readonly CommentItem[]): Promise<CommentAnalysis[]> {
    if (items.length === 0) return [];
    if (this.closed) throw new Error("The comment analyzer thread is closed.");
    const worker = this.ensureWorker();
    const id = this.nextId++;
    return new Promise<CommentAnalysis[]>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      if (this.pending.size === 1) worker.ref();
      worker.postMessage({ id, items });
    });
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(new URL("./comment-analyzer.worker.mjs", import.meta.url));
    worker.unref();
    worker.on("message", (reply: Reply) => {
      const waiting = this.pending.get(reply.id);
      if (!waiting) return;
      this.pending.delete(reply.id);
      if (this.pending.size === 0) worker.unref();
      if ("results" in reply) waiting.resolve(reply.results);
      else waiting.reject(new Error(`comment analysis failed: ${reply.error}`));
    });
    const fail = (reason: string) => {
      if (this.worker === worker) this.worker = null;
      for (const [id, waiting] of this.pending) {
        this.pending.delete(id);
        waiting.reject(new Error(reason));
      }
    };
    worker.on("error", (error) => fail(`The comment analyzer thread stopped: ${error.message}`));
    worker.on("exit", (code) => fail(`The comment analyzer thread exited (code ${code}).`));
    this.worker = worker;
    return worker;
  }

  /** Ends the thread; analyses still in flight fail (their responses are analysed again by the next pass). */
  async close(): Promise<void> {
    this.closed = true;
    const worker = this.worker;
    this.worker = null;
    if (worker) await worker.terminate();
  }
}
