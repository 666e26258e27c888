import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Cue } from "./cues.js";
import type { LocalAnalysisDetail } from "./analysis-detail.js";
import { SENTIMENT_WORDS } from "./lexicon/sentiment.js";
import type { Word } from "./nlp.js";
import type { Sentiment } from "./types.js";
import { type WordVectors, wordVectors } from "./word-vectors.js";

/**
 * The learned layer of the local analyzer (issue 11, item 17; docs/decisions/0014, third and seventh rounds): a
 * multinomial logistic regression over the rules' evidence (score, cues, contrast, the guard), word vectors averaged
 * over the comment (plain, and signed: a word in a negation scope counts against, a word a contrast stresses counts
 * more) and word n-grams (`ngramKeys`: lemmas, marked when negated, and word pairs, seen in at least two authors'
 * training files). Since the seventh round the model decides alone (`decide`); the rules are its evidence, not a gate.
 * Weights: `assets/sentiment-model.json`, written by `scripts/train-sentiment-model.ts` from the development and
 * training sets only. Read from the package on first use, like the word vectors.
 */

/** A summed rule score at or above this is positive, at or below its negative is negative. */
export const RULE_THRESHOLD = 0.6;

export const CLASSES = ["positive", "neutral", "negative"] as const;
export type Polarity = (typeof CLASSES)[number];

export interface SentimentModel {
  /** Feature count (the names are those of `featureNames`). */
  features: number;
  /** Per feature: mean and standard deviation of the training set (features are standardised with them). */
  mean: number[];
  std: number[];
  /** The n-gram vocabulary (`ngramKeys`); each present n-gram adds its weight. */
  ngrams: string[];
  /** Per class (positive, neutral, negative): bias, one weight per feature, then one per n-gram. */
  weights: number[][];
  /** A word's polarity from its vector (bias, then one weight per dimension), fitted to the lexicon's scores. */
  polarity: number[];
  /** Positive is given only with at least this probability. */
  positiveMin: number;
  /** Below positive, negative is given only with at least this probability (and more than each other class's). */
  negativeMin: number;
}

/** What the rules decided, and whether their guard vetoes positive (a clear negative the praise does not outweigh). */
export interface RuleVerdict {
  sentiment: Polarity;
  veto: boolean;
}

/** Evaluative praise that, alone at the head of a sentence, is as often sarcasm as praise ("Brilliant, …"). */
const EVALUATIVE_OPENERS = new Set(
  "great brilliant fantastic lovely wonderful perfect excellent amazing awesome superb nice marvellous terrific".split(" "),
);

/**
 * Whether the comment's only praise is an evaluative word opening a sentence on its own ("Brilliant, the new policy
 * was explained in a forty page PDF", "Lovely to get a pizza voucher instead of the overtime"): followed by a comma
 * or by "to", with no other praise word anywhere. Feelings and thanks ("Grateful to be part of this team") are not
 * evaluative openers.
 */
export function lonePraiseOpener(words: readonly Word[], negated: readonly boolean[]): boolean {
  let opener = false;
  let praise = 0;
  for (const word of words) {
    const value = SENTIMENT_WORDS.get(word.norm) ?? SENTIMENT_WORDS.get(word.lemma);
    if (value !== undefined && value > 0 && !negated[word.index]) praise++;
    const next = words[word.index + 1];
    if (
      EVALUATIVE_OPENERS.has(word.norm) &&
      (word.index === 0 || words[word.index - 1].sentence !== word.sentence) &&
      next &&
      next.sentence === word.sentence &&
      (next.clause !== word.clause || next.norm === "to")
    )
      opener = true;
  }
  return opener && praise === 1;
}

/** A closing segment this long or longer that carries no praise turns the praise before it (`praiseThenFact`). */
export const TRAILING_FACT_MIN_WORDS = 4;

