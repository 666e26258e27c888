import { describe, expect, it } from "vitest";
import {
  addDaysToDay,
  defaultPlanEndDay,
  epochOfDayInZone,
  formatPlanDay,
  formatPlanDayBare,
  formatPlanDayRange,
  isPlanDay,
  todayInZone,
} from "./plan-days.js";

describe("plan days", () => {
  it("accepts only real calendar days written YYYY-MM-DD", () => {
    expect(isPlanDay("2026-02-28")).toBe(true);
    expect(isPlanDay("2028-02-29")).toBe(true);
    expect(isPlanDay("2026-02-29")).toBe(false);
    expect(isPlanDay("2026-13-01")).toBe(false);
    expect(isPlanDay("2026-1-01")).toBe(false);
    expect(isPlanDay("1899-12-31")).toBe(false);
    expect(isPlanDay("tomorrow")).toBe(false);
  });

  it("counts days across months and years, and ends a plan 90 days after its start", () => {
    expect(addDaysToDay("2026-12-30", 3)).toBe("2027-01-02");
    expect(addDaysToDay("2026-03-01", -1)).toBe("2026-02-28");
    expect(defaultPlanEndDay("2026-01-10")).toBe("2026-04-10");
  });

  it("reads today in the company's zone, not the machine's", () => {
    const lateEveningInNewYork = Date.parse("2026-12-08T03:30:00Z");
    expect(todayInZone("America/New_York", lateEveningInNewYork)).toBe("2026-12-07");
    expect(todayInZone("Pacific/Auckland", lateEveningInNewYork)).toBe("2026-12-08");
    expect(todayInZone("UTC", lateEveningInNewYork)).toBe("2026-12-08");
  });

  it("writes a plan's day as that very day in every zone, the zone named", () => {
    for (const zone of ["America/Los_Angeles", "America/New_York", "UTC", "Asia/Tokyo", "Pacific/Auckland", "Pacific/Kiritimati"]) {
      expect(todayInZone(zone, epochOfDayInZone("2026-12-08", zone)), zone).toBe("2026-12-08");
    }
    expect(formatPlanDay("2026-12-08", "America/New_York")).toBe("Dec 8, 2026 (Eastern time)");
    expect(formatPlanDay("2026-03-08", "America/New_York")).toBe("Mar 8, 2026 (Eastern time)");
    expect(formatPlanDay(null, "UTC")).toBe("—");
    expect(formatPlanDayBare("2026-12-08")).toBe("Dec 8, 2026");
    expect(formatPlanDayRange("2026-12-07", "2027-03-07", "Europe/Berlin")).toBe("Dec 7, 2026 to Mar 7, 2027 (Berlin time)");
  });
});
