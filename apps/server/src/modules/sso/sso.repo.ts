import { and, asc, count, eq, inArray, isNull } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { account, ssoProvider, user } from "../../db/schema.js";

export interface SsoProviderRow {
  providerId: string;
  domain: string;
  issuer: string;
}

const publicColumns = { providerId: ssoProvider.providerId, domain: ssoProvider.domain, issuer: ssoProvider.issuer };

/** The company's providers, without their OIDC configuration (which holds the client secret). */
export async function listProviders(db: Database, tenantId: string): Promise<SsoProviderRow[]> {
  return db
    .select(publicColumns)
    .from(ssoProvider)
    .where(eq(ssoProvider.organizationId, tenantId))
    .orderBy(asc(ssoProvider.domain), asc(ssoProvider.createdAt));
}

export async function countProviders(db: Database, tenantId: string): Promise<number> {
  const [row] = await db.select({ value: count() }).from(ssoProvider).where(eq(ssoProvider.organizationId, tenantId));
  return row?.value ?? 0;
}

/**
 * Who holds a domain: "none", this company ("self") or another one ("other"). A row the SSO plugin has written
 * but not yet assigned to a company counts as another company's claim (its registration is still running).
 */
export async function findDomainClaim(db: Database, tenantId: string, domain: string): Promise<"none" | "self" | "other"> {
  const rows = await db.select({ organizationId: ssoProvider.organizationId }).from(ssoProvider).where(eq(ssoProvider.domain, domain));
  if (rows.length === 0) return "none";
  return rows.some((row) => row.organizationId === tenantId) ? "self" : "other";
}

/** Links a provider the SSO plugin has just written (organization_id still empty) to the company that registered it. */
export async function assignProviderToTenant(db: Database, tenantId: string, providerId: string): Promise<boolean> {
  const rows = await db
    .update(ssoProvider)
    .set({ organizationId: tenantId, updatedAt: new Date() })
    .where(and(eq(ssoProvider.providerId, providerId), isNull(ssoProvider.organizationId)))
    .returning({ id: ssoProvider.id });
  return rows.length === 1;
}

/**
 * True when this company's provider is the first claim on its domain (oldest row, then lowest id). Two companies
 * registering the same domain at once both insert; each then asks this, and exactly one of them wins.
 */
export async function holdsFirstClaim(db: Database, tenantId: string, providerId: string, domain: string): Promise<boolean> {
  const [first] = await db
    .select({ providerId: ssoProvider.providerId, organizationId: ssoProvider.organizationId })
    .from(ssoProvider)
    .where(eq(ssoProvider.domain, domain))
    .orderBy(asc(ssoProvider.createdAt), asc(ssoProvider.id))
    .limit(1);
  return first?.providerId === providerId && first.organizationId === tenantId;
}

/**
 * Deletes one of the company's providers and the sign-in links (accounts) its users had through it; the users
 * stay. Another company's provider id deletes nothing.
 */
export async function deleteProvider(db: Database, tenantId: string, providerId: string): Promise<boolean> {
  const deleted = await db
    .delete(ssoProvider)
    .where(and(eq(ssoProvider.providerId, providerId), eq(ssoProvider.organizationId, tenantId)))
    .returning({ id: ssoProvider.id });
  if (deleted.length === 0) return false;
  const tenantUsers = db.select({ id: user.id }).from(user).where(eq(user.tenantId, tenantId));
  await db.delete(account).where(and(eq(account.providerId, providerId), inArray(account.userId, tenantUsers)));
  return true;
}
