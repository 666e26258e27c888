/** The one way the web app talks to the server: same origin, JSON, cookies included. */

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string>;

  constructor(status: number, code: string, message: string, fields: Record<string, string> = {}) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

export const NETWORK_ERROR_MESSAGE = "We could not reach Hearth. Check your connection and try again.";

type ErrorBody = {
  error?: { code?: string; message?: string; fields?: Record<string, string> } | string;
  code?: string;
  message?: string;
};

function toApiError(status: number, body: unknown): ApiError {
  const data = (body ?? {}) as ErrorBody;
  const nested = typeof data.error === "object" && data.error !== null ? data.error : undefined;
  const code = nested?.code ?? data.code ?? `HTTP_${status}`;
  const message =
    nested?.message ??
    data.message ??
    (typeof data.error === "string" ? data.error : undefined) ??
    "Something went wrong. Please try again.";
  return new ApiError(status, code, message, nested?.fields ?? {});
}

export interface RequestOptions {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  body?: unknown;
  signal?: AbortSignal;
}

export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = options.body === undefined ? "GET" : "POST", body, signal } = options;
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: "include",
      headers: body === undefined ? { accept: "application/json" } : { "content-type": "application/json", accept: "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === "AbortError") throw cause;
    throw new ApiError(0, "NETWORK_ERROR", NETWORK_ERROR_MESSAGE);
  }
  const text = await response.text();
  let parsed: unknown = null;
  if (text) {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = null;
    }
  }
  if (!response.ok) throw toApiError(response.status, parsed);
  return parsed as T;
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

/** The message to show for any failure. */
export function errorMessage(error: unknown, fallback = "Something went wrong. Please try again."): string {
  if (error instanceof ApiError) return error.message;
  return fallback;
}
