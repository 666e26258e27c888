/**
 * The public company profile (spec accounts §1 "Company profiles are published publicly"; decision 0038): the
 * settings the company chooses (slug, published, score opt-in, description) and the page anyone reads at /c/{slug}.
 */
import {
  formatLowiScore,
  badgeEmbedUrl,
  COMPANY_SIZE_RANGES,
  type CompanySize,
  type PublicProfileSettings,
  type PublicProfileSettingsInput,
  profileSlugProblem,
  readableAccent,
  suggestProfileSlug,
} from "@hearth/shared";
import type { AppContext } from "../../app-context.js";
import { badgeCachesFor, badgeVersion, getBadgeEmbed } from "../badges/badges.service.js";
import type { Actor } from "../../lib/actor.js";
import { AppError, notFound } from "../../lib/errors.js";
import { findPublicProfile, findTenantIdBySlug, lockPublicProfile, updatePublicProfile } from "../certifications/badge-actions.repo.js";
import { publicProfileUrl, verifyPageUrl } from "../certifications/badge-actions.service.js";
import { listIssuedBadges, listLowiSurveyCounts } from "../certifications/certifications.repo.js";
import { readOneLowiSurveyFacts } from "../certifications/certifications.service.js";
import { findTenant } from "../company/company.repo.js";
import { findPublishedLogo, findPublishedProfileBySlug } from "./public-profile.repo.js";
import { type ProfilePage, profilePageCsp, renderProfilePage } from "./public-profile.page.js";

const trimSlash = (url: string) => url.replace(/\/+$/, "");

/** `GET /api/company/public-profile`. */
export async function getPublicProfileSettings(ctx: AppContext, actor: Actor): Promise<PublicProfileSettings> {
  const { db } = ctx.database;
  const [tenant, profile] = await Promise.all([findTenant(db, actor.tenantId), findPublicProfile(db, actor.tenantId)]);
  if (!tenant) throw notFound("Company not found");
  return {
    slug: profile?.slug ?? null,
    published: profile?.published ?? false,
    showScore: profile?.showScore ?? false,
    description: profile?.description ?? null,
    suggestedSlug: suggestProfileSlug(tenant.companyName ?? ""),
    url: publicProfileUrl(ctx.env.APP_URL, profile),
  };
}

/**
 * `PUT /api/company/public-profile`: the slug follows the rules (profileSlugProblem) and is unique; publishing needs
 * one. An empty description is none.
 */
export async function savePublicProfileSettings(
  ctx: AppContext,
  actor: Actor,
  input: PublicProfileSettingsInput,
): Promise<PublicProfileSettings> {
  const slug = input.slug === null || input.slug === "" ? null : input.slug;
  if (slug !== null) {
    const problem = profileSlugProblem(slug);
    if (problem) throw new AppError("VALIDATION_FAILED", problem, { fields: { slug: problem } });
  }
  if (input.published && slug === null) {
    const message = "Choose the profile's address before publishing it.";
    throw new AppError("VALIDATION_FAILED", message, { fields: { slug: message } });
  }
  const { db } = ctx.database;
  await db.transaction(async (tx) => {
    await lockPublicProfile(tx, actor.tenantId);
    if (slug !== null) {
      const holder = await findTenantIdBySlug(tx, slug);
      if (holder !== null && holder !== actor.tenantId) {
        const message = "This address is taken. Please choose another.";
        throw new AppError("CONFLICT", message, { fields: { slug: message } });
      }
    }
    await updatePublicProfile(tx, actor.tenantId, {
      slug,
      published: input.published,
      showScore: input.showScore,
      description: input.description === null || input.description === "" ? null : input.description,
    });
  });
  return getPublicProfileSettings(ctx, actor);
}

/**
 * The page's facts for a published slug, or null (unknown, unpublished, or a deleted company: its row is gone with
 * it). A shown certification the company no longer holds (revoked) is left out.
 */
export async function readPublicProfilePage(ctx: AppContext, slug: string, now = new Date()): Promise<ProfilePage | null> {
  if (profileSlugProblem(slug) !== null) return null;
  const { db } = ctx.database;
  const profile = await findPublishedProfileBySlug(db, slug);
  if (!profile) return null;
  const appUrl = trimSlash(ctx.env.APP_URL);
  const url = `${appUrl}/c/${profile.slug}`;
  const held = await listIssuedBadges(db, profile.tenantId);
  const shown = profile.shownCertifications.flatMap((entry) => held.filter((row) => row.badgeId === entry.certification));
  // Each image by its versioned URL (the bytes' hash): browsers keep it for good, and a changed badge is a new URL.
  const badges = await Promise.all(
    shown.map(async (badge) => {
      const file = await getBadgeEmbed(ctx, badgeCachesFor(ctx), {
        id: profile.tenantId,
        certification: badge.name,
        year: badge.year,
        orientation: "v",
        format: "png",
      });
      return {
        name: badge.name,
        year: badge.year,
        imageUrl: badgeEmbedUrl(appUrl, profile.tenantId, badge.name, badge.year, "v", badgeVersion(file)),
        verifyUrl: verifyPageUrl(appUrl, badge.id),
      };
    }),
  );
  const certifiedYear = badges.map((badge) => badge.year).sort((a, b) => b - a)[0];
  let score: ProfilePage["score"] = null;
  if (profile.showScore && certifiedYear !== undefined) {
    const loveScore = await readLowiScoreOfYear(ctx, profile.tenantId, certifiedYear, now);
    if (loveScore !== null) score = { year: certifiedYear, text: formatLowiScore(loveScore) };
  }
  const sizeRange = COMPANY_SIZE_RANGES[profile.companySize as CompanySize];
  return {
    url,
    companyName: profile.companyName ?? profile.slug,
    description: profile.description,
    sizeBand: sizeRange ?? null,
    website: profile.website,
    logoUrl: profile.hasLogo ? `${url}/logo?v=${profile.logoUpdatedAt?.getTime() ?? 0}` : null,
    accentColor: profile.accentColor ? readableAccent(profile.accentColor) : null,
    badges,
    score,
  };
}

/**
 * The LOWI score shown for a certified year: the score of the published report state of the closed LOWI survey ending
 * in that year with the most responses, the same number the company report and the dashboard show (decision 0072);
 * null without such a survey or before the visibility threshold.
 */
async function readLowiScoreOfYear(ctx: AppContext, tenantId: string, year: number, now: Date): Promise<number | null> {
  const closed = (await listLowiSurveyCounts(ctx.database.db, tenantId))
    .filter((one) => one.endDate.getUTCFullYear() === year && one.endDate.getTime() <= now.getTime())
    .sort((a, b) => b.responses - a.responses)[0];
  if (!closed) return null;
  const facts = await readOneLowiSurveyFacts(ctx, tenantId, closed);
  if (!facts?.agree || facts.agree.answers === 0 || facts.loveScore === null || facts.loveScore === undefined) return null;
  return facts.loveScore;
}

/** The page and its Content-Security-Policy (which names the hash of the company's colour style). */
export async function renderPublicProfile(ctx: AppContext, slug: string): Promise<{ html: string; csp: string } | null> {
  const page = await readPublicProfilePage(ctx, slug);
  return page ? { html: renderProfilePage(page), csp: profilePageCsp(page.accentColor) } : null;
}

export async function readPublicProfileLogo(ctx: AppContext, slug: string) {
  if (profileSlugProblem(slug) !== null) throw notFound("No such profile");
  const logo = await findPublishedLogo(ctx.database.db, slug);
  if (!logo) throw notFound("No such profile");
  return logo;
}
