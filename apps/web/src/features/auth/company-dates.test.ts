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
  it("writes a dash for a value that is not a date", () => {
    expect(companyDates("UTC").day("not a date")).toBe("—");
    expect(companyDates("UTC").moment(Number.NaN)).toBe("—");
  });
});
