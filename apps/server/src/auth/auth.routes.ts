import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { type PublicConfig, publicConfigSchema } from "@hearth/shared";
import type { AppContext } from "../app-context.js";
import { AppError, toErrorBody } from "../lib/errors.js";
import { defineRoute } from "../lib/route.js";
import { applyAuthRules } from "./auth-rules.js";

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
      devMail: ctx.email.usesDevOutbox,
      supportEmail: ctx.env.SUPPORT_EMAIL,
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
      const path = request.url.slice(AUTH_PREFIX.length).split("?")[0];
      if (request.method === "POST") await applyAuthRules(ctx, request, path);
      return forwardToBetterAuth(ctx, request, reply);
    },
  });
}

async function forwardToBetterAuth(ctx: AppContext, request: FastifyRequest, reply: FastifyReply) {
  const url = new URL(request.url, ctx.env.APP_URL);
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    headers.set(key, Array.isArray(value) ? value.join(", ") : String(value));
  }
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
  if (response.status >= 400 && (response.headers.get("content-type") ?? "").includes("json")) {
    return reply.send(reshapeAuthError(response.status, text));
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
  const code = parsed.code ?? (status === 401 ? "UNAUTHENTICATED" : status === 429 ? "RATE_LIMITED" : "BAD_REQUEST");
  const message = status >= 500 ? "Something went wrong on our side. Please try again." : (parsed.message ?? "The request was refused.");
  return { ...toErrorBody(code, message), code, message };
}

export { AppError };
