/**
 * Trains the learned sentiment layer (src/sentiment-model.ts) on the development sets only — labelled-comments.json
 * (without "none" and question-bound comments), dev-tricky, dev-workplace, dev-fresh and any other data/dev-*.jsonl —
 * and measures how it generalises before anything is written:
 *
 *   npx tsx packages/analysis/scripts/train-sentiment-model.ts            # cross-validation only
 *   npx tsx packages/analysis/scripts/train-sentiment-model.ts --lambdas=0.1 --write --lambda=0.1 --positive-min=0.5
 *   npx biome format --write packages/analysis/assets                    # the committed file is formatted
 *
 * (the committed model: λ 0.1, positiveMin 0.5, chosen on the 10-fold figures; the run is deterministic).
 * Cross-validation: 10-fold (stratified by file and label, fixed seed) and leave-one-file-out (train on the other
 * files, test on one), each for several L2 strengths and positive thresholds, against the rules alone on the same
 * comments. The held-out set is never read here.
 */
import { readdirSync, writeFileSync } from "node:fs";
import { type EvaluationItem, loadEvaluationSet, loadLabelledComments } from "../src/index.js";
import { sentimentSignals } from "../src/local-analyzer.js";
import {
  CLASSES,
  decide,
  featureNames,
  type Polarity,
  probabilities,
  type RuleVerdict,
  ruleVerdict,
  type SentimentModel,
  sentimentFeatures,
} from "../src/sentiment-model.js";
import { SENTIMENT_WORDS } from "../src/lexicon/sentiment.js";
import { wordVectors } from "../src/word-vectors.js";

interface Example {
  file: string;
  text: string;
  gold: Polarity;
  x: Float64Array;
  rules: RuleVerdict;
  /** The quote rule's conditions other than the sentiment (no question, contrast, negative cue or wish; rule score ≥ 1.43). */
  quoteBase: boolean;
}

const args = process.argv.slice(2);
const devFiles = readdirSync(new URL("../data/", import.meta.url)).filter((name) => /^dev-[a-z-]+\.jsonl$/.test(name));
const sets: [string, EvaluationItem[]][] = [
  [
    "labelled-comments.json",
    loadLabelledComments()
      .filter((item) => item.sentiment !== "none" && !item.question)
      .map((item) => ({ ...item, sentiment: item.sentiment as Polarity })),
  ],
  ...devFiles.map((name) => [name, loadEvaluationSet(name as `dev-${string}.jsonl`)] as [string, EvaluationItem[]]),
];
const vectors = wordVectors();
const QUOTE_RULE_SCORE = 1.43;

/** Ridge regression from a word's vector to its lexicon score (single words the table knows): generalises the lexicon. */
function fitPolarity(alpha = 1): number[] {
  const rows: [Float32Array, number][] = [];
  for (const [word, value] of SENTIMENT_WORDS) {
    const vector = word.includes(" ") ? undefined : vectors.get(word);
    if (vector) rows.push([vector, value]);
  }
  const D = vectors.dimensions + 1;
  const A = Array.from({ length: D }, () => new Float64Array(D + 1));
  for (const [vector, value] of rows) {
    const x = [1, ...vector];
    for (let r = 0; r < D; r++) {
      for (let c = 0; c < D; c++) A[r][c] += x[r] * x[c];
      A[r][D] += x[r] * value;
    }
  }
  for (let r = 1; r < D; r++) A[r][r] += alpha;
  for (let col = 0; col < D; col++) {
    let pivot = col;
    for (let r = col + 1; r < D; r++) if (Math.abs(A[r][col]) > Math.abs(A[pivot][col])) pivot = r;
    [A[col], A[pivot]] = [A[pivot], A[col]];
    for (let r = 0; r < D; r++) {
      if (r === col) continue;
      const factor = A[r][col] / A[col][col];
      for (let c = col; c <= D; c++) A[r][c] -= factor * A[col][c];
    }
  }
  const weights = A.map((row, r) => Math.round((row[D] / row[r]) * 1e5) / 1e5);
  let error = 0;
  for (const [vector, value] of rows) error += (weights.reduce((sum, w, d) => sum + w * (d === 0 ? 1 : vector[d - 1]), 0) - value) ** 2;
  console.log(`word polarity: ridge on ${rows.length} lexicon words, RMSE ${Math.sqrt(error / rows.length).toFixed(2)}`);
  return weights;
}
const polarity = fitPolarity();
const drop = (args.find((a) => a.startsWith("--drop="))?.slice(7) ?? "").split(",").filter(Boolean);
const names = featureNames(vectors.dimensions);
const dropped = names.flatMap((name, j) => (drop.some((prefix) => name.startsWith(prefix)) ? [j] : []));
const examples: Example[] = [];
for (const [file, items] of sets) {
  for (const item of items) {
    const signals = sentimentSignals(item.text);
    if (!signals) continue;
    const verdict = ruleVerdict(signals);
    const x = sentimentFeatures({ text: item.text, words: signals.words, detail: signals.detail, cues: signals.cues }, polarity, vectors);
    for (const j of dropped) x[j] = 0;
    examples.push({
      file,
      text: item.text,
      gold: item.sentiment as Polarity,
      x,
      rules: verdict,
      quoteBase:
        !item.text.includes("?") &&
        !signals.detail.contrast &&
        !signals.negativeCue &&
        !signals.detail.hypothetical &&
        signals.detail.score >= QUOTE_RULE_SCORE,
    });
  }
}
const F = examples[0].x.length;
console.log(`${examples.length} comments from ${sets.map(([name, items]) => `${name} (${items.length})`).join(", ")}; ${F} features`);

