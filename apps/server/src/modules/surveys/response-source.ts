/**
 * Where a response came from, reduced to what decides whether it counts toward the survey's thresholds
 * (docs/decisions/0052). Nothing here is stored as is: the browser token and the network prefix leave this file only
 * as HMACs keyed by AUTH_SECRET and the survey id, and the session only as one boolean.
 */
import { createHmac, randomBytes } from "node:crypto";
import { isIPv4, isIPv6 } from "node:net";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { AppContext } from "../../app-context.js";
import { resolveActor } from "../../lib/actor.js";

/** The first-party cookie that tells a browser's second answer from a first one. */
export const RESPONDENT_COOKIE = "hearth_respondent";
/** The cookie is sent to the response endpoint only. */
const RESPONDENT_COOKIE_PATH = "/api/response";
/** 400 days: the longest lifetime browsers keep a cookie. */
const RESPONDENT_COOKIE_MAX_AGE = 400 * 24 * 60 * 60;

/** What the ingest needs to decide independence; built from the request by `responseSourceOf`. */
export interface ResponseSource {
  /** The request carries a valid session of a user of the survey's company, or of an internal account. */
  sessionOfViewer: (tenantId: string) => Promise<boolean>;
  /** The browser's random token (from its cookie, or new). */
  browserToken: string;
  /** The client's network prefix (IPv4 /24, IPv6 /48); "unknown", one shared bucket, when no address can be read. */
  networkPrefix: string;
}

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

function cookieValue(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(";")) {
    const index = part.indexOf("=");
    if (index < 0) continue;
    if (part.slice(0, index).trim() === name) return part.slice(index + 1).trim();
  }
  return null;
}

/** Eight hextets of an IPv6 address, or null. */
function expandIPv6(address: string): string[] | null {
  let text = address.split("%")[0];
  // An embedded IPv4 tail (::ffff:192.0.2.1) becomes two hextets.
  const tail = text.match(/(\d+\.\d+\.\d+\.\d+)$/);
  if (tail) {
    const octets = tail[1].split(".").map(Number);
    text = `${text.slice(0, -tail[1].length)}${((octets[0] << 8) | octets[1]).toString(16)}:${((octets[2] << 8) | octets[3]).toString(16)}`;
  }
  const [head, rest] = text.split("::");
  const left = head ? head.split(":") : [];
  const right = rest !== undefined && rest !== "" ? rest.split(":") : [];
  const missing = 8 - left.length - right.length;
  if (rest === undefined ? left.length !== 8 : missing < 0) return null;
  return [...left, ...new Array<string>(rest === undefined ? 0 : missing).fill("0"), ...right].map((part) =>
    Number.parseInt(part || "0", 16).toString(16),
  );
}

/**
 * The network an address belongs to for the burst rule: IPv4 /24, IPv6 /48 (an IPv4-mapped address as IPv4). A /48,
 * not a /64: a home line or a cloud host holds a /56 or a /48, so each of its many /64s would otherwise be a "new"
 * network for a padder (review of issue 23).
 */
export function networkPrefixOf(address: string | undefined): string | null {
  if (!address) return null;
  if (isIPv4(address)) return `${address.split(".").slice(0, 3).join(".")}.0/24`;
  if (!isIPv6(address)) return null;
  const hextets = expandIPv6(address);
  if (!hextets) return null;
  if (hextets.slice(0, 5).every((part) => part === "0") && hextets[5] === "ffff") {
    const high = Number.parseInt(hextets[6], 16);
    return `${high >> 8}.${high & 255}.${Number.parseInt(hextets[7], 16) >> 8}.0/24`;
  }
  return `${hextets.slice(0, 3).join(":")}::/48`;
}

/** HMAC(AUTH_SECRET, survey id ‖ value): what the source tables keep instead of a token or a prefix. */
export function sourceHash(secret: string, surveyId: string, kind: "browser" | "network", value: string): string {
  return createHmac("sha256", secret).update(`${kind}\u0000${surveyId}\u0000${value}`).digest("base64url");
}

/**
 * Reads the request's signals and makes sure the browser holds a respondent token (set on this answer when it had
 * none, so its next answer to any survey is recognised). The session is resolved only when asked, with the survey's
 * company known.
 */
const SESSION_COOKIE_PART = "better-auth.session_token=";

export function responseSourceOf(ctx: AppContext, request: FastifyRequest, reply: FastifyReply): ResponseSource {
  const existing = cookieValue(request.headers.cookie, RESPONDENT_COOKIE);
  const browserToken = existing && TOKEN_PATTERN.test(existing) ? existing : randomBytes(32).toString("base64url");
  if (browserToken !== existing) {
    reply.header(
      "set-cookie",
      `${RESPONDENT_COOKIE}=${browserToken}; Path=${RESPONDENT_COOKIE_PATH}; Max-Age=${RESPONDENT_COOKIE_MAX_AGE}; HttpOnly; SameSite=Strict${
        ctx.env.isProduction ? "; Secure" : ""
      }`,
    );
  }
  return {
    browserToken,
    // An address that is not one (a forwarded header naming nonsense) falls back to the socket's, and failing that to
    // one shared bucket: it never switches the network rule off.
    networkPrefix: networkPrefixOf(request.ip) ?? networkPrefixOf(request.socket?.remoteAddress) ?? "unknown",
    sessionOfViewer: async (tenantId) => {
      // Only a request carrying a session cookie can be a signed-in viewer's; the respondent cookie alone (every
      // repeat respondent) costs no session lookup. Better Auth names it "better-auth.session_token", with the
      // "__Secure-" prefix over https; a match by the common part is only ever one lookup too many.
      if (!request.headers.cookie?.includes(SESSION_COOKIE_PART)) return false;
      const actor = await resolveActor(ctx, request);
      return actor !== null && (actor.isInternalAccount || actor.tenantId === tenantId);
    },
  };
}
