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

// Issue 11, item 17, second round: broader workplace vocabulary and cues (examples written for these tests).
describe("analyzeComment: workplace vocabulary and cues", () => {
  it.each([
    ["Understaffed and overstretched.", "negative"],
    ["This job is a dead end.", "negative"],
    ["Feedback falls on deaf ears.", "negative"],
    ["Nothing changes no matter how many surveys we fill in.", "negative"],
    ["I was left to figure it out on my own.", "negative"],
    ["Half my team has left since spring.", "negative"],
    ["Why are we the last ones to hear about reorganisations?", "negative"],
    ["We need more people on the night shift.", "negative"],
    ["I used to enjoy coming in.", "negative"],
    ['Yeah, communication is "excellent" when you read about your team in the press.', "negative"],
    ["Love how the printer breaks every time there is a deadline.", "negative"],
    ["The service desk is terible.", "negative"],
    ["I would recommend this place to anyone.", "positive"],
    ["Proud to work here.", "positive"],
    ["They never let us down.", "positive"],
    ["Well run and well organised.", "positive"],
    ["My manager always makes time for us.", "positive"],
    ["It would be nice if the canteen opened earlier.", "neutral"],
    ["Maybe we need more social events?", "neutral"],
    ["Too early to tell.", "neutral"],
  ] as const)("%s → %s", (text, sentiment) => {
    expect(analyzeComment(text).sentiment).toBe(sentiment);
  });

  it("never calls a comment with a clear negative positive unless stressed praise after a contrast wins", () => {
    // Praise and a complaint side by side, no contrast: the praise only balances the complaint.
    expect(analyzeComment("Amazing colleagues, exhausting hours.").sentiment).not.toBe("positive");
    expect(analyzeComment("Great team, shame about the pay.").sentiment).not.toBe("positive");
    // The praise is in the clause "but" stresses, and that clause has no clear negative.
    expect(analyzeComment("The hours are long, but I love my team and I am proud of what we do.").sentiment).toBe("positive");
    // The stressed clause complains: never positive.
    expect(analyzeComment("The office is lovely and the canteen is great, but the workload is crushing and unfair.").sentiment).toBe(
      "negative",
    );
  });

  it("reads a negator before a phrase as negating the phrase, and a modal inside a phrase as a judgement", () => {
    expect(sentimentSignals("I do not feel heard.")?.score).toBeLessThan(0);
    expect(analyzeComment("I would not recommend working here.").sentiment).toBe("negative");
    expect(analyzeComment("Would recommend.").sentiment).toBe("positive");
  });

  it("finds the new cues by name", () => {
    const names = (text: string) => implicitCues(text).map((cue) => cue.name);
    expect(names("Nothing ever gets fixed.")).toContain("nothing changes");
    expect(names("Good people keep leaving.")).toContain("people leaving");
    expect(names("What's the point of this survey?")).toContain("what is the point");
    expect(names("We need better laptops.")).toContain("need more");
    expect(names("It would be great if we could get better laptops.")).not.toContain("need more");
    expect(names("Morale is at rock bottom.")).toContain("low morale");
    expect(names("Some days are good, some are not.")).toContain("mixed verdict");
  });
});
