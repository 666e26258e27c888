import { readFileSync } from "node:fs";
import { z } from "zod";
import { EMOTIONS, type Sentiment, TOPICS } from "./types.js";

/** One line of a JSONL evaluation file (`data/holdout.jsonl`, `data/dev-tricky.jsonl`, an export of corrections). */
export const evaluationItemSchema = z.object({
  text: z.string().min(1),
  sentiment: z.enum(["positive", "neutral", "negative"]),
  emotion: z.enum(EMOTIONS),
  topic: z.enum(TOPICS),
});
export type EvaluationItem = z.infer<typeof evaluationItemSchema>;

/** Parses JSONL text (one object a line, blank lines skipped). */
export function parseEvaluationJsonl(text: string): EvaluationItem[] {
  return text
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line, index) => {
      const parsed = evaluationItemSchema.safeParse(JSON.parse(line));
      if (!parsed.success) throw new Error(`line ${index + 1}: ${parsed.error.issues[0]?.message ?? "invalid"}`);
      return parsed.data;
    });
}

/**
 * The held-out sets (data/README.md): scored with aggregate figures only, never read while tuning and never trained
 * on. One list, for the evaluation script and the loader's type.
 */
export const HELD_OUT_SETS = ["holdout", "holdout-third", "holdout-fourth", "holdout-fifth"] as const;
export type HeldOutSet = (typeof HELD_OUT_SETS)[number];

/** Reads one of the package's JSONL sets by file name (`holdout.jsonl`, `dev-tricky.jsonl`, `train-office.jsonl`). */
export function loadEvaluationSet(name: `${HeldOutSet}.jsonl` | `dev-${string}.jsonl` | `train-${string}.jsonl`): EvaluationItem[] {
  return parseEvaluationJsonl(readFileSync(new URL(`../data/${name}`, import.meta.url), "utf8"));
}

export type Polarity = Exclude<Sentiment, "none">;
const POLARITIES: readonly Polarity[] = ["positive", "neutral", "negative"];

export interface SentimentReport {
  n: number;
  accuracy: number;
  /** confusion[gold][predicted]. */
  confusion: Record<Polarity, Record<Polarity, number>>;
  negatives: number;
  /** Negative comments the system called positive, and their share of the negatives. */
  negativeAsPositive: number;
  negativeAsPositiveShare: number;
  misses: { text: string; expected: Polarity; actual: Polarity }[];
}

/** Scores a three-way sentiment classifier against gold labels ("none" from a classifier counts as neutral). */
export function sentimentReport(
  items: readonly Pick<EvaluationItem, "text" | "sentiment">[],
  classify: (text: string) => Sentiment,
): SentimentReport {
  const confusion = Object.fromEntries(POLARITIES.map((gold) => [gold, { positive: 0, neutral: 0, negative: 0 }])) as Record<
    Polarity,
    Record<Polarity, number>
  >;
  const misses: SentimentReport["misses"] = [];
  let hits = 0;
  for (const item of items) {
    const raw = classify(item.text);
    const actual: Polarity = raw === "none" ? "neutral" : raw;
    confusion[item.sentiment][actual]++;
    if (actual === item.sentiment) hits++;
    else misses.push({ text: item.text, expected: item.sentiment, actual });
  }
  const negatives = items.filter((item) => item.sentiment === "negative").length;
  const negativeAsPositive = confusion.negative.positive;
  const share = (count: number, of: number) => (of === 0 ? 0 : Math.round((count / of) * 10_000) / 10_000);
  return {
    n: items.length,
    accuracy: share(hits, items.length),
    confusion,
    negatives,
    negativeAsPositive,
    negativeAsPositiveShare: share(negativeAsPositive, negatives),
    misses,
  };
}

/** Maps a compound-style score in [-1, 1] to a class with the usual ±0.05 band for neutral. */
export function polarityOf(score: number, band = 0.05): Polarity {
  return score >= band ? "positive" : score <= -band ? "negative" : "neutral";
}
