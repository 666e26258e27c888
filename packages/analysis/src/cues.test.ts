import { describe, expect, it } from "vitest";
import { findIrony, implicitCues } from "./cues.js";
import { analyzeComment, sentimentSignals } from "./local-analyzer.js";

// The misses quoted in issue 11 (item 17); they are in data/dev-tricky.jsonl, the tuning set.
describe("analyzeComment: the misses of issue 11", () => {
  it.each([
    ["My manager changed three times in eighteen months. Being good at the job does not make someone a good manager.", "negative"],
    ["I love my coworkers, but I cannot stand the micromanagement", "negative"],
    ["Great, another reorganisation nobody asked for", "negative"],
    ["Honestly I am looking for another job", "negative"],
    ["Training is promised every year and never happens", "negative"],
    ["It's hard to see any future for my career here", "negative"],
    ["Recognition is frequent and feels sincere", "positive"],
  ] as const)("%s → %s", (text, sentiment) => {
    expect(analyzeComment(text).sentiment).toBe(sentiment);
  });
});

describe("cues", () => {
  it("finds irony only when the rest of the sentence complains", () => {
    expect(findIrony("Great, another reorganisation nobody asked for.")).toEqual({
      text: "another reorganisation nobody asked for.",
      count: 1,
    });
    expect(findIrony("Perfect, the system crashed again.").count).toBe(1);
    expect(findIrony("Great, the new office is lovely.").count).toBe(0);
    expect(findIrony("The team is great.").count).toBe(0);
  });

  it("names implicit negatives", () => {
    expect(implicitCues("I'm thinking about leaving").map((cue) => cue.name)).toEqual(["leaving"]);
    expect(implicitCues("We are always the last to know").map((cue) => cue.name)).toEqual(["left out"]);
    expect(implicitCues("Raises are mentioned at every review and never materialise").map((cue) => cue.name)).toContain("promise not kept");
    expect(implicitCues("My team is great")).toEqual([]);
  });

  it("counts negated actions of others, not the writer's own", () => {
    expect(sentimentSignals("Decisions are not explained to us.")?.cues.map((cue) => cue.name)).toContain("negated action");
    expect(sentimentSignals("I have not tried the new canteen.")?.cues ?? []).toEqual([]);
  });

  it("reports contrast and negative cues", () => {
    const signals = sentimentSignals("The pay is good, but the hours are long and stressful.");
    expect(signals?.detail.contrast).toBe(true);
    expect(signals?.negativeCue).toBe(true);
    const plain = sentimentSignals("My team is wonderful and supportive.");
    expect(plain?.detail.contrast).toBe(false);
    expect(plain?.negativeCue).toBe(false);
  });
});
