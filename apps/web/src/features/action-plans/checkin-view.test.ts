import { describe, expect, it } from "vitest";
import { checkinSlotView } from "./checkin-view";

const can = { edit: true, changeOwner: true, archive: true, manageActions: true };
const free = (slot: number) => ({ slot, surveyId: null, surveyName: null, draft: false });

describe("a plan's check-in slot", () => {
  it("offers 'Add check-in survey' on the next free slot only, to those who manage the plan", () => {
    const plan = { nextCheckinSlot: 1, can };
    expect(checkinSlotView(free(1), plan)).toEqual({ badge: null, link: null, canAdd: true });
    expect(checkinSlotView(free(2), plan).canAdd).toBe(false);
    expect(checkinSlotView(free(1), { nextCheckinSlot: 1, can: { ...can, manageActions: false } }).canAdd).toBe(false);
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
  });
});