/** Multinomial logistic regression, L2 on the weights (not the biases), full-batch Adam. */
function train(data: readonly Example[], lambda: number, epochs = 400): SentimentModel {
  const mean = new Array<number>(F).fill(0);
  const std = new Array<number>(F).fill(0);
  for (const e of data) for (let j = 0; j < F; j++) mean[j] += e.x[j] / data.length;
  for (const e of data) for (let j = 0; j < F; j++) std[j] += (e.x[j] - mean[j]) ** 2 / data.length;
  for (let j = 0; j < F; j++) std[j] = Math.sqrt(std[j]) || 1;
  const xs = data.map((e) => Float64Array.from(e.x, (value, j) => (value - mean[j]) / std[j]));
  const ys = data.map((e) => CLASSES.indexOf(e.gold));
  const W = CLASSES.map(() => new Float64Array(F + 1));
  const m = CLASSES.map(() => new Float64Array(F + 1));
  const v = CLASSES.map(() => new Float64Array(F + 1));
  const rate = 0.05;
  for (let epoch = 1; epoch <= epochs; epoch++) {
    const grad = CLASSES.map(() => new Float64Array(F + 1));
    for (let i = 0; i < xs.length; i++) {
      const x = xs[i];
      const logits = W.map((row) => {
        let sum = row[0];
        for (let j = 0; j < F; j++) sum += row[j + 1] * x[j];
        return sum;
      });
      const max = Math.max(...logits);
      const exps = logits.map((logit) => Math.exp(logit - max));
      const total = exps.reduce((a, b) => a + b, 0);
      for (let c = 0; c < CLASSES.length; c++) {
        const error = exps[c] / total - (ys[i] === c ? 1 : 0);
        grad[c][0] += error / xs.length;
        for (let j = 0; j < F; j++) grad[c][j + 1] += (error * x[j]) / xs.length;
      }
    }
    for (let c = 0; c < CLASSES.length; c++) {
      for (let j = 0; j <= F; j++) {
        const g = grad[c][j] + (j > 0 ? lambda * W[c][j] : 0);
        m[c][j] = 0.9 * m[c][j] + 0.1 * g;
        v[c][j] = 0.999 * v[c][j] + 0.001 * g * g;
        const mHat = m[c][j] / (1 - 0.9 ** epoch);
        const vHat = v[c][j] / (1 - 0.999 ** epoch);
        W[c][j] -= (rate * mHat) / (Math.sqrt(vHat) + 1e-8);
      }
    }
  }
  const round = (value: number) => Math.round(value * 1e5) / 1e5;
  return {
    features: F,
    mean: mean.map(round),
    std: std.map(round),
    weights: W.map((row) => Array.from(row, round)),
    polarity,
    positiveMin: 0,
  };
}

