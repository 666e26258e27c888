import type { AppContext } from "../../app-context.js";
import type { JobDefinition } from "../../jobs/queue.js";
import {
  ABANDONED_CART_JOB,
  ABANDONED_CART_SCAN_JOB,
  type AbandonedCartJob,
  handleAbandonedCart,
  scanAbandonedCarts,
} from "./abandoned-cart.js";
import { type CrmAdapter, createCrmAdapter } from "./crm.adapter.js";
import type { CrmEvent } from "./crm.events.js";
import { CRM_EVENT_JOB, deliverCrmEvent } from "./crm.service.js";

/**
 * The CRM jobs (decision 0030). Retries back off from 30 s (pg-boss doubles the delay each time; 8 retries span
 * about two hours), so a HubSpot outage delays events and never fails the request that caused them.
 */
export function defineCrmJobs(ctx: AppContext, adapter: CrmAdapter = createCrmAdapter(ctx.env, ctx.database.db)): JobDefinition[] {
  const event: JobDefinition<CrmEvent> = {
    name: CRM_EVENT_JOB,
    retryLimit: 8,
    retryDelaySeconds: 30,
    handle: async (data) => {
      await deliverCrmEvent(ctx.database.db, adapter, data);
    },
  };
  const abandonedCart: JobDefinition<AbandonedCartJob> = {
    name: ABANDONED_CART_JOB,
    retryLimit: 8,
    retryDelaySeconds: 30,
    handle: (data) => handleAbandonedCart(ctx, adapter, data),
  };
  const scan: JobDefinition = {
    name: ABANDONED_CART_SCAN_JOB,
    retryLimit: 0,
    cron: "17 * * * *",
    handle: async () => {
      await scanAbandonedCarts(ctx.jobs, ctx.database.db);
    },
  };
  return [event as JobDefinition, abandonedCart as JobDefinition, scan];
}
