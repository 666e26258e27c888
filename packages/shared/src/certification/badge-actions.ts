/**
 * What a company does with a badge it holds (spec accounts §2, §4, §5, §6, §8, §9; surveys §2 screen 10;
 * docs/decisions/0038): download it within the plan's badge licence, embed it, show it on the public profile at
 * /c/{slug}. Pure rules shared by the server and the web app.
 */
import { allowanceLimit } from "../billing/licences.js";
import type { Plan } from "../plans.js";
import { escapeHtml } from "../surveys/placeholders.js";
import type { CertificationCardStatus } from "./catalogue.js";
import { slugify } from "../slug.js";

/** Spec accounts §9: "download delay 1 s" before a repeat download starts. */
export const BADGE_DOWNLOAD_DELAY_MS = 1000;
/** Surveys §2 screen 10: the embedded image is 75 px wide. */
export const BADGE_EMBED_WIDTH = 75;

export const CERTIFICATION_MESSAGES = {
  noAccessTitle: "No Certification Access",
  noAccess: "You do not have access to this certification badge.",
  addedToProfile: "Badge added to profile",
  removedFromProfile: "Badge removed from profile",
  downloaded: "Certification Downloaded",
  embedNotice: "Your badge will only be displayed if you have been officially certified for the current calendar year.",
  embedCopied: "Embed code copied",
  noDownloadsLeft: "No badge downloads left on your plan this year.",
} as const;

/**
 * Downloads the plan still allows this licence year: the plan's badge licence (Bronze 1, Silver 4, Gold 8; Free 0)
 * minus the downloads made in the year before now. Every download counts, a repeat of the same badge included (a
 * file that leaves the platform is a use of the licence). May be 0 or negative after a move to a smaller plan:
 * Download is disabled at 0 or below (spec accounts §5).
 */
export function remainingBadgeDownloads(plan: Plan, downloadsUsed: number): number {
  if (!Number.isInteger(downloadsUsed) || downloadsUsed < 0) throw new RangeError("downloadsUsed must be a whole number of 0 or more");
  const limit = allowanceLimit(plan, "certification");
  // An unlimited licence (no plan has one today) never runs out.
  if (limit === null) return Number.POSITIVE_INFINITY;
  return limit - downloadsUsed;
}

export interface CardActionInput {
  status: CertificationCardStatus;
  hasDownloaded: boolean;
  /** Whether the user holds the certification permission. */
  canCertify: boolean;
  remainingDownloads: number;
  shownOnProfile: boolean;
}

export interface CardActions {
  /** Download, Embed code and Add to profile are offered (a Certified card, spec accounts §2). */
  offered: boolean;
  /** The user may not act: the card says "No Certification Access" instead. */
  noAccess: boolean;
  downloadDisabled: boolean;
  /** The first download asks for confirmation; later ones start after the 1 s delay. */
  downloadNeedsConfirmation: boolean;
  profileAction: "add" | "remove";
}

/** The actions a certification card offers (pure; tested in badge-actions.test.ts). */
export function certificationCardActions(input: CardActionInput): CardActions {
  const offered = input.status === "Certified";
  return {
    offered,
    noAccess: offered && !input.canCertify,
    downloadDisabled: !offered || !input.canCertify || input.remainingDownloads <= 0,
    downloadNeedsConfirmation: !input.hasDownloaded,
    profileAction: input.shownOnProfile ? "remove" : "add",
  };
}

/** Words that name pages or would mislead as a company's address (decision 0038). */
export const RESERVED_PROFILE_SLUGS = [
  "admin",
  "api",
  "app",
  "c",
  "dashboard",
  "demo",
  "hearth",
  "help",
  "login",
  "logout",
  "new",
  "official",
  "register",
  "settings",
  "sign-in",
  "sign-up",
  "signin",
  "signup",
  "support",
  "verify",
  "www",
] as const;

const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * Why a public profile slug is refused, or null when it is acceptable: lowercase letters, digits and single hyphens
 * between them, 3 to 60 characters, not a reserved word. Uniqueness is the server's to check.
 */
export function profileSlugProblem(slug: string): string | null {
  if (slug.length < 3 || slug.length > 60) return "The address must be 3 to 60 characters long.";
  if (!SLUG_PATTERN.test(slug))
    return "Use lowercase letters, digits and hyphens only, starting and ending with a letter or digit, no double hyphens.";
  if ((RESERVED_PROFILE_SLUGS as readonly string[]).includes(slug)) return "This address is reserved. Please choose another.";
  return null;
}

/** A slug suggested from the company name: "Demo Company, Inc." → "demo-company-inc". */
export function suggestProfileSlug(companyName: string): string {
  return slugify(companyName);
}

export type BadgeOrientation = "v" | "h";

/**
 * The badge image URL (the embed endpoint's contract: id, certification = badge name, year, orientation). With
 * `version` (the image's content hash, its ETag) the URL names those bytes and is cached as immutable (decision 0036).
 */
export function badgeEmbedUrl(
  appUrl: string,
  tenantId: string,
  badgeName: string,
  year: number,
  orientation: BadgeOrientation = "v",
  version?: string,
): string {
  const params = new URLSearchParams({ id: tenantId, certification: badgeName, year: String(year), orientation });
  if (version) params.set("v", version);
  return `${appUrl.replace(/\/+$/, "")}/api/certifications/embed?${params.toString()}`;
}

/**
 * The snippet Copy Embed Code copies (surveys §2 screen 10): a link to the page that proves the badge around the
 * 75 px badge image.
 */
export function badgeEmbedSnippet(input: { linkUrl: string; imageUrl: string; alt: string }): string {
  return `<a href="${escapeHtml(input.linkUrl)}"><img src="${escapeHtml(input.imageUrl)}" width="${BADGE_EMBED_WIDTH}" alt="${escapeHtml(input.alt)}"></a>`;
}
