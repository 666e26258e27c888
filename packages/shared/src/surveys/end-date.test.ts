import { describe, expect, it } from "vitest";
import {
  addDaysToDate,
  checkEndDate,
  DAY_MS,
  defaultEndDate,
  earliestEndDay,
  endOfDayInTimeZone,
  minimumEndDate,
  resolveTimeZone,
  toLocalDate,
} from "./end-date.js";

const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();

describe("end of day in a time zone", () => {
  it("is 23:59:59.999 local time in each product time zone", () => {
    expect(iso(endOfDayInTimeZone("2025-01-15", "America/New_York"))).toBe("2025-01-16T04:59:59.999Z");
    expect(iso(endOfDayInTimeZone("2025-07-15", "America/New_York"))).toBe("2025-07-16T03:59:59.999Z");
    expect(iso(endOfDayInTimeZone("2025-07-15", "America/Los_Angeles"))).toBe("2025-07-16T06:59:59.999Z");
    expect(iso(endOfDayInTimeZone("2025-07-15", "Pacific/Honolulu"))).toBe("2025-07-16T09:59:59.999Z");
    expect(iso(endOfDayInTimeZone("2025-07-15", "Etc/GMT"))).toBe("2025-07-15T23:59:59.999Z");
    expect(iso(endOfDayInTimeZone("2025-07-15", "Europe/Paris"))).toBe("2025-07-15T21:59:59.999Z");
    expect(iso(endOfDayInTimeZone("2025-07-15", "Asia/Tokyo"))).toBe("2025-07-15T14:59:59.999Z");
    expect(iso(endOfDayInTimeZone("2025-07-15", "Australia/Sydney"))).toBe("2025-07-15T13:59:59.999Z");
  });

  it("follows daylight saving on the day the clocks change", () => {
    expect(iso(endOfDayInTimeZone("2025-03-09", "America/New_York"))).toBe("2025-03-10T03:59:59.999Z");
    expect(iso(endOfDayInTimeZone("2025-11-02", "America/New_York"))).toBe("2025-11-03T04:59:59.999Z");
    expect(iso(endOfDayInTimeZone("2025-03-30", "Europe/Paris"))).toBe("2025-03-30T21:59:59.999Z");
    expect(iso(endOfDayInTimeZone("2025-10-05", "Australia/Sydney"))).toBe("2025-10-05T12:59:59.999Z");
    expect(iso(endOfDayInTimeZone("2025-04-06", "Australia/Sydney"))).toBe("2025-04-06T13:59:59.999Z");
  });

  it("reads back as the same local date", () => {
    for (const zone of ["America/Anchorage", "Asia/Tokyo", "Australia/Sydney", "Europe/Paris"]) {
      const end = endOfDayInTimeZone("2025-12-31", zone);
      expect(toLocalDate(end, zone)).toBe("2025-12-31");
      expect(toLocalDate(end + 1, zone)).toBe("2026-01-01");
    }
  });

  it("refuses dates that do not exist", () => {
    expect(() => endOfDayInTimeZone("2025-02-30", "Etc/GMT")).toThrow(RangeError);
    expect(() => endOfDayInTimeZone("15/01/2025", "Etc/GMT")).toThrow(RangeError);
  });

  it("falls back to Eastern time for a missing or unknown zone", () => {
    expect(resolveTimeZone(null)).toBe("America/New_York");
    expect(resolveTimeZone("Mars/Olympus")).toBe("America/New_York");
    expect(resolveTimeZone("Asia/Tokyo")).toBe("Asia/Tokyo");
    expect(endOfDayInTimeZone("2025-01-15", "Mars/Olympus")).toBe(endOfDayInTimeZone("2025-01-15", "America/New_York"));
  });

  it("adds calendar days across months and years", () => {
    expect(addDaysToDate("2025-12-28", 7)).toBe("2026-01-04");
    expect(addDaysToDate("2024-02-25", 7)).toBe("2024-03-03");
  });
});

