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
