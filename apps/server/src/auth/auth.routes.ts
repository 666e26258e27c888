import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { type PublicConfig, publicConfigSchema, redirectPathOrNull } from "@hearth/shared";
import type { AppContext } from "../app-context.js";
import { resolveActor } from "../lib/actor.js";
import { AppError, refusedWhileSwitched, toErrorBody } from "../lib/errors.js";
import { AUTH_ARRAY_MAX_ITEMS, arraysWithin } from "../lib/json-depth.js";
import { appOrigins } from "../lib/origin-check.js";
import { defineRoute } from "../lib/route.js";
import { authErrorMessage } from "./auth-error-messages.js";
import { applyAuthRules } from "./auth-rules.js";
import { AUTH_RULES_HEADER, markRulesApplied } from "./ruled-auth-paths.js";

const AUTH_PREFIX = "/api/auth";

export async function registerAuthRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  defineRoute(app, ctx, {
    method: "GET",
    url: "/api/config",
    summary: "What the sign-in and registration pages offer",
    tags: ["auth"],
    access: "public",
    response: publicConfigSchema,
    handler: async (): Promise<PublicConfig> => ({
      captcha: { provider: ctx.captcha.provider, siteKey: ctx.captcha.siteKey },
      googleSignIn: Boolean(ctx.env.GOOGLE_CLIENT_ID && ctx.env.GOOGLE_CLIENT_SECRET),
      devMail: ctx.email.usesDevOutbox && !ctx.env.isProduction,
      supportEmail: ctx.env.SUPPORT_EMAIL,
      supportFormUrl: ctx.env.SUPPORT_FORM_URL ?? null,
    }),
  });

  defineRoute(app, ctx, {
    method: "GET",
    url: "/api/captcha/challenge",
    summary: "A fresh ALTCHA proof-of-work challenge for the registration form",
    tags: ["auth"],
    access: "public",
    handler: async ({ request, reply }) => {
      await ctx.rateLimiter.enforce([{ key: `captcha:ip:${request.ip}`, limit: ctx.env.RATE_LIMIT_AUTH_PER_IP, windowSeconds: 60 }]);
      reply.header("cache-control", "no-store");
      return ctx.captcha.createChallenge();
    },
  });

  app.route({
    method: ["GET", "POST"],
    url: `${AUTH_PREFIX}/*`,
    schema: { hide: true },
    handler: async (request, reply) => {
      const { url, path } = resolveAuthPath(ctx, request.url);
      if (!arraysWithin(request.body, AUTH_ARRAY_MAX_ITEMS)) {
        throw new AppError("VALIDATION_FAILED", `A list in this request may hold ${AUTH_ARRAY_MAX_ITEMS} items at most.`, {
          fields: { _: `At most ${AUTH_ARRAY_MAX_ITEMS} items` },
        });
      }
      refuseUnsafeCallbacks(ctx, request, url);
      await refuseWhileSwitched(ctx, request, path);
      await applyAuthRules(ctx, request, path);
      return forwardToBetterAuth(ctx, request, reply, url, path);
    },
  });
}

/**
 * An internal account viewing a company (decision 0048) changes nothing through Better Auth but signing out: no
 * password, email, name or session of its own while the company's log would not say so.
 */
async function refuseWhileSwitched(ctx: AppContext, request: FastifyRequest, path: string): Promise<void> {
  if (request.method !== "POST" || path === "/sign-out" || !request.headers.cookie) return;
  const actor = await resolveActor(ctx, request);
  if (actor?.tenantSwitch) throw refusedWhileSwitched();
}

/** The fields in which Better Auth takes a URL to send the browser to afterwards. */
const CALLBACK_FIELDS = ["callbackURL", "redirectTo", "errorCallbackURL", "newUserCallbackURL"] as const;

/**
 * Every callback URL sent to Better Auth, in the body or the query, is a path of this site by the one redirect rule
 * (packages/shared redirect-path.ts, decision 0057) or an absolute URL on the app's own origin; anything else is a
 * 400 before Better Auth sees it.
 */
