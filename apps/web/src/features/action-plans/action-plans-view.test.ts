import type { ActionPlanDetail, PlanAction } from "@hearth/shared";
import { describe, expect, it } from "vitest";
import {
  actionFormFrom,
  actionStatusBadge,
  focusSelectData,
  moveActionIds,
  newActionPlanPath,
  OWN_FOCUS,
  ownerOptions,
  parseScopeChoice,
  planFormErrors,
  planFormFromDetail,
  prefillPlanForm,
  scopeSelectData,
  toActionInput,
  toActionPatch,
  toPlanInput,
  toPlanPatch,
} from "./action-plans-view";

const PLAN: ActionPlanDetail = {
  id: "p1",
  title: "Build trust",
  focusKey: "lowi_trust",
  focusLabel: "Trust",
  ownerUserId: "u1",
  ownerName: "Olive Owner",
  scope: { key: "department", value: "Sales", label: "Department" },
  status: "active",
  source: "custom",
  startDate: "2026-01-10",
  endDate: "2026-04-10",
  nextDueDate: null,
  actionsDone: 0,
  actionsTotal: 0,
  overdueActions: 0,
  nextCheckinSlot: 0,
  nextCheckin: null,
  updatedAt: "2026-01-10T00:00:00.000Z",
  target: null,
  baselineSurveyId: null,
  baselineSurveyName: null,
  createdByName: null,
  createdAt: "2026-01-10T00:00:00.000Z",
  today: "2026-01-10",
  actions: [],
  checkins: [],
  progress: { reason: null, baseline: null, checkins: [], comparison: null },
  can: { edit: true, changeOwner: true, archive: true, manageActions: true, addCheckin: true },
};

const ACTION: PlanAction = {
  id: "a1",
  title: "Open forum",
  ownerUserId: null,
  ownerName: null,
  dueDate: "2026-02-01",
  status: "not_started",
  notes: "",
  position: 0,
  doneAt: null,
  overdue: false,
  canEdit: true,
  canUpdateStatus: true,
  createdAt: "2026-01-10T00:00:00.000Z",
  updatedAt: "2026-01-10T00:00:00.000Z",
};

describe("the new plan form", () => {
  it("fills in a report's suggestion: a known focus, its title and the source; today and 90 days on", () => {
    const { values, source } = prefillPlanForm(
      new URLSearchParams("focus=lowi_trust&title=Rebuild%20trust&source=suggested"),
      "2026-12-07",
      "me",
    );
    expect(source).toBe("suggested");
    expect(values).toMatchObject({
      title: "Rebuild trust",
      focusChoice: "lowi_trust",
      focusText: "",
      ownerUserId: "me",
      startDate: "2026-12-07",
      endDate: "2027-03-07",
    });
  });

  it("keeps the survey a suggestion came from as the plan's baseline, and sends it", () => {
    const prefill = prefillPlanForm(new URLSearchParams("focus=lowi_growth&title=Grow&source=suggested&survey=s123"), "2026-12-07", "me");
    expect(prefill.baselineSurveyId).toBe("s123");
    expect(toPlanInput(prefill.values, prefill.source, prefill.baselineSurveyId)).toMatchObject({
      baselineSurveyId: "s123",
      source: "suggested",
    });
    expect(prefillPlanForm(new URLSearchParams("focus=lowi_growth"), "2026-12-07", "me").baselineSurveyId).toBeNull();
    const scoped = prefillPlanForm(new URLSearchParams("focus=lowi_growth&scope=department%3ASales"), "2026-12-07", "me");
    expect(toPlanInput(scoped.values, scoped.source, null)).toMatchObject({ scopeCohortKey: "department", scopeCohortValue: "Sales" });
    expect(newActionPlanPath({ focus: "lowi_growth", source: "suggested", survey: "s123" })).toBe(
      "/dashboard/plans/new?focus=lowi_growth&source=suggested&survey=s123",
    );
  });

  it("takes an unknown focus as the company's own words, and anything but suggested as custom", () => {
    const { values, source } = prefillPlanForm(new URLSearchParams(`focus=${"x".repeat(200)}&source=other`), "2026-12-07", "me");
    expect(source).toBe("custom");
    expect(values.focusChoice).toBe(OWN_FOCUS);
    expect(values.focusText).toHaveLength(120);
    expect(prefillPlanForm(new URLSearchParams(), "2026-12-07", "me").values).toMatchObject({ title: "", focusChoice: "" });
  });

  it("sends the focus, scope and days as the API takes them", () => {
    const values = {
      ...prefillPlanForm(new URLSearchParams(), "2026-12-07", "me").values,
      title: "Calmer weeks",
      focusChoice: OWN_FOCUS,
      focusText: " Fewer meetings ",
      scope: "team:Blue",
    };
    expect(toPlanInput(values, "custom")).toEqual({
      title: "Calmer weeks",
      focusKey: "Fewer meetings",
      focusLabel: "Fewer meetings",
      ownerUserId: "me",
      scopeCohortKey: "team",
      scopeCohortValue: "Blue",
      target: null,
      startDate: "2026-12-07",
      endDate: "2027-03-07",
      source: "custom",
    });
  });

  it("builds the link a report uses", () => {
    expect(newActionPlanPath({ focus: "Respect", title: "Respect & care", source: "suggested" })).toBe(
      "/dashboard/plans/new?focus=Respect&title=Respect+%26+care&source=suggested",
    );
    expect(newActionPlanPath()).toBe("/dashboard/plans/new");
  });
});

