import { analyzeWithSignals, type SentimentSignals } from "./local-analyzer.js";
import type { Sentiment } from "./types.js";

/** The learned model's probability of positive a comment needs before it may be offered as a shareable quote. */
export const QUOTE_MIN_CONFIDENCE = 0.9;
/** The rules' own summed score it needs too (what the rules' confidence of 0.8 asked before the learned model). */
export const QUOTE_MIN_RULE_SCORE = 1.43;

export interface QuoteCandidate {
  text: string;
  /** The stored label (the analyzer's, or a reader's correction). */
  sentiment: Sentiment | string;
  /** Whether a reader corrected the comment's labels: a corrected label is a person's judgement and decides alone. */
  corrected: boolean;
}

export type QuoteVerdict =
  | { eligible: true }
  | { eligible: false; reason: "not positive" | "low confidence" | "contrast" | "negative cue" | "question" | "wish" | "unpraised part" };

/**
 * The quote rule (issue 11, item 17; docs/decisions/0014). A comment is offered for sharing only when
 * - its stored sentiment is positive (so a comment a reader corrected to neutral or negative never is), and
 * - when nobody corrected it, the local analyzer, run on the text now, is confident it is positive: sentiment
 *   positive (the learned model gives positive at least its threshold), the model's probability of positive
 *   ≥ 0.9, the rules' summed score ≥ 1.43, no contrast or concession ("but", "however", "although"), no negative
 *   word, implicit complaint, irony or negated action anywhere in it, no wish ("would", "could", "if"), no
 *   question mark, and, once the praise begins, praise in every part that follows (each sentence, and each part
 *   after a colon, semicolon or dash): a quote is praise to its end, so a fact or remark after the praise is not
 *   one ("Lovely canteen. Ten minutes for lunch."), while a lead-in before it is ("Two years in: the best team I
 *   have worked with."). (Leave-one-author-out over the development and training sets, seventh round: 1,501 positives
 *   offered, 13 of 5,234 negatives; docs/decisions/0014.)
 * A comment a reader corrected to positive is eligible on that judgement. Pure and deterministic.
 */
export function quoteVerdict(candidate: QuoteCandidate): QuoteVerdict {
  if (candidate.sentiment !== "positive") return { eligible: false, reason: "not positive" };
  if (candidate.corrected) return { eligible: true };
  if (candidate.text.includes("?")) return { eligible: false, reason: "question" };
  const { analysis, signals } = analyzeWithSignals(candidate.text);
  if (!signals || analysis.sentiment !== "positive") return { eligible: false, reason: "not positive" };
  if ((signals.probabilities?.[0] ?? 0) < QUOTE_MIN_CONFIDENCE) return { eligible: false, reason: "low confidence" };
  return quoteEvidenceVerdict(candidate.text, signals);
}

/**
 * The quote rule's conditions on the text and the rules' evidence alone — everything but the sentiment and the
 * model's confidence: no question mark, a rule score of at least QUOTE_MIN_RULE_SCORE, no contrast, negative cue or
 * wish, and praise to the end once it begins. `quoteVerdict` applies it; the training script measures with it.
 */
export function quoteEvidenceVerdict(text: string, signals: SentimentSignals): QuoteVerdict {
  if (text.includes("?")) return { eligible: false, reason: "question" };
  if (signals.detail.score < QUOTE_MIN_RULE_SCORE) return { eligible: false, reason: "low confidence" };
  if (signals.detail.contrast) return { eligible: false, reason: "contrast" };
  if (signals.negativeCue) return { eligible: false, reason: "negative cue" };
  if (signals.detail.hypothetical) return { eligible: false, reason: "wish" };
  const praise = signals.detail.segmentPraise;
  const firstPraised = praise.findIndex((value) => value > 0);
  if (praise.slice(firstPraised).some((value) => value <= 0)) return { eligible: false, reason: "unpraised part" };
  return { eligible: true };
}

export const isQuoteEligible = (candidate: QuoteCandidate): boolean => quoteVerdict(candidate).eligible;
