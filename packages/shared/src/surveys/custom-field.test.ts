import { describe, expect, it } from "vitest";
import { canWriteCustomQuestions, createCustomField, nextCustomKey } from "./custom-field.js";
import { AGREE_SCALE } from "./scales.js";
import { surveyFieldSchema } from "./survey-field.js";

describe("custom questions", () => {
  it("creates a valid optional agree-scale question with a fresh key", () => {
    const field = createCustomField([]);
    expect(surveyFieldSchema.parse(field)).toEqual(field);
    expect(field).toMatchObject({ key: "custom_1", isDefault: false, group: "custom", required: false, topic: null });
    expect(field.radioOptions).toEqual([...AGREE_SCALE]);
  });

  it("numbers keys above the highest in use, never reusing a removed one", () => {
    expect(nextCustomKey([{ key: "lowi_teamwork" }, { key: "custom_2" }, { key: "custom_7" }])).toBe("custom_8");
    expect(nextCustomKey([{ key: "custom_x" }, { key: "my_custom_3" }])).toBe("custom_1");
    expect(createCustomField([{ key: "custom_1" }]).key).toBe("custom_2");
  });

  it("builds written-answer and matrix questions", () => {
    expect(createCustomField([], { answerType: "Text", question: "Anything else?" })).toMatchObject({
      answerType: "Text",
      radioOptions: [],
      question: "Anything else?",
    });
    expect(createCustomField([], { questionType: "Matrix", radioOptions: ["Good", "Bad"] })).toMatchObject({
      questionType: "Matrix",
      title: "How much do you agree with each statement?",
      radioOptions: ["Good", "Bad"],
    });
  });

  it("refuses to build an invalid question", () => {
    expect(() => createCustomField([], { question: "" })).toThrow();
  });

  it("allows writing questions with CustomQuestions, or in a Custom survey with AllSurveys", () => {
    expect(canWriteCustomQuestions("Wellness", { customQuestions: true, allSurveys: false })).toBe(true);
    expect(canWriteCustomQuestions("Wellness", { customQuestions: false, allSurveys: true })).toBe(false);
    expect(canWriteCustomQuestions("Custom", { customQuestions: false, allSurveys: true })).toBe(true);
    expect(canWriteCustomQuestions("Custom", { customQuestions: false, allSurveys: false })).toBe(false);
  });
});
