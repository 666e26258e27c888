/**
 * The analyzer's second evaluation set (decision 0050): the labels Hearth's labelers submitted, one gold label per
 * comment (each field's majority; ties left out), scored with the analyzer the server runs.
 * Run: `npm run eval:labels` (reads DATABASE_URL or the local PGlite data directory, like the server). The last line
 * is JSON: { labels, comments, ties, n, sentiment, emotion, topic }.
 */
import { analyzeComment, evaluateAnalyzer, majorityLabels } from "@hearth/analysis";
import { openDatabase } from "../db/client.js";
import { loadEnv } from "../env.js";
import { listSubmittedLabels } from "../modules/labelling/labelling.repo.js";

async function main(): Promise<void> {
  const env = loadEnv();
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  try {
    const labels = await listSubmittedLabels(database.db);
    const { items, comments, ties } = majorityLabels(labels.map((row) => ({ ...row, key: row.excerptId, question: row.questionKey })));
    const report = evaluateAnalyzer(analyzeComment, items);
    const percent = (value: number) => `${(value * 100).toFixed(1)}%`;
    console.log(`${labels.length} labels on ${comments} comments; ${ties} left out (labelers tie); n=${report.n}`);
    if (report.n === 0) console.log("No labelled comments yet: there is nothing to score.");
    else
      console.log(
        `sentiment ${percent(report.sentimentAccuracy)}  emotion ${percent(report.emotionAccuracy)}  topic ${percent(report.topicAccuracy)}`,
      );
    if (process.argv.includes("--errors"))
      for (const error of report.errors)
        console.log(`  ${error.field}: labelers ${error.expected}, analyzer ${error.actual} — ${error.text}`);
    console.log(
      JSON.stringify({
        labels: labels.length,
        comments,
        ties,
        n: report.n,
        sentiment: report.sentimentAccuracy,
        emotion: report.emotionAccuracy,
        topic: report.topicAccuracy,
      }),
    );
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
