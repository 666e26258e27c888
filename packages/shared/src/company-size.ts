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

/** Headcount range of each size, as the spec states it. */
export const COMPANY_SIZE_RANGES: Record<CompanySize, string> = {
  Small: "up to 200 employees",
  Medium: "201–500 employees",
  Large: "501–3,000 employees",
  Enterprise: "3,001 employees or more",
};

/**
 * The size to show for a headcount being entered: nothing until there is a headcount (deriveCompanySize's Medium is
 * a default for pricing and benchmarks, not something to tell a company that has not said how big it is).
 */
export function describeCompanySize(headcount: number | null | undefined): { size: CompanySize; range: string } | null {
  if (headcount == null || !Number.isFinite(headcount) || headcount < 1) return null;
  const size = deriveCompanySize(headcount);
  return { size, range: COMPANY_SIZE_RANGES[size] };
}
