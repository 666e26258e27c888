/**
 * How deeply a JSON text nests, measured by one linear scan of its characters (brackets inside strings do not count),
 * so a body can be refused before JSON.parse or a recursive walk ever sees it (docs/decisions/0057).
 */

/** The deepest nesting any request body may have: Hearth's deepest contract is under ten levels. */
export const MAX_JSON_DEPTH = 64;

/** True when no object or array in `text` is nested deeper than `maxDepth` (the top-level value is depth 1). */
export function jsonDepthWithin(text: string, maxDepth: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === 0x5c /* \ */) i += 1;
      else if (code === 0x22 /* " */) inString = false;
      continue;
    }
    if (code === 0x22) inString = true;
    else if (code === 0x7b /* { */ || code === 0x5b /* [ */) {
      depth += 1;
      if (depth > maxDepth) return false;
    } else if (code === 0x7d /* } */ || code === 0x5d /* ] */) depth -= 1;
  }
  return true;
}

/**
 * Better Auth's request bodies are validated by Better Auth's own schemas, whose arrays (OAuth scopes) have no bound;
 * auth.routes.ts refuses a body holding a longer array before Better Auth sees it, and the OpenAPI document states
 * the same bound on those schemas.
 */
export const AUTH_ARRAY_MAX_ITEMS = 50;

/** True when no array anywhere in a parsed JSON value is longer than `maxItems` (the value's depth is bounded already). */
export function arraysWithin(value: unknown, maxItems: number): boolean {
  if (Array.isArray(value)) return value.length <= maxItems && value.every((item) => arraysWithin(item, maxItems));
  if (value && typeof value === "object") return Object.values(value).every((item) => arraysWithin(item, maxItems));
  return true;
}
