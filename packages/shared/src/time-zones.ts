/** The ten time zones the product offers (spec surveys §3), with their IANA names. */
export const TIME_ZONES = [
  { label: "Eastern", iana: "America/New_York" },
  { label: "Central", iana: "America/Chicago" },
  { label: "Mountain", iana: "America/Denver" },
  { label: "Pacific", iana: "America/Los_Angeles" },
  { label: "Alaska", iana: "America/Anchorage" },
  { label: "Hawaii", iana: "Pacific/Honolulu" },
  { label: "GMT", iana: "Etc/GMT" },
  { label: "CET", iana: "Europe/Paris" },
  { label: "JST", iana: "Asia/Tokyo" },
  { label: "Australian Eastern", iana: "Australia/Sydney" },
] as const;

export type TimeZoneName = (typeof TIME_ZONES)[number]["iana"];
export const TIME_ZONE_NAMES = TIME_ZONES.map((zone) => zone.iana) as [TimeZoneName, ...TimeZoneName[]];
export const DEFAULT_TIME_ZONE: TimeZoneName = "America/New_York";

/** An IANA zone name as written in the database (Area/Location, or UTC / GMT); lower-case spellings are refused. */
const IANA_SHAPE = /^(?:UTC|GMT|[A-Z][A-Za-z_-]*(?:\/[A-Za-z0-9_+-]+){1,2})$/;

/**
 * Whether a company may keep this time zone: any IANA zone the runtime knows (the company profile offers them all;
 * invitation schedules keep the spec's ten, TIME_ZONES).
 */
export function isValidTimeZone(name: unknown): name is string {
  if (typeof name !== "string" || name.length > 64 || !IANA_SHAPE.test(name)) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/**
 * V8 lists some zones under names the IANA database has since replaced (CLDR keeps the old ones as canonical): the
 * list offers the current name, so "Kolkata" or "Kyiv" can be found. Both spellings stay valid.
 */
const CURRENT_ZONE_NAMES: Readonly<Record<string, string>> = {
  "Asia/Calcutta": "Asia/Kolkata",
  "Asia/Saigon": "Asia/Ho_Chi_Minh",
  "Asia/Katmandu": "Asia/Kathmandu",
  "Asia/Rangoon": "Asia/Yangon",
  "Europe/Kiev": "Europe/Kyiv",
  "Atlantic/Faeroe": "Atlantic/Faroe",
  "America/Godthab": "America/Nuuk",
  "Pacific/Truk": "Pacific/Chuuk",
  "Pacific/Ponape": "Pacific/Pohnpei",
  "Pacific/Enderbury": "Pacific/Kanton",
  "America/Buenos_Aires": "America/Argentina/Buenos_Aires",
  "America/Catamarca": "America/Argentina/Catamarca",
  "America/Cordoba": "America/Argentina/Cordoba",
  "America/Jujuy": "America/Argentina/Jujuy",
  "America/Mendoza": "America/Argentina/Mendoza",
  "America/Indianapolis": "America/Indiana/Indianapolis",
  "America/Louisville": "America/Kentucky/Louisville",
};

/** Every IANA zone this runtime knows (current names), with the ten offered zones and UTC, sorted: the profile's choices. */
export function listTimeZoneNames(): string[] {
  const known = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  const current = known.map((name) => {
    const renamed = Object.hasOwn(CURRENT_ZONE_NAMES, name) ? CURRENT_ZONE_NAMES[name] : undefined;
    return renamed && isValidTimeZone(renamed) ? renamed : name;
  });
  return [...new Set([...current, ...TIME_ZONE_NAMES, "UTC"])].filter(isValidTimeZone).sort((a, b) => a.localeCompare(b, "en"));
}

/** "America/New_York (Eastern)" for the ten named zones, the IANA name for the rest. */
export function describeTimeZone(name: string): string {
  const named = TIME_ZONES.find((zone) => zone.iana === name);
  return named ? `${name.replaceAll("_", " ")} (${named.label})` : name.replaceAll("_", " ");
}

/** How a page names a zone beside a time: "Eastern" for the ten offered zones, else the place ("Berlin", "UTC"). */
export function zonePlaceName(timeZone: string): string {
  const named = TIME_ZONES.find((zone) => zone.iana === timeZone);
  if (named) return named.label;
  return (timeZone.split("/").pop() ?? timeZone).replaceAll("_", " ");
}

/**
 * A calendar day in the company's zone, with the zone named (dates carry their time zone, issue 25 item 1):
 * "12/08/2026 (Eastern time)". Every role sees the same day because every role reads the company's zone.
 */
export function formatDayInZone(epochMs: number, timeZone: string): string {
  const parts = new Intl.DateTimeFormat("en-US", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).formatToParts(epochMs);
  const part = (type: string) => parts.find((one) => one.type === type)?.value ?? "";
  return `${part("month")}/${part("day")}/${part("year")} (${zoneTimeName(timeZone)})`;
}

/** A zone as a page names it after a date: "Eastern time", "Berlin time"; an abbreviation stands alone ("JST", "UTC"). */
export function zoneTimeName(timeZone: string): string {
  const place = zonePlaceName(timeZone);
  return /^[A-Z]+$/.test(place) ? place : `${place} time`;
}

/** A day in the company's zone, written out, with the zone named: "Dec 8, 2026 (Eastern time)". */
export function formatDateInZone(epochMs: number, timeZone: string): string {
  return `${new Intl.DateTimeFormat("en-US", { timeZone, dateStyle: "medium" }).format(epochMs)} (${zoneTimeName(timeZone)})`;
}

/** A moment in the company's zone, the zone's abbreviation included: "Dec 8, 2026, 1:00 PM PST". */
export function formatMomentInZone(epochMs: number, timeZone: string, style: "date-time" | "date" | "time" = "date-time"): string {
  const options: Intl.DateTimeFormatOptions =
    style === "date"
      ? { timeZone, dateStyle: "medium" }
      : style === "time"
        ? { timeZone, hour: "numeric", minute: "2-digit", timeZoneName: "short" }
        : { timeZone, month: "short", day: "numeric", year: "numeric", hour: "numeric", minute: "2-digit", timeZoneName: "short" };
  return new Intl.DateTimeFormat("en-US", options).format(epochMs);
}
