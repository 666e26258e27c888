import { describe, expect, it } from "vitest";
import { TIME_ZONE_NAMES, TIME_ZONES } from "../time-zones.js";
import { INVITATION_MESSAGES } from "./constants.js";
import { checkSchedule, formatInTimeZone, utcToZonedDateTime, zonedDateTimeToUtc } from "./schedule.js";

const iso = (local: string, timeZone: string) => zonedDateTimeToUtc(local, timeZone)?.toISOString() ?? null;
const MINUTE = 60_000;

describe("zonedDateTimeToUtc", () => {
  it("converts New York winter (EST) and summer (EDT) times", () => {
    expect(iso("2026-12-01T13:00", "America/New_York")).toBe("2026-12-01T18:00:00.000Z");
    expect(iso("2026-07-01T13:00", "America/New_York")).toBe("2026-07-01T17:00:00.000Z");
  });

  it("converts Tokyo, GMT, Paris and Honolulu times", () => {
    expect(iso("2026-12-01T13:00", "Asia/Tokyo")).toBe("2026-12-01T04:00:00.000Z");
    expect(iso("2026-07-01T13:00", "Asia/Tokyo")).toBe("2026-07-01T04:00:00.000Z");
    expect(iso("2026-12-01T13:00", "Etc/GMT")).toBe("2026-12-01T13:00:00.000Z");
    expect(iso("2026-07-01T13:00", "Etc/GMT")).toBe("2026-07-01T13:00:00.000Z");
    expect(iso("2026-12-01T13:00", "Europe/Paris")).toBe("2026-12-01T12:00:00.000Z");
    expect(iso("2026-07-01T13:00", "Europe/Paris")).toBe("2026-07-01T11:00:00.000Z");
    expect(iso("2026-07-01T13:00", "Pacific/Honolulu")).toBe("2026-07-01T23:00:00.000Z");
  });

  it("converts Sydney times across its daylight saving time (southern summer)", () => {
    expect(iso("2026-12-01T13:00", "Australia/Sydney")).toBe("2026-12-01T02:00:00.000Z");
    expect(iso("2026-07-01T13:00", "Australia/Sydney")).toBe("2026-07-01T03:00:00.000Z");
    // The day DST ends (5 April 2026, 03:00 AEDT → 02:00 AEST) and the day it starts (4 October 2026).
    expect(iso("2026-04-05T13:00", "Australia/Sydney")).toBe("2026-04-05T03:00:00.000Z");
    expect(iso("2026-10-04T13:00", "Australia/Sydney")).toBe("2026-10-04T02:00:00.000Z");
  });

  it("handles midnight and the day boundary", () => {
    expect(iso("2026-12-31T23:59", "America/New_York")).toBe("2027-01-01T04:59:00.000Z");
    expect(iso("2027-01-01T00:00", "Asia/Tokyo")).toBe("2026-12-31T15:00:00.000Z");
    expect(iso("2028-02-29T12:00", "Etc/GMT")).toBe("2028-02-29T12:00:00.000Z");
  });

  it("returns null for text that is not a real date and time", () => {
    for (const local of [
      "2027-02-31T13:00",
      "2027-02-29T13:00",
      "2026-13-01T10:00",
      "2026-00-10T10:00",
      "2026-12-00T10:00",
      "2026-12-01T24:00",
      "2026-12-01T23:60",
      "2026-12-01",
      "2026-12-01 13:00",
      "2026-12-01T13:00:00",
      "2026-12-01T1:00",
      "",
      "garbage",
    ]) {
      expect(zonedDateTimeToUtc(local, "America/New_York"), local).toBeNull();
    }
  });

  it("returns null for an unknown time zone", () => {
    expect(zonedDateTimeToUtc("2026-12-01T13:00", "Mars/Olympus_Mons")).toBeNull();
  });

  it("moves a time in the spring-forward gap forward by the gap", () => {
    // 02:30 does not exist in New York on 14 March 2027: it is 03:30 EDT, not 01:30 EST.
    const newYork = zonedDateTimeToUtc("2027-03-14T02:30", "America/New_York");
    expect(newYork).not.toBeNull();
    expect(Number.isNaN(newYork?.getTime())).toBe(false);
    expect(newYork?.toISOString()).toBe("2027-03-14T07:30:00.000Z");
    expect(utcToZonedDateTime(newYork as Date, "America/New_York")).toBe("2027-03-14T03:30");
    // The same rule in the other hemisphere and in Europe.
    expect(iso("2026-10-04T02:30", "Australia/Sydney")).toBe("2026-10-03T16:30:00.000Z");
    expect(iso("2026-03-29T02:30", "Europe/Paris")).toBe("2026-03-29T01:30:00.000Z");
  });

  it("keeps the times around the gap exact", () => {
    expect(iso("2027-03-14T01:59", "America/New_York")).toBe("2027-03-14T06:59:00.000Z");
    expect(iso("2027-03-14T03:00", "America/New_York")).toBe("2027-03-14T07:00:00.000Z");
  });

  it("gives a valid instant for a time that happens twice (fall back)", () => {
    const instant = zonedDateTimeToUtc("2026-11-01T01:30", "America/New_York");
    expect(["2026-11-01T05:30:00.000Z", "2026-11-01T06:30:00.000Z"]).toContain(instant?.toISOString());
    expect(utcToZonedDateTime(instant as Date, "America/New_York")).toBe("2026-11-01T01:30");
  });
});

