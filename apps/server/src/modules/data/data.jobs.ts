import type { AppContext } from "../../app-context.js";
import type { JobDefinition } from "../../jobs/queue.js";
import { COMMIT_IMPORT_JOB } from "./data-import.service.js";
import { commitImport } from "./feedback-import.service.js";

/**
 * The commit of a data import, either kind: safe to run twice — demographics upsert by address and set their counters
 * (decision 0043), feedback resumes from its counters, each batch and their advance in one transaction (0046).
 */
export function defineDataJobs(ctx: AppContext): JobDefinition[] {
  return [
    {
      name: COMMIT_IMPORT_JOB,
      retryLimit: 2,
      expireInSeconds: 1800,
      handle: async (data: { tenantId: string; importId: string }) => {
        await commitImport(ctx, data.tenantId, data.importId);
      },
    },
  ] as JobDefinition[];
}
