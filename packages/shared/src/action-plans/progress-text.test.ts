import { describe, expect, it } from "vitest";
import { describeProgressChange, describeProgressPoint, progressPointLabel, progressScaleNote } from "./progress-text.js";

describe("a plan's progress in words (decision 0078)", () => {
  const point = { score: 3.4, n: 10, ci: { low: 2.71, high: 4.09 }, change: 0.25, notice: null };

  it("writes a figure with n and its interval, and a point without one as its notice", () => {
    expect(describeProgressPoint(point)).toBe("3.40 (n = 10; 95% interval 2.71–4.09)");
    expect(describeProgressPoint({ ...point, ci: null })).toBe("3.40 (n = 10)");
    const notice = "Scores are hidden as the number available falls below the visibility threshold.";
    expect(describeProgressPoint({ score: null, n: null, ci: null, change: null, notice })).toBe(notice);
    expect(describeProgressPoint({ score: null, n: null, ci: null, change: null, notice: null })).toBe("Not available.");
  });

  it("writes the change from baseline with its sign", () => {
    expect(describeProgressChange(point)).toBe("+0.25 since baseline");
    expect(describeProgressChange({ ...point, change: -0.1 })).toBe("−0.10 since baseline");
    expect(describeProgressChange({ ...point, change: 0 })).toBe("No change since baseline");
    expect(describeProgressChange({ ...point, change: null })).toBeNull();
  });

  it("names the points and the group the scores are read for", () => {
    expect(progressPointLabel({ slot: null })).toBe("Baseline");
    expect(progressPointLabel({ slot: 0 })).toBe("Check-in 1");
    expect(progressPointLabel({ slot: 2 })).toBe("Check-in 3");
    expect(progressScaleNote(null)).toBe("Scores from 1 (Strongly Disagree) to 5 (Strongly Agree), read from each survey's report.");
    expect(progressScaleNote({ label: "Department", value: "Sales" })).toBe(
      "Scores from 1 (Strongly Disagree) to 5 (Strongly Agree), read from each survey's report for Department: Sales.",
    );
  });
});
