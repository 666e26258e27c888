import { describe, expect, it } from "vitest";
import { measureSurveyProgress } from "./survey-progress.js";

const part = (...keys: string[]) => keys.map((key) => ({ key }));
// Three parts: two required questions, then two optional ones, then one optional.
const parts = [part("r1", "r2"), part("o1", "o2"), part("o3")];
const answeredOf =
  (...keys: string[]) =>
  (key: string) =>
    keys.includes(key);

describe("measureSurveyProgress", () => {
  it("counts every question, optional ones included", () => {
    expect(measureSurveyProgress(parts, 0, answeredOf())).toEqual({ done: 0, total: 5, percent: 0 });
  });

  it("is not 100% once the required questions are answered but optional ones remain", () => {
    expect(measureSurveyProgress(parts, 0, answeredOf("r1", "r2"))).toEqual({ done: 2, total: 5, percent: 40 });
  });

  it("counts the optional questions of a part left behind as passed", () => {
    expect(measureSurveyProgress(parts, 2, answeredOf("r1", "r2"))).toEqual({ done: 4, total: 5, percent: 80 });
  });

  it("reaches 100% only when every question is behind the person", () => {
    expect(measureSurveyProgress(parts, 2, answeredOf("r1", "r2", "o3")).percent).toBe(100);
    expect(measureSurveyProgress(parts, 1, answeredOf("r1", "r2", "o1")).percent).toBe(60);
  });

  it("rounds down, so 99.x% never shows as 100%", () => {
    const many = [Array.from({ length: 199 }, (_, i) => ({ key: `q${i}` })), part("last")];
    expect(measureSurveyProgress(many, 1, answeredOf()).percent).toBe(99);
  });

  it("counts answers given on later parts (after going back)", () => {
    expect(measureSurveyProgress(parts, 0, answeredOf("o3"))).toEqual({ done: 1, total: 5, percent: 20 });
  });
});
