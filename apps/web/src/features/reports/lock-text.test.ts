import { FEATURES } from "@hearth/shared";
import { describe, expect, it } from "vitest";
import { lockText } from "./lock-text";

describe("lockText", () => {
  it("never tells a reader of the LOWI report that the LOWI report is not in their plan", () => {
    expect(lockText("LOWIReport")).toBe("The full LOWI™ Report comes with the Bronze plan.");
    for (const feature of FEATURES) expect(lockText(feature)).not.toMatch(/not included/);
  });

  it("names the first plan that includes the feature", () => {
    expect(lockText("BreakdownReport")).toBe("Breakdown Report comes with the Silver plan.");
    expect(lockText("SentimentReport")).toBe("Sentiment & Emotion Report comes with the Silver plan.");
  });
});
