import type { Emotion, Topic } from "./types.js";

/**
 * What the rules read in one comment's words (local-analyzer.ts's scoreWords), which the learned model
 * (sentiment-model.ts) and the sentence-level corrections (sentiment-adjustments.ts) both take. It lives below all
 * three, so none of them imports another for its shape.
 */
export interface LocalAnalysisDetail {
  score: number;
  hypothetical: boolean;
  emotionWeights: Partial<Record<Emotion, number>>;
  topicWeights: Partial<Record<Topic, number>>;
  /** Whether a contrast or concession marker ("but", "however", "although") splits the comment. */
  contrast: boolean;
  /** How many words contributed a negative score. */
  negativeWords: number;
  /** How many words or phrases scored −1.5 or below after negation (or named a missing good thing). */
  strongNegatives: number;
  /** The score of the words stressed by a contrast (after "but", outside an "although" clause). */
  stressedScore: number;
  /** Strong negatives among the stressed words. */
  stressedStrongNegatives: number;
  /** Indexes of the words inside scored sentiment phrases. */
  phraseWords: ReadonlySet<number>;
  /** Per word: whether it lies in a negation scope, and its contrast weight (for the learned model's features). */
  negated: readonly boolean[];
  weights: readonly number[];
  /** The sums of the positive and of the negative word and phrase scores (before sentence cues). */
  positiveScore: number;
  negativeScore: number;
  /** Per segment (sentences, cut at colons, semicolons and dashes): its positive word and phrase scores, and its word count. */
  segmentPraise: number[];
  segmentWords: number[];
}
