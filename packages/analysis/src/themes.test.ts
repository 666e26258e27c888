import { describe, expect, it } from "vitest";
import { analyzeThemes, keyPhrases, phraseEntries, type ThemeInput } from "./themes.js";

const comments: ThemeInput[] = [
  { id: "1", text: "My manager never listens to the team.", sentiment: "negative", topic: "Management" },
  { id: "2", text: "Great manager who supports our growth.", sentiment: "positive", topic: "Management" },
  { id: "3", text: "The manager meetings are fine.", sentiment: "neutral", topic: "Management" },
  { id: "4", text: "Manager changes priorities daily.", sentiment: "negative", topic: "Management" },
  { id: "5", text: "The parking situation at the depot is bad.", sentiment: "negative", topic: "General" },
  { id: "6", text: "Parking near the depot is impossible after nine.", sentiment: "negative", topic: "General" },
  { id: "7", text: "Free parking would be a nice perk.", sentiment: "neutral", topic: "General" },
  { id: "8", text: "It is fine overall.", sentiment: "neutral", topic: "General" },
  { id: "9", text: "n/a", sentiment: "none", topic: "General" },
  { id: "10", text: "ok", sentiment: "neutral", topic: "General" },
  { id: "11", text: "Salary is below market.", sentiment: "negative", topic: "Compensation" },
];

describe("analyzeThemes", () => {
  it("groups by topic, carves frequent phrases out of General and leaves out empty answers", () => {
    const themes = analyzeThemes(comments);
    expect(themes.map((theme) => [theme.label, theme.count])).toEqual([
      ["Management", 4],
      ["Parking", 3],
      ["Compensation", 1],
      ["General", 1],
    ]);
    const management = themes[0];
    expect(management.sentiment).toEqual({ positive: 1, neutral: 1, negative: 2, none: 0 });
    expect(management.keyPhrases[0]).toBe("manager");
    expect(management.examples).toHaveLength(3);
    // One quote per sentiment first, the most frequent sentiment first.
    expect(management.examples.map((example) => example.sentiment)).toEqual(["negative", "positive", "neutral"]);
    expect(themes[1].keyPhrases).toContain("depot");
  });

  it("is deterministic whatever the input order", () => {
    const forward = analyzeThemes(comments);
    const backward = analyzeThemes([...comments].reverse());
    expect(backward).toEqual(forward);
    expect(JSON.stringify(analyzeThemes(comments))).toBe(JSON.stringify(forward));
  });

  it("keeps at most the requested examples and returns nothing for no comments", () => {
    expect(analyzeThemes(comments, { maxExamples: 1 }).every((theme) => theme.examples.length <= 1)).toBe(true);
    expect(analyzeThemes([])).toEqual([]);
  });

  it("extracts noun lemmas and two-word noun phrases", () => {
    expect(keyPhrases("The health plans are expensive.")).toEqual(expect.arrayContaining(["health", "plan", "health plan"]));
  });

  it("labels themes and key phrases with words as the comments wrote them, never a lemma pair (issue 25 item 9)", () => {
    const meetings: ThemeInput[] = [
      "There are too many meetings every week.",
      "Too many meetings eat my focus time.",
      "We have many meetings and few career paths.",
      "So many meetings, so little time.",
      "I see few career paths here.",
    ].map((text, index) => ({ id: String(index), text, sentiment: "negative", topic: "General" }));
    expect(phraseEntries("We have many meetings and few career paths.")).toEqual(
      expect.arrayContaining([
        { key: "meeting", written: "meetings" },
        { key: "career path", written: "career paths" },
      ]),
    );
    expect(keyPhrases("Too many meetings.")).not.toContain("many meeting");
    const themes = analyzeThemes(meetings);
    expect(themes[0].label).toBe("Meetings");
    const written = meetings.map((comment) => comment.text.toLowerCase());
    for (const theme of themes) {
      for (const phrase of [theme.label, ...theme.keyPhrases]) {
        if (phrase === "General") continue;
        expect(
          written.some((text) => text.includes(phrase.toLowerCase())),
          phrase,
        ).toBe(true);
      }
    }
  });
});