/** A deterministic shuffle (mulberry32). */
function seeded(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function kFolds(k: number, seed: number): number[] {
  const random = seeded(seed);
  const fold = new Array<number>(examples.length);
  const groups = new Map<string, number[]>();
  examples.forEach((e, i) => {
    const key = `${e.file}/${e.gold}`;
    groups.set(key, [...(groups.get(key) ?? []), i]);
  });
  let next = 0;
  for (const members of groups.values()) {
    const shuffled = members.map((i) => [random(), i]).sort((a, b) => a[0] - b[0]);
    for (const [, i] of shuffled) fold[i] = next++ % k;
  }
  return fold;
}

/** Out-of-fold probabilities for each comment, given a fold id per comment. */
function outOfFold(fold: readonly number[], lambda: number): [number, number, number][] {
  const result = new Array<[number, number, number]>(examples.length);
  for (const id of new Set(fold)) {
    const model = train(
      examples.filter((_, i) => fold[i] !== id),
      lambda,
    );
    examples.forEach((e, i) => {
      if (fold[i] === id) result[i] = probabilities(model, e.x);
    });
  }
  return result;
}

interface Score {
  n: number;
  accuracy: number;
  negAsPos: number;
  negatives: number;
}
function score(indexes: readonly number[], predict: (i: number) => Polarity): Score {
  let hits = 0;
  let negAsPos = 0;
  let negatives = 0;
  for (const i of indexes) {
    const predicted = predict(i);
    if (predicted === examples[i].gold) hits++;
    if (examples[i].gold === "negative") {
      negatives++;
      if (predicted === "positive") negAsPos++;
    }
  }
  return { n: indexes.length, accuracy: hits / indexes.length, negAsPos, negatives };
}
const show = (s: Score) => `${(s.accuracy * 100).toFixed(1)} % (${s.negAsPos}/${s.negatives} neg→pos)`;
const all = examples.map((_, i) => i);
const files = sets.map(([name]) => name);
const byFile = (file: string) => all.filter((i) => examples[i].file === file);
const thresholds = (args.find((a) => a.startsWith("--thresholds="))?.slice(13) ?? "0,0.5,0.6,0.7").split(",").map(Number);
const lambdas = (args.find((a) => a.startsWith("--lambdas="))?.slice(10) ?? "0.003,0.01,0.03,0.1").split(",").map(Number);

console.log(`rules alone (tuned on all of these): all ${show(score(all, (i) => examples[i].rules.sentiment))}`);
for (const file of files) console.log(`  ${file}: ${show(score(byFile(file), (i) => examples[i].rules.sentiment))}`);

for (const lambda of lambdas) {
  const oof = outOfFold(kFolds(10, 17), lambda);
  const line = thresholds.map((t) => `τ ${t}: ${show(score(all, (i) => decide({ positiveMin: t }, oof[i], examples[i].rules)))}`);
  console.log(`10-fold λ ${lambda}: ${line.join("; ")}`);
  const lofo = outOfFold(
    examples.map((e) => files.indexOf(e.file)),
    lambda,
  );
  for (const t of thresholds) {
    const parts = files.map(
      (file) =>
        `${file.replace(/\.jsonl?$/, "")} ${show(score(byFile(file), (i) => decide({ positiveMin: t }, lofo[i], examples[i].rules)))}`,
    );
    console.log(`  leave-one-file-out τ ${t}: ${parts.join("; ")}`);
  }
  for (const q of [0, 0.7, 0.8, 0.9]) {
    const offered = { positive: 0, neutral: 0, negative: 0 };
    all.forEach((i) => {
      const e = examples[i];
      if (e.quoteBase && decide({ positiveMin: 0.5 }, oof[i], e.rules) === "positive" && oof[i][0] >= q) offered[e.gold]++;
    });
    console.log(`  quote rule (10-fold, τ 0.5) with p(positive) ≥ ${q}: offers ${JSON.stringify(offered)}`);
  }
}

const option = (name: string) => args.find((a) => a.startsWith(`${name}=`))?.split("=")[1];
if (args.includes("--write")) {
  const lambda = Number(option("--lambda") ?? lambdas[0]);
  const model = train(examples, lambda);
  model.positiveMin = Number(option("--positive-min") ?? 0.5);
  if (names.length !== F) throw new Error("feature names do not match the features");
  writeFileSync(new URL("../assets/sentiment-model.json", import.meta.url), `${JSON.stringify({ ...model, names })}\n`);
  const fitted = score(all, (i) => decide(model, probabilities(model, examples[i].x), examples[i].rules));
  console.log(
    `wrote assets/sentiment-model.json (λ ${lambda}, positiveMin ${model.positiveMin}); on its own training data ${show(fitted)}`,
  );
}
