import { COMMENT_DIRECTIONS, COMMENT_EMOTIONS, COMMENT_SENTIMENTS, COMMENT_TOPICS } from "@hearth/shared/comment-labels";

/** The label lists are the contracts' (packages/shared/src/comment-labels.ts), under the analyzer's names. */
export const SENTIMENTS = COMMENT_SENTIMENTS;
export type Sentiment = (typeof SENTIMENTS)[number];

export const EMOTIONS = COMMENT_EMOTIONS;
export type Emotion = (typeof EMOTIONS)[number];

export const POSITIVE_EMOTIONS: readonly Emotion[] = ["Love", "Gratitude", "Optimism", "Excitement"];
export const NEGATIVE_EMOTIONS: readonly Emotion[] = ["Annoyance", "Disapproval", "Anger", "Fear", "Disgust"];

export const TOPICS = COMMENT_TOPICS;
export type Topic = (typeof TOPICS)[number];
export const DEFAULT_TOPIC: Topic = "General";

export const RECOMMENDATIONS = COMMENT_DIRECTIONS;
export type Recommendation = (typeof RECOMMENDATIONS)[number];

/** The LOWI open questions whose answers carry a recommendation by construction. */
export const QUESTION_DO_WELL = "lowi_open_well";
export const QUESTION_DO_BETTER = "lowi_open_better";

export interface CommentContext {
  /** The key of the question the comment answers, e.g. `lowi_open_well`. */
  questionKey?: string | null;
}

export interface CommentAnalysis {
  sentiment: Sentiment;
  emotion: Emotion;
  topic: Topic;
  recommendation: Recommendation | null;
  /** Each in [0, 1]: how sure the analyzer is of that field. */
  confidence: { sentiment: number; emotion: number; topic: number };
  /** Which analyzer produced the result. */
  source: "local" | "llm";
}

export interface CommentItem {
  text: string;
  context?: CommentContext;
}