describe("utcToZonedDateTime", () => {
  it("shows an instant as wall-clock text in a zone", () => {
    const instant = new Date("2026-12-01T18:00:00.000Z");
    expect(utcToZonedDateTime(instant, "America/New_York")).toBe("2026-12-01T13:00");
    expect(utcToZonedDateTime(instant, "Asia/Tokyo")).toBe("2026-12-02T03:00");
    expect(utcToZonedDateTime(instant, "Etc/GMT")).toBe("2026-12-01T18:00");
    expect(utcToZonedDateTime(new Date("2026-12-01T18:00:45.500Z"), "America/New_York")).toBe("2026-12-01T13:00");
  });

  it("round-trips with zonedDateTimeToUtc", () => {
    for (const local of ["2026-12-01T13:00", "2026-07-15T08:45", "2027-01-01T00:00", "2027-03-14T01:59", "2027-03-14T03:00"]) {
      const instant = zonedDateTimeToUtc(local, "America/New_York");
      expect(instant).not.toBeNull();
      expect(utcToZonedDateTime(instant as Date, "America/New_York")).toBe(local);
    }
  });

  it("round-trips in every one of the ten offered time zones", () => {
    expect(TIME_ZONES).toHaveLength(10);
    const locals = ["2026-01-15T13:00", "2026-07-15T13:00", "2026-12-31T23:30", "2027-06-01T00:15"];
    for (const zone of TIME_ZONES) {
      for (const local of locals) {
        const instant = zonedDateTimeToUtc(local, zone.iana);
        expect(instant, `${zone.iana} ${local}`).not.toBeNull();
        expect(utcToZonedDateTime(instant as Date, zone.iana), `${zone.iana} ${local}`).toBe(local);
      }
    }
  });
});

describe("formatInTimeZone", () => {
  it("gives a readable string in the zone", () => {
    const instant = new Date("2026-12-01T18:00:00.000Z");
    const normalize = (text: string) => text.replace(/\s/g, " ");
    expect(normalize(formatInTimeZone(instant, "America/New_York"))).toBe("Tue, Dec 1, 2026, 1:00 PM");
    expect(normalize(formatInTimeZone(instant, "Asia/Tokyo"))).toBe("Wed, Dec 2, 2026, 3:00 AM");
    expect(normalize(formatInTimeZone(instant, "Etc/GMT"))).toBe("Tue, Dec 1, 2026, 6:00 PM");
  });
});

describe("checkSchedule", () => {
  const now = Date.parse("2026-12-01T17:00:00.000Z"); // 12:00 in New York

  it("accepts a future time in a listed zone", () => {
    const result = checkSchedule("2026-12-01T13:00", "America/New_York", now);
    expect(result).toEqual({ ok: true, sendAt: new Date("2026-12-01T18:00:00.000Z") });
  });

  it("accepts each of the ten listed zones", () => {
    for (const timeZone of TIME_ZONE_NAMES) expect(checkSchedule("2027-06-01T13:00", timeZone, now).ok, timeZone).toBe(true);
  });

  it("refuses an unknown zone on the time zone field", () => {
    for (const timeZone of ["Europe/London", "UTC", "", "Mars/Olympus_Mons"]) {
      const result = checkSchedule("2027-06-01T13:00", timeZone, now);
      expect(result.ok).toBe(false);
      expect(result.ok === false && result.field).toBe("timeZone");
    }
  });

  it('refuses an invalid date with "Selected date is invalid"', () => {
    for (const sendDate of ["2027-02-31T13:00", "2026-13-01T10:00", "2026-12-01T24:00", "garbage", ""]) {
      expect(checkSchedule(sendDate, "America/New_York", now), sendDate).toEqual({
        ok: false,
        field: "sendDate",
        message: "Selected date is invalid",
      });
    }
    expect(INVITATION_MESSAGES.invalidDate).toBe("Selected date is invalid");
  });

  it("refuses a time in the past", () => {
    expect(checkSchedule("2026-12-01T11:00", "America/New_York", now)).toEqual({
      ok: false,
      field: "sendDate",
      message: INVITATION_MESSAGES.pastDate,
    });
    expect(checkSchedule("2025-12-01T13:00", "America/New_York", now)).toEqual({
      ok: false,
      field: "sendDate",
      message: INVITATION_MESSAGES.pastDate,
    });
  });

  it("allows one minute of grace", () => {
    const sendAt = Date.parse("2026-12-01T18:00:00.000Z");
    expect(checkSchedule("2026-12-01T13:00", "America/New_York", sendAt).ok).toBe(true);
    expect(checkSchedule("2026-12-01T13:00", "America/New_York", sendAt + 30_000).ok).toBe(true);
    expect(checkSchedule("2026-12-01T13:00", "America/New_York", sendAt + MINUTE).ok).toBe(true);
    expect(checkSchedule("2026-12-01T13:00", "America/New_York", sendAt + MINUTE + 1)).toEqual({
      ok: false,
      field: "sendDate",
      message: INVITATION_MESSAGES.pastDate,
    });
  });

  it("uses the current time by default", () => {
    const future = utcToZonedDateTime(new Date(Date.now() + 24 * 60 * MINUTE), "Asia/Tokyo");
    expect(checkSchedule(future, "Asia/Tokyo").ok).toBe(true);
    const past = utcToZonedDateTime(new Date(Date.now() - 24 * 60 * MINUTE), "Asia/Tokyo");
    expect(checkSchedule(past, "Asia/Tokyo").ok).toBe(false);
  });
});
