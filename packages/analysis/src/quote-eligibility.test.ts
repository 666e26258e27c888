import { describe, expect, it } from "vitest";
import { isQuoteEligible, quoteVerdict } from "./quote-eligibility.js";

const stored = (text: string, sentiment = "positive", corrected = false) => ({ text, sentiment, corrected });

describe("quote rule", () => {
  it("offers plainly positive comments", () => {
    expect(quoteVerdict(stored("My team is wonderful and always supportive."))).toEqual({ eligible: true });
    expect(isQuoteEligible(stored("I love working here, the people are fantastic."))).toBe(true);
  });

  it("refuses the comment that reached the quotes in issue 11", () => {
    const text = "My manager changed three times in eighteen months. Being good at the job does not make someone a good manager.";
    expect(isQuoteEligible(stored(text))).toBe(false);
  });

  it("refuses contrast, negative cues, irony, wishes and questions even when stored positive", () => {
    expect(quoteVerdict(stored("The people are great, but the pay is low."))).toMatchObject({ eligible: false });
    expect(isQuoteEligible(stored("I love my team and the commute is awful."))).toBe(false);
    expect(isQuoteEligible(stored("Great, another reorganisation nobody asked for."))).toBe(false);
    expect(quoteVerdict(stored("It would be great if everyone were this kind and helpful."))).toMatchObject({ eligible: false });
    expect(quoteVerdict(stored("Isn't it great to work with such wonderful people?"))).toEqual({ eligible: false, reason: "question" });
  });

  it("refuses a comment with a part that carries no praise (praise throughout, round five)", () => {
    expect(quoteVerdict(stored("My team is wonderful and always supportive. Ten years now."))).toEqual({
      eligible: false,
      reason: "unpraised part",
    });
    expect(quoteVerdict(stored("My team is wonderful and always supportive. The pay is fair too."))).toEqual({ eligible: true });
    // a lead-in before the praise is not a part after it
    expect(quoteVerdict(stored("Two years in: my team is wonderful and always supportive."))).toEqual({ eligible: true });
  });

  it("refuses weak positives", () => {
    expect(quoteVerdict(stored("The coffee is okay."))).toMatchObject({ eligible: false });
  });

  it("follows a reader's correction", () => {
    expect(isQuoteEligible(stored("My team is wonderful and always supportive.", "negative", true))).toBe(false);
    expect(isQuoteEligible(stored("My team is wonderful and always supportive.", "neutral", true))).toBe(false);
    expect(isQuoteEligible(stored("Management listens when it counts.", "positive", true))).toBe(true);
  });
});
