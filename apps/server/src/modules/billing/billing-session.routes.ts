import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../app-context.js";
import { defineRoute } from "../../lib/route.js";
import { openCustomerPortal } from "../stripe/stripe.checkout.js";

/** Where the billing redirect ends while no payment provider is configured: the billing page itself. */
export const BILLING_PAGE_PATH = "/dashboard/billing";

/**
 * GET /api/billing/session (spec surveys §2 "/api/billing/session: billing redirect"): sends the browser on to the
 * company's billing. With Stripe configured and a Stripe customer for the company (made at its first checkout), to a
 * Stripe Customer Portal session (decision 0033); otherwise, or when Stripe fails, to the app's own billing page.
 * Company-profile permission: the billing pages are shown only to users who hold it.
 */
export async function registerBillingSessionRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  defineRoute(app, ctx, {
    method: "GET",
    url: "/api/billing/session",
    summary: "Billing redirect: to the payment provider's customer portal when one is configured, else to /dashboard/billing",
    tags: ["billing"],
    access: "company-profile",
    status: 302,
    refusedWhileSwitched: true,
    produces: ["text/plain"],
    handler: async ({ actor, reply }) => {
      const billingPage = new URL(BILLING_PAGE_PATH, ctx.env.APP_URL).toString();
      const portal = ctx.stripe ? await openCustomerPortal(ctx.stripe, ctx.database.db, actor.tenantId, billingPage) : null;
      return reply.redirect(portal ?? billingPage, 302);
    },
  });
}
