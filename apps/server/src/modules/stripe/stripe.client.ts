import type { FastifyBaseLogger } from "fastify";
import type Stripe from "stripe";
import type { Env } from "../../env.js";

/**
 * Where the Stripe client sends its requests. Only tests set it (through buildApp's options, never the environment),
 * to a local HTTP server standing in for api.stripe.com.
 */
export interface StripeApiAddress {
  host: string;
  port: number;
  protocol: "http" | "https";
}

/** Stripe as the app uses it (decision 0033): the client, the webhook signing secret, the app's address for return links. */
export interface StripePayments {
  /**
   * The client, made on its first use: the `stripe` package (about 0.7 MB of code) is loaded then rather than at the
   * server's start (docs/benchmarks.md, "start_warm and the credentials' libraries").
   */
  client(): Promise<Stripe>;
  webhookSecret: string;
  appUrl: string;
  log: FastifyBaseLogger;
}

/** A Stripe call waits this long at most: checkout and the billing redirect wait for it. */
const STRIPE_TIMEOUT_MS = 10_000;

/**
 * Stripe when both of its variables are set (env.ts refuses one alone), else null: the app then runs without it. The API
 * version is the one the pinned `stripe` package is written for.
 */
export function createStripePayments(
  env: Pick<Env, "STRIPE_SECRET_KEY" | "STRIPE_WEBHOOK_SECRET" | "APP_URL">,
  log: FastifyBaseLogger,
  api?: StripeApiAddress,
): StripePayments | null {
  if (!env.STRIPE_SECRET_KEY || !env.STRIPE_WEBHOOK_SECRET) return null;
  const secretKey = env.STRIPE_SECRET_KEY;
  let client: Promise<Stripe> | undefined;
  const makeClient = () =>
    (client ??= loadStripe().then(
      (StripeClient) =>
        new StripeClient(secretKey, {
          timeout: STRIPE_TIMEOUT_MS,
          // Every request Hearth makes carries an idempotency key, so one retry of a failed connection is safe.
          maxNetworkRetries: 1,
          telemetry: false,
          appInfo: { name: "Hearth" },
          ...(api ? { host: api.host, port: api.port, protocol: api.protocol } : {}),
        }),
    ));
  return { client: makeClient, webhookSecret: env.STRIPE_WEBHOOK_SECRET, appUrl: env.APP_URL, log };
}

/** The `stripe` package's client class, imported on first use (and once). */
export async function loadStripe(): Promise<typeof Stripe> {
  return (await import("stripe")).default;
}
