import { DEFAULT_TIME_ZONE, formatDateInZone, formatMomentInZone } from "@hearth/shared";
import { useMe } from "./session";

export interface CompanyDates {
  /** A day, written out, in the company's zone with the zone named: "Dec 8, 2026 (Eastern time)". */
  day: (at: string | number) => string;
  /** A moment in the company's zone with its abbreviation: "Dec 8, 2026, 1:00 PM EST". */
  moment: (at: string | number) => string;
}

const toEpoch = (at: string | number) => (typeof at === "number" ? at : Date.parse(at));

/** Writes a date for this company: every role reads the company's zone (from /api/me), never the browser's (issue 25 item 1). */
export function companyDates(timeZone: string): CompanyDates {
  return {
    day: (at) => (Number.isFinite(toEpoch(at)) ? formatDateInZone(toEpoch(at), timeZone) : "—"),
    moment: (at) => (Number.isFinite(toEpoch(at)) ? formatMomentInZone(toEpoch(at), timeZone) : "—"),
  };
}

export function useCompanyDates(): CompanyDates {
  return companyDates(useMe().data?.tenant.timeZone ?? DEFAULT_TIME_ZONE);
}
