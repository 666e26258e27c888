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
