import type { ActionPlanCheckin } from "@hearth/shared";
import { describe, expect, it } from "vitest";
import { checkinScheduleLine, checkinSlotView, describeNextCheckin, describeProgressChange, describeProgressPoint } from "./checkin-view";

const can = { edit: true, changeOwner: true, archive: true, manageActions: true, addCheckin: true };
const slotOf = (slot: number, rest: Partial<ActionPlanCheckin> = {}): ActionPlanCheckin => ({
  slot,
  surveyId: null,
  surveyName: null,
  draft: false,
  suggestedSendDay: "2027-01-06",
  sendAt: null,
  invitedAt: null,
  invitedCount: null,
  inviteError: null,
  endsAt: null,
  closed: false,
  askComparison: false,
  ...rest,
});
const draft = (rest: Partial<ActionPlanCheckin> = {}) =>
  slotOf(0, { surveyId: "abc", surveyName: "Trust: check-in 1", draft: true, ...rest });
const active = { status: "active" as const };

describe("a plan's check-in slot", () => {
  it("offers 'Add check-in survey' on the next free slot only, to Admins and Managers", () => {
    const plan = { nextCheckinSlot: 1, can, ...active };
    expect(checkinSlotView(slotOf(1), plan)).toEqual({ badge: null, link: null, canAdd: true, canSchedule: false });
    expect(checkinSlotView(slotOf(2), plan).canAdd).toBe(false);
    // A Staff plan owner manages the actions but does not make surveys.
    expect(checkinSlotView(slotOf(1), { ...plan, can: { ...can, addCheckin: false } }).canAdd).toBe(false);
  });

  it("links a draft to its editor and offers to publish and schedule it; a published check-in links to its report", () => {
    const plan = { nextCheckinSlot: null, can, ...active };
    expect(checkinSlotView(draft(), plan)).toEqual({
      badge: { label: "Draft", color: "gray" },
      link: { to: "/dashboard/surveys/other/abc/edit", label: "Edit survey" },
      canAdd: false,
      canSchedule: true,
    });
    const scheduled = checkinSlotView(draft({ draft: false, sendAt: "2027-01-06T15:00:00.000Z" }), plan);
    expect(scheduled).toMatchObject({ badge: { label: "Scheduled" }, canSchedule: false });
    expect(scheduled.link?.to).toBe("/dashboard/reports/other/abc/sentiment");
    const sent = draft({ draft: false, sendAt: "2027-01-06T15:00:00.000Z", invitedAt: "2027-01-06T15:00:01.000Z", invitedCount: 12 });
    expect(checkinSlotView(sent, plan).badge?.label).toBe("Open");
    expect(checkinSlotView({ ...sent, closed: true }, plan).badge?.label).toBe("Closed");
    // Invitations that failed may be scheduled again; an archived plan schedules nothing.
    expect(checkinSlotView(draft({ draft: false, sendAt: "2027-01-06T15:00:00.000Z", inviteError: "x" }), plan).canSchedule).toBe(true);
    expect(checkinSlotView(draft(), { ...plan, status: "archived" }).canSchedule).toBe(false);
    // Those who do not edit surveys see the state without a link the editor or the report would refuse them.
    expect(checkinSlotView(draft(), { ...plan, can: { ...can, addCheckin: false } })).toEqual({
      badge: { label: "Draft", color: "gray" },
      link: null,
      canAdd: false,
      canSchedule: false,
    });
  });

  it("says when the invitations go out, were sent and to how many, and when the check-in closed", () => {
    const moment = (at: string) => `<${at}>`;
    const now = Date.parse("2027-01-01T00:00:00.000Z");
    expect(checkinScheduleLine(draft(), moment, now)).toBeNull();
    const sendAt = "2027-01-06T15:00:00.000Z";
    expect(checkinScheduleLine(draft({ sendAt }), moment, now)).toBe(`Invitations go out <${sendAt}>.`);
    expect(checkinScheduleLine(draft({ sendAt, invitedAt: "2027-01-01T00:00:00.000Z", invitedCount: 1 }), moment, now)).toBe(
      `Invitations go out <${sendAt}> to 1 person.`,
    );
    const later = Date.parse("2027-01-10T00:00:00.000Z");
    const sent = draft({ sendAt, invitedAt: "2027-01-01T00:00:00.000Z", invitedCount: 12 });
    expect(checkinScheduleLine(sent, moment, later)).toBe(`Sent <${sendAt}> to 12 people.`);
    expect(checkinScheduleLine({ ...sent, closed: true, endsAt: "2027-01-14T05:59:59.999Z" }, moment, later)).toBe(
      `Sent <${sendAt}> to 12 people; closed <2027-01-14T05:59:59.999Z>.`,
    );
  });

  it("names the next check-in and whether it is scheduled yet", () => {
    const day = (value: string) => `[${value}]`;
    expect(describeNextCheckin({ slot: 1, day: "2027-01-14", scheduled: true }, day)).toBe("Check-in 2 on [2027-01-14]");
    expect(describeNextCheckin({ slot: 0, day: "2026-12-15", scheduled: false }, day)).toBe(
      "Check-in 1 on [2026-12-15], not scheduled yet",
    );
    expect(describeNextCheckin(null, day)).toBe("None left");
  });
});

describe("a progress figure", () => {
  const point = {
    slot: 0,
    surveyId: "s",
    surveyName: "Trust: check-in 1",
    score: 3.4,
    n: 10,
    ci: { low: 2.71, high: 4.09 },
    change: 0.25,
    notice: null,
  };
  it("writes the score with n and its interval, and the change from baseline", () => {
    expect(describeProgressPoint(point)).toBe("3.40 (n = 10; 95% interval 2.71–4.09)");
    expect(describeProgressChange(point)).toBe("+0.25 since baseline");
    expect(describeProgressChange({ ...point, change: -0.1 })).toBe("−0.10 since baseline");
    expect(describeProgressChange({ ...point, change: 0 })).toBe("No change since baseline");
    expect(describeProgressChange({ ...point, change: null })).toBeNull();
  });

  it("writes why there is no number instead of one", () => {
    const hidden = {
      ...point,
      score: null,
      n: null,
      ci: null,
      change: null,
      notice: "Scores are hidden as the number available falls below the visibility threshold.",
    };
    expect(describeProgressPoint(hidden)).toBe(hidden.notice);
  });
});
