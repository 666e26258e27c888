import { type CommentContext, QUESTION_DO_BETTER, QUESTION_DO_WELL, type Recommendation, type Sentiment } from "./types.js";

/** Infers the recommendation tag: from the question when it is one of the two LOWI open questions, else from content. */
export function inferRecommendation(sentiment: Sentiment, context: CommentContext | undefined, suggestion: boolean): Recommendation | null {
  if (context?.questionKey === QUESTION_DO_WELL) return "do well";
  if (context?.questionKey === QUESTION_DO_BETTER) return "do better";
  if (sentiment === "positive") return "do well";
  if (sentiment === "negative" || (sentiment === "neutral" && suggestion)) return "do better";
  return null;
}
