import type { FastifyInstance } from "fastify";
import type { Env } from "../env.js";
import { AppError } from "./errors.js";

const LOOPBACK_HOSTS = ["localhost", "127.0.0.1", "[::1]"];

/**
 * The origins the app is served from: APP_URL's, and outside production also localhost, 127.0.0.1 and [::1] on
 * APP_URL's port (the server's own log shows 127.0.0.1 while APP_URL says localhost). The origin check below and
 * Better Auth's trusted origins both read this list.
 */
export function appOrigins(env: Pick<Env, "APP_URL" | "isProduction">): string[] {
  const app = new URL(env.APP_URL);
  const origins = [app.origin];
  if (!env.isProduction) {
    for (const host of LOOPBACK_HOSTS) {
      const alias = new URL(app.origin);
      alias.hostname = host;
      if (!origins.includes(alias.origin)) origins.push(alias.origin);
    }
  }
  return origins;
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Routes exempt from the check, each named by the route Fastify serves (its registered URL pattern, matched after
 * Fastify's own normalisation), never by a prefix of the raw URL: the Stripe webhook, called server to server and
 * authenticated by its signature alone, never by a cookie (decision 0057).
 */
export const ORIGIN_CHECK_EXEMPT_ROUTES = new Set(["POST /api/stripe/webhook"]);

const refused = () => new AppError("ORIGIN_REJECTED", "This request came from another site and was refused.");

/**
 * Cross-site request forgery guard (decision 0057). A state-changing request is accepted when:
 * - it names an Origin, and that origin is the app's own (appOrigins); any other Origin, "null" included, is refused;
 * - it names no Origin and says `Sec-Fetch-Site: same-origin`; any other Sec-Fetch-Site (same-site, cross-site,
 *   none) is refused, since a sibling subdomain is another site as far as Hearth's cookies are concerned;
 * - it names neither and carries no cookie: a client that is not a browser (a script, a mail provider's one-click
 *   unsubscribe, a test through inject), which holds no ambient credential a forger could borrow. Every browser
 *   Hearth supports sends one of the two headers on such a request, so a request with a cookie and neither header
 *   is refused.
 * Routes in ORIGIN_CHECK_EXEMPT_ROUTES are not checked.
 */
export function registerOriginCheck(app: FastifyInstance, allowedOrigins: string[]): void {
  const allowed = new Set(allowedOrigins.map((origin) => new URL(origin).origin));
  app.addHook("onRequest", async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    if (ORIGIN_CHECK_EXEMPT_ROUTES.has(`${request.method} ${request.routeOptions.url ?? ""}`)) return;
    const origin = request.headers.origin;
    if (origin !== undefined) {
      if (origin !== "null" && allowed.has(origin)) return;
      throw refused();
    }
    const fetchSite = request.headers["sec-fetch-site"];
    if (fetchSite !== undefined) {
      if (fetchSite === "same-origin") return;
      throw refused();
    }
    if (request.headers.cookie) throw refused();
  });
}