describe("default end date", () => {
  it("is the end of the day 7 days ahead in the company's zone", () => {
    const now = Date.parse("2025-06-01T12:00:00Z");
    expect(iso(defaultEndDate(now, "America/New_York"))).toBe("2025-06-09T03:59:59.999Z");
    expect(iso(defaultEndDate(now, "Asia/Tokyo"))).toBe("2025-06-08T14:59:59.999Z");
  });

  it("counts from the company's local date, not UTC's", () => {
    const lateEvening = Date.parse("2025-06-02T02:00:00Z");
    expect(toLocalDate(lateEvening, "America/Los_Angeles")).toBe("2025-06-01");
    expect(iso(defaultEndDate(lateEvening, "America/Los_Angeles"))).toBe("2025-06-09T06:59:59.999Z");
    expect(iso(defaultEndDate(lateEvening, "Etc/GMT"))).toBe("2025-06-09T23:59:59.999Z");
  });

  it("keeps 23:59:59.999 local when daylight saving starts or ends within the week", () => {
    const beforeSpring = Date.parse("2025-03-05T17:00:00Z");
    expect(iso(defaultEndDate(beforeSpring, "America/New_York"))).toBe("2025-03-13T03:59:59.999Z");
    const beforeAutumn = Date.parse("2025-10-29T17:00:00Z");
    expect(iso(defaultEndDate(beforeAutumn, "America/New_York"))).toBe("2025-11-06T04:59:59.999Z");
  });

  it("always passes the end-date check, even at the last moment of a day across a clock change", () => {
    const zones = ["America/New_York", "Europe/Paris", "Australia/Sydney", "Pacific/Honolulu"];
    const instants = ["2025-03-05T04:59:59.999Z", "2025-03-26T22:59:59.999Z", "2025-09-30T13:59:59.999Z", "2025-06-01T00:00:00Z"];
    for (const zone of zones) {
      for (const instant of instants)
        expect(checkEndDate(defaultEndDate(Date.parse(instant), zone), Date.parse(instant))).toEqual({ ok: true });
    }
  });
});

describe("end date check", () => {
  const now = Date.parse("2025-06-01T12:00:00Z");

  it("accepts 7 days and more", () => {
    expect(checkEndDate(now + 7 * DAY_MS, now)).toEqual({ ok: true });
    expect(checkEndDate(now + 30 * DAY_MS, now)).toEqual({ ok: true });
  });

  it("allows one day of tolerance: 6 days passes, a millisecond less does not", () => {
    expect(minimumEndDate(now)).toBe(now + 6 * DAY_MS);
    expect(checkEndDate(now + 6 * DAY_MS, now)).toEqual({ ok: true });
    expect(checkEndDate(now + 6 * DAY_MS - 1, now)).toEqual({
      ok: false,
      reason: "tooSoon",
      message: "Choose an end date at least 7 days from today.",
    });
    expect(checkEndDate(now + DAY_MS, now)).toMatchObject({ ok: false, reason: "tooSoon" });
  });

  it("exempts internal accounts from the minimum, but not from the past", () => {
    expect(checkEndDate(now + HOUR, now, { isInternalAccount: true })).toEqual({ ok: true });
    expect(checkEndDate(now - HOUR, now, { isInternalAccount: true })).toMatchObject({ ok: false, reason: "past" });
    expect(checkEndDate(now, now, { isInternalAccount: true })).toMatchObject({ ok: false, reason: "past" });
  });

  it("refuses a past date for everyone, and a date that is not a number", () => {
    expect(checkEndDate(now - 1, now)).toEqual({ ok: false, reason: "past", message: "The end date must be in the future." });
    expect(checkEndDate(Number.NaN, now)).toMatchObject({ ok: false, reason: "invalid" });
    expect(checkEndDate(Number.POSITIVE_INFINITY, now)).toMatchObject({ ok: false, reason: "invalid" });
  });

  it("a date picked 6 days ahead passes; 5 days ahead never does", () => {
    for (const time of ["00:00:01", "09:30:00", "22:59:00"]) {
      const picked = Date.parse(`2025-06-01T${time}Z`);
      expect(checkEndDate(endOfDayInTimeZone("2025-06-07", "Etc/GMT"), picked).ok).toBe(true);
      expect(checkEndDate(endOfDayInTimeZone("2025-06-06", "Etc/GMT"), picked).ok).toBe(false);
    }
  });

  it("offers the first acceptable day in the date picker", () => {
    expect(earliestEndDay(now, "Etc/GMT")).toBe("2025-06-07");
    expect(earliestEndDay(now, "Etc/GMT", { isInternalAccount: true })).toBe("2025-06-01");
    const lastMs = Date.parse("2025-06-01T23:59:59.999Z");
    expect(earliestEndDay(lastMs, "Etc/GMT", { isInternalAccount: true })).toBe("2025-06-02");
  });
});
