/**
 * The two calls the public page makes, with plain fetch (same origin, JSON):
 * GET /api/public/surveys/{id} and POST /api/response (retried on network or parse failure and on a 5xx, honouring a
 * 503's Retry-After within a bound; never on a 4xx).
 */
import type { Answers, PublicSurvey } from "./types";

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

/** Spec surveys §7 and §9: up to 5 retries, waiting 1500 ms × the retry's number before each. */
export const RESPONSE_RETRIES = 5;
export const RESPONSE_RETRY_DELAY_MS = 1500;
/** The longest a server's Retry-After may hold one retry back: the page keeps its promise of a few tries in seconds. */
export const RESPONSE_RETRY_AFTER_MAX_MS = 15_000;

/**
 * Reads a Retry-After header (delta-seconds or an HTTP date) as milliseconds from `now`; null when absent or
 * unreadable, 0 for a date in the past.
 */
export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  if (value === null) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  // an HTTP date ends in GMT; Date.parse alone would take "1.5" or "-5" for dates
  const date = /GMT$/.test(trimmed) ? Date.parse(trimmed) : Number.NaN;
  if (Number.isNaN(date)) return null;
  return Math.max(0, date - now);
}

/**
 * The wait before retry number `retry` (1-based): the spec's 1500 ms × the retry's number, or longer when the last
 * answer asked for it with Retry-After, never more than RESPONSE_RETRY_AFTER_MAX_MS.
 */
export function responseRetryDelay(retry: number, retryAfterMs: number | null): number {
  const scheduled = RESPONSE_RETRY_DELAY_MS * retry;
  if (retryAfterMs === null || retryAfterMs <= scheduled) return scheduled;
  return Math.min(RESPONSE_RETRY_AFTER_MAX_MS, retryAfterMs);
}

/** Survey ids in links are random and URL-safe (the server's rule for the public route). */
const SURVEY_ID = /^[A-Za-z0-9_-]{10,64}$/;

export interface SurveyLink {
  surveyId: string | null;
  token: string | null;
}

/** `/s/{surveyId}` with an optional `?r=` personal token; anything else has no survey id. */
export function readSurveyLink(pathname: string, search: string): SurveyLink {
  const match = /^\/s\/([^/]+)\/?$/.exec(pathname);
  let surveyId: string | null = null;
  if (match) {
    try {
      const decoded = decodeURIComponent(match[1]);
      if (SURVEY_ID.test(decoded)) surveyId = decoded;
    } catch {
      surveyId = null;
    }
  }
  const token = new URLSearchParams(search).get("r")?.trim() || null;
  return { surveyId, token };
}

export type LoadResult = { kind: "ok"; survey: PublicSurvey } | { kind: "not-found" } | { kind: "error" };

function isPublicSurvey(value: unknown): value is PublicSurvey {
  if (!value || typeof value !== "object") return false;
  const survey = value as Partial<PublicSurvey>;
  return (
    typeof survey.id === "string" &&
    typeof survey.name === "string" &&
    typeof survey.status === "string" &&
    Array.isArray(survey.fields) &&
    survey.fields.every(
      (field) =>
        field &&
        typeof field.key === "string" &&
        typeof field.question === "string" &&
        Array.isArray(field.radioOptions) &&
        (field.answerType === "Radio" || field.answerType === "Text"),
    )
  );
}

export async function loadSurvey(surveyId: string, fetchImpl: FetchLike = fetch): Promise<LoadResult> {
  let response: Response;
  try {
    response = await fetchImpl(`/api/public/surveys/${encodeURIComponent(surveyId)}`, { headers: { accept: "application/json" } });
  } catch {
    return { kind: "error" };
  }
  if (response.status === 404 || response.status === 400) return { kind: "not-found" };
  if (!response.ok) return { kind: "error" };
  try {
    const body: unknown = await response.json();
    if (!isPublicSurvey(body)) return { kind: "error" };
    return { kind: "ok", survey: { ...body, description: body.description ?? "", isDemo: body.isDemo === true } };
  } catch {
    return { kind: "error" };
  }
}

export type SubmitResult =
  | { kind: "sent" }
  /** 400: reasons per question key (and `r` when the personal link is not valid). */
  | { kind: "invalid"; message: string; fields: Record<string, string> }
  | { kind: "closed" }
  | { kind: "already-answered" }
  | { kind: "not-found" }
  | { kind: "rate-limited"; message: string }
  /** Another 4xx: not retried. */
  | { kind: "refused"; message: string }
  /** Every attempt failed on the network or with an unreadable answer. */
  | { kind: "failed" };

interface ErrorBody {
  error?: { code?: unknown; message?: unknown; fields?: unknown };
}

async function readError(response: Response): Promise<{ code: string; message: string; fields: Record<string, string> }> {
  let body: ErrorBody = {};
  try {
    body = (await response.json()) as ErrorBody;
  } catch {
    // not JSON: fall back to the status alone
  }
  const fields: Record<string, string> = {};
  const raw = body?.error?.fields;
  if (raw && typeof raw === "object") {
    for (const [key, reason] of Object.entries(raw as Record<string, unknown>)) if (typeof reason === "string") fields[key] = reason;
  }
  return {
    code: typeof body?.error?.code === "string" ? body.error.code : "",
    message: typeof body?.error?.message === "string" ? body.error.message : "",
    fields,
  };
}

export interface SubmitOptions {
  fetchImpl?: FetchLike;
  sleep?: (ms: number) => Promise<void>;
  /** Called before each retry (1 to RESPONSE_RETRIES), so the page can say it is trying again. */
  onRetry?: (retry: number) => void;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Sends one response. Resolves with what happened; it never throws. */
export async function submitResponse(
  input: { surveyId: string; data: Answers; token: string | null },
  { fetchImpl = fetch, sleep = wait, onRetry }: SubmitOptions = {},
): Promise<SubmitResult> {
  const body = JSON.stringify(
    input.token ? { surveyId: input.surveyId, data: input.data, r: input.token } : { surveyId: input.surveyId, data: input.data },
  );
  let retryAfterMs: number | null = null;
  for (let attempt = 0; attempt <= RESPONSE_RETRIES; attempt++) {
    if (attempt > 0) {
      onRetry?.(attempt);
      await sleep(responseRetryDelay(attempt, retryAfterMs));
      retryAfterMs = null;
    }
    let response: Response;
    try {
      response = await fetchImpl("/api/response", {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json" },
        body,
      });
    } catch {
      continue;
    }
    if (response.status >= 400 && response.status < 500) {
      const error = await readError(response);
      if (response.status === 429) return { kind: "rate-limited", message: error.message };
      if (response.status === 404) return { kind: "not-found" };
      if (error.code === "SURVEY_CLOSED") return { kind: "closed" };
      if (error.code === "ALREADY_ANSWERED") return { kind: "already-answered" };
      if (response.status === 400 && Object.keys(error.fields).length > 0)
        return { kind: "invalid", message: error.message, fields: error.fields };
      return { kind: "refused", message: error.message };
    }
    if (!response.ok) {
      // a 503 while the database restarts says when to come back
      retryAfterMs = parseRetryAfter(response.headers.get("retry-after"));
      continue;
    }
    try {
      if ((await response.json()) === true) return { kind: "sent" };
    } catch {
      // unreadable answer: try again
    }
  }
  return { kind: "failed" };
}
