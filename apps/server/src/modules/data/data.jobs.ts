import type { AppContext } from "../../app-context.js";
import type { JobDefinition } from "../../jobs/queue.js";
import { COMMIT_IMPORT_JOB } from "./data-import.service.js";
import { commitImport } from "./feedback-import.service.js";

/**
 * The commit of a data import, either kind: safe to run twice — demographics upsert by address and set their counters
 * (decision 0043), feedback resumes from its counters, each batch and their advance in one transaction (0046).
 */
/** How long an import's job may go without a renewal before it is taken to have died with its server. */
export const IMPORT_LEASE_SECONDS = 20;

export function defineDataJobs(ctx: AppContext): JobDefinition[] {
  return [
    {
      name: COMMIT_IMPORT_JOB,
      retryLimit: 2,
      // a short retry: a resumed import starts again within seconds of its lease running out
      retryDelaySeconds: 2,
      // the longest one run may take in-process
      expireInSeconds: 1800,
      // a lease renewed every 7 s while the import runs: a killed server's import runs again 20 s after its last
      // renewal (plus up to a maintenance interval and the retry delay) instead of 30 minutes after it started
      leaseSeconds: IMPORT_LEASE_SECONDS,
      handle: async (data: { tenantId: string; importId: string }) => {
        await commitImport(ctx, data.tenantId, data.importId);
      },
    },
  ] as JobDefinition[];
}
