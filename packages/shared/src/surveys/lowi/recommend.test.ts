import { describe, expect, it } from "vitest";
import { RECOMMEND_OPTIONS } from "../scales.js";
import { classifyRecommendAnswer, normalizeRecommendAnswer } from "./recommend.js";

describe("recommend answers", () => {
  it("reads every offered option as 1 to 10", () => {
    expect(RECOMMEND_OPTIONS.map(normalizeRecommendAnswer)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it("merges 1 and 0 with Very Likely and 10 and 11 with Not at All Likely", () => {
    expect(["1", 1, "0", 0, "very likely", " Very  Likely "].map(normalizeRecommendAnswer)).toEqual([1, 1, 1, 1, 1, 1]);
    expect(["10", 10, "11", 11, "NOT AT ALL LIKELY"].map(normalizeRecommendAnswer)).toEqual([10, 10, 10, 10, 10]);
  });

  it("accepts numeric text with whitespace and a zero fraction", () => {
    expect(normalizeRecommendAnswer(" 7 ")).toBe(7);
    expect(normalizeRecommendAnswer("4.0")).toBe(4);
  });

  it("refuses anything else", () => {
    for (const raw of ["", "12", "-1", "2.5", "likely", "Very", null, undefined, Number.NaN, true, {}]) {
      expect(normalizeRecommendAnswer(raw)).toBeNull();
    }
  });

  it("tags 1-2 recommend, 3-4 neutral and 5-10 won't recommend", () => {
    expect(RECOMMEND_OPTIONS.map(classifyRecommendAnswer)).toEqual([
      "recommend",
      "recommend",
      "neutral",
      "neutral",
      "won't recommend",
      "won't recommend",
      "won't recommend",
      "won't recommend",
      "won't recommend",
      "won't recommend",
    ]);
    expect(classifyRecommendAnswer("0")).toBe("recommend");
    expect(classifyRecommendAnswer("11")).toBe("won't recommend");
    expect(classifyRecommendAnswer("maybe")).toBeNull();
  });
});
