import type { FastifyInstance } from "fastify";
import { AppError } from "./errors.js";

export const NUL_REASON = "Contains a NUL character (U+0000), which is not allowed in text.";
export const SURROGATE_REASON = "Contains an unpaired UTF-16 surrogate, which is not valid text.";
const KEY_SUFFIX = " (in a field name)";
const MAX_DEPTH = 64;

/** A high surrogate not followed by a low one, or a low surrogate not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function reasonFor(text: string): string | null {
  if (text.includes("\u0000")) return NUL_REASON;
  if (LONE_SURROGATE.test(text)) return SURROGATE_REASON;
  return null;
}

/**
 * Every string in a parsed value (object keys included) that PostgreSQL cannot store as text: a NUL character or
 * a lone UTF-16 surrogate. Returns the path of each (dot-separated, as the zod field errors name them) and why.
 */
export function findUnstorableText(value: unknown, prefix = ""): Record<string, string> {
  const found: Record<string, string> = {};
  const visit = (node: unknown, path: string, depth: number) => {
    if (typeof node === "string") {
      const reason = reasonFor(node);
      if (reason) found[path || "_"] ??= reason;
      return;
    }
    if (node === null || typeof node !== "object" || depth > MAX_DEPTH) return;
    // bytes and a streamed body (an upload) are not text
    if (Buffer.isBuffer(node) || ArrayBuffer.isView(node) || typeof (node as { pipe?: unknown }).pipe === "function") return;
    const entries = Array.isArray(node) ? node.map((item, index) => [String(index), item] as const) : Object.entries(node);
    for (const [key, item] of entries) {
      const childPath = path ? `${path}.${key}` : key;
      const keyReason = reasonFor(key);
      if (keyReason) {
        found[path || "_"] ??= `${keyReason.slice(0, -1)}${KEY_SUFFIX}.`;
        continue;
      }
      visit(item, childPath, depth + 1);
    }
  };
  visit(value, prefix, 0);
  return found;
}

export const UNDECODABLE_REASON = "Is not valid UTF-8 text once decoded.";

/**
 * Query parameters whose percent-encoding is not valid UTF-8 (the only way a URL can spell a lone surrogate): the
 * query parser would turn them into U+FFFD silently, and Better Auth, which parses the URL itself, fails on them.
 */
function findUndecodableQuery(url: string): Record<string, string> {
  const found: Record<string, string> = {};
  const start = url.indexOf("?");
  if (start < 0) return found;
  for (const pair of url.slice(start + 1).split("&")) {
    const [rawKey, ...rest] = pair.split("=");
    const decode = (text: string) => decodeURIComponent(text.replaceAll("+", " "));
    let key: string;
    try {
      key = decode(rawKey);
    } catch {
      found["query._"] ??= `${UNDECODABLE_REASON.slice(0, -1)} (in a parameter name).`;
      continue;
    }
    try {
      decode(rest.join("="));
    } catch {
      found[`query.${key}`] ??= UNDECODABLE_REASON;
    }
  }
  return found;
}

/**
 * The one place every request's input passes through before any route (Better Auth's included) sees it: a JSON
 * body, the query string and the path parameters may not carry text PostgreSQL cannot store. Refused with a 400
 * naming each field (body fields by their path, query and path parameters prefixed with `query.` and `params.`).
 */
export function registerTextInputCheck(app: FastifyInstance): void {
  app.addHook("preValidation", async (request) => {
    const fields = {
      ...findUndecodableQuery(request.url),
      ...findUnstorableText(request.params, "params"),
      ...findUnstorableText(request.query, "query"),
      ...findUnstorableText(request.body),
    };
    if (Object.keys(fields).length > 0) {
      throw new AppError("VALIDATION_FAILED", "Some fields contain characters that cannot be stored.", { fields });
    }
  });
}
