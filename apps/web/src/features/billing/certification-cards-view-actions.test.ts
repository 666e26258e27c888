import { describe, expect, it } from "vitest";
import { describeRemainingDownloads } from "./certification-cards-view-actions";

describe("remaining downloads line", () => {
  it("counts down from the plan's badge licence and never shows below 0", () => {
    expect(describeRemainingDownloads({ licence: 8, remaining: 7 })).toBe("7 of 8 badge downloads left this licence year.");
    expect(describeRemainingDownloads({ licence: 1, remaining: 1 })).toBe("1 of 1 badge download left this licence year.");
    expect(describeRemainingDownloads({ licence: 1, remaining: -2 })).toBe("0 of 1 badge download left this licence year.");
  });
  it("names a plan without downloads and an unlimited one", () => {
    expect(describeRemainingDownloads({ licence: 0, remaining: 0 })).toBe("Your plan includes no badge downloads.");
    expect(describeRemainingDownloads({ licence: null, remaining: null })).toBe("Unlimited badge downloads on your plan.");
  });
});
