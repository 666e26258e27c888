import type { AppContext } from "../../app-context.js";
import type { JobDefinition } from "../../jobs/queue.js";
import { recomputeBenchmarks } from "./report-benchmarks.service.js";

export const RECOMPUTE_BENCHMARKS_JOB = "benchmarks.recompute";

/** Nightly: benchmarks recomputed from every company's closed LOWI surveys (safe to run twice: it replaces the bands). */
export function defineReportJobs(ctx: AppContext): JobDefinition[] {
  return [
    {
      name: RECOMPUTE_BENCHMARKS_JOB,
      retryLimit: 1,
      cron: "23 3 * * *",
      expireInSeconds: 1800,
      handle: async () => {
        await recomputeBenchmarks(ctx);
      },
    },
  ];
}
