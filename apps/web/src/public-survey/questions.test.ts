import { describe, expect, test } from "vitest";
import { optionsLayout } from "./questions";

describe("optionsLayout", () => {
  test("picks a layout from the options offered", () => {
    expect(optionsLayout(["1", "2", "3", "4", "5"])).toBe("compact");
    expect(optionsLayout(["Do Well", "Do Better", "Not Sure"])).toBe("row");
    expect(optionsLayout(["Strongly Disagree", "Disagree", "Neutral", "Agree", "Strongly Agree"])).toBe("scale");
    expect(optionsLayout(["Very Likely", "2", "3", "4", "5", "6", "7", "8", "9", "Not at All Likely"])).toBe("scale");
    expect(optionsLayout(Array.from({ length: 12 }, (_, i) => `Department number ${i}`))).toBe("list");
  });
});
