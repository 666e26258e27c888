import { describe, expect, it } from "vitest";
import { choiceItem, matrixRow, openItem } from "./field-builders.js";
import { LOWI_FIELDS } from "./lowi/instrument.js";
import { estimateSurveyDuration, secondsForQuestion } from "./survey-duration.js";

const choice = { questionType: "Text", answerType: "Radio", required: true } as const;
const row = { questionType: "Matrix", answerType: "Radio", required: false } as const;
const text = (required: boolean) => ({ questionType: "Text", answerType: "Text", required }) as const;

describe("estimateSurveyDuration", () => {
  it("gives each kind of question its own time", () => {
    expect(secondsForQuestion(row)).toBe(5);
    expect(secondsForQuestion(choice)).toBe(8);
    expect(secondsForQuestion(text(true))).toBe(45);
    expect(secondsForQuestion(text(false))).toBe(25);
  });

  it("adds the questions and a moment to read and send", () => {
    expect(estimateSurveyDuration([choice, choice, text(true)]).seconds).toBe(20 + 8 + 8 + 45);
  });

  it("never promises less than a range of one to two minutes", () => {
    expect(estimateSurveyDuration([choice])).toMatchObject({ minMinutes: 1, maxMinutes: 2, label: "1–2 minutes" });
  });

  it("says 6–10 minutes for the 65 questions of the LOWI survey, not 3-5", () => {
    expect(LOWI_FIELDS).toHaveLength(65);
    const duration = estimateSurveyDuration(LOWI_FIELDS);
    expect(duration.seconds).toBe(20 + 21 * 8 + 2 * 25 + 34 * 5 + 8 * 8);
    expect(duration.label).toBe("6–10 minutes");
  });

  it("grows with the questions", () => {
    const short = estimateSurveyDuration([choiceItem("a_one", "One?", ["Yes", "No"]), openItem("a_two", "Why?")]);
    const long = estimateSurveyDuration(Array.from({ length: 30 }, (_, i) => matrixRow(`m_${i}`, "Title", `Row ${i}`, ["1", "2"])));
    expect(long.maxMinutes).toBeGreaterThan(short.maxMinutes);
  });

  it("gives long surveys in steps of five minutes", () => {
    const duration = estimateSurveyDuration(Array.from({ length: 40 }, () => text(true)));
    expect(duration.seconds).toBe(20 + 40 * 45);
    expect(duration).toMatchObject({ minMinutes: 20, maxMinutes: 40, label: "20–40 minutes" });
  });

  it("promises nothing for a survey without questions beyond the shortest range", () => {
    expect(estimateSurveyDuration([])).toMatchObject({ seconds: 0, label: "1–2 minutes" });
  });
});
