import { percentile } from "./stats.js";

export interface LoadOptions {
  /** Operations in flight at once (a closed loop: each worker starts its next one when the last ends). */
  concurrency: number;
  /** Hard cap on operations per segment, so a loop ends even if the clock misbehaves. */
  maxOperations: number;
}

export interface Segment {
  latencies: number[];
  failed: number;
  elapsedMs: number;
  failures: Map<string, number>;
}

export interface LoadResult {
  ok: number;
  failed: number;
  elapsedMs: number;
  perSecond: number;
  p50Ms: number;
  p95Ms: number;
  /** The first few distinct failure reasons, for the report. */
  failures: string[];
}

/** `operation` resolves true when it counts (e.g. HTTP 200); anything else, or a throw, is a failure with that reason. */
export type Operation = () => Promise<boolean | string>;

/** Runs `operation` with `concurrency` workers until `durationMs` has passed (or maxOperations started). */
export async function runFor(operation: Operation, options: LoadOptions, durationMs: number): Promise<Segment> {
  const latencies: number[] = [];
  const failures = new Map<string, number>();
  let failed = 0;
  let started = 0;
  const start = performance.now();
  const deadline = start + durationMs;
  const worker = async () => {
    while (performance.now() < deadline && started < options.maxOperations) {
      started += 1;
      const t0 = performance.now();
      let outcome: boolean | string;
      try {
        outcome = await operation();
      } catch (error) {
        outcome = error instanceof Error ? error.message : String(error);
      }
      if (outcome === true) latencies.push(performance.now() - t0);
      else {
        failed += 1;
        const reason = outcome === false ? "refused" : outcome;
        failures.set(reason, (failures.get(reason) ?? 0) + 1);
      }
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  return { latencies, failed, elapsedMs: performance.now() - start, failures };
}

/** Throughput counts successful operations only, over the summed wall time of the segments. */
export function combine(segments: Segment[]): LoadResult {
  const latencies = segments.flatMap((segment) => segment.latencies);
  const elapsedMs = segments.reduce((sum, segment) => sum + segment.elapsedMs, 0);
  const failures = new Map<string, number>();
  for (const segment of segments) for (const [reason, count] of segment.failures) failures.set(reason, (failures.get(reason) ?? 0) + count);
  return {
    ok: latencies.length,
    failed: segments.reduce((sum, segment) => sum + segment.failed, 0),
    elapsedMs,
    perSecond: elapsedMs > 0 ? (latencies.length / elapsedMs) * 1000 : 0,
    p50Ms: percentile(latencies, 50),
    p95Ms: percentile(latencies, 95),
    failures: [...failures.entries()].slice(0, 5).map(([reason, count]) => `${count}× ${reason}`),
  };
}

/**
 * Measures a subject and its baseline in A-B-B-A order after a warm-up of each, so that a slow drift in the
 * machine's background load hits both about equally. Each gets `measureMs` in total.
 */
export async function subjectAndBaseline(
  subject: Operation,
  baseline: Operation,
  options: LoadOptions & { warmupMs: number; measureMs: number },
): Promise<{ subject: LoadResult; baseline: LoadResult }> {
  await runFor(subject, options, options.warmupMs);
  await runFor(baseline, options, options.warmupMs);
  const half = options.measureMs / 2;
  const a1 = await runFor(subject, options, half);
  const b1 = await runFor(baseline, options, half);
  const b2 = await runFor(baseline, options, half);
  const a2 = await runFor(subject, options, half);
  return { subject: combine([a1, a2]), baseline: combine([b1, b2]) };
}
