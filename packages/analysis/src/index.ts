export * from "./types.js";
export type { LocalAnalysisDetail } from "./analysis-detail.js";
export {
  analyzeComment,
  analyzeWithSignals,
  inferRecommendation,
  SENTIMENT_THRESHOLD,
  type SentimentSignals,
  sentimentSignals,
} from "./local-analyzer.js";
export { type Cue, findIrony, implicitCues } from "./cues.js";
export { isNoAnswer, isTooShort, MIN_COMMENT_LENGTH } from "./no-answer.js";
export { analyzeThemes, keyPhrases, type Theme, type ThemeExample, type ThemeInput, type ThemeOptions } from "./themes.js";
export {
  buildUserPrompt,
  createLlmAnalyzer,
  llmAnswerSchema,
  type LlmAnalyzer,
  type LlmOptions,
  parseLlmContent,
  SYSTEM_PROMPT,
} from "./llm.js";
export { type CommentAnalyzer, type CommentAnalyzerEnv, type CommentAnalyzerOptions, createCommentAnalyzer } from "./comment-analyzer.js";
export {
  type Confusion,
  type EvaluationReport,
  evaluateAnalyzer,
  type LabelledComment,
  type LabelVote,
  labelledCommentSchema,
  loadLabelledComments,
  majorityLabels,
  measureAnalysisThroughput,
  type ThroughputResult,
} from "./evaluate.js";
export {
  type EvaluationItem,
  evaluationItemSchema,
  HELD_OUT_SETS,
  type HeldOutSet,
  loadEvaluationSet,
  parseEvaluationJsonl,
  type Polarity,
  polarityOf,
  type SentimentReport,
  sentimentReport,
} from "./sentiment-report.js";
export { isQuoteEligible, type QuoteCandidate, QUOTE_MIN_CONFIDENCE, type QuoteVerdict, quoteVerdict } from "./quote-eligibility.js";
