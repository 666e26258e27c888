import { describe, expect, it } from "vitest";
import { canDeleteQuestion, canMoveQuestion, canRemoveOption, showsAddOptionButton } from "./builder-rules.js";
import {
  canReadSurvey,
  checkSurveyCreation,
  describePresetCardState,
  isLimitedToOneOpenSurvey,
  presetNeedsAllSurveys,
  takesSurveySlot,
} from "./survey-access.js";
import { SURVEY_MESSAGES } from "./survey-messages.js";

const allowed = { hasAllSurveys: true, profileComplete: true, hasOpenSurveyOfType: false };

describe("starting a survey", () => {
  it("lets everyone start a LOWI survey, and only AllSurveys start the others", () => {
    expect(presetNeedsAllSurveys("PulseValidation")).toBe(false);
    expect(presetNeedsAllSurveys("Wellness")).toBe(true);
    expect(presetNeedsAllSurveys("Custom")).toBe(true);
    expect(checkSurveyCreation({ ...allowed, presetId: "PulseValidation", hasAllSurveys: false })).toEqual({ ok: true });
    expect(checkSurveyCreation({ ...allowed, presetId: "Wellness", hasAllSurveys: false })).toEqual({
      ok: false,
      reason: "upgrade",
      upgrade: { plan: "Gold", feature: "AllSurveys", label: "Custom Surveys" },
    });
  });

  it("needs a complete company profile for a LOWI survey, with the spec's message and link", () => {
    expect(checkSurveyCreation({ ...allowed, presetId: "PulseValidation", profileComplete: false })).toEqual({
      ok: false,
      reason: "incompleteProfile",
      message: "Incomplete Company Profile: Please fully complete your company profile to create a LOWI™ survey.",
      link: "/dashboard/profile",
    });
    expect(checkSurveyCreation({ ...allowed, presetId: "Diversity", profileComplete: false })).toEqual({ ok: true });
  });

  it("allows one open survey per type, except Custom", () => {
    const conflict = { ok: false, reason: "conflict", message: SURVEY_MESSAGES.conflictingSurvey };
    expect(checkSurveyCreation({ ...allowed, presetId: "PulseValidation", hasOpenSurveyOfType: true })).toEqual(conflict);
    expect(checkSurveyCreation({ ...allowed, presetId: "Women", hasOpenSurveyOfType: true })).toEqual(conflict);
    expect(checkSurveyCreation({ ...allowed, presetId: "Custom", hasOpenSurveyOfType: true })).toEqual({ ok: true });
    expect(isLimitedToOneOpenSurvey("Custom")).toBe(false);
    expect(checkSurveyCreation({ ...allowed, presetId: "Transformation", hasOpenSurveyOfType: true })).toEqual({ ok: true });
    expect(isLimitedToOneOpenSurvey("Transformation")).toBe(false);
    expect(isLimitedToOneOpenSurvey("LOWI")).toBe(true);
    expect(SURVEY_MESSAGES.conflictingSurvey).toBe("Conflicting Survey: You may only have one survey of a given type open at a time");
  });

  it("leaves Action Plan Check-Ins out of the company's survey slots (decision 0078)", () => {
    expect(takesSurveySlot("Transformation")).toBe(false);
    expect(takesSurveySlot("LOWI")).toBe(true);
    expect(takesSurveySlot("Custom")).toBe(true);
  });

  it("reports the upgrade before the profile, and the profile before a conflict", () => {
    const everything = { presetId: "PulseValidation", hasAllSurveys: false, profileComplete: false, hasOpenSurveyOfType: true };
    expect(checkSurveyCreation(everything)).toMatchObject({ reason: "incompleteProfile" });
    expect(checkSurveyCreation({ ...everything, presetId: "Veterans" })).toMatchObject({ reason: "upgrade" });
    expect(checkSurveyCreation({ ...everything, profileComplete: true })).toMatchObject({ reason: "conflict" });
  });

  it("disables other types' Continue on Free, offers the upgrade on paid plans, and always allows LOWI", () => {
    expect(describePresetCardState("PulseValidation", { plan: "Free", hasAllSurveys: false })).toBe("continue");
    expect(describePresetCardState("Wellness", { plan: "Free", hasAllSurveys: false })).toBe("disabled");
    expect(describePresetCardState("Wellness", { plan: "Silver", hasAllSurveys: false })).toBe("upgrade");
    expect(describePresetCardState("Wellness", { plan: "Gold", hasAllSurveys: true })).toBe("continue");
    expect(describePresetCardState("Custom", { plan: "Free", hasAllSurveys: true })).toBe("continue");
  });
});

