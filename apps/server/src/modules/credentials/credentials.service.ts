import { listCatalogueBadges } from "@hearth/shared";
import type { AppContext } from "../../app-context.js";
import { verifyPageUrl } from "../certifications/badge-actions.service.js";
import type { Actor } from "../../lib/actor.js";
import { AppError, forbidden, notFound } from "../../lib/errors.js";
import { forgetHeldBadges } from "./held-badges-generation.js";
import { type CredentialReader, readProblemError } from "./credential-reader.js";
import {
  type Credential,
  buildBadgeCredential,
  signStatusList,
  signCredential,
  type VerificationResult,
  verifyBadgeCredential,
} from "./credential.js";
import { awardCriteriaNarrative, awardDescription, CERTIFICATION_CRITERIA_NARRATIVE, CERTIFICATION_DESCRIPTION } from "./criteria.js";
import {
  type BadgeCredentialRow,
  findBadgeForCredential,
  findIssuedBadgeId,
  listRevokedStatusIndexes,
  nextStatusIndex,
  revokeIssuedBadge,
  storeCredential,
} from "./credentials.repo.js";
import { issuerDocument, loadIssuer } from "./issuer.js";
import { STATUS_LIST_BITS } from "./status-list.js";

/**
 * Open Badges 3.0 credentials of issued badges (docs/decisions/0037): signed once, on first need, and kept; the
 * instance's signed revocation status list; verification of a credential or of a badge image with one baked in.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const issuerFor = (ctx: AppContext) => loadIssuer(ctx.env);

export async function getIssuerDocument(ctx: AppContext): Promise<Record<string, unknown>> {
  return issuerDocument(await issuerFor(ctx));
}

function criteriaOf(row: BadgeCredentialRow): { description: string; criteriaNarrative: string } {
  if (row.type !== "award") return { description: CERTIFICATION_DESCRIPTION, criteriaNarrative: CERTIFICATION_CRITERIA_NARRATIVE };
  const area = listCatalogueBadges(row.year).find((badge) => badge.id === row.badgeId)?.area ?? row.name;
  return { description: awardDescription(area), criteriaNarrative: awardCriteriaNarrative(area) };
}

const embedUrl = (appUrl: string, row: BadgeCredentialRow) =>
  `${appUrl}/api/certifications/embed?${new URLSearchParams({ id: row.tenantId, certification: row.name, year: String(row.year) })}`;

/**
 * The badge's signed credential: the stored one, or signed now with the next free status list index and stored
 * (a concurrent first request keeps whichever was stored first). Null for an unknown id.
 */
export async function ensureBadgeCredential(ctx: AppContext, issuedBadgeId: string): Promise<Credential | null> {
  if (!UUID.test(issuedBadgeId)) return null;
  const db = ctx.database.db;
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const row = await findBadgeForCredential(db, issuedBadgeId);
    if (!row) return null;
    if (row.credential) return row.credential;
    const issuer = await issuerFor(ctx);
    const statusIndex = await nextStatusIndex(db);
    if (statusIndex >= STATUS_LIST_BITS) throw new AppError("INTERNAL", "The revocation list is full.");
    const credential = await signCredential(
      issuer,
      buildBadgeCredential(issuer, {
        issuedBadgeId: row.id,
        tenantId: row.tenantId,
        companyName: row.companyName?.trim() || row.companyLegalName?.trim() || "Company",
        badgeId: row.badgeId,
        badgeName: row.name,
        type: row.type === "award" ? "award" : "certification",
        year: row.year,
        issuedAt: row.issuedAt,
        statusIndex,
        imageUrl: embedUrl(issuer.appUrl, row),
        ...criteriaOf(row),
      }),
    );
    try {
      if (await storeCredential(db, row.tenantId, row.id, statusIndex, credential)) return credential;
    } catch (error) {
      // the index was taken by another badge signed at the same moment: take the next one
      if (!/unique|duplicate/i.test(String((error as { cause?: unknown }).cause ?? error))) throw error;
    }
  }
  throw new AppError("CONFLICT", "The credential could not be issued; please try again.");
}

/** The public credential of an issued badge (revoked ones too: verification says they are revoked), or 404. */
export async function getPublicCredential(ctx: AppContext, issuedBadgeId: string): Promise<Credential> {
  const credential = await ensureBadgeCredential(ctx, issuedBadgeId);
  if (!credential) throw notFound("No such credential.");
  return credential;
}

