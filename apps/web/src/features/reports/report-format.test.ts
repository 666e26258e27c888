import { describe, expect, it } from "vitest";
import {
  comparisonTone,
  donutLabelSpots,
  describeComparison,
  formatInterval,
  formatPercent,
  formatScore,
  scoreWidth,
  sentimentSlices,
  showPieLabel,
} from "./report-format";
import { REPORT_TABS, tabFromPath } from "./report-tabs";

describe("report number formats", () => {
  it("prints scores with two decimals and percentages with one", () => {
    expect(formatScore(4.2)).toBe("4.20");
    expect(formatScore(4.256)).toBe("4.26");
    expect(formatPercent(84)).toBe("84.0%");
    expect(formatInterval({ low: 4.1, high: 4.354 })).toBe("4.10–4.35");
    expect(formatInterval(null)).toBeNull();
  });

  it("sizes bars on the 0–5 track", () => {
    expect(scoreWidth(2.5)).toBe("50%");
    expect(scoreWidth(6)).toBe("100%");
    expect(scoreWidth(-1)).toBe("0%");
  });

  it("reads the comparison label as given", () => {
    expect(comparisonTone("+3.1%")).toBe("above");
    expect(comparisonTone("-2.0%")).toBe("below");
    expect(comparisonTone("0.0%")).toBe("even");
    expect(comparisonTone("-%")).toBe("none");
    expect(describeComparison("+3.1%")).toBe("3.1% above the benchmark");
    expect(describeComparison("-2.0%")).toBe("2.0% below the benchmark");
    expect(describeComparison("-%")).toBe("No comparison with the benchmark");
  });

  it("orders and colours sentiment slices and hides labels under half a percent", () => {
    const slices = sentimentSlices({ none: 1, negative: 30, positive: 169, neutral: 0 });
    expect(slices.map((slice) => slice.key)).toEqual(["positive", "neutral", "negative", "none"]);
    expect(slices[0]).toMatchObject({ label: "Positive", share: 84.5, colour: "#12B85D" });
    expect(slices[2]?.colour).toBe("#FB576D");
    expect(slices[3]).toMatchObject({ share: 0.5, colour: "#A0AEC0" });
    expect(showPieLabel(0.5)).toBe(true);
    expect(showPieLabel(0.4)).toBe(false);
    expect(sentimentSlices({}).length).toBe(0);
  });
});

describe("report tabs", () => {
  it("lists the spec's six LOWI tabs with Key drivers after Company, and the same minus Company and Key drivers for other surveys (spec surveys §2, issue 26)", () => {
    expect(REPORT_TABS.lowi.map((info) => info.label)).toEqual([
      "Company",
      "Key drivers",
      "Team",
      "Sentiment & Emotion",
      "Comments",
      "Thematic Analysis",
      "Breakdown",
    ]);
    expect(REPORT_TABS.other.map((info) => info.tab)).toEqual(["team", "sentiment", "comments", "thematic", "breakdown"]);
  });

  it("finds the tab of a path", () => {
    expect(tabFromPath("/dashboard/reports/lowi/s1/team", "lowi")?.tab).toBe("team");
    expect(tabFromPath("/dashboard/reports/other/s1/company", "other")).toBeNull();
    expect(tabFromPath("/dashboard/reports/other/s1/comments/", "other")?.tab).toBe("comments");
    expect(tabFromPath("/dashboard/reports/other/s1/breakdown", "other")?.tab).toBe("breakdown");
  });
});

describe("donut labels", () => {
  it("puts a label at the middle of its arc and skips unlabelled slices", () => {
    const spots = donutLabelSpots(
      [
        { key: "positive", fraction: 0.5, labelled: true },
        { key: "none", fraction: 0.001, labelled: false },
        { key: "negative", fraction: 0.499, labelled: true },
      ],
      { cx: 100, cy: 100, radius: 50 },
    );
    expect(spots.map((spot) => spot.key)).toEqual(["positive", "negative"]);
    expect(spots[0]?.x).toBeCloseTo(150);
    expect(spots[0]?.y).toBeCloseTo(100);
  });

  it("moves a label outwards instead of printing it over its neighbour", () => {
    const spots = donutLabelSpots(
      [
        { key: "positive", fraction: 0.93, labelled: true },
        { key: "neutral", fraction: 0.018, labelled: true },
        { key: "negative", fraction: 0.052, labelled: true },
      ],
      { cx: 150, cy: 130, radius: 92 },
    );
    for (const [index, a] of spots.entries()) {
      for (const b of spots.slice(index + 1)) {
        expect(Math.abs(a.x - b.x) >= 40 || Math.abs(a.y - b.y) >= 14).toBe(true);
      }
    }
  });
});
