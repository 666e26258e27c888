/**
 * Badge images for embedding (docs/decisions/0036): the badge a company holds for a year, rendered once per content
 * (tenant, badge, year, orientation, format, company name) and kept in a bounded in-memory LRU, with a strong ETag that
 * is the hash of the bytes sent.
 */
import { createHash } from "node:crypto";
import { slugify } from "@hearth/shared";
import type { AppContext } from "../../app-context.js";
import { notFound } from "../../lib/errors.js";
import { bakePng, bakeSvg } from "../credentials/baking.js";
import { credentialTextForBadge } from "../credentials/credentials.service.js";
import { heldBadgesGeneration } from "../credentials/held-badges-generation.js";
import { type BadgeFormat, type BadgeImageInput, type BadgeOrientation, renderBadgeImage, renderBadgeSvg } from "./badge-image.js";
import { type HeldBadge, findHeldBadge } from "./badges.repo.js";

export interface BadgeEmbedRequest {
  id: string;
  certification: string;
  year: number;
  orientation: BadgeOrientation;
  format: BadgeFormat;
}

export interface BadgeFile {
  bytes: Buffer;
  contentType: string;
  /** A strong validator: the quoted hash of `bytes`. */
  etag: string;
  fileName: string;
}

export const BADGE_CONTENT_TYPES: Record<BadgeFormat, string> = { png: "image/png", svg: "image/svg+xml; charset=utf-8" };

/**
 * The bytes of a badge file in one format. The one place the embed endpoint gets its bytes from: baking an Open
 * Badges credential into the PNG (an iTXt chunk) or the SVG (an element) goes here, so that every image served, cached
 * and hashed carries it.
 */
export async function renderBadgeFile(badge: BadgeImageInput, format: BadgeFormat, credential: string | null = null): Promise<Buffer> {
  // The badge's signed Open Badges credential travels inside the file (docs/decisions/0037).
  if (format === "png") {
    const { png } = await renderBadgeImage(badge);
    return credential ? bakePng(png, credential) : png;
  }
  // the SVG alone: no PNG is rasterised for it
  const svg = await renderBadgeSvg(badge);
  return Buffer.from(credential ? bakeSvg(svg, credential) : svg, "utf8");
}

/** The quoted, strong ETag of some bytes: SHA-256, base64url, 32 characters (192 bits). */
export const badgeEtag = (bytes: Buffer) => `"${createHash("sha256").update(bytes).digest("base64url").slice(0, 32)}"`;

/** True when an If-None-Match header names the ETag (weak comparison, as RFC 9110 asks for If-None-Match) or is "*". */
export function etagMatches(header: string | string[] | undefined, etag: string): boolean {
  if (!header) return false;
  const values = (Array.isArray(header) ? header.join(",") : header).split(",").map((value) => value.trim());
  return values.some((value) => value === "*" || value.replace(/^W\//, "") === etag);
}

const fileSlug = (text: string) => slugify(text) || "badge";

/** A bounded least-recently-used cache of rendered files; a render in flight is shared, a failed one is dropped. */
export class BadgeFileCache {
  private readonly entries = new Map<string, Promise<BadgeFile>>();

  constructor(private readonly maxEntries = 500) {}

  get size(): number {
    return this.entries.size;
  }

  get(key: string, render: () => Promise<BadgeFile>): Promise<BadgeFile> {
    const cached = this.entries.get(key);
    if (cached) {
      // re-inserted: a Map iterates in insertion order, so the first key is the least recently used
      this.entries.delete(key);
      this.entries.set(key, cached);
      return cached;
    }
    const file = render();
    this.entries.set(key, file);
    file.catch(() => {
      if (this.entries.get(key) === file) this.entries.delete(key);
    });
    while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
    return file;
  }
}

/** How long this server trusts a lookup of a held badge before asking the database again (docs/decisions/0036). */
export const HELD_BADGE_TTL_MS = 30_000;

/**
 * Badges found held, by (company id, name, year), for HELD_BADGE_TTL_MS, bounded: a cached embed then costs no
 * database query. Only finds are kept; a badge not held is asked for again each time, so a new certification shows
 * at once, and a revocation or a new company name within the TTL.
 */
export class HeldBadgeCache {
  private readonly entries = new Map<string, { expires: number; generation: number; badge: HeldBadge }>();

  constructor(
    private readonly ttlMs = HELD_BADGE_TTL_MS,
    private readonly maxEntries = 5_000,
  ) {}

  async get(key: string, find: () => Promise<HeldBadge | null>, now = Date.now()): Promise<HeldBadge | null> {
    const cached = this.entries.get(key);
    if (cached && cached.expires > now && cached.generation === heldBadgesGeneration()) return cached.badge;
    this.entries.delete(key);
    const generation = heldBadgesGeneration();
    const badge = await find();
    if (badge) {
      this.entries.set(key, { expires: now + this.ttlMs, generation, badge });
      while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
    }
    return badge;
  }
}

export interface BadgeEmbedCaches {
  held: HeldBadgeCache;
  files: BadgeFileCache;
}

const cachesByApp = new WeakMap<AppContext, BadgeEmbedCaches>();

/** The one set of caches of an app: the embed endpoint and the public profile read the same rendered files. */
export function badgeCachesFor(ctx: AppContext): BadgeEmbedCaches {
  let caches = cachesByApp.get(ctx);
  if (!caches) {
    caches = { held: new HeldBadgeCache(), files: new BadgeFileCache(500) };
    cachesByApp.set(ctx, caches);
  }
  return caches;
}

/** A file's version: its ETag without the quotes (the content hash), as the `v` of a versioned embed URL. */
export const badgeVersion = (file: Pick<BadgeFile, "etag">) => file.etag.slice(1, -1);

/**
 * The badge file the embed URL names, or 404 NOT_FOUND, the same answer whether the company id is unknown, the
 * company does not hold that badge for that year, or the badge was revoked. The holding is read from the database,
 * or from a lookup at most HELD_BADGE_TTL_MS old, so a revocation or a new company name applies within that time.
 */
export async function getBadgeEmbed(ctx: AppContext, caches: BadgeEmbedCaches, request: BadgeEmbedRequest): Promise<BadgeFile> {
  const held = await caches.held.get(JSON.stringify([request.id, request.certification, request.year]), () =>
    findHeldBadge(ctx.database.db, request.id, request.certification, request.year),
  );
  if (!held) throw notFound("No such badge.");
  const companyName = held.companyName?.trim() || held.companyLegalName?.trim() || "";
  const badge: BadgeImageInput = {
    companyName,
    badgeName: held.badgeName,
    type: held.type === "award" ? "award" : "certification",
    year: held.year,
    orientation: request.orientation,
  };
  const key = JSON.stringify([held.tenantId, held.badgeId, held.badgeName, held.year, request.orientation, request.format, companyName]);
  return caches.files.get(key, async () => {
    // Signed once and stored, so the credential (and the file's bytes) never change for this key (0037).
    const credential = await credentialTextForBadge(ctx, held.tenantId, held.badgeId);
    const bytes = await renderBadgeFile(badge, request.format, credential);
    return {
      bytes,
      contentType: BADGE_CONTENT_TYPES[request.format],
      etag: badgeEtag(bytes),
      fileName: `${fileSlug(held.badgeName)}-${held.year}-${request.orientation}.${request.format}`,
    };
  });
}
