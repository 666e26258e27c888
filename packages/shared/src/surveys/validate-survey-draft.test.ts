import { describe, expect, it } from "vitest";
import { createCustomField } from "./custom-field.js";
import { LOWI_AGREE_FIELDS } from "./lowi/agree-items.js";
import { findPreset, listPresetFields } from "./presets/registry.js";
import type { SurveyField } from "./survey-field.js";
import { SURVEY_MESSAGES } from "./survey-messages.js";
import { type SurveyDraft, validateSurveyDraft } from "./validate-survey-draft.js";

const wellness = findPreset("Wellness")!;
const lowi = findPreset("PulseValidation")!;
const custom = findPreset("Custom")!;
const gold = { canAddCustomQuestions: true };
const silver = { canAddCustomQuestions: false };

function draftFor(presetId: string, changes: Partial<SurveyDraft> = {}): SurveyDraft {
  return {
    name: "Spring check-in",
    description: "How are we doing?",
    metaFields: { company_name: "Acme", meeting_name: "Q2 offsite", first_name: "Sam", last_name: "Lee" },
    fields: listPresetFields(presetId),
    ...changes,
  };
}

function withField(fields: SurveyField[], index: number, change: Partial<SurveyField>): SurveyField[] {
  return fields.map((field, i) => (i === index ? { ...field, ...change } : field));
}

