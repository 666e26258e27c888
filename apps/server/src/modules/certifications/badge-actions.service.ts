/**
 * What a company does with a badge it holds (spec accounts §2, §4, §5, §6, §8; surveys §2 screen 10; decision 0038):
 * download it within the plan's badge licence, copy its embed code, show it on (or take it off) the public profile.
 * Every action needs the certification permission and writes one activity log entry.
 */
import {
  type BadgeDownloadResult,
  type BadgeEmbedCode,
  type BadgeUsage,
  type HeldBadgeList,
  allowanceLimit,
  badgeEmbedSnippet,
  badgeEmbedUrl,
  CERTIFICATION_MESSAGES,
  hasPermission,
  remainingBadgeDownloads,
  slugify,
} from "@hearth/shared";
import type { AppContext } from "../../app-context.js";
import type { Database } from "../../db/client.js";
import type { Actor } from "../../lib/actor.js";
import { AppError, notFound } from "../../lib/errors.js";
import { readEffectivePlan } from "../billing/billing.service.js";
import { insertActivityLogs } from "../activity-log/activity-log.repo.js";
import {
  countBadgeDownloadsSince,
  findPublicProfile,
  insertBadgeDownload,
  listDownloadedBadgeIds,
  lockPublicProfile,
  type PublicProfileRow,
  updatePublicProfile,
} from "./badge-actions.repo.js";
import { type IssuedBadgeRow, listIssuedBadges } from "./certifications.repo.js";

/** Spec accounts §6: without the certification permission, "You do not have access to this certification badge." */
export function requireCertificationPermission(actor: Actor): void {
  if (!hasPermission(actor, "certification")) throw new AppError("FORBIDDEN", CERTIFICATION_MESSAGES.noAccess);
}

const trimSlash = (url: string) => url.replace(/\/+$/, "");

/** The public profile's address when it is published, else null. */
export function publicProfileUrl(appUrl: string, profile: Pick<PublicProfileRow, "slug" | "published"> | undefined): string | null {
  return profile?.published && profile.slug ? `${trimSlash(appUrl)}/c/${profile.slug}` : null;
}

/** The start of the licence year: downloads after it count (the year before now, like the certification licences). */
function licenceYearStart(now: Date): Date {
  const since = new Date(now);
  since.setUTCFullYear(since.getUTCFullYear() - 1);
  return since;
}

async function findHeldBadge(db: Database, tenantId: string, badgeId: string): Promise<IssuedBadgeRow> {
  const held = (await listIssuedBadges(db, tenantId)).find((row) => row.badgeId === badgeId);
  // Another company's badge, an unknown id and a badge not (or no longer) held all answer the same.
  if (!held) throw notFound("Your company does not hold this certification.");
  return held;
}

async function readUsage(db: Database, appUrl: string, tenantId: string, now: Date): Promise<BadgeUsage> {
  const [effective, used, downloaded, profile] = await Promise.all([
    readEffectivePlan(db, tenantId, now),
    countBadgeDownloadsSince(db, tenantId, licenceYearStart(now)),
    listDownloadedBadgeIds(db, tenantId),
    findPublicProfile(db, tenantId),
  ]);
  const licence = allowanceLimit(effective.plan, "certification");
  return {
    licence,
    used,
    remaining: licence === null ? null : remainingBadgeDownloads(effective.plan, used),
    downloaded,
    shownCertifications: profile?.shownCertifications ?? [],
    profileUrl: publicProfileUrl(appUrl, profile),
  };
}

/** `GET /api/certifications/usage`: the badge licence, downloads used and left, and what the profile shows. */
export async function getBadgeUsage(ctx: AppContext, actor: Actor, now = new Date()): Promise<BadgeUsage> {
  requireCertificationPermission(actor);
  return readUsage(ctx.database.db, ctx.env.APP_URL, actor.tenantId, now);
}

function fileNameOf(badge: IssuedBadgeRow): string {
  return `${slugify(badge.name, 200)}-${badge.year}.png`;
}

/**
 * `POST /api/certifications/downloads`: records one download of a held badge within the licence (409 at 0 or below)
 * and logs `download_{type}`; answers the image's URL (the embed endpoint) for the browser to fetch.
 */
export async function recordBadgeDownload(ctx: AppContext, actor: Actor, badgeId: string, now = new Date()): Promise<BadgeDownloadResult> {
  requireCertificationPermission(actor);
  const { db } = ctx.database;
  const badge = await findHeldBadge(db, actor.tenantId, badgeId);
  await db.transaction(async (tx) => {
    // One download at a time per company: the profile row is the company's lock, so two clicks cannot both take the
    // last licence.
    await lockPublicProfile(tx, actor.tenantId);
    const effective = await readEffectivePlan(tx, actor.tenantId, now);
    const used = await countBadgeDownloadsSince(tx, actor.tenantId, licenceYearStart(now));
    if (remainingBadgeDownloads(effective.plan, used) <= 0) throw new AppError("CONFLICT", CERTIFICATION_MESSAGES.noDownloadsLeft);
    await insertBadgeDownload(tx, actor.tenantId, { badgeId: badge.badgeId, year: badge.year, userId: actor.userId, at: now });
    await insertActivityLogs(tx, actor.tenantId, actor.userId, [
      {
        action: `download_${badge.type}`,
        data: { certification: badge.name, badgeId: badge.badgeId, year: badge.year, timestamp: now.toISOString(), user: actor.email },
      },
    ]);
  });
  return {
    fileUrl: badgeEmbedUrl(ctx.env.APP_URL, actor.tenantId, badge.name, badge.year),
    fileName: fileNameOf(badge),
    usage: await readUsage(db, ctx.env.APP_URL, actor.tenantId, now),
  };
}

