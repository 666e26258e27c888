/** A company profile is complete when every field but website and logo is filled (needed for a LOWI survey). */
export interface ProfileCompletenessInput {
  companyName?: string | null;
  companyLegalName?: string | null;
  headcount?: number | null;
  address?: string | null;
  phone?: string | null;
  timeZone?: string | null;
}

const filled = (value: string | null | undefined) => typeof value === "string" && value.trim().length > 0;

export function isCompanyProfileComplete(profile: ProfileCompletenessInput): boolean {
  return (
    filled(profile.companyName) &&
    filled(profile.companyLegalName) &&
    typeof profile.headcount === "number" &&
    profile.headcount > 0 &&
    filled(profile.address) &&
    filled(profile.phone) &&
    filled(profile.timeZone)
  );
}

/** Image type from the file's first bytes, not its name: only PNG and JPEG are accepted. */
export function detectImageType(bytes: Uint8Array): "image/png" | "image/jpeg" | null {
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= 8 && png.every((byte, index) => bytes[index] === byte)) return "image/png";
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "image/jpeg";
  return null;
}
