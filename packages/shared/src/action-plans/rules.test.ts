import { describe, expect, it } from "vitest";
import { actionPlanInputSchema, actionPlanPatchSchema, planActionPatchSchema } from "../contracts/action-plans.js";
import { findFocusOption, resolveFocusLabel } from "./focus.js";
import {
  actionProgressPercent,
  canManageActionPlans,
  describeActionPlanActivity,
  describeActionProgress,
  describeCheckinSlot,
  describePlanScope,
  isActionOverdue,
  nextFreeCheckinSlot,
} from "./rules.js";

describe("action plan rules", () => {
  it("lets Admins, Managers and internal accounts manage plans, not Staff", () => {
    expect(canManageActionPlans({ role: "Admin" })).toBe(true);
    expect(canManageActionPlans({ role: "Manager" })).toBe(true);
    expect(canManageActionPlans({ role: "Staff" })).toBe(false);
    expect(canManageActionPlans({ role: "Staff", isInternalAccount: true })).toBe(true);
  });

  it("counts an action overdue only when it is not done and its day has passed", () => {
    expect(isActionOverdue({ status: "in_progress", dueDate: "2026-12-06" }, "2026-12-07")).toBe(true);
    expect(isActionOverdue({ status: "in_progress", dueDate: "2026-12-07" }, "2026-12-07")).toBe(false);
    expect(isActionOverdue({ status: "done", dueDate: "2026-01-01" }, "2026-12-07")).toBe(false);
    expect(isActionOverdue({ status: "blocked", dueDate: null }, "2026-12-07")).toBe(false);
  });

  it("words progress, scope and check-in slots", () => {
    expect(describeActionProgress(1, 2)).toBe("1 of 2 actions done");
    expect(describeActionProgress(0, 1)).toBe("0 of 1 action done");
    expect(describeActionProgress(0, 0)).toBe("No actions yet");
    expect(actionProgressPercent(2, 3)).toBe(66);
    expect(actionProgressPercent(0, 0)).toBe(0);
    expect(describePlanScope(null)).toBe("Whole company");
    expect(describePlanScope({ key: "department", value: "Sales" })).toBe("Department: Sales");
    expect(describePlanScope({ key: "job_level", value: "Senior" })).toBe("Job level: Senior");
    expect(
      nextFreeCheckinSlot([
        { slot: 0, surveyId: "a" },
        { slot: 1, surveyId: null },
        { slot: 2, surveyId: null },
      ]),
    ).toBe(1);
    expect(nextFreeCheckinSlot([0, 1, 2].map((slot) => ({ slot, surveyId: "s" })))).toBeNull();
    expect(describeCheckinSlot(0)).toBe("Check-in 1 of 3");
    expect(describeCheckinSlot(null)).toBe("All three check-ins used");
  });

  it("words every action plan entry of the activity log, and leaves other entries alone", () => {
    expect(describeActionPlanActivity("create_action_plan", { title: "Build trust" })).toBe("Action plan created: “Build trust”");
    expect(describeActionPlanActivity("update_action_plan", { title: "Build trust", changes: ["endDate", "ownerUserId"] })).toBe(
      "Action plan edited: “Build trust” (end date, owner)",
    );
    expect(describeActionPlanActivity("archive_action_plan", { title: "Build trust" })).toBe("Action plan archived: “Build trust”");
    expect(describeActionPlanActivity("create_plan_action", { planTitle: "Build trust", actionTitle: "Forum" })).toBe(
      "Action added to “Build trust”: “Forum”",
    );
    expect(
      describeActionPlanActivity("update_plan_action", {
        planTitle: "Build trust",
        actionTitle: "Forum",
        changes: ["status"],
        status: "done",
      }),
    ).toBe("Action updated in “Build trust”: “Forum” (status), now Done");
    expect(describeActionPlanActivity("delete_plan_action", { planTitle: "Build trust", actionTitle: "Forum" })).toBe(
      "Action removed from “Build trust”: “Forum”",
    );
    expect(describeActionPlanActivity("reorder_plan_actions", {})).toBe("Actions reordered in “an action plan”");
    expect(describeActionPlanActivity("schedule_plan_checkin", { planTitle: "Build trust", slot: 1 })).toBe(
      "Check-in 2 of “Build trust” published and its invitations scheduled",
    );
    expect(describeActionPlanActivity("update_survey", { title: "x" })).toBeNull();
  });

  it("names known focuses by their own label and keeps the company's own words", () => {
    expect(findFocusOption("lowi_psychological_safety")).toMatchObject({ label: "Psychological Safety", group: "Culture competencies" });
    expect(resolveFocusLabel("Respect", "anything")).toBe("Respect");
    expect(resolveFocusLabel("SystemicCollaboration")).toBe("Systemic Collaboration");
    expect(resolveFocusLabel("Fewer meetings", null)).toBe("Fewer meetings");
    expect(resolveFocusLabel("custom-1", "Quieter Fridays")).toBe("Quieter Fridays");
  });
});

describe("action plan contracts", () => {
  const base = { title: "Build trust", focusKey: "lowi_trust", ownerUserId: "u1" };

  it("defaults the source, and checks the end against the start and the cohort's key and value together", () => {
    expect(actionPlanInputSchema.parse(base)).toMatchObject({ source: "custom" });
    const backwards = actionPlanInputSchema.safeParse({ ...base, startDate: "2026-05-02", endDate: "2026-05-01" });
    expect(backwards.error?.issues.map((issue) => issue.path.join("."))).toEqual(["endDate"]);
    const half = actionPlanInputSchema.safeParse({ ...base, scopeCohortValue: "Sales" });
    expect(half.error?.issues.map((issue) => issue.path.join("."))).toEqual(["scopeCohortKey"]);
  });

  it("takes a patch of any one field, never an empty one, and adds no defaults", () => {
    expect(actionPlanPatchSchema.parse({ target: null })).toEqual({ target: null });
    expect(actionPlanPatchSchema.safeParse({}).success).toBe(false);
    expect(planActionPatchSchema.parse({ status: "done" })).toEqual({ status: "done" });
    expect(planActionPatchSchema.safeParse({ notes: "n".repeat(2001) }).success).toBe(false);
  });
});
