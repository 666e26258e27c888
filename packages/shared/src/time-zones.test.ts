import { describe, expect, it } from "vitest";
import { companyProfileInputSchema } from "./contracts/company.js";
import {
  describeTimeZone,
  formatDateInZone,
  formatDayInZone,
  formatMomentInZone,
  isValidTimeZone,
  listTimeZoneNames,
  TIME_ZONE_NAMES,
  zonePlaceName,
} from "./time-zones.js";

describe("time zones of the company profile", () => {
  it("offers every IANA zone the runtime knows, the ten named ones included", () => {
    const names = listTimeZoneNames();
    expect(names.length).toBeGreaterThan(300);
    for (const zone of TIME_ZONE_NAMES) expect(names).toContain(zone);
    expect(names).toContain("Africa/Nairobi");
    expect(names).toContain("America/Sao_Paulo");
    // Current IANA names rather than the older ones V8 lists.
    expect(names).toContain("Asia/Kolkata");
    expect(names).toContain("Europe/Kyiv");
    expect(names).not.toContain("Asia/Calcutta");
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "en")));
  });

  it("accepts any valid IANA zone and refuses the rest", () => {
    for (const zone of ["Asia/Kolkata", "Europe/Berlin", "UTC", "Etc/GMT", "America/Argentina/Buenos_Aires"]) {
      expect(isValidTimeZone(zone), zone).toBe(true);
    }
    for (const zone of ["Mars/Olympus_Mons", "europe/berlin", "", "Eastern", "Europe/Berlin\u0000", 42, null]) {
      expect(isValidTimeZone(zone), String(zone)).toBe(false);
    }
  });

  it("is what the profile contract checks", () => {
    const base = { companyName: "A", companyLegalName: "A Ltd", headcount: 10, address: "1 Road", phone: "+1 555 0100" };
    expect(companyProfileInputSchema.safeParse({ ...base, timeZone: "Asia/Kolkata" }).success).toBe(true);
    expect(companyProfileInputSchema.safeParse({ ...base, timeZone: "Nowhere/Town" }).success).toBe(false);
  });

  it("names the ten spec zones beside their IANA name", () => {
    expect(describeTimeZone("America/New_York")).toBe("America/New York (Eastern)");
    expect(describeTimeZone("Asia/Kolkata")).toBe("Asia/Kolkata");
  });
});

describe("dates carry the company's zone (issue 25 item 1)", () => {
  // 2026-12-09 04:59:59.999 UTC is the end of 12/08 in New York and already 12/09 in Tokyo.
  const end = Date.UTC(2026, 11, 9, 4, 59, 59, 999);
  it("writes the same day for everyone who reads the same company zone, and names the zone", () => {
    expect(formatDayInZone(end, "America/New_York")).toBe("12/08/2026 (Eastern time)");
    expect(formatDayInZone(end, "Asia/Tokyo")).toBe("12/09/2026 (JST)");
    expect(formatDayInZone(end, "Europe/Berlin")).toBe("12/09/2026 (Berlin time)");
  });
  it("writes a day out in words with the zone named, the same day for every browser", () => {
    expect(formatDateInZone(end, "America/New_York")).toBe("Dec 8, 2026 (Eastern time)");
    expect(formatDateInZone(end, "Asia/Tokyo")).toBe("Dec 9, 2026 (JST)");
    expect(formatDateInZone(end, "UTC")).toBe("Dec 9, 2026 (UTC)");
  });
  it("writes moments with the zone's abbreviation", () => {
    expect(formatMomentInZone(Date.UTC(2026, 11, 8, 21, 0), "America/Los_Angeles")).toBe("Dec 8, 2026, 1:00 PM PST");
    expect(formatMomentInZone(Date.UTC(2026, 11, 8, 21, 0), "America/Los_Angeles", "time")).toBe("1:00 PM PST");
    expect(zonePlaceName("Etc/GMT")).toBe("GMT");
  });
});