describe("validateSurveyDraft", () => {
  it("accepts every preset as it comes", () => {
    for (const id of ["PulseValidation", "Wellness", "AfterActionReview", "LeaderEffectiveness", "Custom"]) {
      expect(validateSurveyDraft(draftFor(id), findPreset(id), gold)).toEqual({ ok: true, errors: {} });
    }
    expect(validateSurveyDraft(draftFor("Wellness"), wellness, silver).ok).toBe(true);
  });

  it("requires a name and a description", () => {
    const result = validateSurveyDraft(draftFor("Wellness", { name: "  ", description: "" }), wellness, gold);
    expect(result.ok).toBe(false);
    expect(result.errors).toEqual({ name: SURVEY_MESSAGES.nameRequired, description: SURVEY_MESSAGES.descriptionRequired });
    expect(validateSurveyDraft(draftFor("Wellness", { name: "x".repeat(201) }), wellness, gold).errors.name).toBe(
      SURVEY_MESSAGES.nameTooLong,
    );
  });

  it("requires every meta field the preset names, labelled for the preset", () => {
    const noMeta = { metaFields: {} };
    expect(validateSurveyDraft(draftFor("Wellness", noMeta), wellness, gold).errors).toEqual({
      "metaFields.company_name": "Company name is required.",
    });
    expect(validateSurveyDraft(draftFor("AfterActionReview", noMeta), findPreset("AfterActionReview"), gold).errors).toEqual({
      "metaFields.meeting_name": "Meeting, event or project name is required.",
    });
    expect(
      validateSurveyDraft(
        draftFor("LeaderEffectiveness", { metaFields: { first_name: "Sam", last_name: " " } }),
        findPreset("LeaderEffectiveness"),
        gold,
      ).errors,
    ).toEqual({ "metaFields.last_name": "The leader's last name is required." });
    expect(validateSurveyDraft(draftFor("Custom", noMeta), custom, gold).ok).toBe(true);
  });

  it("lets a draft be saved without name, description or meta fields", () => {
    const draft = draftFor("Wellness", { name: "", description: "", metaFields: {} });
    expect(validateSurveyDraft(draft, wellness, { ...gold, asDraft: true })).toEqual({ ok: true, errors: {} });
  });

  it("needs at least one question", () => {
    expect(validateSurveyDraft(draftFor("Custom", { fields: [] }), custom, gold).errors.fields).toBe(SURVEY_MESSAGES.noQuestions);
  });

  it("requires each question's text", () => {
    const fields = [createCustomField([]), { ...createCustomField([{ key: "custom_1" }]), question: " " }];
    expect(validateSurveyDraft(draftFor("Custom", { fields }), custom, gold).errors).toEqual({
      "fields.1.question": SURVEY_MESSAGES.questionRequired,
    });
  });

  it("needs at least two non-empty, different options on a choice question", () => {
    const base = createCustomField([]);
    const check = (radioOptions: string[]) =>
      validateSurveyDraft(draftFor("Custom", { fields: [{ ...base, radioOptions }] }), custom, gold).errors["fields.0.radioOptions"];
    expect(check(["Yes"])).toBe(SURVEY_MESSAGES.optionsTooFew);
    expect(check(["Yes", " "])).toBe(SURVEY_MESSAGES.optionEmpty);
    expect(check(["Yes", "yes "])).toBe(SURVEY_MESSAGES.optionsDuplicate);
    expect(check(["Yes", "No"])).toBeUndefined();
    expect(check(["Yes", "x".repeat(201)])).toBe(SURVEY_MESSAGES.optionTooLong);
  });

  it("ignores options on a written-answer question", () => {
    const text = createCustomField([], { answerType: "Text" });
    expect(validateSurveyDraft(draftFor("Custom", { fields: [text] }), custom, gold).ok).toBe(true);
  });

  it("needs a title on matrix rows, answered by choosing", () => {
    const row = createCustomField([], { questionType: "Matrix" });
    expect(validateSurveyDraft(draftFor("Custom", { fields: [row] }), custom, gold).ok).toBe(true);
    const errors = validateSurveyDraft(draftFor("Custom", { fields: [{ ...row, title: "", answerType: "Text" }] }), custom, gold).errors;
    expect(errors["fields.0.title"]).toBe(SURVEY_MESSAGES.matrixTitleRequired);
    expect(errors["fields.0.answerType"]).toBe(SURVEY_MESSAGES.matrixNeedsRadio);
  });

  it("needs unique, well-formed keys", () => {
    const first = createCustomField([]);
    const errors = validateSurveyDraft(
      draftFor("Custom", { fields: [first, { ...first }, { ...first, key: "Bad Key" }] }),
      custom,
      gold,
    ).errors;
    expect(errors["fields.1.key"]).toBe(SURVEY_MESSAGES.keyDuplicate);
    expect(errors["fields.2.key"]).toBe(SURVEY_MESSAGES.keyInvalid);
    expect(errors["fields.0.key"]).toBeUndefined();
  });

  it("refuses custom questions without the feature, with the spec's upgrade text", () => {
    const fields = [...listPresetFields("Wellness"), createCustomField(listPresetFields("Wellness"))];
    const result = validateSurveyDraft(draftFor("Wellness", { fields }), wellness, silver);
    expect(result.errors).toEqual({ [`fields.${fields.length - 1}`]: "Upgrade to Gold to add custom questions." });
    expect(validateSurveyDraft(draftFor("Wellness", { fields }), wellness, gold).ok).toBe(true);
  });

  it("allows custom questions between or after the defaults when permitted", () => {
    const defaults = listPresetFields("Wellness");
    const extra = createCustomField(defaults);
    const fields = [defaults[0], extra, ...defaults.slice(1)];
    expect(validateSurveyDraft(draftFor("Wellness", { fields }), wellness, gold).ok).toBe(true);
  });

  it("refuses a preset default that was removed", () => {
    const fields = listPresetFields("Wellness").slice(1);
    expect(validateSurveyDraft(draftFor("Wellness", { fields }), wellness, gold).errors.fields).toBe(
      SURVEY_MESSAGES.defaultRemoved(wellness.fields[0].question),
    );
    const lowiFields = listPresetFields("PulseValidation").filter((field) => field.key !== "lowi_demo_region");
    expect(validateSurveyDraft(draftFor("PulseValidation", { fields: lowiFields }), lowi, gold).errors.fields).toContain(
      "can't be removed",
    );
  });

  it("refuses preset defaults out of order", () => {
    const [a, b, ...rest] = listPresetFields("Wellness");
    expect(validateSurveyDraft(draftFor("Wellness", { fields: [b, a, ...rest] }), wellness, gold).errors).toEqual({
      fields: SURVEY_MESSAGES.defaultsMoved,
    });
  });

  it("refuses a changed preset default, whatever was changed", () => {
    const changes: Partial<SurveyField>[] = [
      { question: "Something else" },
      { radioOptions: ["Yes", "No"] },
      { required: false },
      { topic: "Other" },
      { isDefault: false },
      { answerType: "Text", radioOptions: [] },
    ];
    for (const change of changes) {
      const fields = withField(listPresetFields("PulseValidation"), 0, change);
      expect(validateSurveyDraft(draftFor("PulseValidation", { fields }), lowi, gold).errors["fields.0"]).toBe(
        SURVEY_MESSAGES.defaultChanged,
      );
    }
  });

  it("refuses a question that claims to be a default of this preset but is not", () => {
    const stranger = { ...listPresetFields("Diversity")[0] };
    const fields = [...listPresetFields("Wellness"), stranger];
    expect(validateSurveyDraft(draftFor("Wellness", { fields }), wellness, gold).errors[`fields.${fields.length - 1}`]).toBe(
      SURVEY_MESSAGES.notPartOfPreset,
    );
  });

  it("lets an Action Plan Check-In hold a LOWI agree item kept exactly, on any plan (decision 0078)", () => {
    const checkin = findPreset("Transformation")!;
    const trust = LOWI_AGREE_FIELDS.find((field) => field.key === "lowi_trust")!;
    const fields = [{ ...trust }, ...listPresetFields("Transformation")];
    expect(validateSurveyDraft(draftFor("Transformation", { fields }), checkin, silver)).toEqual({ ok: true, errors: {} });
    const reworded = [{ ...trust, question: "Do you trust them?" }, ...listPresetFields("Transformation")];
    expect(validateSurveyDraft(draftFor("Transformation", { fields: reworded }), checkin, silver).errors["fields.0"]).toBe(
      SURVEY_MESSAGES.defaultChanged,
    );
    const elsewhere = [...listPresetFields("Wellness"), { ...trust }];
    expect(validateSurveyDraft(draftFor("Wellness", { fields: elsewhere }), wellness, gold).errors[`fields.${elsewhere.length - 1}`]).toBe(
      SURVEY_MESSAGES.notPartOfPreset,
    );
  });

  it("caps questions of your own at 100", () => {
    const fields: SurveyField[] = [];
    for (let i = 0; i < 101; i++) fields.push(createCustomField(fields));
    expect(validateSurveyDraft(draftFor("Custom", { fields }), custom, gold).errors.fields).toBe(SURVEY_MESSAGES.tooManyCustomQuestions);
  });

  it("refuses an unknown survey type", () => {
    expect(validateSurveyDraft(draftFor("Custom"), null, gold)).toEqual({
      ok: false,
      errors: { surveyPreset: SURVEY_MESSAGES.unknownSurveyType },
    });
  });
});
