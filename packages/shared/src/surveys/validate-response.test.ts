import { describe, expect, it } from "vitest";
import { findPreset } from "./presets/registry.js";
import { validateResponse } from "./validate-response.js";

const fields = [
  { key: "q_agree", answerType: "Radio" as const, radioOptions: ["Disagree", "Agree"], required: true },
  { key: "q_choice", answerType: "Radio" as const, radioOptions: ["Yes", "No"], required: false },
  { key: "q_text", answerType: "Text" as const, radioOptions: [], required: false },
  { key: "q_must_write", answerType: "Text" as const, radioOptions: [], required: true },
];

describe("validateResponse", () => {
  it("accepts valid answers, trimmed, in the survey's order", () => {
    expect(validateResponse(fields, { q_text: "  Good place  ", q_must_write: "Yes", q_agree: " Agree " })).toEqual({
      ok: true,
      answers: { q_agree: "Agree", q_text: "Good place", q_must_write: "Yes" },
    });
  });

  it("drops empty optional answers", () => {
    expect(validateResponse(fields, { q_agree: "Agree", q_must_write: "x", q_choice: "", q_text: "   " })).toEqual({
      ok: true,
      answers: { q_agree: "Agree", q_must_write: "x" },
    });
  });

  it("refuses unknown keys", () => {
    expect(validateResponse(fields, { q_agree: "Agree", q_must_write: "x", extra: "hi" })).toEqual({
      ok: false,
      fields: { extra: "This question is not part of the survey." },
    });
  });

  it("refuses an option that was not offered", () => {
    expect(validateResponse(fields, { q_agree: "Strongly Agree", q_must_write: "x" })).toEqual({
      ok: false,
      fields: { q_agree: "Choose one of the options offered." },
    });
    expect(validateResponse(fields, { q_agree: "agree", q_must_write: "x" }).ok).toBe(false);
  });

  it("refuses missing or blank required answers", () => {
    expect(validateResponse(fields, { q_agree: " " })).toEqual({
      ok: false,
      fields: { q_agree: "Please answer this question.", q_must_write: "Please answer this question." },
    });
  });

  it("refuses written answers over 5,000 characters, and accepts exactly 5,000", () => {
    expect(validateResponse(fields, { q_agree: "Agree", q_must_write: "x".repeat(5000) }).ok).toBe(true);
    expect(validateResponse(fields, { q_agree: "Agree", q_must_write: "x".repeat(5001) })).toEqual({
      ok: false,
      fields: { q_must_write: "Keep your answer to 5,000 characters or fewer." },
    });
  });

  it("refuses answers that are not text, and bodies that are not objects", () => {
    expect(validateResponse(fields, { q_agree: 5, q_must_write: ["x"] })).toEqual({
      ok: false,
      fields: { q_agree: "Answers must be text.", q_must_write: "Answers must be text." },
    });
    for (const body of [null, "text", [1, 2], undefined]) {
      expect(validateResponse(fields, body)).toMatchObject({ ok: false, fields: { q_agree: "Please answer this question." } });
    }
  });

  it("does not treat inherited properties as answers", () => {
    expect(validateResponse([{ key: "constructor", answerType: "Text", radioOptions: [], required: true }], {})).toMatchObject({
      ok: false,
    });
  });

  it("checks a complete LOWI response", () => {
    const lowi = findPreset("PulseValidation")!.fields;
    const data = Object.fromEntries(lowi.filter((field) => field.required).map((field) => [field.key, field.radioOptions[0]]));
    expect(validateResponse(lowi, data).ok).toBe(true);
    expect(validateResponse(lowi, { ...data, lowi_recommend: "1" })).toMatchObject({
      ok: false,
      fields: { lowi_recommend: expect.any(String) },
    });
    expect(validateResponse(lowi, { ...data, lowi_demo_age: "Prefer not to say", lowi_open_well: "Kind people." }).ok).toBe(true);
  });
});