function refuseUnsafeCallbacks(ctx: AppContext, request: FastifyRequest, url: URL): void {
  const origins = appOrigins(ctx.env);
  const body =
    request.body && typeof request.body === "object" && !Array.isArray(request.body) ? (request.body as Record<string, unknown>) : {};
  for (const field of CALLBACK_FIELDS) {
    for (const value of [body[field], ...url.searchParams.getAll(field)]) {
      if (value === undefined || value === null) continue;
      if (typeof value === "string" && isSafeCallback(value, origins)) continue;
      throw new AppError("VALIDATION_FAILED", "The address to return to must be a page of this site.", {
        fields: { [field]: "Must be a page of this site" },
      });
    }
  }
}

function isSafeCallback(value: string, origins: string[]): boolean {
  if (redirectPathOrNull(value) !== null) return true;
  let absolute: URL;
  try {
    absolute = new URL(value);
  } catch {
    return false;
  }
  return origins.includes(absolute.origin) && redirectPathOrNull(`${absolute.pathname}${absolute.search}${absolute.hash}`) !== null;
}

/**
 * The URL handed to Better Auth and the endpoint path it will serve there. WHATWG URL parsing (which Better Auth's
 * router relies on) resolves `.` and `..` segments, `%2e`, backslashes and strips tabs and newlines; a request whose
 * path is changed by that is refused here, so the path the rules see is the path Better Auth routes by.
 */
function resolveAuthPath(ctx: AppContext, rawUrl: string): { url: URL; path: string } {
  const url = new URL(rawUrl, ctx.env.APP_URL);
  const rawPath = rawUrl.split("?")[0];
  if (url.pathname !== rawPath || !url.pathname.startsWith(`${AUTH_PREFIX}/`)) throw new AppError("NOT_FOUND", "Not found");
  return { url, path: url.pathname.slice(AUTH_PREFIX.length) };
}

async function forwardToBetterAuth(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, url: URL, path: string) {
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined || key.toLowerCase() === AUTH_RULES_HEADER) continue;
    headers.set(key, Array.isArray(value) ? value.join(", ") : String(value));
  }
  markRulesApplied(headers, path);
  if (!headers.has("x-forwarded-for")) headers.set("x-forwarded-for", request.ip);
  const hasBody = request.method !== "GET" && request.body !== undefined;
  const response = await ctx.auth.handler(
    new Request(url, {
      method: request.method,
      headers,
      body: hasBody ? JSON.stringify(request.body) : undefined,
    }),
  );
  reply.status(response.status);
  for (const cookie of response.headers.getSetCookie()) reply.header("set-cookie", cookie);
  response.headers.forEach((value, key) => {
    if (key !== "set-cookie" && key !== "content-length") reply.header(key, value);
  });
  const text = await response.text();
  if (response.status >= 400 && (!text || (response.headers.get("content-type") ?? "").includes("json"))) {
    return reply.type("application/json").send(reshapeAuthError(response.status, text));
  }
  return reply.send(text || null);
}

/** Better Auth answers `{code, message}`; Hearth answers `{error:{code,message}}`. Both are kept. */
function reshapeAuthError(status: number, text: string) {
  let parsed: { code?: string; message?: string } = {};
  try {
    parsed = JSON.parse(text);
  } catch {
    /* not JSON after all */
  }
  const code =
    parsed.code ?? (status === 401 ? "UNAUTHENTICATED" : status === 404 ? "NOT_FOUND" : status === 429 ? "RATE_LIMITED" : "BAD_REQUEST");
  const fallback = status === 404 ? "Not found" : "The request was refused.";
  const message =
    status >= 500 ? "Something went wrong on our side. Please try again." : authErrorMessage(parsed.code, parsed.message ?? fallback);
  return { ...toErrorBody(code, message), code, message };
}

export { AppError };
