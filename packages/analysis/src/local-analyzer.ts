import type { LocalAnalysisDetail } from "./analysis-detail.js";
import { type Cue, findIrony, implicitCues, negatedActions, praiseByNegation, restoreApostrophes } from "./cues.js";
import { EMOTION_WORDS, type EmotionCue, NEGATED_EMOTION_CUES } from "./lexicon/emotions.js";
import {
  CONCESSIVE,
  CONTRAST_AFTER,
  DESIRABLE_NOUNS,
  DOWNTONERS,
  HYPOTHETICAL,
  INTENSIFIERS,
  NEGATORS,
  SCARCITY,
  SCOPE_BREAKERS,
} from "./lexicon/sentiment.js";
import { TOPIC_WORDS, type TopicCue } from "./lexicon/topics.js";
import { isNoAnswer } from "./no-answer.js";
import {
  EMOTION_PHRASE_INDEX,
  findPhrases,
  lookup,
  matches,
  SENTIMENT_PHRASE_INDEX,
  sentimentOf,
  TOPIC_PHRASE_INDEX,
} from "./lexicon-match.js";
import { parseComment, type Word } from "./nlp.js";
import { inferRecommendation } from "./recommendation.js";
import { adjustSentiment } from "./sentiment-adjustments.js";
import { CLASSES, modelSentiment, RULE_THRESHOLD, ruleConfidence, ruleVerdict } from "./sentiment-model.js";
import {
  type CommentAnalysis,
  type CommentContext,
  DEFAULT_TOPIC,
  type Emotion,
  NEGATIVE_EMOTIONS,
  POSITIVE_EMOTIONS,
  QUESTION_DO_BETTER,
  QUESTION_DO_WELL,
  type Sentiment,
  type Topic,
} from "./types.js";

export { inferRecommendation };

/** A summed score at or above this is positive, at or below its negative is negative (the rules' own verdict). */
export const SENTIMENT_THRESHOLD = RULE_THRESHOLD;
/** A negated positive word counts almost fully negative ("not good"); a negated negative only mildly positive ("not bad"). */
const NEGATION_FACTOR = -0.6;
const NEGATED_POSITIVE_FACTOR = -0.9;
const NEGATION_SPAN = 4;
/** "Nobody here has ever made me feel guilty": a negated subject or "not once" negates its whole clause (up to this). */
const SUBJECT_NEGATION_SPAN = 10;

/**
 * Whether the negator at `i` negates a whole clause rather than the few words after it: "nobody", "no one", "not
 * once", "never once", "not a single", "not one" ("Not once in three years has my pay been late").
 */
function subjectNegator(words: readonly Word[], i: number): boolean {
  const word = words[i].norm;
  const next = words[i + 1];
  if (word === "nobody" || word === "noone") return true;
  if (!next || next.clause !== words[i].clause) return false;
  if (word === "no" && next.norm === "one") return true;
  if ((word === "not" || word === "never") && next.norm === "once") return true;
  // "I've never had a shift swap refused", "never been made to feel …": the whole event is negated.
  if (word === "never" && (next.lemma === "have" || next.lemma === "be")) return true;
  return word === "not" && (next.norm === "one" || (next.norm === "a" && words[i + 2]?.norm === "single"));
}
const INTENSIFIER_FACTOR = 1.5;
const DOWNTONER_FACTOR = 0.6;
const HYPOTHETICAL_FACTOR = 0.1;
const BEFORE_CONTRAST = 0.5;
const AFTER_CONTRAST = 1.5;
const ABSENCE_SCORE = -1.5;
const EMOTION_DEFAULT_SCORE = 2;
/** Emotion cues weaker than this ("expect", "future") name a feeling without judging anything: no sentiment. */
const EMOTION_DEFAULT_MIN_WEIGHT = 1;
/** Each ironic opener ("Great, another …") counts this much, and the opener's own praise is not scored. */
const IRONY_SCORE = -2;
/** Cues that name a feeling: a job search or a plan to leave is fear for one's place, irony is annoyance. */
const CUE_EMOTIONS: Record<string, Emotion> = {
  "job search": "Fear",
  leaving: "Fear",
  "updating cv": "Fear",
};
const MIN_EMOTION_WEIGHT = 0.5;
/** A word or phrase scoring this much below zero or lower is a clear negative (see the guard in `analyzeWithSignals`). */
const STRONG_NEGATIVE = 1;

