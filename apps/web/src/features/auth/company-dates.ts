import {
  DEFAULT_TIME_ZONE,
  formatDateInZone,
  formatMomentInZone,
  formatPlanDay,
  formatPlanDayBare,
  formatPlanDayRange,
  zoneTimeName,
} from "@hearth/shared";
import { useMe } from "./session";

export interface CompanyDates {
  /** A day, written out, in the company's zone with the zone named: "Dec 8, 2026 (Eastern time)". */
  day: (at: string | number) => string;
  /** A moment in the company's zone with its abbreviation: "Dec 8, 2026, 1:00 PM EST". */
  moment: (at: string | number) => string;
  /** A calendar day (YYYY-MM-DD, already a day of the company's) written out, the zone named; "—" for none. */
  calendarDay: (day: string | null | undefined) => string;
  /** "Dec 7, 2026 to Mar 7, 2027 (Eastern time)": two calendar days with the zone named once. */
  calendarRange: (start: string, end: string) => string;
  /** A calendar day without its zone, where a heading names it (`zoneName`): "Dec 8, 2026". */
  calendarDayBare: (day: string | null | undefined) => string;
  /** "Eastern time": the company's zone as a heading names it. */
  zoneName: string;
}

const toEpoch = (at: string | number) => (typeof at === "number" ? at : Date.parse(at));

/** Writes a date for this company: every role reads the company's zone (from /api/me), never the browser's (issue 25 item 1). */
export function companyDates(timeZone: string): CompanyDates {
  return {
    day: (at) => (Number.isFinite(toEpoch(at)) ? formatDateInZone(toEpoch(at), timeZone) : "—"),
    moment: (at) => (Number.isFinite(toEpoch(at)) ? formatMomentInZone(toEpoch(at), timeZone) : "—"),
    calendarDay: (day) => formatPlanDay(day, timeZone),
    calendarRange: (start, end) => formatPlanDayRange(start, end, timeZone),
    calendarDayBare: (day) => formatPlanDayBare(day),
    zoneName: zoneTimeName(timeZone),
  };
}

export function useCompanyDates(): CompanyDates {
  return companyDates(useMe().data?.tenant.timeZone ?? DEFAULT_TIME_ZONE);
}
