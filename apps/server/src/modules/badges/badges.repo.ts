import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { issuedBadge } from "../../db/schema-certifications.js";
import { tenant } from "../../db/schema.js";

/** What a badge image shows: the holder's current name and the badge. */
export interface HeldBadge {
  tenantId: string;
  badgeId: string;
  companyName: string | null;
  companyLegalName: string | null;
  badgeName: string;
  type: string;
  year: number;
}

/**
 * The badge named `name` (exactly, case-sensitive) that the company holds for `year`, not revoked; null otherwise,
 * including for an unknown company id.
 */
export async function findHeldBadge(db: Database, tenantId: string, name: string, year: number): Promise<HeldBadge | null> {
  const rows = await db
    .select({
      tenantId: issuedBadge.tenantId,
      badgeId: issuedBadge.badgeId,
      companyName: tenant.companyName,
      companyLegalName: tenant.companyLegalName,
      badgeName: issuedBadge.name,
      type: issuedBadge.type,
      year: issuedBadge.year,
    })
    .from(issuedBadge)
    .innerJoin(tenant, eq(tenant.id, issuedBadge.tenantId))
    .where(
      and(
        eq(issuedBadge.tenantId, tenantId),
        eq(tenant.id, tenantId),
        eq(issuedBadge.name, name),
        eq(issuedBadge.year, year),
        isNull(issuedBadge.revokedAt),
      ),
    )
    .limit(1);
  return rows[0] ?? null;
}
