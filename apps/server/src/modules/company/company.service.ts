import {
  type CompanyProfile,
  type CompanyProfileInput,
  type CompanySize,
  LOGO_MAX_BYTES,
  deriveCompanySize,
  detectImageType,
  isCompanyProfileComplete,
  normalizeVisibilityThreshold,
} from "@hearth/shared";
import type { Database } from "../../db/client.js";
import { AppError, notFound } from "../../lib/errors.js";
import { imageSize } from "../../lib/image-size.js";
import { resolveProfilePrompt } from "../notifications/profile-prompt.js";
import { type TenantRow, findTenant, updateTenant } from "./company.repo.js";

export function toCompanyProfile(row: TenantRow): CompanyProfile {
  return {
    companyName: row.companyName,
    companyLegalName: row.companyLegalName,
    headcount: row.headcount,
    companySize: row.companySize as CompanySize,
    address: row.address,
    phone: row.phone,
    website: row.website,
    timeZone: row.timeZone,
    hasLogo: Boolean(row.logoContentType),
    logoUrl: row.logoContentType ? `/api/company/logo?v=${row.logoUpdatedAt?.getTime() ?? 0}` : null,
    accentColor: row.accentColor,
    profileComplete: isCompanyProfileComplete(row),
    visibilityThreshold: normalizeVisibilityThreshold(row.visibilityThreshold),
    allowLabelling: row.allowLabelling,
  };
}

async function requireTenant(db: Database, tenantId: string): Promise<TenantRow> {
  const row = await findTenant(db, tenantId);
  if (!row) throw notFound("Company not found");
  return row;
}

export async function getCompanyProfile(db: Database, tenantId: string): Promise<CompanyProfile> {
  return toCompanyProfile(await requireTenant(db, tenantId));
}

export async function updateCompanyProfile(db: Database, tenantId: string, input: CompanyProfileInput): Promise<CompanyProfile> {
  const row = await updateTenant(db, tenantId, {
    companyName: input.companyName,
    companyLegalName: input.companyLegalName,
    headcount: input.headcount,
    companySize: deriveCompanySize(input.headcount),
    address: input.address,
    phone: input.phone,
    website: input.website ?? null,
    timeZone: input.timeZone,
  });
  if (!row) throw notFound("Company not found");
  await resolveProfilePrompt(db, tenantId, row);
  return toCompanyProfile(row);
}

/** Sets the company's anonymity threshold (already validated MIN..MAX by the route's schema). */
export async function updateVisibilityThreshold(db: Database, tenantId: string, visibilityThreshold: number): Promise<CompanyProfile> {
  const row = await updateTenant(db, tenantId, { visibilityThreshold });
  if (!row) throw notFound("Company not found");
  return toCompanyProfile(row);
}

/** Lets Hearth's labelers read the company's published comments of closed surveys, or stops it (decision 0050). */
export async function updateLabellingConsent(db: Database, tenantId: string, allowLabelling: boolean): Promise<CompanyProfile> {
  const row = await updateTenant(db, tenantId, { allowLabelling });
  if (!row) throw notFound("Company not found");
  return toCompanyProfile(row);
}

/** Sets the accent colour of the company's survey pages and emails, or goes back to Hearth's (null). */
export async function updateAccentColor(db: Database, tenantId: string, accentColor: string | null): Promise<CompanyProfile> {
  const row = await updateTenant(db, tenantId, { accentColor });
  if (!row) throw notFound("Company not found");
  return toCompanyProfile(row);
}

/** The longest side a logo may have, in pixels. */
export const LOGO_MAX_SIDE = 4096;

/** Decodes a data URL and accepts it only when its bytes are a PNG or JPEG of at most 2 MB and 4,096 × 4,096 pixels. */
export function decodeLogo(dataUrl: string): { bytes: Buffer; contentType: "image/png" | "image/jpeg" } {
  const match = /^data:([a-z/+.-]+)?;base64,([A-Za-z0-9+/=\s]+)$/i.exec(dataUrl);
  if (!match) throw new AppError("VALIDATION_FAILED", "The logo could not be read.", { fields: { file: "Upload a PNG or JPEG image." } });
  const bytes = Buffer.from(match[2], "base64");
  if (bytes.length > LOGO_MAX_BYTES) {
    throw new AppError("VALIDATION_FAILED", "The logo is larger than 2 MB.", { fields: { file: "The logo must be 2 MB or smaller." } });
  }
  const contentType = detectImageType(bytes);
  if (!contentType) {
    throw new AppError("VALIDATION_FAILED", "Only PNG and JPEG images are accepted.", { fields: { file: "Upload a PNG or JPEG image." } });
  }
  // The public survey page draws a small copy of the logo: an image whose header claims a huge canvas would cost far
  // more to decode than its 2 MB, so its size must be readable and bounded before it is kept.
  const size = imageSize(bytes);
  if (!size || size.width === 0 || size.height === 0 || size.width > LOGO_MAX_SIDE || size.height > LOGO_MAX_SIDE) {
    throw new AppError("VALIDATION_FAILED", "The logo's size could not be read, or it is too large.", {
      fields: {
        file: `The logo must be at most ${LOGO_MAX_SIDE.toLocaleString("en-US")} × ${LOGO_MAX_SIDE.toLocaleString("en-US")} pixels.`,
      },
    });
  }
  return { bytes, contentType };
}

export async function setCompanyLogo(db: Database, tenantId: string, dataUrl: string): Promise<CompanyProfile> {
  const { bytes, contentType } = decodeLogo(dataUrl);
  const row = await updateTenant(db, tenantId, { logo: bytes, logoContentType: contentType, logoUpdatedAt: new Date() });
  if (!row) throw notFound("Company not found");
  return toCompanyProfile(row);
}

export async function removeCompanyLogo(db: Database, tenantId: string): Promise<CompanyProfile> {
  const row = await updateTenant(db, tenantId, { logo: null, logoContentType: null, logoUpdatedAt: new Date() });
  if (!row) throw notFound("Company not found");
  return toCompanyProfile(row);
}

export async function getCompanyLogo(db: Database, tenantId: string): Promise<{ bytes: Buffer; contentType: string }> {
  const row = await requireTenant(db, tenantId);
  if (!row.logo || !row.logoContentType) throw notFound("This company has no logo");
  return { bytes: row.logo, contentType: row.logoContentType };
}
