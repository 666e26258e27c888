import { describe, expect, it } from "vitest";
import {
  CHECKIN_SCHEDULE_MESSAGES,
  checkCheckinSendDay,
  checkinSendDay,
  isCheckinScheduled,
  nextCheckin,
  suggestedCheckinSendDay,
} from "./checkin-schedule.js";

describe("a check-in's send day (decision 0079)", () => {
  it("falls on day 30, 60 and 90 of the plan, across month and year ends", () => {
    expect([0, 1, 2].map((slot) => checkinSendDay("2026-11-15", slot))).toEqual(["2026-12-15", "2027-01-14", "2027-02-13"]);
    expect(checkinSendDay("2028-01-31", 0)).toBe("2028-03-01");
  });

  it("suggests today once the default day has passed", () => {
    expect(suggestedCheckinSendDay("2026-11-15", 0, "2026-12-01")).toBe("2026-12-15");
    expect(suggestedCheckinSendDay("2026-11-15", 0, "2026-12-20")).toBe("2026-12-20");
  });

  it("accepts today up to the day before the check-in closes", () => {
    expect(checkCheckinSendDay("2026-12-07", "2026-12-07", "2026-12-22")).toEqual({ ok: true });
    expect(checkCheckinSendDay("2026-12-21", "2026-12-07", "2026-12-22")).toEqual({ ok: true });
    expect(checkCheckinSendDay("2026-12-22", "2026-12-07", "2026-12-22")).toEqual({
      ok: false,
      message: CHECKIN_SCHEDULE_MESSAGES.afterEnd("2026-12-22"),
    });
    expect(checkCheckinSendDay("2026-12-06", "2026-12-07", null)).toEqual({ ok: false, message: CHECKIN_SCHEDULE_MESSAGES.pastDay });
    expect(checkCheckinSendDay("2030-01-01", "2026-12-07", null)).toEqual({ ok: true });
  });
});

describe("a plan's next check-in", () => {
  const start = "2026-11-15";
  it("is the first default day still ahead while nothing is scheduled", () => {
    expect(nextCheckin(start, [], "2026-12-01")).toEqual({ slot: 0, day: "2026-12-15", scheduled: false });
    expect(nextCheckin(start, [], "2026-12-16")).toEqual({ slot: 1, day: "2027-01-14", scheduled: false });
    expect(nextCheckin(start, [], "2027-02-14")).toBeNull();
  });

  it("takes a scheduled day over the default, and skips a check-in already sent", () => {
    const scheduled = [{ slot: 0, surveyId: "a", sendDay: "2026-12-20", sent: false }];
    expect(nextCheckin(start, scheduled, "2026-12-16")).toEqual({ slot: 0, day: "2026-12-20", scheduled: true });
    const sent = [{ slot: 0, surveyId: "a", sendDay: "2026-12-15", sent: true }];
    expect(nextCheckin(start, sent, "2026-12-01")).toEqual({ slot: 1, day: "2027-01-14", scheduled: false });
    // A later slot scheduled earlier than an earlier slot's default comes first.
    const early = [{ slot: 2, surveyId: "c", sendDay: "2026-12-10", sent: false }];
    expect(nextCheckin(start, early, "2026-12-01")).toEqual({ slot: 2, day: "2026-12-10", scheduled: true });
  });
});

describe("whether a check-in is scheduled", () => {
  it("is scheduled once it has a send time that did not fail; failed invitations may be scheduled again", () => {
    expect(isCheckinScheduled({ sendAt: null, inviteError: null })).toBe(false);
    expect(isCheckinScheduled({ sendAt: "2027-01-06T15:00:00.000Z", inviteError: null })).toBe(true);
    expect(isCheckinScheduled({ sendAt: new Date(), inviteError: "The survey closed." })).toBe(false);
  });
});