const NONE_ANALYSIS: CommentAnalysis = {
  sentiment: "none",
  emotion: "None",
  topic: DEFAULT_TOPIC,
  recommendation: null,
  confidence: { sentiment: 1, emotion: 1, topic: 1 },
  source: "local",
};

/** Per-word weight from contrast ("but" weighs the second clause) and concession ("although" the first less). */
function contrastWeights(words: Word[]): number[] {
  const weights = words.map(() => 1);
  for (let i = 0; i < words.length; i++) {
    const word = words[i];
    if (CONTRAST_AFTER.has(word.norm)) {
      const sentenceStart = i === 0 || words[i - 1].sentence !== word.sentence;
      for (let j = 0; j < words.length; j++) {
        if (j === i) continue;
        const before = sentenceStart ? words[j].sentence === word.sentence - 1 : words[j].sentence === word.sentence && j < i;
        const after = words[j].sentence === word.sentence && j > i;
        if (before) weights[j] *= BEFORE_CONTRAST;
        else if (after) weights[j] *= AFTER_CONTRAST;
      }
    } else if (
      (CONCESSIVE.has(word.norm) && !(word.norm === "while" && i > 0 && words[i - 1].clause === word.clause)) ||
      // "even when things are busy", "even if it is hard": a concession like "although".
      (word.norm === "even" && (words[i + 1]?.norm === "when" || words[i + 1]?.norm === "if") && words[i + 1].clause === word.clause)
    ) {
      for (let j = 0; j < words.length; j++) {
        if (j === i || words[j].sentence !== word.sentence) continue;
        weights[j] *= words[j].clause === word.clause ? BEFORE_CONTRAST : AFTER_CONTRAST;
      }
    }
  }
  return weights;
}

