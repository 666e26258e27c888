import { describe, expect, it } from "vitest";
import { createEmptyAggregate } from "../reports/aggregate.js";
import { AGREE_SCALE } from "../surveys/scales.js";
import { agreeItemScore, focusScoreOf, progressFocusKind, scoreChange } from "./progress.js";

function aggregateOf(levels: readonly number[]) {
  const aggregate = createEmptyAggregate();
  const histogram: Record<string, number> = {};
  for (const level of levels) histogram[AGREE_SCALE[level - 1]] = (histogram[AGREE_SCALE[level - 1]] ?? 0) + 1;
  aggregate.histograms.lowi_trust = histogram;
  aggregate.responses = levels.length;
  return aggregate;
}

describe("a plan's focus score (decision 0078)", () => {
  it("measures LOWI items and SPARK areas, nothing else", () => {
    expect(progressFocusKind("lowi_trust")).toBe("item");
    expect(progressFocusKind("SystemicCollaboration")).toBe("sparkArea");
    expect(progressFocusKind("Fewer meetings")).toBeNull();
    expect(progressFocusKind("transformation_progress")).toBeNull();
  });

  it("scores an item as the mean of its answers with n and the 95% interval", () => {
    const score = agreeItemScore(aggregateOf([1, 2, 3, 4, 5]), "lowi_trust");
    expect(score).toMatchObject({ score: 3, mean: 3, n: 5 });
    expect(score.ci?.low).toBeLessThan(3);
    expect(score.ci?.high).toBeGreaterThan(3);
    expect(focusScoreOf(aggregateOf([]), "lowi_trust")).toBeNull();
    expect(focusScoreOf(aggregateOf([4]), "Fewer meetings")).toBeNull();
  });

  it("gives the change as the difference of the two scores shown, so a reader's own subtraction agrees", () => {
    const before = agreeItemScore(aggregateOf([2, 3, 3]), "lowi_trust");
    const after = agreeItemScore(aggregateOf([4, 4, 3]), "lowi_trust");
    expect(scoreChange(before, after)).toBe(1);
    // 2.6667 shown as 2.67 and 3.3333 as 3.33: the change shown is 0.66, not the exact means' 0.67.
    const third = agreeItemScore(aggregateOf([2, 3, 3]), "lowi_trust");
    const fourth = agreeItemScore(aggregateOf([3, 4, 3]), "lowi_trust");
    expect([third.score, fourth.score]).toEqual([2.67, 3.33]);
    expect(scoreChange(third, fourth)).toBe(0.66);
  });
});
