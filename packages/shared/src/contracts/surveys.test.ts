import { describe, expect, it } from "vitest";
import { buildPublicFields } from "../surveys/public-survey.js";
import { findPreset, listPresetFields } from "../surveys/presets/registry.js";
import {
  publicSurveySchema,
  responseInputSchema,
  setEndDateInputSchema,
  surveyCreateInputSchema,
  surveyDetailSchema,
  surveyPresetInputSchema,
  surveySummarySchema,
  surveyUpdateInputSchema,
} from "./surveys.js";

const summary = {
  id: "aB3_x-9QwErTyUiOp",
  name: "Spring LOWI",
  status: "Active",
  surveyPreset: "PulseValidation",
  isLOWI: true,
  completed: 12,
  endDate: 1_750_000_000_000,
  created: 1_749_000_000_000,
  archived: false,
  draft: false,
};

describe("survey contracts", () => {
  it("accepts a preset survey as the wizard sends it, trimming texts", () => {
    const input = surveyCreateInputSchema.parse({
      surveyPreset: "PulseValidation",
      name: "  Spring LOWI ",
      description: "Our yearly culture survey",
      metaFields: { company_name: " Acme " },
      fields: listPresetFields("PulseValidation"),
      draft: false,
    });
    expect(input.name).toBe("Spring LOWI");
    expect(input.metaFields.company_name).toBe("Acme");
    expect(input.fields).toHaveLength(65);
    expect(surveyUpdateInputSchema.parse({ ...input, surveyId: "abc123" }).surveyId).toBe("abc123");
  });

  it("refuses unknown presets, malformed questions and odd meta field names", () => {
    const base = { surveyPreset: "Custom", name: "x", description: "y", metaFields: {}, fields: listPresetFields("Custom"), draft: true };
    expect(surveyCreateInputSchema.safeParse(base).success).toBe(true);
    expect(surveyCreateInputSchema.safeParse({ ...base, surveyPreset: "Fitness" }).success).toBe(false);
    expect(surveyCreateInputSchema.safeParse({ ...base, fields: [{ ...base.fields[0], key: "Bad Key" }] }).success).toBe(false);
    expect(surveyCreateInputSchema.safeParse({ ...base, metaFields: { "Company Name": "Acme" } }).success).toBe(false);
    expect(surveyCreateInputSchema.safeParse({ ...base, draft: "no" }).success).toBe(false);
  });

  it("describes list rows and details", () => {
    expect(surveySummarySchema.parse(summary)).toEqual(summary);
    expect(surveySummarySchema.parse({ ...summary, endDate: null, ownerName: "Ada Lovelace" }).ownerName).toBe("Ada Lovelace");
    expect(surveySummarySchema.safeParse({ ...summary, status: "Open" }).success).toBe(false);
    const detail = {
      ...summary,
      description: "d",
      metaFields: { company_name: "Acme" },
      fields: listPresetFields("Wellness"),
      isDemo: false,
      inviteLink: "https://hearth.example/s/abc",
    };
    expect(surveyDetailSchema.parse(detail).fields).toHaveLength(6);
  });

  it("keeps private question properties out of the public survey", () => {
    const fields = buildPublicFields(findPreset("PulseValidation")!.fields, { company_name: "Acme" });
    const parsed = publicSurveySchema.parse({
      id: summary.id,
      name: "Spring LOWI",
      description: "d",
      isDemo: false,
      status: "Active",
      fields: findPreset("PulseValidation")!.fields,
      company: { name: "Acme", logoUrl: null, accentColor: null },
      duration: { minMinutes: 6, maxMinutes: 10, label: "6–10 minutes" },
    });
    expect(Object.keys(parsed.fields[0]).sort()).toEqual([
      "answerType",
      "key",
      "question",
      "questionType",
      "radioOptions",
      "required",
      "topic",
    ]);
    expect(publicSurveySchema.parse({ ...parsed, fields }).fields[0].question).not.toContain("{{");
  });

  it("accepts text answers with an optional token, and nothing else", () => {
    expect(responseInputSchema.parse({ surveyId: "abc", data: { lowi_teamwork: "Agree" } })).toEqual({
      surveyId: "abc",
      data: { lowi_teamwork: "Agree" },
    });
    expect(responseInputSchema.parse({ surveyId: "abc", data: {}, r: "token" }).r).toBe("token");
    expect(responseInputSchema.safeParse({ surveyId: "abc", data: { q: 5 } }).success).toBe(false);
    expect(responseInputSchema.safeParse({ surveyId: "../etc", data: {} }).success).toBe(false);
    const many = Object.fromEntries(Array.from({ length: 501 }, (_, i) => [`q${i}`, "x"]));
    expect(responseInputSchema.safeParse({ surveyId: "abc", data: many }).success).toBe(false);
  });

  it("takes an end date in epoch ms, and a preset for the open-survey checks", () => {
    expect(setEndDateInputSchema.parse({ surveyId: "abc", endDate: 1_750_000_000_000, tenantId: "t1", other: "dropped" })).toEqual({
      surveyId: "abc",
      endDate: 1_750_000_000_000,
      tenantId: "t1",
    });
    expect(setEndDateInputSchema.safeParse({ surveyId: "abc", endDate: "tomorrow" }).success).toBe(false);
    expect(surveyPresetInputSchema.safeParse({ surveyPreset: "Wellness" }).success).toBe(true);
  });
});