/** Scores a parsed comment: summed sentiment, emotion cue weights and topic cue weights. */
export function scoreWords(words: Word[], exclaimed: boolean[] = []): LocalAnalysisDetail {
  const n = words.length;
  const contrast = contrastWeights(words);
  const consumedSentiment = new Array<boolean>(n).fill(false);
  const consumedEmotion = new Array<boolean>(n).fill(false);
  const consumedTopic = new Array<boolean>(n).fill(false);
  const sentimentAt = new Array<number>(n).fill(0);
  const emotionAt: (EmotionCue | undefined)[] = new Array(n).fill(undefined);
  const phraseNegator = new Array<boolean>(n).fill(false);

  const phraseStart = new Array<boolean>(n).fill(false);
  for (const hit of findPhrases(words, SENTIMENT_PHRASE_INDEX)) {
    sentimentAt[hit.start] = hit.value;
    phraseStart[hit.start] = true;
    for (let k = hit.start; k < hit.start + hit.length; k++) {
      consumedSentiment[k] = true;
      if (NEGATORS.has(words[k].norm)) phraseNegator[k] = true;
    }
  }
  for (const hit of findPhrases(words, EMOTION_PHRASE_INDEX)) {
    emotionAt[hit.start] = hit.value;
    for (let k = hit.start; k < hit.start + hit.length; k++) {
      consumedEmotion[k] = true;
      if (NEGATORS.has(words[k].norm)) phraseNegator[k] = true;
    }
  }

  // Negation scopes: up to NEGATION_SPAN words after a negator, inside its clause, cut at conjunctions.
  // "Couldn't be more thankful" and "couldn't be happier" are emphasis, not negation.
  const negated = new Array<boolean>(n).fill(false);
  // Words a clause-long negation reaches beyond the usual span: they flip sentiment, but a good thing named there is
  // not missing ("never had a problem getting the equipment I need").
  const farNegated = new Array<boolean>(n).fill(false);
  const emphasis = new Array<boolean>(n).fill(false);
  const emphasisModal = new Set<number>();
  for (let i = 0; i < n; i++) {
    if (!NEGATORS.has(words[i].norm) || phraseNegator[i]) continue;
    const next = words[i + 1];
    const after = words[i + 2];
    if (
      praiseByNegation(words, i) ||
      (next && matches(next, "be") && after && (after.norm === "more" || after.norm === "happier" || after.norm === "better"))
    ) {
      for (let j = i + 1; j < n && words[j].clause === words[i].clause; j++) emphasis[j] = true;
      emphasisModal.add(i - 1);
      continue;
    }
    if (next && (next.norm === "only" || next.norm === "doubt")) continue;
    const span = subjectNegator(words, i) ? SUBJECT_NEGATION_SPAN : NEGATION_SPAN;
    for (let j = i + 1; j < n && j <= i + span; j++) {
      if (words[j].clause !== words[i].clause || SCOPE_BREAKERS.has(words[j].norm)) break;
      negated[j] = true;
      if (j > i + NEGATION_SPAN) farNegated[j] = true;
    }
  }

  const hypotheticalClauses = new Set<number>();
  for (const word of words) {
    // A modal inside a scored phrase ("would recommend", "would not recommend") is part of a judgement, not a wish.
    if ((HYPOTHETICAL.has(word.norm) || word.norm === "'d") && !emphasisModal.has(word.index) && !consumedSentiment[word.index])
      hypotheticalClauses.add(word.clause);
  }

  let score = 0;
  let negativeWords = 0;
  let strongNegatives = 0;
  let stressedStrongNegatives = 0;
  let stressedScore = 0;
  let positiveScore = 0;
  let negativeScore = 0;
  const emotionWeights: Partial<Record<Emotion, number>> = {};
  const addEmotion = (emotion: Emotion, weight: number) => {
    emotionWeights[emotion] = (emotionWeights[emotion] ?? 0) + weight;
  };

  const segments = n === 0 ? 0 : words[n - 1].segment + 1;
  const segmentPraise = new Array<number>(segments).fill(0);
  const segmentWords = new Array<number>(segments).fill(0);
  for (const word of words) segmentWords[word.segment]++;

  for (let i = 0; i < n; i++) {
    const word = words[i];
    // Intensity from the two words before, inside the clause.
    let intensity = emphasis[i] ? INTENSIFIER_FACTOR : 1;
    for (let k = Math.max(0, i - 2); k < i; k++) {
      if (words[k].clause !== word.clause) continue;
      if (INTENSIFIERS.has(words[k].norm)) intensity *= INTENSIFIER_FACTOR;
      else if (DOWNTONERS.has(words[k].norm)) intensity *= DOWNTONER_FACTOR;
    }
    if (exclaimed[word.sentence]) intensity *= 1.2;
    const weight = contrast[i] * intensity;

    // Sentiment.
    let base = 0;
    let absence = false;
    if (consumedSentiment[i]) {
      base = sentimentAt[i];
    } else if (DESIRABLE_NOUNS.has(word.norm) || DESIRABLE_NOUNS.has(word.lemma)) {
      const scarce = (i > 0 && SCARCITY.has(words[i - 1].norm)) || (i > 1 && SCARCITY.has(words[i - 2].norm) && words[i - 2].norm !== "a");
      if ((negated[i] && !farNegated[i]) || (scarce && !(i > 1 && words[i - 2].norm === "a" && words[i - 1].norm === "little")))
        absence = true;
      else base = sentimentOf(word) ?? 0;
    } else if (word.norm === "too" && words[i + 1] && words[i + 1].clause === word.clause) {
      const next = words[i + 1];
      if (next.pos === "ADJ" || next.pos === "ADV" || next.norm === "much" || next.norm === "many") base = -1.5;
    } else {
      base = sentimentOf(word) ?? 0;
      if (base === 0 && !consumedEmotion[i]) {
        const cue = lookup(EMOTION_WORDS, word);
        if (cue && cue.weight >= EMOTION_DEFAULT_MIN_WEIGHT)
          base = POSITIVE_EMOTIONS.includes(cue.emotion) ? EMOTION_DEFAULT_SCORE : -EMOTION_DEFAULT_SCORE;
      }
    }
    if (absence) {
      score += ABSENCE_SCORE * contrast[i];
      negativeScore += ABSENCE_SCORE * contrast[i];
      negativeWords++;
      strongNegatives++;
      if (contrast[i] > 1) {
        stressedStrongNegatives++;
        stressedScore += ABSENCE_SCORE * contrast[i];
      }
      addEmotion("Disapproval", 0.6 * contrast[i]);
    } else if (base !== 0) {
      let value = base * weight;
      // A phrase is negated by a negator before it ("never let us down", "don't feel heard"), not by one inside it.
      if (negated[i] && (!consumedSentiment[i] || phraseStart[i])) value *= base > 0 ? NEGATED_POSITIVE_FACTOR : NEGATION_FACTOR;
      if (value < 0 && (base <= -STRONG_NEGATIVE || (base > 0 && value <= -STRONG_NEGATIVE))) {
        strongNegatives++;
        if (contrast[i] > 1) stressedStrongNegatives++;
      }
      if (contrast[i] > 1) stressedScore += value;
      if (value > 0 && hypotheticalClauses.has(word.clause)) value *= HYPOTHETICAL_FACTOR;
      if (value < 0) negativeWords++;
      if (value < 0) negativeScore += value;
      else {
        positiveScore += value;
        segmentPraise[word.segment] += value;
      }
      score += value;
    }

    // Emotion.
    const cue = emotionAt[i] ?? (consumedEmotion[i] ? undefined : lookup(EMOTION_WORDS, word));
    if (cue) {
      if (!negated[i] || emotionAt[i]) {
        const hypothetical = hypotheticalClauses.has(word.clause) && POSITIVE_EMOTIONS.includes(cue.emotion);
        addEmotion(cue.emotion, cue.weight * weight * (hypothetical ? HYPOTHETICAL_FACTOR : 1));
      }
    }
    if (negated[i]) {
      const negatedCue = lookup(NEGATED_EMOTION_CUES, word);
      if (negatedCue) addEmotion(negatedCue.emotion, negatedCue.weight * contrast[i]);
    }
  }

  // Topics.
  const topicWeights: Partial<Record<Topic, number>> = {};
  const firstSeen = new Map<Topic, number>();
  const addTopic = (cues: readonly TopicCue[], at: number) => {
    for (const cue of cues) {
      topicWeights[cue.topic] = (topicWeights[cue.topic] ?? 0) + cue.weight * contrast[at];
      if (!firstSeen.has(cue.topic)) firstSeen.set(cue.topic, at);
    }
  };
  for (const hit of findPhrases(words, TOPIC_PHRASE_INDEX)) {
    addTopic(hit.value, hit.start);
    for (let k = hit.start; k < hit.start + hit.length; k++) consumedTopic[k] = true;
  }
  for (let i = 0; i < n; i++) {
    if (consumedTopic[i]) continue;
    const cues = lookup(TOPIC_WORDS, words[i]);
    if (cues) addTopic(cues, i);
  }
  // Order the weights so that ties go to the topic named first.
  const ordered: Partial<Record<Topic, number>> = {};
  for (const [topic] of [...firstSeen].sort((a, b) => a[1] - b[1])) ordered[topic] = topicWeights[topic];

  const hasContrast = contrast.some((weight) => weight !== 1);
  return {
    score,
    hypothetical: hypotheticalClauses.size > 0,
    emotionWeights,
    topicWeights: ordered,
    contrast: hasContrast,
    negativeWords,
    strongNegatives,
    stressedScore,
    stressedStrongNegatives,
    phraseWords: new Set(consumedSentiment.flatMap((consumed, index) => (consumed ? [index] : []))),
    negated,
    weights: contrast,
    positiveScore,
    negativeScore,
    segmentPraise,
    segmentWords,
  };
}

