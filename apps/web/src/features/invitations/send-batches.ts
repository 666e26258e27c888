/** Sending an invitation in batches (spec surveys §7, §9): 1500 recipients a call, 800 ms apart, each batch retried. */

export interface BatchProgress {
  /** Recipients in batches that have been accepted. */
  done: number;
  /** Recipients in the batch being sent (done + its size). */
  sending: number;
  total: number;
}

export interface SendBatchesOptions<T, R> {
  batches: readonly (readonly T[])[];
  send: (batch: readonly T[], index: number) => Promise<R>;
  pauseMs: number;
  /** Extra attempts for a failing batch. */
  retries: number;
  /** Delay before retry n (1-based). */
  backoffMs: (attempt: number) => number;
  /** Whether an error is worth another attempt (a rejected request is not). */
  shouldRetry: (error: unknown) => boolean;
  sleep?: (ms: number) => Promise<void>;
  onProgress?: (progress: BatchProgress) => void;
  /** Called after each accepted batch, with its items. */
  onBatchDone?: (batch: readonly T[], result: R) => void;
}

export type SendBatchesResult<R> =
  | { ok: true; results: R[] }
  /** Stopped at batch `failedIndex`; batches before it were accepted, it and later ones were not sent. */
  | { ok: false; results: R[]; failedIndex: number; error: unknown };

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function sendInBatches<T, R>(options: SendBatchesOptions<T, R>): Promise<SendBatchesResult<R>> {
  const { batches, send, pauseMs, retries, backoffMs, shouldRetry, onProgress, onBatchDone } = options;
  const sleep = options.sleep ?? defaultSleep;
  const total = batches.reduce((sum, batch) => sum + batch.length, 0);
  const results: R[] = [];
  let done = 0;
  for (let index = 0; index < batches.length; index += 1) {
    const batch = batches[index];
    if (index > 0) await sleep(pauseMs);
    onProgress?.({ done, sending: done + batch.length, total });
    let attempt = 0;
    for (;;) {
      try {
        const result = await send(batch, index);
        results.push(result);
        break;
      } catch (error) {
        if (attempt >= retries || !shouldRetry(error)) return { ok: false, results, failedIndex: index, error };
        attempt += 1;
        await sleep(backoffMs(attempt));
      }
    }
    done += batch.length;
    onBatchDone?.(batch, results[results.length - 1]);
    onProgress?.({ done, sending: done, total });
  }
  return { ok: true, results };
}