describe("editing a plan", () => {
  it("sends only what changed, and nothing when nothing did", () => {
    const values = planFormFromDetail(PLAN);
    expect(toPlanPatch(values, PLAN)).toEqual({});
    expect(toPlanPatch({ ...values, endDate: "2026-05-01", target: " Trust above 4 " }, PLAN)).toEqual({
      endDate: "2026-05-01",
      target: "Trust above 4",
    });
    expect(toPlanPatch({ ...values, scope: "" }, PLAN)).toEqual({ scopeCohortKey: null, scopeCohortValue: null });
    expect(toPlanPatch({ ...values, focusChoice: "Respect" }, PLAN)).toEqual({ focusKey: "Respect", focusLabel: null });
  });

  it("shows the API's field names on the form's fields", () => {
    expect(planFormErrors({ focusKey: "Choose what the plan focuses on.", scopeCohortValue: "Choose a cohort." })).toMatchObject({
      focus: "Choose what the plan focuses on.",
      scope: "Choose a cohort.",
    });
  });
});

describe("choices", () => {
  it("groups the focuses and ends with the company's own", () => {
    const groups = focusSelectData();
    expect(groups.map((group) => group.group)).toEqual(["Culture competencies", "Love of the company", "SPARK areas", "Your own"]);
    expect(groups[0].items).toHaveLength(15);
    expect(groups[2].items).toContainEqual({ value: "Respect", label: "Respect" });
  });

  it("offers the whole company, then each cohort value under its name", () => {
    const data = scopeSelectData([
      { key: "department", values: [{ value: "Sales" }, { value: "R&D: Labs" }] },
      { key: "team", values: [] },
    ]);
    expect(data).toEqual([
      { group: "Company", items: [{ value: "", label: "Whole company" }] },
      {
        group: "Department",
        items: [
          { value: "department:Sales", label: "Department: Sales" },
          { value: "department:R&D: Labs", label: "Department: R&D: Labs" },
        ],
      },
    ]);
    expect(parseScopeChoice("department:R&D: Labs")).toEqual({ key: "department", value: "R&D: Labs" });
    expect(parseScopeChoice("")).toBeNull();
  });

  it("lists members with an account as owners, by name", () => {
    expect(
      ownerOptions([
        { userId: "2", name: "Zed", email: "z@x.test" },
        { userId: null, name: null, email: "pending@x.test" },
        { userId: "1", name: null, email: "amy@x.test" },
      ]),
    ).toEqual([
      { value: "1", label: "amy@x.test" },
      { value: "2", label: "Zed (z@x.test)" },
    ]);
  });
});

describe("actions", () => {
  it("moves an action up or down, never past either end", () => {
    expect(moveActionIds(["a", "b", "c"], 2, -1)).toEqual(["a", "c", "b"]);
    expect(moveActionIds(["a", "b", "c"], 0, 1)).toEqual(["b", "a", "c"]);
    expect(moveActionIds(["a", "b"], 0, -1)).toBeNull();
    expect(moveActionIds(["a", "b"], 1, 1)).toBeNull();
  });

  it("sends only the changed fields, and for an action's own owner only status and notes", () => {
    const values = actionFormFrom(ACTION);
    expect(toActionPatch(values, ACTION, true)).toEqual({});
    const changed = { ...values, title: "Open forums", status: "done" as const, dueDate: "" };
    expect(toActionPatch(changed, ACTION, true)).toEqual({ title: "Open forums", status: "done", dueDate: null });
    expect(toActionPatch(changed, ACTION, false)).toEqual({ status: "done" });
    expect(toActionInput({ ...values, ownerUserId: "", notes: "n" })).toEqual({
      title: "Open forum",
      ownerUserId: null,
      dueDate: "2026-02-01",
      status: "not_started",
      notes: "n",
    });
  });

  it("words each status", () => {
    expect(actionStatusBadge("blocked")).toEqual({ label: "Blocked", color: "red" });
    expect(actionStatusBadge("in_progress").label).toBe("In progress");
  });
});