function pick<K extends string>(weights: Partial<Record<K, number>>, allowed?: readonly K[]): [K, number] | undefined {
  let best: [K, number] | undefined;
  for (const [key, value] of Object.entries(weights) as [K, number][]) {
    if (allowed && !allowed.includes(key)) continue;
    if (!best || value > best[1]) best = [key, value];
  }
  return best;
}

const round = (value: number) => Math.round(value * 100) / 100;

export interface SentimentSignals {
  /** The word score plus every cue's score: what the sentiment is decided on. */
  score: number;
  detail: LocalAnalysisDetail;
  /** Implicit negatives, irony and negated actions found (see `cues.ts`). */
  cues: Cue[];
  /** Whether the comment contains anything that reads negative: a negative word, a cue or irony. */
  negativeCue: boolean;
  /** The comment's words as parsed (the learned model's features read them). */
  words: readonly Word[];
  /** The learned model's probabilities of positive, neutral and negative (set by `analyzeWithSignals`). */
  probabilities?: [number, number, number];
}

/**
 * The evidence behind a comment's sentiment: the word score (lexicon, negation, intensity, contrast) and the
 * sentence-level cues. Undefined when the comment has no words.
 */
export function sentimentSignals(typed: string): SentimentSignals | undefined {
  const text = restoreApostrophes(typed);
  const irony = findIrony(text);
  const { words, exclaimed } = parseComment(irony.text);
  if (words.length === 0) return undefined;
  const detail = scoreWords(words, exclaimed);
  const cues = implicitCues(text);
  if (irony.count > 0) cues.push({ name: "irony", score: IRONY_SCORE * irony.count });
  const actions = negatedActions(
    words,
    (word) => sentimentOf(word) !== undefined || DESIRABLE_NOUNS.has(word.norm) || detail.phraseWords.has(word.index),
    (index) => detail.phraseWords.has(index),
  );
  if (actions < 0) cues.push({ name: "negated action", score: actions });
  let score = detail.score;
  for (const cue of cues) {
    score += cue.score;
    const emotion = cue.name === "irony" ? "Annoyance" : (CUE_EMOTIONS[cue.name] ?? "Disapproval");
    detail.emotionWeights[emotion] = (detail.emotionWeights[emotion] ?? 0) + Math.abs(cue.score) / 2;
  }
  detail.score = score;
  return { score, detail, cues, negativeCue: detail.negativeWords > 0 || cues.length > 0, words };
}

