import { and, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { type Database, rowsOf } from "../../db/client.js";
import { issuedBadge } from "../../db/schema-certifications.js";
import { tenant } from "../../db/schema.js";

/**
 * The issued badges' credentials (docs/decisions/0037). A credential is addressed by its issued_badge id alone (its
 * public URL), so these reads are by that id; the company is read with it, through the badge's own tenant id.
 */
export interface BadgeCredentialRow {
  id: string;
  tenantId: string;
  badgeId: string;
  type: string;
  name: string;
  year: number;
  issuedAt: Date;
  revokedAt: Date | null;
  credentialStatusIndex: number | null;
  credential: Record<string, unknown> | null;
  companyName: string | null;
  companyLegalName: string | null;
}

export async function findBadgeForCredential(db: Database, issuedBadgeId: string): Promise<BadgeCredentialRow | null> {
  const rows = await db
    .select({
      id: issuedBadge.id,
      tenantId: issuedBadge.tenantId,
      badgeId: issuedBadge.badgeId,
      type: issuedBadge.type,
      name: issuedBadge.name,
      year: issuedBadge.year,
      issuedAt: issuedBadge.issuedAt,
      revokedAt: issuedBadge.revokedAt,
      credentialStatusIndex: issuedBadge.credentialStatusIndex,
      credential: issuedBadge.credential,
      companyName: tenant.companyName,
      companyLegalName: tenant.companyLegalName,
    })
    .from(issuedBadge)
    .innerJoin(tenant, eq(tenant.id, issuedBadge.tenantId))
    .where(eq(issuedBadge.id, issuedBadgeId))
    .limit(1);
  return rows[0] ?? null;
}

/** The issued badge of a company by its catalogue id (the embed endpoint's badge), or null. */
export async function findIssuedBadgeId(db: Database, tenantId: string, badgeId: string): Promise<string | null> {
  const rows = await db
    .select({ id: issuedBadge.id })
    .from(issuedBadge)
    .where(and(eq(issuedBadge.tenantId, tenantId), eq(issuedBadge.badgeId, badgeId)))
    .limit(1);
  return rows[0]?.id ?? null;
}

/** The next free status list index (one past the highest allocated). */
export async function nextStatusIndex(db: Database): Promise<number> {
  const result = await db.execute(sql`select coalesce(max(credential_status_index), -1) + 1 as next from issued_badge`);
  return Number(rowsOf<{ next: number | string }>(result)[0]?.next ?? 0);
}

/**
 * Stores a badge's first signed credential with its status index; false when another request stored one first
 * (the credential is then read again) or the index was taken (a unique violation, thrown for the caller to retry).
 */
export async function storeCredential(
  db: Database,
  tenantId: string,
  issuedBadgeId: string,
  statusIndex: number,
  credential: Record<string, unknown>,
): Promise<boolean> {
  const rows = await db
    .update(issuedBadge)
    .set({ credentialStatusIndex: statusIndex, credential })
    .where(and(eq(issuedBadge.id, issuedBadgeId), eq(issuedBadge.tenantId, tenantId), isNull(issuedBadge.credential)))
    .returning({ id: issuedBadge.id });
  return rows.length > 0;
}

/** The status list indexes of revoked badges. */
export async function listRevokedStatusIndexes(db: Database): Promise<number[]> {
  const rows = await db
    .select({ index: issuedBadge.credentialStatusIndex })
    .from(issuedBadge)
    .where(and(isNotNull(issuedBadge.revokedAt), isNotNull(issuedBadge.credentialStatusIndex)));
  return rows.map((row) => row.index as number).sort((a, b) => a - b);
}

/** Marks a badge revoked (once: a second call keeps the first date); the row after, or null for an unknown id. */
export async function revokeIssuedBadge(
  db: Database,
  tenantId: string,
  issuedBadgeId: string,
  at: Date,
): Promise<{ id: string; revokedAt: Date } | null> {
  await db
    .update(issuedBadge)
    .set({ revokedAt: at })
    .where(and(eq(issuedBadge.id, issuedBadgeId), eq(issuedBadge.tenantId, tenantId), isNull(issuedBadge.revokedAt)));
  const rows = await db
    .select({ id: issuedBadge.id, revokedAt: issuedBadge.revokedAt })
    .from(issuedBadge)
    .where(and(eq(issuedBadge.id, issuedBadgeId), eq(issuedBadge.tenantId, tenantId)))
    .limit(1);
  const row = rows[0];
  return row?.revokedAt ? { id: row.id, revokedAt: row.revokedAt } : null;
}
