import { describe, expect, it } from "vitest";
import { analyzeWithSignals } from "./local-analyzer.js";
import { parseComment } from "./nlp.js";
import { decide, lonePraiseOpener, ngramKeys, probabilities, ruleVerdict, sentimentModel } from "./sentiment-model.js";
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
    for (const row of model.weights) expect(row).toHaveLength(model.features + 1 + model.ngrams.length);
    expect(model.mean).toHaveLength(model.features);
    expect(model.polarity).toHaveLength(101);
    expect(model.ngrams.length).toBeGreaterThan(1000);
    expect(new Set(model.ngrams).size).toBe(model.ngrams.length);
    expect(model.positiveMin).toBeGreaterThan(0.5);
    expect(model.negativeMin).toBeGreaterThan(0);
  });

  it("gives positive only at the model's threshold, negative only at its own and above both others, else neutral", () => {
    const model = { positiveMin: 0.85, negativeMin: 0.4 };
    expect(decide(model, [0.9, 0.05, 0.05])).toBe("positive");
    expect(decide(model, [0.85, 0.1, 0.05])).toBe("positive");
    expect(decide(model, [0.84, 0.15, 0.01])).toBe("neutral");
    // probably praise, not surely: never turned into a complaint
    expect(decide(model, [0.6, 0.1, 0.3])).toBe("neutral");
    expect(decide(model, [0.5, 0.05, 0.45])).toBe("neutral");
    expect(decide(model, [0.45, 0.05, 0.5])).toBe("negative");
    expect(decide(model, [0.1, 0.3, 0.6])).toBe("negative");
    expect(decide(model, [0.2, 0.5, 0.3])).toBe("neutral");
    expect(decide(model, [0.1, 0.45, 0.45])).toBe("neutral");
  });

  it("keys a comment's lemmas (marked when negated) and neighbouring word pairs within a sentence", () => {
    const { words } = parseComment("Not fair. Great team");
    const keys = ngramKeys(
      words,
      words.map((word) => word.index === 1),
    );
    expect(keys).toEqual(expect.arrayContaining(["u:not", "u:!fair", "b:^ not", "b:not fair", "b:^ great", "b:great team", "u:team"]));
    expect(keys).not.toContain("b:fair great");
  });

  it("lets the n-grams move the probabilities, and ignores n-grams it does not know", () => {
    const model = sentimentModel();
    const features = new Float64Array(model.features).map((_, j) => model.mean[j]);
    const plain = probabilities(model, features);
    expect(probabilities(model, features, ["zz:unknown"])).toEqual(plain);
    const known = model.ngrams.find((key) => key === "u:love") as string;
    expect(known).toBeDefined();
    expect(probabilities(model, features, [known])[0]).toBeGreaterThan(plain[0]);
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