/**
 * Analyses one comment locally: lexicon scores over wink-nlp tokens, with negation scopes, intensifiers, contrast
 * weighting and the question context. Deterministic, no I/O.
 */
export function analyzeComment(text: string, context?: CommentContext): CommentAnalysis {
  return analyzeWithSignals(text, context).analysis;
}

/** `analyzeComment` together with the evidence behind it (undefined for no answer), from one parse of the text. */
export function analyzeWithSignals(
  text: string,
  context?: CommentContext,
): { analysis: CommentAnalysis; signals: SentimentSignals | undefined } {
  const none = () => ({ analysis: { ...NONE_ANALYSIS, confidence: { ...NONE_ANALYSIS.confidence } }, signals: undefined });
  if (isNoAnswer(text)) return none();
  const signals = sentimentSignals(text);
  if (!signals) return none();
  const { detail } = signals;

  // The learned model over the rules' evidence decides (src/sentiment-model.ts), then the labelling guide's
  // sentence-level corrections (src/sentiment-adjustments.ts); the rules' own verdict serves the question context.
  const rules = ruleVerdict({ words: signals.words, detail, cues: signals.cues });
  const learned = modelSentiment({ text, words: signals.words, detail, cues: signals.cues }, rules);
  signals.probabilities = learned.p;
  const adjusted = adjustSentiment(learned.sentiment, { text, rules, detail, cues: signals.cues, words: signals.words });
  let sentiment: Sentiment = adjusted;
  // The model's probability of the label averaged with the rules' own confidence in it.
  let sentimentConfidence = (learned.p[CLASSES.indexOf(adjusted)] + ruleConfidence(learned.sentiment, detail.score)) / 2;
  // An answer to "what could we do better" that judges nothing ("Communication.", "Pay people more.") names a
  // shortcoming; an answer to "what do we do well" names a strength, and praise the rules find nothing against
  // ("Flexibility.") answers it as praise whatever the model makes of one word. Softened suggestions stay neutral.
  if (!detail.hypothetical && context?.questionKey) {
    if (context.questionKey === QUESTION_DO_BETTER && rules.sentiment === "neutral") sentiment = "negative";
    else if (context.questionKey === QUESTION_DO_WELL && (rules.sentiment === "neutral" || (rules.sentiment === "positive" && !rules.veto)))
      sentiment = "positive";
    if ((context.questionKey === QUESTION_DO_BETTER || context.questionKey === QUESTION_DO_WELL) && rules.sentiment === "neutral")
      sentimentConfidence = 0.6;
  }

  let emotion: Emotion;
  let emotionConfidence: number;
  const total = Object.values(detail.emotionWeights).reduce((sum, value) => sum + Math.max(0, value ?? 0), 0);
  const allowed = sentiment === "positive" ? POSITIVE_EMOTIONS : sentiment === "negative" ? NEGATIVE_EMOTIONS : [];
  const best = pick(detail.emotionWeights, allowed);
  if (best && best[1] >= MIN_EMOTION_WEIGHT) {
    emotion = best[0];
    emotionConfidence = 0.35 + 0.6 * (best[1] / (total + 0.5));
  } else {
    emotion = sentiment === "negative" ? "Disapproval" : "Neutral";
    emotionConfidence = total === 0 ? 0.5 : 0.35;
  }

  const topicBest = pick(detail.topicWeights);
  const topicTotal = Object.values(detail.topicWeights).reduce((sum, value) => sum + (value ?? 0), 0);
  const topic: Topic = topicBest ? topicBest[0] : DEFAULT_TOPIC;
  const topicConfidence = topicBest ? 0.4 + 0.55 * (topicBest[1] / (topicTotal + 0.5)) : 0.5;

  const analysis: CommentAnalysis = {
    sentiment,
    emotion,
    topic,
    recommendation: inferRecommendation(sentiment, context, detail.hypothetical),
    confidence: { sentiment: round(sentimentConfidence), emotion: round(emotionConfidence), topic: round(topicConfidence) },
    source: "local",
  };
  return { analysis, signals };
}