/**
 * Whether the comment praises first and then closes on a segment (a sentence, or the part after a colon, semicolon
 * or dash) of at least TRAILING_FACT_MIN_WORDS words that carries no praise at all: "Wonderful that we got a
 * ping-pong table. It sits right beside the people trying to take client calls." The last segment is where a writer
 * lands, as the clause after "but" is; a closing fact after praise is as often the point of the comment as an
 * aside, so the praise alone does not make it positive. Short closings ("Keep it up.", "10/10") do not count.
 */
export function praiseThenFact(detail: Pick<LocalAnalysisDetail, "segmentPraise" | "segmentWords">): boolean {
  const last = detail.segmentWords.length - 1;
  if (last < 1) return false;
  const earlierPraise = detail.segmentPraise.slice(0, last).some((value) => value > 0);
  return earlierPraise && detail.segmentPraise[last] <= 0 && detail.segmentWords[last] >= TRAILING_FACT_MIN_WORDS;
}

/**
 * The rules' sentiment: the summed score against the threshold, and the guard — a comment with a clear negative (a
 * word or phrase at −1 or below, a missing good thing, or any sentence cue) is never positive unless the praise
 * comes in the clause a contrast stresses and that clause has no clear negative ("The hours are long, but I love my
 * team"); nor is a comment whose only praise is a lone opener (`lonePraiseOpener`), nor one whose praise is followed
 * by a closing sentence without any (`praiseThenFact`).
 */
export function ruleVerdict(input: Pick<FeatureInput, "words" | "detail" | "cues">): RuleVerdict {
  const { detail, cues } = input;
  const clearNegative = detail.strongNegatives > 0 || cues.length > 0;
  const praiseWins = detail.contrast && detail.stressedScore >= RULE_THRESHOLD && detail.stressedStrongNegatives === 0;
  const veto = (clearNegative && !praiseWins) || lonePraiseOpener(input.words, detail.negated) || praiseThenFact(detail);
  let sentiment: Polarity = detail.score >= RULE_THRESHOLD ? "positive" : detail.score <= -RULE_THRESHOLD ? "negative" : "neutral";
  if (sentiment === "positive" && veto) sentiment = "neutral";
  return { sentiment, veto };
}

/** The rules' confidence in a label: grows with the score in the label's direction (intensified words read surer). */
export function ruleConfidence(sentiment: Polarity, score: number): number {
  if (sentiment === "neutral") return 0.5 + 0.4 * Math.max(-0.5, 1 - Math.abs(score) / RULE_THRESHOLD);
  return 0.5 + 0.49 * Math.tanh(Math.max(0, sentiment === "positive" ? score : -score) / 2);
}

/** Function words left out of the signed average (they carry no judgement, and "not" is handled as a scope). */
const STOP = new Set(
  "a an the and or of to in on at for with by from as is are was were be been being am i we you he she it they me us him her them my our your his its their this that these those there here what which who whom do does did have has had will would shall should can could may might must not no never n't so than too very just also all any some each more most other such only own same into over under again further then once about".split(
    " ",
  ),
);

const RULE_FEATURES = [
  "score",
  "positive words",
  "negative words",
  "cue score",
  "any clear negative",
  "clear negatives",
  "any cue",
  "irony",
  "contrast",
  "stressed score",
  "stressed clear negative",
  "wish",
  "question mark",
  "exclamation",
  "length",
  "rules positive",
  "rules negative",
  "veto",
  "vector coverage",
  "lowest polarity",
  "highest polarity",
  "mean polarity",
  "unscored words' polarity",
  "lowest unscored polarity",
  "praise words",
  "lone praise opener",
] as const;

export function featureNames(dimensions: number): string[] {
  const names: string[] = [...RULE_FEATURES];
  for (let d = 0; d < dimensions; d++) names.push(`mean ${d}`);
  for (let d = 0; d < dimensions; d++) names.push(`signed ${d}`);
  return names;
}

export interface FeatureInput {
  text: string;
  words: readonly Word[];
  detail: LocalAnalysisDetail;
  cues: readonly Cue[];
}

