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
 * Cross-site request forgery guard: a state-changing request that names an Origin (every browser does)
 * must come from the app's own origin. Together with SameSite=Lax cookies this closes CSRF.
 */
export function registerOriginCheck(app: FastifyInstance, allowedOrigins: string[]): void {
  const allowed = new Set(allowedOrigins.map((origin) => new URL(origin).origin));
  app.addHook("onRequest", async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const origin = request.headers.origin;
    if (origin && origin !== "null" && allowed.has(origin)) return;
    if (origin) throw new AppError("ORIGIN_REJECTED", "This request came from another site and was refused.");
    if (request.headers["sec-fetch-site"] === "cross-site") {
      throw new AppError("ORIGIN_REJECTED", "This request came from another site and was refused.");
    }
  });
}
