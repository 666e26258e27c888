/**
 * How many responses a LOWI survey needs before the company can be certified (spec accounts §9): one third of the
 * employees for companies of 3,000 or fewer, 1,000 above 3,000. Without a headcount the rule cannot be applied.
 */
export const LARGE_COMPANY_HEADCOUNT = 3000;
export const LARGE_COMPANY_REQUIRED_RESPONSES = 1000;

export function requiredResponsesForCertification(headcount: number | null | undefined): number | null {
  if (headcount == null || !Number.isFinite(headcount) || headcount < 1) return null;
  if (headcount > LARGE_COMPANY_HEADCOUNT) return LARGE_COMPANY_REQUIRED_RESPONSES;
  return Math.ceil(headcount / 3);
}

export interface CertificationProgress {
  required: number;
  responses: number;
  remaining: number;
  message: string;
}

/** Progress toward the response rule, with the dashboard's "N more responses needed" line. */
export function describeCertificationProgress(headcount: number | null | undefined, responses: number): CertificationProgress | null {
  const required = requiredResponsesForCertification(headcount);
  if (required === null) return null;
  const remaining = Math.max(0, required - responses);
  const message =
    remaining === 0
      ? "The response rule for certification is met."
      : `${remaining.toLocaleString("en-US")} more ${remaining === 1 ? "response" : "responses"} needed`;
  return { required, responses, remaining, message };
}
