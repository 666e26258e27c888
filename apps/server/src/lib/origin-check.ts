import type { FastifyInstance } from "fastify";
import { AppError } from "./errors.js";

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
