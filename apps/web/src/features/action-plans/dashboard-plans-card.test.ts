import type { ActionPlanList, ActionPlanSummary } from "@hearth/shared";
import { describe, expect, it } from "vitest";
import { summarisePlans } from "./dashboard-plans-card";

const plan = (id: string, status: ActionPlanSummary["status"], overdueActions: number): ActionPlanSummary => ({
  id,
  title: id,
  focusKey: "lowi_growth",
  focusLabel: "Growth",
  ownerUserId: null,
  ownerName: null,
  scope: null,
  status,
  source: "custom",
  startDate: "2026-11-01",
  endDate: "2027-01-30",
  nextDueDate: null,
  actionsDone: 0,
  actionsTotal: 2,
  overdueActions,
  nextCheckinSlot: 0,
  nextCheckin: null,
  updatedAt: "2026-11-01T00:00:00.000Z",
});

describe("the dashboard's action plans card", () => {
  it("counts open plans and their overdue actions, and names the plans that have one", () => {
    const list: ActionPlanList = {
      plans: [plan("a", "active", 2), plan("b", "active", 0), plan("c", "completed", 4)],
      canCreate: true,
      today: "2026-12-07",
    };
    const summary = summarisePlans(list);
    expect(summary.open).toBe(2);
    expect(summary.overdue).toBe(2);
    expect(summary.withOverdue.map((one) => one.id)).toEqual(["a"]);
    expect(summary.next).toBeNull();
  });

  it("names the earliest next check-in of the open plans, never a completed plan's", () => {
    const soon = { ...plan("b", "active", 0), nextCheckin: { slot: 1, day: "2027-01-04", scheduled: true } };
    const later = { ...plan("a", "active", 0), nextCheckin: { slot: 0, day: "2027-01-20", scheduled: false } };
    const done = { ...plan("c", "completed", 0), nextCheckin: { slot: 0, day: "2026-12-10", scheduled: true } };
    const summary = summarisePlans({ plans: [later, soon, done], canCreate: true, today: "2026-12-07" });
    expect(summary.next?.plan.id).toBe("b");
    expect(summary.next?.checkin).toEqual({ slot: 1, day: "2027-01-04", scheduled: true });
  });
});
