/** Company size from headcount (spec surveys §9): up to 200 Small; 201-500 Medium; 501-3000 Large; 3001+ Enterprise. */

export const COMPANY_SIZES = ["Small", "Medium", "Large", "Enterprise"] as const;
export type CompanySize = (typeof COMPANY_SIZES)[number];
export const DEFAULT_COMPANY_SIZE: CompanySize = "Medium";

export function deriveCompanySize(headcount: number | null | undefined): CompanySize {
  if (headcount == null || !Number.isFinite(headcount) || headcount < 1) return DEFAULT_COMPANY_SIZE;
  if (headcount <= 200) return "Small";
  if (headcount <= 500) return "Medium";
  if (headcount <= 3000) return "Large";
  return "Enterprise";
}
