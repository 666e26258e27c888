/**
 * Issue 25 item 9: on the demo company's Thematic Analysis, every theme label and key-phrase chip reads as words its
 * comments wrote ("meetings", "career paths"), never a lemma pair such as "many meeting" or "few path". Runs the
 * analyzer and the theme rule over every demo comment there is (each opening alone and with each detail), so no
 * database is needed.
 */
import { analyzeComment, analyzeThemes, TOPICS, type ThemeInput } from "@hearth/analysis";
import { describe, expect, it } from "vitest";
import { CONSTRUCTIVE_THEMES, POSITIVE_THEMES } from "./demo-comments.js";

function everyDemoComment(): string[] {
  const texts: string[] = [];
  for (const theme of [...POSITIVE_THEMES, ...CONSTRUCTIVE_THEMES]) {
    for (const opening of theme.openings) {
      texts.push(opening);
      for (const detail of theme.details) texts.push(`${opening} ${detail}`);
    }
  }
  return texts;
}

/** Lower case, words separated by single spaces, so a phrase is found only as whole words side by side. */
const plain = (text: string) =>
  ` ${text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}'’-]+/gu, " ")
    .trim()} `;

describe("theme labels of the demo comments (issue 25 item 9)", () => {
  it("are phrases written in the comments, never bare lemma pairs", () => {
    const texts = everyDemoComment();
    const inputs: ThemeInput[] = texts.map((text, index) => {
      const analysis = analyzeComment(text);
      return { id: String(index).padStart(4, "0"), text, sentiment: analysis.sentiment, topic: analysis.topic };
    });
    // Also as General comments only: every theme is then carved out by a phrase, the rule's most exposed path.
    const general = inputs.map((input) => ({ ...input, topic: "General" }));
    const written = texts.map(plain);
    const topics = new Set<string>(TOPICS);
    const phrases: string[] = [];
    for (const themes of [analyzeThemes(inputs), analyzeThemes(general)]) {
      expect(themes.length).toBeGreaterThan(3);
      for (const theme of themes) {
        if (!topics.has(theme.label)) phrases.push(theme.label);
        phrases.push(...theme.keyPhrases);
      }
    }
    const unwritten = [...new Set(phrases)].filter((phrase) => !written.some((text) => text.includes(plain(phrase))));
    expect(unwritten, "labels and key phrases no demo comment wrote").toEqual([]);
    expect(phrases.filter((phrase) => /^(many|few|more|less|much|most|other) /i.test(phrase))).toEqual([]);
  });
});
