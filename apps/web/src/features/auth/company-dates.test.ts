import { describe, expect, it } from "vitest";
import { companyDates } from "./company-dates";

describe("companyDates (issue 25 item 1: dates in the company's zone, the zone named)", () => {
  // 04:30 UTC on 9 December is still 8 December in Chicago, whatever the browser's zone.
  const at = "2026-12-09T04:30:00.000Z";
  it("writes days and moments in the company's zone with the zone named", () => {
    const chicago = companyDates("America/Chicago");
    expect(chicago.day(at)).toBe("Dec 8, 2026 (Central time)");
    expect(chicago.moment(at)).toBe("Dec 8, 2026, 10:30 PM CST");
    expect(companyDates("Asia/Tokyo").day(Date.parse(at))).toBe("Dec 9, 2026 (JST)");
  });
  it("writes a calendar day as that day in every zone, the zone named", () => {
    expect(companyDates("America/Los_Angeles").calendarDay("2026-12-08")).toBe("Dec 8, 2026 (Pacific time)");
    expect(companyDates("Pacific/Auckland").calendarDay("2026-12-08")).toBe("Dec 8, 2026 (Auckland time)");
    expect(companyDates("UTC").calendarDay(null)).toBe("—");
    expect(companyDates("America/Chicago").calendarRange("2026-12-07", "2027-03-07")).toBe("Dec 7, 2026 to Mar 7, 2027 (Central time)");
    expect(companyDates("America/Chicago").zoneName).toBe("Central time");
  });
  it("writes a dash for a value that is not a date", () => {
    expect(companyDates("UTC").day("not a date")).toBe("—");
    expect(companyDates("UTC").moment(Number.NaN)).toBe("—");
  });
});
