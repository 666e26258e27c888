import { describe, expect, it } from "vitest";
import { checkinSlotView, describeProgressChange, describeProgressPoint } from "./checkin-view";

const can = { edit: true, changeOwner: true, archive: true, manageActions: true, addCheckin: true };
const free = (slot: number) => ({ slot, surveyId: null, surveyName: null, draft: false });

describe("a plan's check-in slot", () => {
  it("offers 'Add check-in survey' on the next free slot only, to Admins and Managers", () => {
    const plan = { nextCheckinSlot: 1, can };
    expect(checkinSlotView(free(1), plan)).toEqual({ badge: null, link: null, canAdd: true });
    expect(checkinSlotView(free(2), plan).canAdd).toBe(false);
    // A Staff plan owner manages the actions but does not make surveys.
    expect(checkinSlotView(free(1), { nextCheckinSlot: 1, can: { ...can, addCheckin: false } }).canAdd).toBe(false);
  });

  it("links a draft to its editor and a published check-in to its report", () => {
    const plan = { nextCheckinSlot: null, can };
    const draft = checkinSlotView({ slot: 0, surveyId: "abc", surveyName: "Trust: check-in 1", draft: true }, plan);
    expect(draft).toEqual({
      badge: { label: "Draft", color: "gray" },
      link: { to: "/dashboard/surveys/other/abc/edit", label: "Edit survey" },
      canAdd: false,
    });
    const published = checkinSlotView({ slot: 0, surveyId: "abc", surveyName: "Trust: check-in 1", draft: false }, plan);
    expect(published.badge?.label).toBe("Published");
    expect(published.link?.to).toBe("/dashboard/reports/other/abc/sentiment");
    // Those who do not edit surveys see the state without a link the editor or the report would refuse them.
    const staff = { nextCheckinSlot: null, can: { ...can, addCheckin: false } };
    expect(checkinSlotView({ slot: 0, surveyId: "abc", surveyName: "Trust: check-in 1", draft: true }, staff)).toEqual({
      badge: { label: "Draft", color: "gray" },
      link: null,
      canAdd: false,
    });
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
