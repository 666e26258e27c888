/**
 * The labels a comment can carry, each list written once for the analyzer (packages/analysis re-exports them as
 * `SENTIMENTS`, `EMOTIONS`, `TOPICS`, `RECOMMENDATIONS`), the contracts and the web. It imports nothing, so the
 * analysis worker thread can load it without the rest of the shared package.
 */

/** The four sentiment classes of the comment reports (spec: positive, neutral, negative, none). */
export const COMMENT_SENTIMENTS = ["positive", "neutral", "negative", "none"] as const;
export type CommentSentiment = (typeof COMMENT_SENTIMENTS)[number];

/** The ten feelings and None, in the spec's order. */
export const COMMENT_EMOTIONS = [
  "Love",
  "Gratitude",
  "Optimism",
  "Excitement",
  "Neutral",
  "Annoyance",
  "Disapproval",
  "Anger",
  "Fear",
  "Disgust",
  "None",
] as const;
export type CommentEmotion = (typeof COMMENT_EMOTIONS)[number];

/** The recommendation filter (which way a comment points): spec "do well, do better". */
export const COMMENT_DIRECTIONS = ["do well", "do better"] as const;
export type CommentDirection = (typeof COMMENT_DIRECTIONS)[number];

/** The topics a comment can be filed under; "General" when nothing specific is named. */
export const COMMENT_TOPICS = [
  "Management",
  "Leadership",
  "Compensation",
  "Benefits",
  "Work-Life Balance",
  "Career Growth",
  "Culture",
  "Teamwork",
  "Communication",
  "Workload",
  "Recognition",
  "Tools & Resources",
  "Remote Work",
  "Diversity & Inclusion",
  "Training",
  "Facilities",
  "General",
] as const;
