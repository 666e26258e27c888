import { readFileSync } from "node:fs";
import { z } from "zod";
import { analyzeComment } from "./local-analyzer.js";
import { type CommentAnalysis, type CommentContext, EMOTIONS, SENTIMENTS, TOPICS } from "./types.js";

export const labelledCommentSchema = z.object({
  text: z.string(),
  sentiment: z.enum(SENTIMENTS),
  emotion: z.enum(EMOTIONS),
  topic: z.enum(TOPICS),
  question: z.string().optional(),
  split: z.enum(["dev", "test"]),
});
export type LabelledComment = z.infer<typeof labelledCommentSchema>;

/** Reads Hearth's labelled comment set (`packages/analysis/data/labelled-comments.json`). */
export function loadLabelledComments(): LabelledComment[] {
  const raw = readFileSync(new URL("../data/labelled-comments.json", import.meta.url), "utf8");
  return z.array(labelledCommentSchema).parse(JSON.parse(raw));
}

/** confusion[gold][predicted] = count. */
export type Confusion = Record<string, Record<string, number>>;

export interface EvaluationReport {
  n: number;
  sentimentAccuracy: number;
  emotionAccuracy: number;
  topicAccuracy: number;
  sentimentConfusion: Confusion;
  emotionConfusion: Confusion;
  topicConfusion: Confusion;
  /** Recall per gold label: the share of comments with that label the analyzer got right. */
  emotionRecall: Record<string, number>;
  errors: { text: string; field: "sentiment" | "emotion" | "topic"; expected: string; actual: string }[];
}

type Analyze = (text: string, context?: CommentContext) => Pick<CommentAnalysis, "sentiment" | "emotion" | "topic">;

function bump(confusion: Confusion, gold: string, predicted: string) {
  confusion[gold] ??= {};
  confusion[gold][predicted] = (confusion[gold][predicted] ?? 0) + 1;
}

const ratio = (hits: number, n: number) => (n === 0 ? 0 : Math.round((hits / n) * 10_000) / 10_000);

/** Runs `analyze` over labelled comments and compares each field with the human label. */
export function evaluateAnalyzer(
  analyze: Analyze,
  labelled: readonly Pick<LabelledComment, "text" | "sentiment" | "emotion" | "topic" | "question">[],
): EvaluationReport {
  const report: EvaluationReport = {
    n: labelled.length,
    sentimentAccuracy: 0,
    emotionAccuracy: 0,
    topicAccuracy: 0,
    sentimentConfusion: {},
    emotionConfusion: {},
    topicConfusion: {},
    emotionRecall: {},
    errors: [],
  };
  let sentimentHits = 0;
  let emotionHits = 0;
  let topicHits = 0;
  for (const item of labelled) {
    const result = analyze(item.text, item.question ? { questionKey: item.question } : undefined);
    bump(report.sentimentConfusion, item.sentiment, result.sentiment);
    bump(report.emotionConfusion, item.emotion, result.emotion);
    bump(report.topicConfusion, item.topic, result.topic);
    for (const field of ["sentiment", "emotion", "topic"] as const) {
      if (result[field] === item[field]) {
        if (field === "sentiment") sentimentHits++;
        else if (field === "emotion") emotionHits++;
        else topicHits++;
      } else {
        report.errors.push({ text: item.text, field, expected: item[field], actual: result[field] });
      }
    }
  }
  report.sentimentAccuracy = ratio(sentimentHits, labelled.length);
  report.emotionAccuracy = ratio(emotionHits, labelled.length);
  report.topicAccuracy = ratio(topicHits, labelled.length);
  for (const [gold, row] of Object.entries(report.emotionConfusion)) {
    const total = Object.values(row).reduce((sum, count) => sum + count, 0);
    report.emotionRecall[gold] = ratio(row[gold] ?? 0, total);
  }
  return report;
}

export interface ThroughputResult {
  comments: number;
  elapsedMs: number;
  commentsPerSecond: number;
}

/**
 * Measures the local analyzer's throughput on the labelled set's texts, repeated: after a warm-up of 500 comments,
 * analyses `count` comments, or as many as fit in `durationMs` (default 2 s) when no count is given.
 */
export function measureAnalysisThroughput(
  options: { durationMs?: number; count?: number; texts?: readonly string[] } = {},
): ThroughputResult {
  const texts = options.texts ?? loadLabelledComments().map((item) => item.text);
  for (let i = 0; i < 500; i++) analyzeComment(texts[i % texts.length]);
  const durationMs = options.durationMs ?? 2000;
  const start = performance.now();
  let comments = 0;
  if (options.count !== undefined) {
    for (; comments < options.count; comments++) analyzeComment(texts[comments % texts.length]);
  } else {
    while (performance.now() - start < durationMs) {
      for (let k = 0; k < 100; k++, comments++) analyzeComment(texts[comments % texts.length]);
    }
  }
  const elapsedMs = performance.now() - start;
  return { comments, elapsedMs: Math.round(elapsedMs), commentsPerSecond: Math.round((comments / elapsedMs) * 1000) };
}

export interface LabelVote {
  /** The comment voted on (several labelers may label the same comment). */
  key: string;
  text: string;
  question?: string;
  sentiment: string;
  emotion: string;
  topic: string;
}

/** The most voted value, or null when two or more values share the most votes (the labelers do not agree). */
function majority(values: readonly string[]): string | null {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  const ranked = [...counts.entries()].sort((a, b) => b[1] - a[1]);
  if (ranked.length === 0 || (ranked.length > 1 && ranked[1][1] === ranked[0][1])) return null;
  return ranked[0][0];
}

/**
 * One gold label set per comment from labelers' votes: each field's majority. A comment whose labelers tie on any
 * field is left out (counted in `ties`); so is one whose votes name a label outside the analyzer's sets.
 */
export function majorityLabels(votes: readonly LabelVote[]): {
  items: Pick<LabelledComment, "text" | "sentiment" | "emotion" | "topic" | "question">[];
  comments: number;
  ties: number;
} {
  const byComment = new Map<string, LabelVote[]>();
  for (const vote of votes) byComment.set(vote.key, [...(byComment.get(vote.key) ?? []), vote]);
  const items: Pick<LabelledComment, "text" | "sentiment" | "emotion" | "topic" | "question">[] = [];
  let ties = 0;
  for (const group of byComment.values()) {
    const sentiment = majority(group.map((vote) => vote.sentiment));
    const emotion = majority(group.map((vote) => vote.emotion));
    const topic = majority(group.map((vote) => vote.topic));
    const parsed = labelledCommentSchema
      .pick({ text: true, sentiment: true, emotion: true, topic: true, question: true })
      .safeParse({ text: group[0].text, question: group[0].question, sentiment, emotion, topic });
    if (parsed.success) items.push(parsed.data);
    else ties++;
  }
  return { items, comments: byComment.size, ties };
}
