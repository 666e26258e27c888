import type { AppContext } from "../../app-context.js";
import type { JobDefinition } from "../../jobs/queue.js";
import { COMMIT_IMPORT_JOB, commitDataImport } from "./data-import.service.js";

/** The commit of a data import (decision 0043): safe to run twice, it upserts by address and sets its counters. */
export function defineDataJobs(ctx: AppContext): JobDefinition[] {
  return [
    {
      name: COMMIT_IMPORT_JOB,
      retryLimit: 2,
      expireInSeconds: 1800,
      handle: async (data: { tenantId: string; importId: string }) => {
        await commitDataImport(ctx, data.tenantId, data.importId);
      },
    },
  ] as JobDefinition[];
}
