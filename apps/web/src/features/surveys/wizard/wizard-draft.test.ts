import { listPresetFields, type SurveyDetail } from "@hearth/shared";
import { describe, expect, it } from "vitest";
import {
  addQuestion,
  draftFromSurvey,
  moveQuestion,
  newDraft,
  questionErrors,
  removeQuestion,
  toSurveyInput,
  updateField,
} from "./wizard-draft";

describe("wizard draft", () => {
  it("starts a type with its questions and the company's name in company_name", () => {
    const draft = newDraft("PulseValidation", "Lantern Labs");
    expect(draft.metaFields).toEqual({ company_name: "Lantern Labs" });
    expect(draft.fields).toEqual(listPresetFields("PulseValidation"));
  });

  it("restores preset defaults from the preset when a saved survey comes back without their private properties", () => {
    const preset = listPresetFields("PulseValidation");
    const stripped = preset.map(({ competency, loveArea, sparkArea, filter, ...rest }) => rest);
    const custom = { ...stripped[0], key: "custom_1", question: "Ours", isDefault: false, group: "custom" as const };
    const survey = {
      surveyPreset: "PulseValidation",
      name: "N",
      description: "D",
      metaFields: { company_name: "X" },
      fields: [...stripped, custom],
    };
    const draft = draftFromSurvey(survey as unknown as SurveyDetail);
    expect(draft.fields.slice(0, preset.length)).toEqual(preset);
    expect(draft.fields.at(-1)).toEqual(custom);
  });

  it("sends only the type's meta fields, trimmed, and the end date when publishing", () => {
    const draft = {
      ...newDraft("AfterActionReview", null),
      name: " Retro ",
      description: " Notes ",
      metaFields: { meeting_name: " Launch ", other: "x" },
    };
    expect(toSurveyInput(draft, { draft: false, endDate: 123 })).toMatchObject({
      surveyPreset: "AfterActionReview",
      name: "Retro",
      description: "Notes",
      metaFields: { meeting_name: "Launch" },
      draft: false,
      endDate: 123,
    });
    expect(toSurveyInput(draft, { draft: true })).not.toHaveProperty("endDate");
  });

  it("edits only questions of the company's own and follows the move and delete rules", () => {
    const defaults = listPresetFields("Wellness");
    const withTwo = addQuestion(addQuestion(defaults));
    const first = defaults.length;
    expect(updateField(withTwo, 0, { question: "changed" })[0]).toEqual(defaults[0]);
    const radio = updateField(withTwo, first, { answerType: "Radio" })[first];
    expect(radio.radioOptions).toEqual(["Option 1", "Option 2"]);
    expect(updateField([radio], 0, { answerType: "Text" })[0].radioOptions).toEqual([]);
    expect(moveQuestion(withTwo, first, first - 1)).toBe(withTwo);
    expect(
      moveQuestion(withTwo, first + 1, first)
        .map((field) => field.key)
        .slice(-2),
    ).toEqual(["custom_2", "custom_1"]);
    expect(removeQuestion(withTwo, 0)).toBe(withTwo);
    expect(removeQuestion(withTwo, first)).toHaveLength(withTwo.length - 1);
  });

  it("picks one question's errors out of the draft's", () => {
    const errors = { name: "x", "fields.2": "whole", "fields.2.question": "q", "fields.21.question": "other" };
    expect(questionErrors(errors, 2)).toEqual({ _: "whole", question: "q" });
  });
});
