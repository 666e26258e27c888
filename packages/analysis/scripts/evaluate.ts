/**
 * Scores the local analyzer on the labelled set (dev half, test half, all) and measures its throughput.
 * Run: `npx tsx packages/analysis/scripts/evaluate.ts` (add `--errors` to list the misses).
 * The last line is JSON: { dev, test, all: {n, sentiment, emotion, topic}, throughput: {comments, elapsedMs, commentsPerSecond} }.
 */
import { analyzeComment, evaluateAnalyzer, loadLabelledComments, measureAnalysisThroughput } from "../src/index.js";

const labelled = loadLabelledComments();
const showErrors = process.argv.includes("--errors");
const summary: Record<string, unknown> = {};

for (const [name, items] of [
  ["dev", labelled.filter((item) => item.split === "dev")],
  ["test", labelled.filter((item) => item.split === "test")],
  ["all", labelled],
] as const) {
  const report = evaluateAnalyzer(analyzeComment, items);
  summary[name] = { n: report.n, sentiment: report.sentimentAccuracy, emotion: report.emotionAccuracy, topic: report.topicAccuracy };
  console.log(
    `${name.padEnd(4)} n=${report.n}  sentiment ${(report.sentimentAccuracy * 100).toFixed(1)}%  emotion ${(report.emotionAccuracy * 100).toFixed(1)}%  topic ${(report.topicAccuracy * 100).toFixed(1)}%`,
  );
  if (name === "all") {
    console.log("sentiment confusion (gold → predicted):", JSON.stringify(report.sentimentConfusion));
    console.log("emotion recall:", JSON.stringify(report.emotionRecall));
    if (showErrors)
      for (const error of report.errors) console.log(`  ${error.field}: expected ${error.expected}, got ${error.actual} — ${error.text}`);
  }
}

const throughput = measureAnalysisThroughput({ count: 20_000, texts: labelled.map((item) => item.text) });
console.log(`throughput: ${throughput.commentsPerSecond} comments/s (${throughput.comments} comments in ${throughput.elapsedMs} ms)`);
summary.throughput = throughput;
console.log(JSON.stringify(summary));
