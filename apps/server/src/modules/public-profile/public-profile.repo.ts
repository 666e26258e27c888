/** The public profile's SQL (decision 0038): the page's facts by slug, and the certified year's LOWI score. */
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { tenant } from "../../db/schema.js";
import { companyPublicProfile } from "../../db/schema-profile.js";

export interface PublishedProfileRow {
  tenantId: string;
  slug: string;
  companyName: string | null;
  headcount: number | null;
  companySize: string;
  website: string | null;
  hasLogo: boolean;
  logoUpdatedAt: Date | null;
  accentColor: string | null;
  description: string | null;
  showScore: boolean;
  shownCertifications: { certification: string; year: number }[];
}

/** A published profile by its slug; unpublished and unknown slugs read the same (undefined). */
export async function findPublishedProfileBySlug(db: Database, slug: string): Promise<PublishedProfileRow | undefined> {
  const [row] = await db
    .select({
      tenantId: tenant.id,
      slug: sql<string>`${companyPublicProfile.slug}`,
      companyName: tenant.companyName,
      headcount: tenant.headcount,
      companySize: tenant.companySize,
      website: tenant.website,
      hasLogo: sql<boolean>`${tenant.logo} is not null and ${tenant.logoContentType} is not null`,
      logoUpdatedAt: tenant.logoUpdatedAt,
      accentColor: tenant.accentColor,
      description: companyPublicProfile.description,
      showScore: companyPublicProfile.showScore,
      shownCertifications: companyPublicProfile.shownCertifications,
    })
    .from(companyPublicProfile)
    .innerJoin(tenant, eq(tenant.id, companyPublicProfile.tenantId))
    .where(and(eq(companyPublicProfile.slug, slug), eq(companyPublicProfile.published, true)));
  return row ? { ...row, hasLogo: Boolean(row.hasLogo) } : undefined;
}

/** The logo of a published profile's company. */
export async function findPublishedLogo(db: Database, slug: string): Promise<{ bytes: Buffer; contentType: string } | undefined> {
  const [row] = await db
    .select({ logo: tenant.logo, contentType: tenant.logoContentType })
    .from(companyPublicProfile)
    .innerJoin(tenant, eq(tenant.id, companyPublicProfile.tenantId))
    .where(and(eq(companyPublicProfile.slug, slug), eq(companyPublicProfile.published, true)));
  return row?.logo && row.contentType ? { bytes: row.logo, contentType: row.contentType } : undefined;
}
