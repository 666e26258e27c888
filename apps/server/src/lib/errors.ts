import type { FastifyError, FastifyInstance } from "fastify";
import { ZodError, type ZodType } from "zod";

export type ErrorCode =
  | "BAD_REQUEST"
  | "VALIDATION_FAILED"
  | "UNAUTHENTICATED"
  | "FORBIDDEN"
  | "NOT_FOUND"
  | "CONFLICT"
  | "PAYLOAD_TOO_LARGE"
  | "RATE_LIMITED"
  | "CAPTCHA_REQUIRED"
  | "CAPTCHA_INVALID"
  | "WEAK_PASSWORD"
  | "ORIGIN_REJECTED"
  | "PLAN_UPGRADE_REQUIRED"
  | "INCOMPLETE_PROFILE"
  | "CONFLICTING_SURVEY"
  | "SURVEY_SLOTS_FULL"
  | "SURVEY_CLOSED"
  | "EMAIL_NOT_VERIFIED"
  | "SENDING_ALLOWANCE_REACHED"
  | "ALREADY_ANSWERED"
  | "STRIPE_SIGNATURE_INVALID"
  | "SERVICE_UNAVAILABLE"
  | "INTERNAL";

const STATUS_BY_CODE: Record<ErrorCode, number> = {
  BAD_REQUEST: 400,
  VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  CAPTCHA_REQUIRED: 400,
  CAPTCHA_INVALID: 400,
  WEAK_PASSWORD: 400,
  ORIGIN_REJECTED: 403,
  PLAN_UPGRADE_REQUIRED: 403,
  INCOMPLETE_PROFILE: 409,
  CONFLICTING_SURVEY: 409,
  SURVEY_SLOTS_FULL: 409,
  SURVEY_CLOSED: 409,
  EMAIL_NOT_VERIFIED: 403,
  SENDING_ALLOWANCE_REACHED: 429,
  ALREADY_ANSWERED: 409,
  STRIPE_SIGNATURE_INVALID: 400,
  SERVICE_UNAVAILABLE: 503,
  INTERNAL: 500,
};

/** The one error type: a code for machines, a message for logs, a user message for people. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    readonly userMessage: string,
    options: { fields?: Record<string, string>; message?: string; status?: number } = {},
  ) {
    super(options.message ?? userMessage);
    this.status = options.status ?? STATUS_BY_CODE[code];
    this.fields = options.fields;
  }
  readonly fields?: Record<string, string>;
}

export const notFound = (what = "Not found") => new AppError("NOT_FOUND", what);
export const forbidden = () => new AppError("FORBIDDEN", "You don't have permission to do this.");
/** What an internal account viewing a company may not do there: its people's passwords and emails, its payment methods. */
export const refusedWhileSwitched = () => new AppError("FORBIDDEN", "Hearth staff viewing this company cannot do this here.");
export const unauthenticated = () => new AppError("UNAUTHENTICATED", "Please sign in to continue.");

export function fieldsFromZodError(error: ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.join(".") : "_";
    fields[key] ??= issue.message;
  }
  return fields;
}

/** Parses input with a zod schema; failure is a 400 naming each bad field. */
export function parseInput<T>(schema: ZodType<T>, value: unknown, where = "body"): T {
  const result = schema.safeParse(value ?? (where === "body" ? undefined : {}));
  if (result.success) return result.data;
  throw new AppError("VALIDATION_FAILED", "Some fields need your attention.", {
    fields: fieldsFromZodError(result.error),
  });
}

export interface ErrorBody {
  error: { code: string; message: string; fields?: Record<string, string> };
}

export function toErrorBody(code: string, message: string, fields?: Record<string, string>): ErrorBody {
  return { error: fields ? { code, message, fields } : { code, message } };
}

/** How long a client is asked to wait when the database cannot be reached (a restart takes a few seconds). */
export const DATABASE_RETRY_AFTER_SECONDS = 3;

/**
 * PostgreSQL's answers that mean "the server is not there right now", not "this request is wrong": admin or crash
 * shutdown, starting up or shutting down, too many connections, and the SQLSTATE class 08 (connection exceptions).
 */
const UNAVAILABLE_SQLSTATES = new Set(["57P01", "57P02", "57P03", "53300", "08000", "08001", "08003", "08004", "08006"]);
/** The socket errors of a connection refused, reset or cut while the server restarts. */
const UNAVAILABLE_SOCKET_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "EHOSTUNREACH", "ENOTFOUND"]);
/** node-postgres and PGlite report a lost or closed connection by message only. */
const UNAVAILABLE_MESSAGES =
  /^(Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect|Connection ended unexpectedly|Client was closed and is not queryable|PGlite is closed)/i;

/**
 * Whether an error (or one it was caused by: Drizzle wraps the driver's error as `cause`) says the database is
 * unreachable for the moment. Such a request is answered 503 with Retry-After, never 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === "object"; depth += 1) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === "string" && (UNAVAILABLE_SQLSTATES.has(code) || UNAVAILABLE_SOCKET_CODES.has(code))) return true;
    if (typeof message === "string" && UNAVAILABLE_MESSAGES.test(message)) return true;
    // AggregateError (a connection refused on both IPv4 and IPv6) carries its causes in `errors`
    const nested = (current as { errors?: unknown }).errors;
    if (Array.isArray(nested) && nested.some((inner) => isDatabaseUnavailable(inner))) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** Maps every error to the one JSON shape; a 5xx never shows its stack or message. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    if (error instanceof AppError) {
      if (error.status >= 500) request.log.error({ err: error }, "request failed");
      return reply.status(error.status).send(toErrorBody(error.code, error.userMessage, error.fields));
    }
    if (error instanceof ZodError) {
      return reply.status(400).send(toErrorBody("VALIDATION_FAILED", "Some fields need your attention.", fieldsFromZodError(error)));
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, "database unavailable; answered 503");
      return reply
        .status(503)
        .header("retry-after", String(DATABASE_RETRY_AFTER_SECONDS))
        .send(toErrorBody("SERVICE_UNAVAILABLE", "The service is briefly unavailable. Please try again in a moment."));
    }
    const fastifyError = error as FastifyError;
    const status = fastifyError.statusCode ?? 500;
    if (status === 413) return reply.status(413).send(toErrorBody("PAYLOAD_TOO_LARGE", "The upload is too large."));
    if (status === 429) {
      return reply.status(429).send(toErrorBody("RATE_LIMITED", "Too many attempts. Please wait a moment and try again."));
    }
    if (status >= 400 && status < 500) {
      return reply.status(status).send(toErrorBody("BAD_REQUEST", "The request could not be read."));
    }
    request.log.error({ err: error }, "unexpected error");
    return reply.status(500).send(toErrorBody("INTERNAL", "Something went wrong on our side. Please try again."));
  });
}
