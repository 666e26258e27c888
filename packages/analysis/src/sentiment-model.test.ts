import { describe, expect, it } from "vitest";
import { analyzeWithSignals } from "./local-analyzer.js";
import { parseComment } from "./nlp.js";
import { decide, lonePraiseOpener, ruleVerdict, sentimentModel } from "./sentiment-model.js";
import { parseWordVectors, wordVectors } from "./word-vectors.js";

const opener = (text: string) => {
  const { words } = parseComment(text);
  return lonePraiseOpener(
    words,
    words.map(() => false),
  );
};

describe("word vectors", () => {
  it("loads the committed table from the package and finds frequent words", () => {
    const vectors = wordVectors();
    expect(vectors.dimensions).toBe(100);
    const good = vectors.get("good");
    const great = vectors.get("great");
    const salary = vectors.get("salary");
    expect(good && great && salary).toBeTruthy();
    const cos = (a: Float32Array, b: Float32Array) => a.reduce((sum, value, d) => sum + value * b[d], 0);
    // unit vectors: related words are closer than unrelated ones
    expect(cos(good as Float32Array, great as Float32Array)).toBeGreaterThan(cos(good as Float32Array, salary as Float32Array));
    expect(vectors.get("zzqxv")).toBeUndefined();
  });

  it("refuses a file that is not a table", () => {
    expect(() => parseWordVectors(Buffer.from("nope, not a table"))).toThrow(/HWV1/);
  });
});

describe("learned sentiment layer", () => {
  it("has weights for every feature", () => {
    const model = sentimentModel();
    expect(model.weights).toHaveLength(3);
    for (const row of model.weights) expect(row).toHaveLength(model.features + 1);
    expect(model.mean).toHaveLength(model.features);
    expect(model.polarity).toHaveLength(101);
  });

  it("never gives positive against the rules, nor below the model's threshold", () => {
    const model = { positiveMin: 0.5 };
    expect(decide(model, [0.9, 0.05, 0.05], { sentiment: "positive", veto: false })).toBe("positive");
    expect(decide(model, [0.9, 0.05, 0.05], { sentiment: "neutral", veto: false })).toBe("neutral");
    expect(decide(model, [0.9, 0.05, 0.05], { sentiment: "neutral", veto: true })).toBe("neutral");
    expect(decide(model, [0.45, 0.2, 0.35], { sentiment: "positive", veto: false })).toBe("neutral");
    expect(decide(model, [0.3, 0.2, 0.5], { sentiment: "positive", veto: false })).toBe("negative");
    expect(decide(model, [0.1, 0.3, 0.6], { sentiment: "neutral", veto: false })).toBe("negative");
  });

  it("reads a lone evaluative opener as no praise", () => {
    expect(opener("Brilliant, the new policy came as a forty page PDF.")).toBe(true);
    expect(opener("Lovely to get a voucher instead of the overtime we were owed.")).toBe(true);
    expect(opener("Great, thanks for listening!")).toBe(false);
    expect(opener("Grateful to be part of this team.")).toBe(false);
    expect(opener("The team is great, the work is varied.")).toBe(false);
    const signals = analyzeWithSignals("Wonderful, the canteen closes at noon now.").signals;
    expect(signals && ruleVerdict(signals).veto).toBe(true);
  });

  it("labels complaints in plain words that no lexicon scores", () => {
    expect(analyzeWithSignals("Three of us now do the work that six people did last spring.").analysis.sentiment).not.toBe("positive");
    expect(analyzeWithSignals("My manager is fantastic and always supportive.").analysis.sentiment).toBe("positive");
  });
});
