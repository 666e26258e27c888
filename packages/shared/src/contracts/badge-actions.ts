/** Badge download, embed code, profile and public profile settings (docs/decisions/0038). */
import { z } from "zod";

export const badgeActionInputSchema = z.object({ badgeId: z.string().min(1).max(200) });
export type BadgeActionInput = z.infer<typeof badgeActionInputSchema>;

export const shownCertificationSchema = z.object({ certification: z.string(), year: z.number().int() });

export const badgeUsageSchema = z.object({
  /** The plan's badge licence (Bronze 1, Silver 4, Gold 8); null when unlimited. */
  licence: z.number().int().nullable(),
  used: z.number().int(),
  /** Licence minus used; null when unlimited. Download is disabled at 0 or below. */
  remaining: z.number().int().nullable(),
  /** Badge ids the company downloaded at least once. */
  downloaded: z.array(z.string()),
  shownCertifications: z.array(shownCertificationSchema),
  /** The public profile address when published, for the embed link and the page's "view profile" link. */
  profileUrl: z.string().nullable(),
});
export type BadgeUsage = z.infer<typeof badgeUsageSchema>;

export const badgeDownloadResultSchema = z.object({
  /** The badge image to fetch (the embed endpoint). */
  fileUrl: z.string(),
  fileName: z.string(),
  usage: badgeUsageSchema,
});
export type BadgeDownloadResult = z.infer<typeof badgeDownloadResultSchema>;

export const badgeEmbedCodeSchema = z.object({ snippet: z.string(), imageUrl: z.string(), linkUrl: z.string() });
export type BadgeEmbedCode = z.infer<typeof badgeEmbedCodeSchema>;

export const publicProfileSettingsSchema = z.object({
  slug: z.string().nullable(),
  published: z.boolean(),
  showScore: z.boolean(),
  description: z.string().nullable(),
  /** A slug suggested from the company name while none is chosen. */
  suggestedSlug: z.string(),
  url: z.string().nullable(),
});
export type PublicProfileSettings = z.infer<typeof publicProfileSettingsSchema>;

export const publicProfileSettingsInputSchema = z.object({
  slug: z.string().trim().max(200).nullable(),
  published: z.boolean(),
  showScore: z.boolean(),
  description: z.string().trim().max(1000).nullable(),
});
export type PublicProfileSettingsInput = z.infer<typeof publicProfileSettingsInputSchema>;

/** One badge the company holds, as the dashboard's Certifications section shows it to every member (decision 0039). */
export const heldBadgeSchema = z.object({
  /** The badge id of the card (`certification-2026`, `award-…-2026`). */
  id: z.string(),
  name: z.string(),
  type: z.enum(["certification", "award"]),
  year: z.number().int(),
  status: z.literal("Certified"),
  hasDownloaded: z.boolean(),
  /** The badge image (the public embed endpoint) and the page that verifies its credential. */
  imageUrl: z.string(),
  verifyUrl: z.string(),
});
export type HeldBadge = z.infer<typeof heldBadgeSchema>;

export const heldBadgeListSchema = z.object({
  badges: z.array(heldBadgeSchema),
  /** Whether the reader holds the certification permission (download, embed code, profile). */
  canManage: z.boolean(),
});
export type HeldBadgeList = z.infer<typeof heldBadgeListSchema>;
