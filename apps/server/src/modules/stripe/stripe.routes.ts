import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { AppContext } from "../../app-context.js";
import { defineRoute } from "../../lib/route.js";
import { handleStripeWebhook } from "./stripe.webhook.js";

/** Stripe's events are small (a Checkout Session); anything larger is not one of them. */
const WEBHOOK_BODY_LIMIT = 256 * 1024;

const webhookResponseSchema = z.object({ received: z.literal(true), outcome: z.string() });

/**
 * `POST /api/stripe/webhook`, registered only when Stripe is configured (404 otherwise). The body is kept as the raw
 * bytes Stripe signed: the route's own JSON parser hands them over unparsed, so the signature is checked over exactly
 * what was sent (the app-wide text check skips a raw body; the event's strings are never stored as they come).
 */
export async function registerStripeRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { stripe } = ctx;
  if (!stripe) return;
  await app.register(async (scope) => {
    scope.removeContentTypeParser("application/json");
    scope.addContentTypeParser("application/json", { parseAs: "buffer", bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) =>
      done(null, body),
    );
    defineRoute(scope, ctx, {
      method: "POST",
      url: "/api/stripe/webhook",
      summary:
        "Stripe's webhook (only when Stripe is configured): a signed Checkout Session event pays its order once; every event is acknowledged once by its id",
      tags: ["billing"],
      access: "public",
      bodyLimit: WEBHOOK_BODY_LIMIT,
      response: webhookResponseSchema,
      handler: ({ request }) => handleStripeWebhook(ctx, stripe, request.body, request.headers["stripe-signature"]),
    });
  });
}
