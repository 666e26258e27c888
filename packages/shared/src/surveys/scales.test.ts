import { describe, expect, it } from "vitest";
import { agreeItem, choiceItem, matrixRow, openItem } from "./field-builders.js";
import { AGREE_SCALE, scoreAgreeAnswer, scoreBenefitAnswer, scoreScaleAnswer } from "./scales.js";
import { surveyFieldSchema } from "./survey-field.js";

describe("answer scales", () => {
  it("scores the agree scale 1 to 5", () => {
    expect(AGREE_SCALE.map(scoreAgreeAnswer)).toEqual([1, 2, 3, 4, 5]);
    expect(scoreAgreeAnswer(" Agree ")).toBe(4);
    expect(scoreAgreeAnswer("agree")).toBeNull();
  });

  it("scores benefit satisfaction 1 to 5 and gives Not Offered no score", () => {
    expect(scoreBenefitAnswer("Very Dissatisfied")).toBe(1);
    expect(scoreBenefitAnswer("Very Satisfied")).toBe(5);
    expect(scoreBenefitAnswer("Not Offered")).toBeNull();
    expect(scoreScaleAnswer(["a", "b"], "c")).toBeNull();
  });
});

describe("field builders", () => {
  it("build valid default questions with the usual required-ness", () => {
    const agree = agreeItem("x_agree", "A statement.");
    const open = openItem("x_open", "An open question?");
    const choice = choiceItem("x_choice", "Pick one?", ["Yes", "No"], { required: false, topic: "Topic" });
    const row = matrixRow("x_row", "Rate these", "A row", ["Good", "Bad"], { group: "benefit" });
    for (const field of [agree, open, choice, row]) expect(surveyFieldSchema.parse(field)).toEqual(field);
    expect(agree).toMatchObject({ required: true, answerType: "Radio", radioOptions: [...AGREE_SCALE], isDefault: true, group: "custom" });
    expect(open).toMatchObject({ required: false, answerType: "Text", radioOptions: [] });
    expect(choice).toMatchObject({ required: false, topic: "Topic" });
    expect(row).toMatchObject({ questionType: "Matrix", title: "Rate these", group: "benefit", required: false });
  });
});
