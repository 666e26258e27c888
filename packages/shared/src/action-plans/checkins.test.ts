import { describe, expect, it } from "vitest";
import { LOWI_AGREE_FIELDS } from "../surveys/lowi/agree-items.js";
import { listPresetFields } from "../surveys/presets/registry.js";
import { checkinEndDay, checkinSurveyFields, checkinSurveyName, findLowiFocusItem } from "./checkins.js";
import { describeActionPlanActivity } from "./rules.js";

describe("check-in surveys (decision 0078)", () => {
  it("names each check-in after its plan and slot", () => {
    expect(checkinSurveyName("Rebuild trust", 0)).toBe("Rebuild trust: check-in 1");
    expect(checkinSurveyName("Rebuild trust", 2)).toBe("Rebuild trust: check-in 3");
  });

  it("ends 30 × (slot + 1) + 7 days after the plan's start", () => {
    expect(checkinEndDay("2026-01-10", 0)).toBe("2026-02-16");
    expect(checkinEndDay("2026-01-10", 1)).toBe("2026-03-18");
    expect(checkinEndDay("2026-01-10", 2)).toBe("2026-04-17");
  });

  it("asks the plan's LOWI focus item exactly as the LOWI survey does, first, then the preset's questions", () => {
    const trust = LOWI_AGREE_FIELDS.find((field) => field.key === "lowi_trust");
    const fields = checkinSurveyFields("lowi_trust");
    expect(fields[0]).toEqual(trust);
    expect(fields.slice(1)).toEqual(listPresetFields("Transformation"));
    expect(checkinSurveyFields("SystemicCollaboration")).toEqual(listPresetFields("Transformation"));
    expect(checkinSurveyFields("Fewer meetings")).toEqual(listPresetFields("Transformation"));
    expect(findLowiFocusItem("lowi_love_manager")?.loveArea).toBe("Manager");
  });

  it("words the activity log entry", () => {
    expect(describeActionPlanActivity("add_plan_checkin", { planTitle: "Trust", surveyName: "Trust: check-in 1" })).toBe(
      "Check-in survey added to “Trust”: “Trust: check-in 1”",
    );
  });
});
