import { describe, expect, it } from "vitest";
import { contrastRatio, heatmapColour } from "./heatmap";

describe("team heatmap colours", () => {
  it("runs from red at 1 through amber to green at 5", () => {
    const low = heatmapColour(1).background;
    const middle = heatmapColour(3).background;
    const high = heatmapColour(5).background;
    expect(low).toBe("#f6a5b0");
    expect(middle).toBe("#fbe08f");
    expect(high).toBe("#8dd6a6");
    expect(heatmapColour(4.5).background).not.toBe(heatmapColour(4).background);
  });

  it("clamps scores outside 1–5 and greys out missing ones", () => {
    expect(heatmapColour(7)).toEqual(heatmapColour(5));
    expect(heatmapColour(0.5)).toEqual(heatmapColour(1));
    expect(heatmapColour(null).background).toBe("#f1f3f5");
    expect(heatmapColour(Number.NaN).background).toBe("#f1f3f5");
  });

  it("keeps the printed number at 4.5:1 contrast or better everywhere on the scale", () => {
    for (let score = 1; score <= 5; score += 0.05) {
      const { background, color } = heatmapColour(score);
      expect(contrastRatio(background, color)).toBeGreaterThanOrEqual(4.5);
    }
  });

  it("computes WCAG contrast ratios", () => {
    expect(contrastRatio("#ffffff", "#000000")).toBeCloseTo(21, 5);
    expect(contrastRatio("#777777", "#777777")).toBe(1);
  });
});
