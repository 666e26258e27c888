import type { FastifyRequest } from "fastify";
import { MESSAGES, PASSWORD_MESSAGES, isStrongPassword, registrationExtrasSchema } from "@hearth/shared";
import { z } from "zod";
import type { AppContext } from "../app-context.js";
import { AppError, fieldsFromZodError } from "../lib/errors.js";
import type { RateLimitRule } from "../lib/rate-limit.js";

const MINUTE = 60;
const HOUR = 60 * MINUTE;

const emailSchema = z.email("Enter a valid email address").max(254);

const readEmail = (body: Record<string, unknown>): string | null =>
  typeof body.email === "string" ? body.email.trim().toLowerCase() : null;

function requireStrongPassword(value: unknown, field: string): void {
  if (typeof value !== "string" || !isStrongPassword(value)) {
    throw new AppError("WEAK_PASSWORD", PASSWORD_MESSAGES.weak, { fields: { [field]: PASSWORD_MESSAGES.weak } });
  }
}

/**
 * Hearth's own rules in front of Better Auth's endpoints: rate limits per IP and per email, the password
 * policy, the registration fields and the captcha. Better Auth keeps its request and response shapes.
 * `path` is the endpoint path Better Auth will serve (see auth.routes.ts); Better Auth's before-hook refuses a
 * guarded endpoint reached without these rules (auth.ts), so no spelling of a path can skip them
 * (docs/decisions/0024-auth-path-rules-and-lockout.md).
 */
export async function applyAuthRules(ctx: AppContext, request: FastifyRequest, path: string): Promise<void> {
  const { env, rateLimiter } = ctx;
  const body = (request.body && typeof request.body === "object" ? request.body : {}) as Record<string, unknown>;
  const ip = request.ip;
  const email = readEmail(body);
  const perIp = (name: string, limit: number, windowSeconds = MINUTE): RateLimitRule => ({
    key: `${name}:ip:${ip}`,
    limit,
    windowSeconds,
  });
  const perEmail = (name: string, limit: number, windowSeconds: number): RateLimitRule[] =>
    email ? [{ key: `${name}:email:${email}`, limit, windowSeconds }] : [];

  switch (path) {
    case "/sign-up/email": {
      await rateLimiter.enforce([perIp("sign-up", env.RATE_LIMIT_SIGN_UP_PER_IP, HOUR)]);
      await checkRegistration(ctx, request, body);
      return;
    }
    case "/sign-in/email": {
      // Locking is per address and IP together: someone guessing from elsewhere cannot lock the owner out.
      await rateLimiter.enforce([
        perIp("sign-in", env.RATE_LIMIT_AUTH_PER_IP),
        ...(email ? [{ key: `sign-in:email-ip:${email}:${ip}`, limit: env.RATE_LIMIT_SIGN_IN_PER_EMAIL, windowSeconds: 15 * MINUTE }] : []),
      ]);
      // Per address alone (from any IP) the limit only slows: past it, every attempt needs a solved captcha.
      if (email) {
        const perAddress = await rateLimiter.consume({
          key: `sign-in:email:${email}`,
          limit: env.RATE_LIMIT_SIGN_IN_PER_EMAIL,
          windowSeconds: 15 * MINUTE,
        });
        if (!perAddress.allowed) await requireCaptcha(ctx, request, body);
      }
      return;
    }
    case "/request-password-reset":
    case "/forget-password":
      await rateLimiter.enforce([
        perIp("password-reset", env.RATE_LIMIT_AUTH_PER_IP),
        ...perEmail("password-reset", env.RATE_LIMIT_RESET_PER_EMAIL, HOUR),
      ]);
      return;
    case "/reset-password":
      await rateLimiter.enforce([perIp("password-reset", env.RATE_LIMIT_AUTH_PER_IP)]);
      requireStrongPassword(body.newPassword, "newPassword");
      return;
    case "/change-password":
      requireStrongPassword(body.newPassword, "newPassword");
      return;
    case "/email-otp/send-verification-otp":
      await rateLimiter.enforce([
        perIp("otp-send", env.RATE_LIMIT_AUTH_PER_IP),
        ...perEmail("otp-send", env.RATE_LIMIT_RESET_PER_EMAIL, HOUR),
      ]);
      return;
    case "/email-otp/verify-email":
      await rateLimiter.enforce([
        perIp("otp-verify", env.RATE_LIMIT_AUTH_PER_IP),
        ...perEmail("otp-verify", env.RATE_LIMIT_SIGN_IN_PER_EMAIL, 15 * MINUTE),
      ]);
      return;
    case "/sign-in/social":
    case "/sign-in/sso":
      await rateLimiter.enforce([perIp("sign-in", env.RATE_LIMIT_AUTH_PER_IP)]);
      return;
    default:
      return;
  }
}

async function checkRegistration(ctx: AppContext, request: FastifyRequest, body: Record<string, unknown>): Promise<void> {
  const fields: Record<string, string> = {};
  const extras = registrationExtrasSchema.safeParse(body);
  if (!extras.success) Object.assign(fields, fieldsFromZodError(extras.error));
  const email = emailSchema.safeParse(body.email);
  if (!email.success) fields.email = email.error.issues[0]?.message ?? "Enter a valid email address";
  if (typeof body.password !== "string" || !isStrongPassword(body.password)) fields.password = PASSWORD_MESSAGES.weak;
  if (Object.keys(fields).length > 0) {
    const code = fields.password && Object.keys(fields).length === 1 ? "WEAK_PASSWORD" : "VALIDATION_FAILED";
    const message = code === "WEAK_PASSWORD" ? PASSWORD_MESSAGES.weak : "Some fields need your attention.";
    throw new AppError(code, message, { fields });
  }
  await requireCaptcha(ctx, request, body);
}

/** A solved captcha in `body.captcha`, unless the captcha is off (CAPTCHA=off: tests, or production by explicit choice). */
async function requireCaptcha(ctx: AppContext, request: FastifyRequest, body: Record<string, unknown>): Promise<void> {
  const token = typeof body.captcha === "string" && body.captcha.trim() ? body.captcha.trim() : undefined;
  if (ctx.captcha.provider !== "off" && !token) {
    throw new AppError("CAPTCHA_REQUIRED", MESSAGES.captchaMissing, { fields: { captcha: MESSAGES.captchaMissing } });
  }
  if (!(await ctx.captcha.verify(token, request.ip))) {
    throw new AppError("CAPTCHA_INVALID", MESSAGES.captchaMissing, { fields: { captcha: MESSAGES.captchaMissing } });
  }
}
