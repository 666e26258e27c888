/**
 * Compares sentiment on a labelled JSONL set, in one run: Hearth's local analyzer, vader-sentiment (compound ≥ 0.05
 * positive, ≤ -0.05 negative) and wink-nlp's own sentiment (same band). Prints accuracy, the confusion matrix and the
 * share of negative comments called positive, and the local analyzer's emotion and topic accuracy.
 *
 *   npm run eval:analysis -w @hearth/analysis -- --totals            # the second held-out set (data/holdout.jsonl)
 *   npm run eval:analysis -w @hearth/analysis -- --set holdout-third --totals   # the third (data/holdout-third.jsonl)
 *   npm run eval:analysis -w @hearth/analysis -- --set dev          # the tuning sets (labelled-comments.json + dev-*.jsonl)
 *   npm run eval:analysis -w @hearth/analysis -- --set dev-workplace  # one development file (data/dev-workplace.jsonl)
 *   npm run eval:analysis -w @hearth/analysis -- --extra corrections.jsonl   # adds corrected comments exported from Hearth
 *   … --errors lists the local analyzer's sentiment misses.
 *   … --totals prints aggregate figures only (accuracy, confusion counts, negatives called positive) and refuses
 *   --errors: the way to score the held-out set without seeing any single comment or its result.
 * The last line is JSON with every figure.
 */
import { readFileSync } from "node:fs";
import vader from "vader-sentiment";
import winkNLP from "wink-nlp";
import model from "wink-eng-lite-web-model";
import {
  analyzeComment,
  type EvaluationItem,
  HELD_OUT_SETS,
  type HeldOutSet,
  isQuoteEligible,
  loadEvaluationSet,
  loadLabelledComments,
  parseEvaluationJsonl,
  polarityOf,
  type SentimentReport,
  sentimentReport,
} from "../src/index.js";

const args = process.argv.slice(2);
const option = (name: string) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};
const setName = option("--set") ?? "holdout";
const extraFile = option("--extra");
const totalsOnly = args.includes("--totals");
if (totalsOnly && args.includes("--errors")) throw new Error("--totals prints aggregates only; it cannot be combined with --errors");

let items: EvaluationItem[];
/** The held-out sets: scored with --totals only (see data/README.md). */
const heldOut = (name: string): name is HeldOutSet => (HELD_OUT_SETS as readonly string[]).includes(name);
if (heldOut(setName) && args.includes("--errors")) throw new Error(`${setName} is held out: score it with --totals, never --errors`);
if (heldOut(setName)) items = loadEvaluationSet(`${setName}.jsonl`);
else if (setName === "dev")
  items = [
    ...loadLabelledComments()
      .filter((item) => item.sentiment !== "none" && !item.question)
      .map((item) => ({ ...item, sentiment: item.sentiment as EvaluationItem["sentiment"] })),
    ...loadEvaluationSet("dev-tricky.jsonl"),
    ...loadEvaluationSet("dev-workplace.jsonl"),
    ...loadEvaluationSet("dev-fresh.jsonl"),
  ];
else if (/^dev-[a-z-]+$/.test(setName)) items = loadEvaluationSet(`${setName as `dev-${string}`}.jsonl`);
else if (setName === "none") items = [];
else throw new Error(`--set ${HELD_OUT_SETS.join(" | ")} | dev | dev-<name> | none, not ${setName}`);
if (extraFile) {
  // JSONL, or the answer of GET /api/reports/{surveyId}/corrected-comments saved as is ({"comments": [...]}).
  const raw = readFileSync(extraFile, "utf8").trim();
  const lines = raw.startsWith('{"comments"')
    ? (JSON.parse(raw) as { comments: unknown[] }).comments.map((row) => JSON.stringify(row)).join("\n")
    : raw;
  items = [...items, ...parseEvaluationJsonl(lines)];
}
if (items.length === 0) throw new Error("no labelled comments to evaluate");

// wink-nlp with its default pipeline (the analyzer's own instance leaves sentiment out).
const engine = winkNLP(model);
const systems: Record<string, (text: string) => ReturnType<typeof polarityOf> | "none"> = {
  "hearth local": (text) => analyzeComment(text).sentiment,
  "vader-sentiment 1.1.3": (text) => polarityOf(vader.SentimentIntensityAnalyzer.polarity_scores(text).compound),
  "wink-nlp 2.4.0 sentiment": (text) => polarityOf(engine.readDoc(text).out(engine.its.sentiment) as unknown as number),
};

const pct = (value: number) => `${(value * 100).toFixed(1)} %`;
const summary: Record<string, unknown> = { set: setName, extra: extraFile ?? null, n: items.length };
console.log(`set: ${setName}${extraFile ? ` + ${extraFile}` : ""}, ${items.length} comments`);
for (const [name, classify] of Object.entries(systems)) {
  const report: SentimentReport = sentimentReport(items, classify);
  console.log(
    `\n${name}: sentiment ${pct(report.accuracy)}; negatives called positive ${report.negativeAsPositive}/${report.negatives} (${pct(report.negativeAsPositiveShare)})`,
  );
  console.log("  gold \\ predicted   positive  neutral  negative");
  for (const gold of ["positive", "neutral", "negative"] as const) {
    const row = report.confusion[gold];
    console.log(
      `  ${gold.padEnd(18)} ${String(row.positive).padStart(8)} ${String(row.neutral).padStart(8)} ${String(row.negative).padStart(9)}`,
    );
  }
  const entry: Record<string, unknown> = {
    sentiment: report.accuracy,
    negativeAsPositive: report.negativeAsPositive,
    negatives: report.negatives,
    negativeAsPositiveShare: report.negativeAsPositiveShare,
    confusion: report.confusion,
  };
  if (name === "hearth local") {
    let emotion = 0;
    let topic = 0;
    for (const item of items) {
      const result = analyzeComment(item.text);
      if (result.emotion === item.emotion) emotion++;
      if (result.topic === item.topic) topic++;
    }
    entry.emotion = Math.round((emotion / items.length) * 10_000) / 10_000;
    // The quote rule on the analyzer's own labels (nobody corrected them): which comments would be offered as quotes.
    const quotable = { positive: 0, neutral: 0, negative: 0 };
    for (const item of items) {
      if (isQuoteEligible({ text: item.text, sentiment: analyzeComment(item.text).sentiment, corrected: false }))
        quotable[item.sentiment]++;
    }
    entry.quotable = quotable;
    console.log(
      `  quote rule: offers ${quotable.positive} positive, ${quotable.neutral} neutral and ${quotable.negative} negative comments as quotes`,
    );
    entry.topic = Math.round((topic / items.length) * 10_000) / 10_000;
    console.log(`  emotion ${pct(entry.emotion as number)}, topic ${pct(entry.topic as number)}`);
    if (!totalsOnly && args.includes("--errors"))
      for (const miss of report.misses) console.log(`  expected ${miss.expected}, got ${miss.actual}: ${miss.text}`);
  }
  summary[name] = entry;
}
console.log(JSON.stringify(summary));