/**
 * The badge's verification page (decision 0037): its Open Badges credential is identified by the issued badge's id
 * and signed on first request, so every held badge has one.
 */
export function verifyPageUrl(appUrl: string, issuedBadgeId: string): string {
  return `${trimSlash(appUrl)}/verify/${issuedBadgeId}`;
}

/**
 * `GET /api/certifications/held`: the badges the company holds, newest year first and the certification before its
 * awards, for every member (decision 0039). Holding a badge is what the company shows the world, so no permission is
 * needed to read the list; acting on a badge still is (canManage says whether the reader may).
 */
export async function listHeldBadges(ctx: AppContext, actor: Actor): Promise<HeldBadgeList> {
  const { db } = ctx.database;
  const [held, downloaded] = await Promise.all([listIssuedBadges(db, actor.tenantId), listDownloadedBadgeIds(db, actor.tenantId)]);
  const badges = [...held]
    .sort(
      (a, b) => b.year - a.year || Number(b.type === "certification") - Number(a.type === "certification") || a.name.localeCompare(b.name),
    )
    .map((badge) => ({
      id: badge.badgeId,
      name: badge.name,
      type: badge.type === "award" ? ("award" as const) : ("certification" as const),
      year: badge.year,
      status: "Certified" as const,
      hasDownloaded: downloaded.includes(badge.badgeId),
      imageUrl: badgeEmbedUrl(ctx.env.APP_URL, actor.tenantId, badge.name, badge.year),
      verifyUrl: verifyPageUrl(ctx.env.APP_URL, badge.id),
    }));
  return { badges, canManage: hasPermission(actor, "certification") };
}

/**
 * `POST /api/certifications/embed-code`: the snippet Copy Embed Code copies, linking the 75 px badge image to its
 * verification page /verify/{credentialId}; logs `generate_embed_code`.
 */
export async function generateEmbedCode(ctx: AppContext, actor: Actor, badgeId: string, now = new Date()): Promise<BadgeEmbedCode> {
  requireCertificationPermission(actor);
  const { db } = ctx.database;
  const badge = await findHeldBadge(db, actor.tenantId, badgeId);
  const imageUrl = badgeEmbedUrl(ctx.env.APP_URL, actor.tenantId, badge.name, badge.year);
  const linkUrl = verifyPageUrl(ctx.env.APP_URL, badge.id);
  const snippet = badgeEmbedSnippet({ linkUrl, imageUrl, alt: `${badge.name} ${badge.year}` });
  await insertActivityLogs(db, actor.tenantId, actor.userId, [
    {
      action: "generate_embed_code",
      data: { certification: badge.name, badgeId: badge.badgeId, year: badge.year, timestamp: now.toISOString(), user: actor.email },
    },
  ]);
  return { snippet, imageUrl, linkUrl };
}

/**
 * `POST /api/certifications/profile` (show) and `DELETE /api/certifications/profile/:badgeId` (hide): changes
 * shownCertifications and logs `add_to_profile` / `remove_from_profile`, once: a change that changes nothing logs
 * nothing.
 */
export async function setBadgeShownOnProfile(
  ctx: AppContext,
  actor: Actor,
  badgeId: string,
  shown: boolean,
  now = new Date(),
): Promise<BadgeUsage> {
  requireCertificationPermission(actor);
  const { db } = ctx.database;
  // Taking a badge off the profile works even after it was revoked; showing one needs it held.
  const badge = shown ? await findHeldBadge(db, actor.tenantId, badgeId) : null;
  await db.transaction(async (tx) => {
    const profile = await lockPublicProfile(tx, actor.tenantId);
    const current = profile.shownCertifications;
    const isShown = current.some((entry) => entry.certification === badgeId);
    if (shown === isShown) {
      if (!shown) throw notFound("This certification is not on your profile.");
      return;
    }
    const removed = current.find((entry) => entry.certification === badgeId);
    const next =
      shown && badge ? [...current, { certification: badge.badgeId, year: badge.year }] : current.filter((entry) => entry !== removed);
    await updatePublicProfile(tx, actor.tenantId, { shownCertifications: next });
    await insertActivityLogs(tx, actor.tenantId, actor.userId, [
      {
        action: shown ? "add_to_profile" : "remove_from_profile",
        data: {
          certification: badge?.name ?? badgeId,
          badgeId,
          year: badge?.year ?? removed?.year ?? null,
          timestamp: now.toISOString(),
          user: actor.email,
        },
      },
    ]);
  });
  return readUsage(db, ctx.env.APP_URL, actor.tenantId, now);
}
