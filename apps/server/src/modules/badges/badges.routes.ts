import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { AppContext } from "../../app-context.js";
import { MemoryRateLimiter } from "../../lib/memory-rate-limit.js";
import { defineRoute } from "../../lib/route.js";
import { badgeCachesFor, badgeVersion, etagMatches, getBadgeEmbed } from "./badges.service.js";

/** Longest badge name accepted: the catalogue's longest is under 60 characters. */
export const BADGE_NAME_MAX = 120;

/** The embed URL's query (spec accounts §7, surveys §7: id, certification, year, orientation; format added). */
export const badgeEmbedQuerySchema = z.object({
  id: z.uuid("Must be a company id (a UUID)"),
  certification: z
    .string("Must be the badge's name")
    .min(1, "Must be the badge's name")
    .max(BADGE_NAME_MAX, `At most ${BADGE_NAME_MAX} characters`)
    // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters (NUL included) is the point
    .refine((name) => !/[\u0000-\u001f\u007f]/.test(name), "Must not contain control characters"),
  year: z
    .string("Must be a year such as 2026")
    .regex(/^\d{4}$/, "Must be a year of 4 digits")
    .transform(Number),
  orientation: z.enum(["v", "h"], "Must be v (vertical) or h (horizontal)").default("v"),
  format: z.enum(["png", "svg"], "Must be png or svg").default("png"),
  /** The image's content hash (its ETag without quotes): the URL then names those bytes, cached as immutable. */
  v: z
    .string()
    .regex(/^[A-Za-z0-9_-]{32}$/, "Must be a badge version")
    .optional(),
});

/**
 * A browser or a shared cache may reuse an image for an hour, then revalidates it with If-None-Match (a 304 costs a
 * lookup, not a render). Not `immutable`: the URL names a company's badge, not its bytes, and a revocation or a new
 * company name must replace the image within that hour (plus the 30 s this server trusts a lookup; docs/decisions/0036).
 */
export const BADGE_CACHE_CONTROL = "public, max-age=3600";

/** A versioned URL (`v` = the bytes' hash) names fixed bytes: any cache may keep it for a year without asking again. */
export const BADGE_VERSIONED_CACHE_CONTROL = "public, max-age=31536000, immutable";

export async function registerBadgeRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const limiter = new MemoryRateLimiter(ctx.env.RATE_LIMIT_BADGE_EMBED_PER_IP, 60_000);
  const caches = badgeCachesFor(ctx);

  defineRoute(app, ctx, {
    method: "GET",
    url: "/api/certifications/embed",
    summary:
      "The badge image a company holds for a year (PNG, or SVG with format=svg; orientation v or h): public, rate limited, ETag and If-None-Match (304), immutable when v names the current bytes; 404 when the company does not hold that badge for that year, whatever the id",
    tags: ["badges"],
    access: "public",
    query: badgeEmbedQuerySchema,
    produces: ["image/png", "image/svg+xml"],
    otherResponses: { 304: "Not Modified: the If-None-Match ETag is the image's current one; no body" },
    handler: async ({ query, request, reply }) => {
      limiter.enforce(request.ip);
      const file = await getBadgeEmbed(ctx, caches, query);
      reply
        .header("etag", file.etag)
        // immutable only when the URL names these very bytes; a stale version gets today's image, revalidated hourly
        .header("cache-control", query.v === badgeVersion(file) ? BADGE_VERSIONED_CACHE_CONTROL : BADGE_CACHE_CONTROL)
        // embedded on the company's own site: helmet's same-origin resource policy would block the <img>
        .header("cross-origin-resource-policy", "cross-origin")
        .header("x-content-type-options", "nosniff");
      if (etagMatches(request.headers["if-none-match"], file.etag)) return reply.status(304).send();
      if (query.format === "svg") reply.header("content-security-policy", "default-src 'none'; style-src 'unsafe-inline'");
      return reply
        .header("content-type", file.contentType)
        .header("content-disposition", `inline; filename="${file.fileName}"`)
        .send(file.bytes);
    },
  });
}
