/**
 * The one rule for where Hearth redirects after a step (sign-in `next`, the tenant switch's `redirectTo`, Better
 * Auth's callback URLs): a path of this site only (docs/decisions/0057). Read the way a browser reads a URL, which
 * drops tabs and newlines anywhere, drops leading and trailing control characters and spaces, reads `\` as `/` and
 * resolves `.` and `..` segments (also `%2e`); then refused when the result, or the text a router or server would
 * see after decoding it once, twice or three times, is not a plain path of this site (starts `//`, holds a
 * backslash, a control character or a scheme).
 */

const PLACEHOLDER_ORIGIN = "https://hearth.invalid";
const MAX_LENGTH = 2000;
const DECODE_ROUNDS = 3;

/** What a browser's URL parser removes before reading: every tab and newline, and C0 controls and spaces at either end. */
function browserStripped(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the characters browsers drop are the point
  return text.replace(/[\t\n\r]/g, "").replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, "");
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
const CONTROL = /[\u0000-\u001f\u007f]/;

/** A text that, read as a path, leaves the site: protocol-relative, a backslash, a control character or a scheme. */
function leavesSite(text: string): boolean {
  if (!text.startsWith("/")) return true;
  const slashes = text.replaceAll("\\", "/");
  if (slashes.startsWith("//")) return true;
  if (text.includes("\\") || CONTROL.test(text)) return true;
  // "/javascript:…", "/https:…": a scheme in the first segment is never one of Hearth's paths
  return /^\/[^/?#]*:/.test(text);
}

/** `text` resolved against a placeholder origin the way a browser resolves a link; null when it is not on that origin. */
function resolved(text: string): string | null {
  let url: URL;
  try {
    url = new URL(text, PLACEHOLDER_ORIGIN);
  } catch {
    return null;
  }
  return url.origin === PLACEHOLDER_ORIGIN ? `${url.pathname}${url.search}${url.hash}` : null;
}

/** Unsafe as written, or once resolved ("/.//evil.example" resolves to "//evil.example"). */
function unsafe(text: string): boolean {
  if (leavesSite(text)) return true;
  const path = resolved(text);
  return path === null || leavesSite(path);
}

/** The path, query and hash of `raw` when it is a safe redirect target on this site; null otherwise. */
export function redirectPathOrNull(raw: string | null | undefined): string | null {
  if (typeof raw !== "string" || raw.length === 0 || raw.length > MAX_LENGTH) return null;
  const stripped = browserStripped(raw);
  if (unsafe(stripped)) return null;
  // what a router, a server or a careless reader sees after decoding, once or more (%2f, %5c, %09, %252f)
  let decoded = stripped;
  for (let round = 0; round < DECODE_ROUNDS; round += 1) {
    let next: string;
    try {
      next = decodeURIComponent(decoded);
    } catch {
      return null;
    }
    if (next === decoded) break;
    if (unsafe(next) || unsafe(browserStripped(next))) return null;
    decoded = next;
  }
  return resolved(stripped);
}

/** A redirect target on this site, or `fallback` for anything else. */
export function safeRedirectPath(raw: string | null | undefined, fallback = "/dashboard"): string {
  return redirectPathOrNull(raw) ?? fallback;
}
