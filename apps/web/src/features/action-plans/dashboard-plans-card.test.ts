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
  });
});
