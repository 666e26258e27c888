/**
 * The survey slice's recurring work: network rows of the counting rule (decision 0052) whose window has passed are
 * deleted every 5 minutes, off the response path. Safe to run twice, or twice at once.
 */
import type { AppContext } from "../../app-context.js";
import type { JobDefinition } from "../../jobs/queue.js";
import { pruneResponseNetworks } from "./surveys.repo.js";

export const PRUNE_RESPONSE_NETWORKS_JOB = "surveys.prune-response-networks";

/** One prune: the rows older than the window now. Answers how many went. */
export function pruneStaleResponseNetworks(ctx: AppContext, now = new Date()): Promise<number> {
  return pruneResponseNetworks(ctx.database.sql, new Date(now.getTime() - ctx.env.RESPONSE_NETWORK_WINDOW_MINUTES * 60_000));
}

export function defineSurveyJobs(ctx: AppContext): JobDefinition[] {
  const prune: JobDefinition = {
    name: PRUNE_RESPONSE_NETWORKS_JOB,
    retryLimit: 0,
    cron: "*/5 * * * *",
    handle: async () => {
      await pruneStaleResponseNetworks(ctx);
    },
  };
  return [prune];
}