/** The credential text to bake into a company's badge image, for the embed endpoint; null when it holds none. */
export async function credentialTextForBadge(ctx: AppContext, tenantId: string, badgeId: string): Promise<string | null> {
  const id = await findIssuedBadgeId(ctx.database.db, tenantId, badgeId);
  const credential = id ? await ensureBadgeCredential(ctx, id) : null;
  return credential ? JSON.stringify(credential) : null;
}

/**
 * The public verification page of a company's badge, {APP_URL}/verify/{issued badge id}, for embed codes and the
 * public profile to link to; null when the company does not hold that badge. Signs nothing.
 */
export async function findVerifyPageUrl(ctx: AppContext, tenantId: string, badgeId: string): Promise<string | null> {
  const id = await findIssuedBadgeId(ctx.database.db, tenantId, badgeId);
  return id ? verifyPageUrl(ctx.env.APP_URL, id) : null;
}

const statusLists = new Map<string, { revoked: string; credential: Promise<Credential> }>();

/** The instance's signed revocation status list; re-signed only when the set of revoked badges changes. */
export async function getStatusListCredential(ctx: AppContext): Promise<Credential> {
  const issuer = await issuerFor(ctx);
  const revoked = await listRevokedStatusIndexes(ctx.database.db);
  const key = revoked.join(",");
  const cached = statusLists.get(issuer.id);
  if (cached && cached.revoked === key) return cached.credential;
  const credential = signStatusList(issuer, revoked);
  statusLists.set(issuer.id, { revoked: key, credential });
  credential.catch(() => {
    if (statusLists.get(issuer.id)?.credential === credential) statusLists.delete(issuer.id);
  });
  return credential;
}

export interface VerifyInput {
  credential?: Record<string, unknown> | string;
  /** A badge PNG or SVG, base64. */
  file?: string;
}

export interface VerifyAnswer extends VerificationResult {
  /** The credential that was checked (from the body or the file), for a page to display. */
  credential: Credential | null;
  /** Where the credential came from. */
  source: "credential" | "png" | "svg";
}

/**
 * Verifies a credential, or the credential baked into an uploaded badge PNG or SVG. The submission is read and
 * parsed on the reader's thread, bounded in size, depth and time (docs/decisions/0054); only a credential that
 * passed those bounds reaches the signature check here.
 */
export async function verifySubmission(
  ctx: AppContext,
  reader: CredentialReader,
  input: VerifyInput,
  now = new Date(),
): Promise<VerifyAnswer> {
  if (input.file === undefined && input.credential === undefined) {
    throw new AppError("VALIDATION_FAILED", "Send a credential or a badge file.", {
      fields: { credential: "Send a credential or a badge file." },
    });
  }
  const outcome = await reader.read(
    input.file !== undefined
      ? { file: input.file }
      : { text: typeof input.credential === "string" ? input.credential : JSON.stringify(input.credential) },
  );
  if (!outcome.ok) throw readProblemError(outcome.problem);
  const credential = outcome.credential as Credential;
  const issuer = await issuerFor(ctx);
  const result = await verifyBadgeCredential(issuer, credential, () => getStatusListCredential(ctx), now);
  return { ...result, credential, source: outcome.source };
}

/** Revokes an issued badge (internal accounts only): its bit in the status list is set from now on. */
export async function revokeBadge(ctx: AppContext, actor: Actor, issuedBadgeId: string): Promise<{ id: string; revokedAt: string }> {
  if (!actor.isInternalAccount) throw forbidden();
  if (!UUID.test(issuedBadgeId)) throw notFound("No such badge.");
  const row = await findBadgeForCredential(ctx.database.db, issuedBadgeId);
  if (!row) throw notFound("No such badge.");
  // a badge revoked before its credential was ever signed still gets an index, so its credential reads as revoked
  await ensureBadgeCredential(ctx, issuedBadgeId);
  const revoked = await revokeIssuedBadge(ctx.database.db, row.tenantId, issuedBadgeId, new Date());
  if (!revoked) throw notFound("No such badge.");
  // the embed endpoint stops answering the badge's image at once (0036)
  forgetHeldBadges();
  return { id: revoked.id, revokedAt: revoked.revokedAt.toISOString() };
}
