/** The SQL of badge downloads and the public company profile (docs/decisions/0038). Every method takes the tenant id. */
import { and, eq, gt, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { badgeDownload, companyPublicProfile, type ShownCertification } from "../../db/schema-profile.js";

export type PublicProfileRow = typeof companyPublicProfile.$inferSelect;

export async function findPublicProfile(db: Database, tenantId: string): Promise<PublicProfileRow | undefined> {
  const [row] = await db.select().from(companyPublicProfile).where(eq(companyPublicProfile.tenantId, tenantId));
  return row;
}

/** The company's profile row, created empty when missing, locked until the transaction ends (read-modify-write). */
export async function lockPublicProfile(tx: Database, tenantId: string): Promise<PublicProfileRow> {
  await tx.insert(companyPublicProfile).values({ tenantId }).onConflictDoNothing({ target: companyPublicProfile.tenantId });
  const [row] = await tx.select().from(companyPublicProfile).where(eq(companyPublicProfile.tenantId, tenantId)).for("update");
  return row;
}

export async function updatePublicProfile(
  db: Database,
  tenantId: string,
  changes: Partial<Pick<PublicProfileRow, "slug" | "published" | "showScore" | "description" | "shownCertifications">>,
): Promise<PublicProfileRow> {
  const [row] = await db
    .update(companyPublicProfile)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(companyPublicProfile.tenantId, tenantId))
    .returning();
  return row;
}

/** The tenant holding a slug, if any (to refuse a slug another company took). */
export async function findTenantIdBySlug(db: Database, slug: string): Promise<string | null> {
  const [row] = await db
    .select({ tenantId: companyPublicProfile.tenantId })
    .from(companyPublicProfile)
    .where(eq(companyPublicProfile.slug, slug));
  return row?.tenantId ?? null;
}

export async function insertBadgeDownload(
  db: Database,
  tenantId: string,
  row: { badgeId: string; year: number; userId: string; at: Date },
) {
  await db.insert(badgeDownload).values({ tenantId, badgeId: row.badgeId, year: row.year, userId: row.userId, downloadedAt: row.at });
}

/** Downloads made after `since` (the licence year). */
export async function countBadgeDownloadsSince(db: Database, tenantId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(badgeDownload)
    .where(and(eq(badgeDownload.tenantId, tenantId), gt(badgeDownload.downloadedAt, since)));
  return Number(row?.count ?? 0);
}

/** Badge ids the company ever downloaded (the cards' hasDownloaded). */
export async function listDownloadedBadgeIds(db: Database, tenantId: string): Promise<string[]> {
  const rows = await db.selectDistinct({ badgeId: badgeDownload.badgeId }).from(badgeDownload).where(eq(badgeDownload.tenantId, tenantId));
  return rows.map((row) => row.badgeId);
}

export type { ShownCertification };