describe("question builder rules", () => {
  const fields = [{ isDefault: true }, { isDefault: true }, { isDefault: false }, { isDefault: false }];

  it("never deletes a default question or the last remaining one", () => {
    expect(canDeleteQuestion(fields, 0)).toBe(false);
    expect(canDeleteQuestion(fields, 2)).toBe(true);
    expect(canDeleteQuestion([{ isDefault: false }], 0)).toBe(false);
    expect(canDeleteQuestion(fields, 9)).toBe(false);
  });

  it("never moves a default question, nor moves another in front of one", () => {
    expect(canMoveQuestion(fields, 0, 1)).toBe(false);
    expect(canMoveQuestion(fields, 3, 2)).toBe(true);
    expect(canMoveQuestion(fields, 2, 3)).toBe(true);
    expect(canMoveQuestion(fields, 3, 0)).toBe(false);
    expect(canMoveQuestion(fields, 2, 2)).toBe(false);
    expect(canMoveQuestion(fields, 2, 7)).toBe(false);
  });

  it("keeps the first option and puts the add button on the last", () => {
    expect(canRemoveOption(0)).toBe(false);
    expect(canRemoveOption(1)).toBe(true);
    expect(showsAddOptionButton(2, 3)).toBe(true);
    expect(showsAddOptionButton(1, 3)).toBe(false);
  });
});

describe("survey messages", () => {
  it("carries the spec's texts word for word", () => {
    expect(SURVEY_MESSAGES.customQuestionsUpgrade).toBe("Upgrade to Gold to add custom questions.");
    expect(SURVEY_MESSAGES.surveyPublished).toBe("Survey Published");
    expect(SURVEY_MESSAGES.surveyArchived).toBe("Survey archived");
    expect(SURVEY_MESSAGES.archiveConfirmation("Spring pulse")).toBe('Are you sure you want to archive the "Spring pulse" survey?');
    expect(SURVEY_MESSAGES.notAuthorized).toBe("Not Authorized");
    expect(SURVEY_MESSAGES.demoPreview).toBe("THIS IS A DEMO PREVIEW");
    expect(SURVEY_MESSAGES.newSurveyTitle("Wellness")).toBe("New Wellness");
    expect(SURVEY_MESSAGES.newSurveyTitle(null)).toBe("New Custom Survey");
  });
});

describe("who reads a survey", () => {
  const transformation = (authorUserId: string | null) => ({ surveyPreset: "Transformation", authorUserId });
  it("shows Staff only their own Transformation surveys, and everyone else every survey", () => {
    expect(canReadSurvey({ role: "Staff", userId: "u1" }, transformation("u1"))).toBe(true);
    expect(canReadSurvey({ role: "Staff", userId: "u1" }, transformation("u2"))).toBe(false);
    expect(canReadSurvey({ role: "Staff", userId: "u1" }, transformation(null))).toBe(false);
    expect(canReadSurvey({ role: "Staff", userId: "u1" }, { surveyPreset: "PulseValidation", authorUserId: "u2" })).toBe(true);
    expect(canReadSurvey({ role: "Manager", userId: "u1" }, transformation("u2"))).toBe(true);
    expect(canReadSurvey({ role: "Staff", userId: "u1", isInternalAccount: true }, transformation("u2"))).toBe(true);
  });
});
