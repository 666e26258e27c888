import { describe, expect, it } from "vitest";
import { evaluateAnalyzer, loadLabelledComments, majorityLabels, measureAnalysisThroughput } from "./evaluate.js";
import type { CommentAnalysis } from "./types.js";

describe("evaluateAnalyzer", () => {
  it("computes accuracies, confusion and recall", () => {
    const labelled = [
      { text: "a", sentiment: "positive", emotion: "Love", topic: "Culture" },
      { text: "b", sentiment: "negative", emotion: "Anger", topic: "Compensation" },
      { text: "c", sentiment: "neutral", emotion: "Neutral", topic: "General" },
      { text: "d", sentiment: "negative", emotion: "Fear", topic: "General" },
    ] as const;
    const answers: Record<string, Pick<CommentAnalysis, "sentiment" | "emotion" | "topic">> = {
      a: { sentiment: "positive", emotion: "Love", topic: "Culture" },
      b: { sentiment: "negative", emotion: "Disapproval", topic: "Compensation" },
      c: { sentiment: "positive", emotion: "Neutral", topic: "Teamwork" },
      d: { sentiment: "negative", emotion: "Fear", topic: "Teamwork" },
    };
    const report = evaluateAnalyzer((text) => answers[text], labelled);
    expect(report.n).toBe(4);
    expect(report.sentimentAccuracy).toBe(0.75);
    expect(report.emotionAccuracy).toBe(0.75);
    expect(report.topicAccuracy).toBe(0.5);
    expect(report.sentimentConfusion).toEqual({ positive: { positive: 1 }, negative: { negative: 2 }, neutral: { positive: 1 } });
    expect(report.emotionRecall).toEqual({ Love: 1, Anger: 0, Neutral: 1, Fear: 1 });
    expect(report.errors).toHaveLength(4);
  });

  it("passes the question key as context", () => {
    const seen: (string | null | undefined)[] = [];
    evaluateAnalyzer(
      (_text, context) => {
        seen.push(context?.questionKey);
        return { sentiment: "neutral", emotion: "Neutral", topic: "General" };
      },
      [
        { text: "x", sentiment: "neutral", emotion: "Neutral", topic: "General", question: "lowi_open_well" },
        { text: "y", sentiment: "neutral", emotion: "Neutral", topic: "General" },
      ],
    );
    expect(seen).toEqual(["lowi_open_well", undefined]);
  });

  it("reports zero accuracy on an empty set", () => {
    expect(evaluateAnalyzer(() => ({ sentiment: "none", emotion: "None", topic: "General" }), []).sentimentAccuracy).toBe(0);
  });
});

describe("labelled set", () => {
  const labelled = loadLabelledComments();

  it("has at least 220 comments, split in halves, every emotion about ten times", () => {
    expect(labelled.length).toBeGreaterThanOrEqual(220);
    const dev = labelled.filter((item) => item.split === "dev").length;
    expect(Math.abs(dev - (labelled.length - dev))).toBeLessThanOrEqual(1);
    const perEmotion = new Map<string, number>();
    for (const item of labelled) perEmotion.set(item.emotion, (perEmotion.get(item.emotion) ?? 0) + 1);
    expect(perEmotion.size).toBe(11);
    for (const count of perEmotion.values()) expect(count).toBeGreaterThanOrEqual(10);
  });

  it("measures throughput", () => {
    const result = measureAnalysisThroughput({ count: 200 });
    expect(result.comments).toBe(200);
    expect(result.commentsPerSecond).toBeGreaterThan(0);
    expect(measureAnalysisThroughput({ durationMs: 50 }).comments).toBeGreaterThan(0);
  });
});

describe("majorityLabels", () => {
  const vote = (key: string, sentiment: string, emotion: string, topic: string) => ({
    key,
    text: `text ${key}`,
    sentiment,
    emotion,
    topic,
  });
  it("keeps each comment's majority label and leaves out comments whose labelers tie", () => {
    const result = majorityLabels([
      vote("a", "positive", "Love", "Culture"),
      vote("a", "positive", "Gratitude", "Culture"),
      vote("a", "negative", "Love", "Culture"),
      vote("b", "negative", "Anger", "Workload"),
      vote("c", "positive", "Love", "Culture"),
      vote("c", "negative", "Anger", "Culture"),
    ]);
    expect(result.comments).toBe(3);
    expect(result.ties).toBe(1);
    expect(result.items).toEqual([
      { text: "text a", sentiment: "positive", emotion: "Love", topic: "Culture" },
      { text: "text b", sentiment: "negative", emotion: "Anger", topic: "Workload" },
    ]);
  });
});