/** The model's raw (unstandardised) features for one comment. */
export function sentimentFeatures(
  input: FeatureInput,
  polarity: readonly number[],
  vectors: WordVectors = wordVectors(),
  verdict: RuleVerdict = ruleVerdict(input),
): Float64Array {
  const { text, words, detail, cues } = input;
  const dims = vectors.dimensions;
  const out = new Float64Array(RULE_FEATURES.length + 2 * dims);
  const cueScore = cues.reduce((sum, cue) => sum + cue.score, 0);
  const t = Math.tanh;
  let f = 0;
  out[f++] = t(detail.score / 2);
  out[f++] = t(detail.positiveScore / 2);
  out[f++] = t(detail.negativeScore / 2);
  out[f++] = t(cueScore / 2);
  out[f++] = detail.strongNegatives > 0 || cues.length > 0 ? 1 : 0;
  out[f++] = Math.min(detail.strongNegatives + cues.length, 3) / 3;
  out[f++] = cues.length > 0 ? 1 : 0;
  out[f++] = cues.some((cue) => cue.name === "irony") ? 1 : 0;
  out[f++] = detail.contrast ? 1 : 0;
  out[f++] = t(detail.stressedScore / 2);
  out[f++] = detail.stressedStrongNegatives > 0 ? 1 : 0;
  out[f++] = detail.hypothetical ? 1 : 0;
  out[f++] = text.includes("?") ? 1 : 0;
  out[f++] = text.includes("!") ? 1 : 0;
  out[f++] = Math.log1p(words.length) / 3;
  out[f++] = verdict.sentiment === "positive" ? 1 : 0;
  out[f++] = verdict.sentiment === "negative" ? 1 : 0;
  out[f++] = verdict.veto ? 1 : 0;
  const coverageAt = f;
  const polarityAt = f + 1;
  const meanAt = f + 8;
  const signedAt = meanAt + dims;
  let found = 0;
  let signedWeight = 0;
  let lowest = 0;
  let highest = 0;
  let polaritySum = 0;
  let unscored = 0;
  let content = 0;
  let lowestUnscored = 0;
  let praiseWords = 0;
  for (const word of words) {
    const lexical = SENTIMENT_WORDS.get(word.norm) ?? SENTIMENT_WORDS.get(word.lemma);
    if (lexical !== undefined && lexical > 0 && !detail.negated[word.index]) praiseWords++;
    const vector = vectors.get(word.norm) ?? vectors.get(word.lemma);
    if (!vector) continue;
    found++;
    for (let d = 0; d < dims; d++) out[meanAt + d] += vector[d];
    if (STOP.has(word.norm)) continue;
    const sign = detail.negated[word.index] ? -1 : 1;
    const weight = (detail.weights[word.index] ?? 1) * sign;
    signedWeight += Math.abs(weight);
    let value = polarity[0];
    for (let d = 0; d < dims; d++) {
      out[signedAt + d] += weight * vector[d];
      value += polarity[d + 1] * vector[d];
    }
    value *= sign;
    content++;
    lowest = Math.min(lowest, value);
    highest = Math.max(highest, value);
    polaritySum += value;
    if (lexical === undefined) {
      unscored += value;
      lowestUnscored = Math.min(lowestUnscored, value);
    }
  }
  out[coverageAt] = words.length === 0 ? 0 : found / words.length;
  out[polarityAt] = lowest;
  out[polarityAt + 1] = highest;
  out[polarityAt + 2] = content === 0 ? 0 : polaritySum / content;
  out[polarityAt + 3] = Math.tanh(unscored / 2);
  out[polarityAt + 4] = lowestUnscored;
  out[polarityAt + 5] = Math.min(praiseWords, 3) / 3;
  out[polarityAt + 6] = lonePraiseOpener(words, detail.negated) ? 1 : 0;
  if (found > 0) for (let d = 0; d < dims; d++) out[meanAt + d] /= found;
  if (signedWeight > 0) for (let d = 0; d < dims; d++) out[signedAt + d] /= signedWeight;
  return out;
}

/**
 * The comment's n-gram keys: each word's lemma (`u:`, with `!` when a negation scope covers it: "u:!fair"), and each
 * pair of neighbouring words in a sentence (`b:`, the first word of a sentence paired with `^`: "b:^ great").
 */
export function ngramKeys(words: readonly Word[], negated: readonly boolean[]): string[] {
  const keys = new Set<string>();
  for (const word of words) {
    keys.add(`u:${negated[word.index] ? "!" : ""}${word.lemma}`);
    const previous = words[word.index - 1];
    keys.add(previous && previous.sentence === word.sentence ? `b:${previous.norm} ${word.norm}` : `b:^ ${word.norm}`);
  }
  return [...keys];
}

const vocabularies = new WeakMap<SentimentModel, Map<string, number>>();

function vocabularyOf(model: SentimentModel): Map<string, number> {
  let vocabulary = vocabularies.get(model);
  if (!vocabulary) {
    vocabulary = new Map(model.ngrams.map((key, index) => [key, index]));
    vocabularies.set(model, vocabulary);
  }
  return vocabulary;
}

/** Class probabilities (positive, neutral, negative) for raw features and the comment's n-gram keys. */
export function probabilities(model: SentimentModel, features: Float64Array, keys: readonly string[] = []): [number, number, number] {
  const vocabulary = vocabularyOf(model);
  const present: number[] = [];
  for (const key of keys) {
    const index = vocabulary.get(key);
    if (index !== undefined) present.push(model.features + 1 + index);
  }
  const logits = model.weights.map((row) => {
    let sum = row[0];
    for (let j = 0; j < model.features; j++) sum += row[j + 1] * ((features[j] - model.mean[j]) / model.std[j]);
    for (const at of present) sum += row[at];
    return sum;
  });
  const max = Math.max(...logits);
  const exps = logits.map((logit) => Math.exp(logit - max));
  const total = exps[0] + exps[1] + exps[2];
  return [exps[0] / total, exps[1] / total, exps[2] / total];
}

/**
 * The decision (seventh round). Positive when the model gives positive at least `positiveMin`, a threshold well
 * above one half because calling a complaint positive costs more than missing praise; otherwise negative when the
 * model gives negative at least `negativeMin` and more than either other class, else neutral: a comment that is
 * probably praise but not surely is not turned into a complaint. The rules no longer gate positive: left out author
 * by author, their veto cost accuracy without keeping complaints out (docs/decisions/0014, seventh round).
 */
export function decide(model: Pick<SentimentModel, "positiveMin" | "negativeMin">, p: readonly number[]): Polarity {
  const [pos, neu, neg] = p;
  if (pos >= model.positiveMin) return "positive";
  return neg >= model.negativeMin && neg > neu && neg > pos ? "negative" : "neutral";
}

let loaded: SentimentModel | undefined;

/** The committed model, read from the package on first call. */
export function sentimentModel(): SentimentModel {
  loaded ??= JSON.parse(
    readFileSync(createRequire(import.meta.url).resolve("@hearth/analysis/assets/sentiment-model.json"), "utf8"),
  ) as SentimentModel;
  return loaded;
}

export interface ModelSentiment {
  sentiment: Extract<Sentiment, Polarity>;
  /** Probabilities of positive, neutral and negative. */
  p: [number, number, number];
}

/** The learned sentiment of a comment from its rule evidence and words (`rules`: the rules' verdict, when the caller has it). */
export function modelSentiment(input: FeatureInput, rules: RuleVerdict = ruleVerdict(input)): ModelSentiment {
  const model = sentimentModel();
  const features = sentimentFeatures(input, model.polarity, wordVectors(), rules);
  const p = probabilities(model, features, ngramKeys(input.words, input.detail.negated));
  return { sentiment: decide(model, p), p };
}
